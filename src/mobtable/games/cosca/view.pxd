# Cython's view of view.py (an augmenting .pxd; the pure path ignores it): a
# determinization copies the table's typed fields.

cimport cython

from mobtable.games.cosca.table cimport CoscaTable


@cython.locals(sample=CoscaTable, unseen=list)
cpdef determinize(CoscaTable state, int seat, rng)
