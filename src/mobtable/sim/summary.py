"""Aggregating simulated games: win rates per seat and per bot, mean scores."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from mobtable.sim.engine import GameOutcome
from mobtable.sim.spec import SimSpec


@dataclass
class Tally:
    """Wins and scores of one seat or one bot.

    A shared win counts ``1 / len(winners)`` to each winner.
    """

    games: int = 0
    wins: float = 0.0
    score_total: float = 0.0

    def add(self, score: float, win_share: float) -> None:
        self.games += 1
        self.wins += win_share
        self.score_total += score

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_total / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": round(self.wins, 9),
            "win_rate": round(self.win_rate, 9),
            "mean_score": round(self.mean_score, 9),
        }


@dataclass
class Summary:
    """What a batch of games came to.

    Build it with :meth:`of`, which sorts the outcomes by game index first:
    floating-point sums then do not depend on the order in which workers
    finished, so the same seed gives the same summary for any ``jobs``.
    """

    spec: SimSpec
    games: int = 0
    seats: list[Tally] = field(default_factory=list)
    bots: dict[str, Tally] = field(default_factory=dict)
    actions_total: int = 0
    shared_wins: int = 0
    elapsed: float = 0.0
    jobs: int = 1

    @classmethod
    def of(
        cls, spec: SimSpec, outcomes: Iterable[GameOutcome], *, elapsed: float = 0.0, jobs: int = 1
    ) -> Summary:
        summary = cls(spec, seats=[Tally() for _ in spec.bots], elapsed=elapsed, jobs=jobs)
        for name in sorted(set(spec.bots)):
            summary.bots[name] = Tally()
        for outcome in sorted(outcomes, key=lambda o: o.index):
            summary.add(outcome)
        return summary

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        self.actions_total += outcome.actions
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        if len(outcome.winners) > 1:
            self.shared_wins += 1
        for seat, (name, score) in enumerate(zip(outcome.lineup, outcome.scores, strict=True)):
            win = share if seat in outcome.winners else 0.0
            self.seats[seat].add(score, win)
            self.bots.setdefault(name, Tally()).add(score, win)

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def mean_actions(self) -> float:
        return self.actions_total / self.games if self.games else 0.0

    def _config_json(self) -> dict[str, Any]:
        config = {k: v for k, v in self.spec.config.items() if k != "card_data"}
        config["custom_cards"] = self.spec.config.get("card_data") is not None
        return config

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON; everything but ``timing`` and ``jobs`` depends on the seed only."""
        return {
            "game": self.spec.game,
            "config": self._config_json(),
            "bots": list(self.spec.bots),
            "rotate": self.spec.rotate,
            "seed": self.spec.seed,
            "games": self.games,
            "shared_wins": self.shared_wins,
            "mean_actions": round(self.mean_actions, 9),
            "seats": [
                {"seat": seat, "bot": None if self.spec.rotate else self.spec.bots[seat]}
                | tally.to_json()
                for seat, tally in enumerate(self.seats)
            ],
            "by_bot": {name: tally.to_json() for name, tally in sorted(self.bots.items())},
            "jobs": self.jobs,
            "timing": {
                "seconds": round(self.elapsed, 3),
                "games_per_second": round(self.games_per_second, 2),
            },
        }
