"""The bot protocol (:class:`~mobtable.core.bot.Bot`, :class:`~mobtable.core.bot.Decision`,
from the core, where the games' own bots find it too) and the one bot every game has."""

from __future__ import annotations

from mobtable.core.actions import Action
from mobtable.core.bot import Bot, Decision

__all__ = ["Bot", "Decision", "RandomBot"]


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, decision: Decision) -> Action:
        return decision.legal[self.rng.randrange(len(decision.legal))]
