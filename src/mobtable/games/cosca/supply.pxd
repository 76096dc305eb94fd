# Cython's view of supply.py (an augmenting .pxd; the pure path ignores it): payments
# read the table's typed fields.

cimport cython

from mobtable.games.cosca.table cimport CoscaTable


# A stock (an IntEnum) is a C index here: indexing a list with an IntEnum is a slow path.
cpdef available(CoscaTable state, Py_ssize_t stock)
cpdef list holdings(CoscaTable state, Py_ssize_t stock)
@cython.locals(pool=list, held=list)
cpdef dict pay_out(CoscaTable state, Py_ssize_t stock, owed)
@cython.locals(pool=list, held=list, seat=Py_ssize_t, total=Py_ssize_t, n=Py_ssize_t)
cpdef pay_each(CoscaTable state, Py_ssize_t stock, owed)
cpdef give_back(CoscaTable state, Py_ssize_t stock, int seat, amount)
