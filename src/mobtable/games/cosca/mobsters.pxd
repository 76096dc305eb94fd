# Cython's view of mobsters.py (an augmenting .pxd; the pure path ignores it): placing
# hats reads the table's typed fields; a seat's free hats is a C call.

cimport cython

from mobtable.games.cosca.table cimport CoscaTable


@cython.locals(seat=Py_ssize_t, n=Py_ssize_t, met=list, entries=list, known=dict)
cpdef list cards_met(CoscaTable state, bint after_city, among=*)
@cython.locals(row=list, met_by=list, met=list, under=list, free=list, pos=Py_ssize_t,
               seat=Py_ssize_t, n=Py_ssize_t, bit=int)
cpdef place_hats(CoscaTable state, bint after_city)
@cython.locals(mask=int, s=int)
cpdef int resource_seats(special, money, weapons, bint strict) except? -1
