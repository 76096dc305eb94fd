# Cython's view of state.py (an augmenting .pxd; the pure path ignores it): the contract's
# methods call the rules in C (CoscaState itself stays a Python class: its second base,
# the core State, has no layout).

from mobtable.games.cosca cimport rounds, steps, view
