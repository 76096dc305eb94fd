# Cython's view of supply.py (an augmenting .pxd; the pure path ignores it): payments
# read the table's typed fields.

cimport cython

from mobtable.games.cosca.table cimport CoscaTable


cpdef available(CoscaTable state, stock)
cpdef list holdings(CoscaTable state, stock)
@cython.locals(pool=list, held=list)
cpdef dict pay_out(CoscaTable state, stock, owed)
@cython.locals(pool=list, held=list, seat=Py_ssize_t)
cpdef pay_each(CoscaTable state, stock, owed)
cpdef give_back(CoscaTable state, stock, int seat, amount)
