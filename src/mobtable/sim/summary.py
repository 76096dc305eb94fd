"""Aggregating simulated games: win rates per seat and per bot, mean scores."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from mobtable.sim.engine import GameOutcome
from mobtable.sim.spec import SimSpec


def lab_stats() -> ModuleType | None:
    """:mod:`mobtable.sim.stats` when the lab extra (scipy, pandas) is installed."""
    if importlib.util.find_spec("scipy") is None or importlib.util.find_spec("pandas") is None:
        return None
    from mobtable.sim import stats

    return stats


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
    rounds_total: int = 0
    shared_wins: int = 0
    tiebreaks: dict[str, int] = field(default_factory=dict)
    """Games by ``Result.tiebreak``: what separated the leaders, or why nothing did."""
    decided_by_tiebreak: int = 0
    """Games with one winner whom a tie-break, not the score, made the winner."""
    elapsed: float = 0.0
    jobs: int = 1
    runner: str = "local"
    """``"local"`` (this process or a process pool) or ``"ray"``."""

    @classmethod
    def start(cls, spec: SimSpec, *, jobs: int = 1) -> Summary:
        """An empty summary to :meth:`add` outcomes to, in game order."""
        summary = cls(spec, seats=[Tally() for _ in spec.bots], jobs=jobs)
        for name in sorted(set(spec.bots)):
            summary.bots[name] = Tally()
        return summary

    @classmethod
    def of(
        cls, spec: SimSpec, outcomes: Iterable[GameOutcome], *, elapsed: float = 0.0, jobs: int = 1
    ) -> Summary:
        summary = cls.start(spec, jobs=jobs)
        summary.elapsed = elapsed
        for outcome in sorted(outcomes, key=lambda o: o.index):
            summary.add(outcome)
        return summary

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        self.actions_total += outcome.actions
        self.rounds_total += outcome.rounds
        if outcome.tiebreak:
            self.tiebreaks[outcome.tiebreak] = self.tiebreaks.get(outcome.tiebreak, 0) + 1
            if len(outcome.winners) == 1:
                self.decided_by_tiebreak += 1
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

    @property
    def mean_rounds(self) -> float:
        return self.rounds_total / self.games if self.games else 0.0

    def lab_figures(self) -> dict[str, Any] | None:
        """The figures the lab adds to a summary, as its table prints them and its JSON
        carries them: each seat's and bot's 95% Wilson interval of the win rate
        (``seats``, ``by_bot``: ``(low, high)``) and the chi-square test of equal wins
        per seat (``seat_effect``, ``None`` before any game). ``None`` without the lab
        extra (scipy, pandas)."""
        stats = lab_stats()
        if stats is None:
            return None
        return {
            "seats": [stats.wilson(t.wins, t.games) for t in self.seats],
            "by_bot": {name: stats.wilson(t.wins, t.games) for name, t in self.bots.items()},
            "seat_effect": (
                stats.equal_shares([t.wins for t in self.seats]) if self.games else None
            ),
        }

    def _config_json(self) -> dict[str, Any]:
        config = {k: v for k, v in self.spec.config.items() if k != "card_data"}
        config["card_file"] = self.spec.card_file
        config["card_hash"] = self.spec.card_hash
        return config

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON; everything but ``timing`` and ``jobs`` depends on the seed only.

        ``config`` names a custom card file (``card_file``) and the SHA-256 of its
        data (``card_hash``); both are ``""`` for the built-in cards.
        """
        figures = self.lab_figures()
        seats = [
            {"seat": seat, "bot": None if self.spec.rotate else self.spec.bots[seat]}
            | tally.to_json()
            for seat, tally in enumerate(self.seats)
        ]
        by_bot = {name: tally.to_json() for name, tally in sorted(self.bots.items())}
        lab: dict[str, Any] = {}
        if figures is not None:
            for entry, interval in zip(seats, figures["seats"], strict=True):
                entry["interval"] = _interval_json(interval)
            for name, interval in figures["by_bot"].items():
                by_bot[name]["interval"] = _interval_json(interval)
            test = figures["seat_effect"]
            lab["seat_effect"] = None if test is None else test.to_json()
        return {
            "game": self.spec.game,
            "config": self._config_json(),
            "bots": list(self.spec.bots),
            "rotate": self.spec.rotate,
            "seed": self.spec.seed,
            "games": self.games,
            "shared_wins": self.shared_wins,
            "decided_by_tiebreak": self.decided_by_tiebreak,
            "tiebreaks": dict(sorted(self.tiebreaks.items())),
            "mean_actions": round(self.mean_actions, 9),
            "mean_rounds": round(self.mean_rounds, 9),
            "seats": seats,
            "by_bot": by_bot,
            **lab,
            "jobs": self.jobs,
            "timing": {
                "runner": self.runner,
                "seconds": round(self.elapsed, 3),
                "games_per_second": round(self.games_per_second, 2),
            },
        }


def _interval_json(interval: tuple[float, float]) -> dict[str, float]:
    """A 95% interval as the summary's JSON writes it."""
    low, high = interval
    return {"low": round(low, 9), "high": round(high, 9), "confidence": 0.95}
