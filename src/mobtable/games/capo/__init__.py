"""Capo della Mafia: a bluffing game of crews played face down (3-7 players).

>>> from mobtable.games.capo import GAME
>>> state = GAME.new_state(GAME.config(4), seed=1)
>>> state.pending()
(0, 1, 2, 3)
"""

from mobtable.games.capo.game import GAME, Capo

__all__ = ["GAME", "Capo"]
