"""Playing bots against each other: the measuring stick for search strength."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mobtable.bots.base import Bot, Decision
from mobtable.bots.search.bot import ISMCTSBot
from mobtable.bots.search.budget import Budget
from mobtable.core import Config, Game, Result

MAX_ACTIONS = 100_000


@dataclass(frozen=True, slots=True)
class Outcome:
    """One finished game: its result and how many actions it took."""

    result: Result
    actions: int

    def share(self, seat: int) -> float:
        """1 for a sole win, ``1/k`` for a win shared by ``k`` seats, else 0."""
        return 1.0 / len(self.result.winners) if seat in self.result.winners else 0.0


def play(game: Game, config: Config, bots: Sequence[Bot], *, seed: int) -> Outcome:
    """Play one game from ``seed``, ``bots[s]`` taking seat ``s``.

    Each bot decides from a :class:`Decision` (its seat's view), one pending
    seat at a time; in a simultaneous step the later seats' views show only
    that the earlier ones have committed.
    """
    if len(bots) != config.players:
        raise ValueError(f"{len(bots)} bots for {config.players} seats")
    state = game.new_state(config, seed=seed)
    state.silent = True  # bots read views, never the event log
    actions = 0
    while not state.is_over():
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{game.name} did not end within {MAX_ACTIONS} actions")
        seat = state.pending()[0]
        action = bots[seat].choose(Decision(state, seat))
        state.apply(seat, action)
        actions += 1
    return Outcome(state.result(), actions)


def make_bot(spec: str, game_name: str, *, seed: int) -> Bot:
    """A bot from a short spec: a registered name (``greedy``, ``random``, ``hard``),
    or ``ismcts:<budget>`` with a budget like ``400`` (iterations) or ``0.5s``;
    ``ismcts-learned:<budget>`` scores its leaves with the game's learned evaluator.
    """
    name, _, budget = spec.partition(":")
    if name in ("ismcts", "ismcts-learned") and budget:
        learned = name == "ismcts-learned"
        return ISMCTSBot(seed=seed, budget=Budget.parse(budget), learned=learned)
    from mobtable import bots

    return bots.make(name, game_name, seed=seed)
