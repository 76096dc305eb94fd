"""COSCA: Take Over the Mafia (2-5 players), every rule enforced, no secret leaked."""

from mobtable.games.cosca.game import GAME, Cosca

__all__ = ["GAME", "Cosca"]
