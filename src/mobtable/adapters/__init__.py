"""Bridges to research frameworks: observation encoders, OpenSpiel, PettingZoo, trajectories.

Nothing in the core, the games, the server or the bots imports this package;
it needs the ``research`` extra (numpy, open_spiel, pettingzoo, gymnasium,
pyarrow). Every tensor here is built from ``state.view(seat)`` alone, so a
seat's observation holds exactly what its view holds (docs/research.md).
"""
