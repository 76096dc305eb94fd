# Cython's view of rounds.py (an augmenting .pxd; the pure path ignores it): the round's
# steps read the table's typed fields and call each other in C.

cimport cython

from mobtable.games.cosca.table cimport CoscaTable
from mobtable.games.cosca cimport city, loyalty, mobsters, supply


cpdef commit(CoscaTable state, int seat, action)
cpdef open_step(CoscaTable state, stage, seats)
cpdef begin_dice(CoscaTable state)
@cython.locals(settings=list, seat=Py_ssize_t)
cpdef after_dice(CoscaTable state, choices)
cpdef _to_gun(CoscaTable state)
cpdef after_gun(CoscaTable state, choices)
cpdef after_club(CoscaTable state, choices)
cpdef after_villa(CoscaTable state, choices)
@cython.locals(under=list, fighters=tuple, drink_spent=bint, choosers=list)
cpdef _to_mobster(CoscaTable state, Py_ssize_t pos)
@cython.locals(pos=Py_ssize_t, fighters=tuple)
cpdef after_fight(CoscaTable state, choices)
cpdef _end_of_day(CoscaTable state)
@cython.locals(n=Py_ssize_t, dice=list, row=list, working=list, pos=Py_ssize_t, owner=int,
               villa_die=list, seat=Py_ssize_t, over=bint, returned_dice=Py_ssize_t,
               count=Py_ssize_t)
cpdef new_day(CoscaTable state)
@cython.locals(money=list, weapons=list, seat=Py_ssize_t)
cpdef dict _return_excess(CoscaTable state)
