# Cython's view of loyalty.py (an augmenting .pxd; the pure path ignores it): phase 4
# reads the table's typed fields.

cimport cython

from mobtable.games.cosca.table cimport CoscaTable


@cython.locals(claim=tuple, owner=int)
cpdef tuple contenders(CoscaTable state, Py_ssize_t pos)
@cython.locals(owner=int)
cpdef spend_drink(CoscaTable state, Py_ssize_t pos)
@cython.locals(previous=int)
cpdef gain(CoscaTable state, Py_ssize_t pos, int seat, bint fought)
@cython.locals(money=list, weapons=list, pool=list, values=dict, offered=dict, best=list,
               under=list, kept=int, seat=int)
cpdef resolve_fight(CoscaTable state, Py_ssize_t pos, tuple fighters, offers)
