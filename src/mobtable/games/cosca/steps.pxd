# Cython's view of steps.py (an augmenting .pxd; the pure path ignores it): the legal
# actions read the table's typed fields.

cimport cython

from mobtable.games.cosca.table cimport CoscaTable
from mobtable.games.cosca cimport city


cpdef options(CoscaTable state, int seat)
