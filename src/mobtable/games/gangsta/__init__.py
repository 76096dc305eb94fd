"""Gangsta: trick-taking, won cards placed on a 5 x 5 grid for points, police raids."""

from mobtable.games.gangsta.game import Gangsta

GAME = Gangsta()

__all__ = ["GAME", "Gangsta"]
