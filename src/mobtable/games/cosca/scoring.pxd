# Cython's view of scoring.py (an augmenting .pxd; the pure path ignores it): the search's
# evaluator reads each seat's resource value from the table's typed fields.

from mobtable.games.cosca.table cimport CoscaTable


cpdef int resource_value(CoscaTable state, int seat) except? -1
