"""Bots: ``make(name, game)`` builds one by name.

Generic bots live here (``random``; ``ismcts`` and the difficulty levels
``easy``, ``medium``, ``hard``, ``expert`` from :mod:`mobtable.bots.levels`; ``quick``, a
capped search for large simulations, from :mod:`mobtable.bots.quick`); a game's own
bots live in its package's ``bots.py`` and the game declares them
(``Game.bots``), as it declares what the search may use of it
(``Game.search_hooks``). Bots know a game only through the core contract and
these declarations; no game imports this package.
"""

from __future__ import annotations

from mobtable import games
from mobtable.bots.base import Bot, Decision, RandomBot
from mobtable.bots.levels import DESCRIPTIONS, LEVELS, STRENGTH_ORDER
from mobtable.bots.quick import QuickBot
from mobtable.bots.search import ISMCTSBot

GENERIC: dict[str, type[Bot]] = {
    "random": RandomBot,
    "ismcts": ISMCTSBot,
    "quick": QuickBot,
    **LEVELS,
}


def game_bots(game_name: str) -> dict[str, type[Bot]]:
    """The bots a registered game declares (``Game.bots``; empty if none)."""
    return dict(games.get(game_name).bots)


def available(game_name: str) -> list[str]:
    """The game's bots: the levels by strength (easy, medium, hard, expert), then the rest."""
    names = {*GENERIC, *game_bots(game_name)}
    known = [name for name in STRENGTH_ORDER if name in names]
    return known + sorted(names - set(known))


def describe(name: str, game_name: str) -> str:
    """One line on a bot for people: what it plays like and how long it thinks."""
    cls = game_bots(game_name).get(name) or GENERIC.get(name)
    own = getattr(cls, "description", "")
    return own if isinstance(own, str) and own else DESCRIPTIONS.get(name, "")


def think_time(name: str, game_name: str) -> float:
    """The longest a bot called ``name`` may think per move (its search budget's time
    cap; 0 for bots without one). A server pads every move of such a bot to this time,
    so how fast it answers (a forced move is instant) tells nobody what it holds."""
    cls = game_bots(game_name).get(name) or GENERIC.get(name)
    budget = getattr(cls, "budget", None)
    seconds = getattr(budget, "seconds", None)
    return float(seconds) if seconds else 0.0


def make(name: str, game_name: str, *, seed: int | None = None) -> Bot:
    """A bot called ``name`` for ``game_name``; ``KeyError`` naming the choices."""
    specific = game_bots(game_name)
    cls = specific.get(name) or GENERIC.get(name)
    if cls is None:
        raise KeyError(f"no bot {name!r} for {game_name} (bots: {', '.join(available(game_name))})")
    return cls(seed=seed)


__all__ = ["GENERIC", "Bot", "Decision", "RandomBot", "available", "describe", "make", "think_time"]
