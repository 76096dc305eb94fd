# Cython's view of playout.py (an augmenting .pxd; the pure path ignores it): the rollout
# reads the sample's typed fields.

cimport cython

from mobtable.games.cosca.table cimport CoscaTable


@cython.locals(history=list, choices=dict, actions=tuple)
cpdef playout(CoscaTable state, rng, progress=*, limit=*)
