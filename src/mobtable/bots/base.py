"""The bot protocol (:class:`~mobtable.core.bot.Bot`, :class:`~mobtable.core.bot.Decision`,
from the core, where the games' own bots find it too) and the one bot every game has."""

from __future__ import annotations

from collections.abc import Sequence

from mobtable.core.actions import Action
from mobtable.core.bot import Bot, Decision

__all__ = ["Bot", "Decision", "RandomBot"]


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"
    picks_from_legal = True

    def choose(self, decision: Decision) -> Action:
        return self.pick(decision.legal)

    def pick(self, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
