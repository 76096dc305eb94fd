"""mobtable's bots as OpenSpiel bots: ``MobtableBot`` is a ``pyspiel.Bot``.

It plays one player of a ``mobtable_*`` game (:mod:`mobtable.adapters.openspiel`), in the
sequential form or at simultaneous nodes, and works with OpenSpiel's own tools
(``evaluate_bots``, matches against its ISMCTS or MCTS bots)::

    import numpy as np
    from open_spiel.python.algorithms import evaluate_bots
    from mobtable.adapters import openspiel
    from mobtable.adapters.openspiel_bot import MobtableBot

    game = openspiel.load("gangsta", 3)
    players = [MobtableBot(game, p, "greedy", seed=p) for p in range(3)]
    evaluate_bots.evaluate_bots(game.new_initial_state(), players, np.random.RandomState(0))

A mobtable bot decides each move afresh from its seat's view (no memory of earlier moves),
so ``restart_at`` and ``inform_action`` have nothing to do.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from mobtable.adapters.openspiel import MobtableGame, MobtableState
from mobtable.adapters.opponents import Budget, bot_action, make_bot


class MobtableBot(pyspiel.Bot):  # type: ignore[misc]
    """The mobtable bot ``name`` (any of ``mobtable.bots.available(game)``) as player
    ``player_id`` of a loaded ``mobtable_*`` game; ``budget`` as in
    :func:`~mobtable.adapters.opponents.make_bot`."""

    def __init__(
        self,
        game: MobtableGame,
        player_id: int,
        name: str,
        *,
        seed: int | None = None,
        budget: Budget | None = None,
    ) -> None:
        pyspiel.Bot.__init__(self)
        if not isinstance(game, MobtableGame):
            raise TypeError(f"MobtableBot plays the mobtable games, not {game}")
        self.game = game
        self._player_id = player_id
        self.name = name
        self.bot = make_bot(name, game.spec.name, seed=seed, budget=budget)

    def player_id(self) -> int:
        return self._player_id

    def provides_policy(self) -> bool:
        return False

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: every move is decided from the seat's view of the moment."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to remember: what others did shows in the seat's next view."""

    def step(self, state: MobtableState) -> int:
        """The bot's action at ``state``; ``INVALID_ACTION`` at a simultaneous node where
        this player takes no part."""
        seat = self._player_id
        table = state.table
        if table is None or state.is_terminal():
            raise ValueError("a bot moves only at a player's decision, not at chance or the end")
        if seat not in table.state.pending() or (
            not state.is_simultaneous_node() and state.current_player() != seat
        ):
            if state.is_simultaneous_node():
                return int(pyspiel.INVALID_ACTION)
            raise ValueError(f"player {seat} is not to move")
        return bot_action(self.bot, table.state, seat, self.game.index)

    def __repr__(self) -> str:
        return f"MobtableBot({self.name!r}, player {self._player_id})"
