"""mobtable: COSCA, Capo della Mafia and Gangsta, with faithful rules, bots and online play."""

__version__ = "0.1.0"
