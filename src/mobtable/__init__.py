"""mobtable: COSCA, Capo della Mafia and Gangsta, with faithful rules, bots and online play."""

from mobtable import native

# first thing: MOBTABLE_PURE_PYTHON=1 (or a compiled module older than its source) makes
# the mobtable modules below import from their .py sources (see mobtable.native)
native.install()

__version__ = "0.1.0"
