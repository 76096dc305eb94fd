"""mobtable's bots as opponents for research: a PettingZoo policy (here) and an OpenSpiel
``pyspiel.Bot`` (:mod:`mobtable.adapters.openspiel_bot`).

Every bot a game lists (``mobtable.bots.available``: the levels ``easy``, ``medium``,
``hard``, ``expert``, and ``random``, ``greedy``, ``ismcts``, ``quick``) plays through the
same door as at a table: a :class:`~mobtable.core.Decision` for its seat, which gives it
that seat's view, its legal actions and ``determinize`` (a sample drawn from that view
alone), never the true state. Its action comes back as the game's stable action index.
"""

from __future__ import annotations

from typing import Any

from mobtable import bots
from mobtable.adapters.encoders.base import ActionIndex
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.core import Bot, Decision, State

__all__ = ["BotPolicy", "Budget", "bot_action", "make_bot"]


def make_bot(name: str, game: str, *, seed: int | None = None, budget: Budget | None = None) -> Bot:
    """The bot called ``name`` for ``game`` (``KeyError`` naming the choices); ``budget``
    replaces a searching bot's thinking budget (e.g. ``Budget(iterations=50)`` for fast,
    reproducible games), and is ignored by the others."""
    bot = bots.make(name, game, seed=seed)
    if budget is not None and isinstance(bot, ISMCTSBot):
        bot.budget = budget
    return bot


def bot_action(bot: Bot, state: State, seat: int, index: ActionIndex) -> int:
    """``bot``'s choice for ``seat`` at ``state``, as an action index (the bot sees the
    seat's decision only: its view, legal actions and view-drawn samples)."""
    return index(bot.choose(Decision(state, seat)))


class BotPolicy:
    """A mobtable bot as a PettingZoo opponent: ``policy(env, agent)`` is its action.

    ``env`` is an AEC environment of :mod:`mobtable.adapters.pettingzoo` (wrapped or
    not) and ``agent`` the agent to act (``seat_2``); the bot decides from that seat's
    view alone. One policy may serve several seats.

    Example:
        >>> from mobtable.adapters import pettingzoo as pz
        >>> env = pz.env("capo", 3)
        >>> env.reset(seed=1)
        >>> greedy = BotPolicy("greedy", "capo", seed=0)
        >>> 0 <= greedy(env, env.agent_selection) < 218
        True
    """

    def __init__(
        self, name: str, game: str, *, seed: int | None = None, budget: Budget | None = None
    ) -> None:
        self.name = name
        self.bot = make_bot(name, game, seed=seed, budget=budget)

    def __call__(self, env: Any, agent: str) -> int:
        table = env.unwrapped.table
        seat = env.unwrapped.seat_of(agent)
        if seat not in table.state.pending():
            raise ValueError(f"{agent} owes no decision now")
        return bot_action(self.bot, table.state, seat, table.index)

    def __repr__(self) -> str:
        return f"BotPolicy({self.name!r})"
