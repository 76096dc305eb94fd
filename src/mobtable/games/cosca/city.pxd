# Cython's view of city.py (an augmenting .pxd; the pure path ignores it): the city's
# places read the table's typed fields.

cimport cython

from mobtable.games.cosca.table cimport CoscaTable
from mobtable.games.cosca cimport supply


cpdef int dice_at(CoscaTable state, int seat, int place) except? -1
cpdef _paid_event(CoscaTable state, kind, got, what)
cpdef _pay(CoscaTable state, kind, Py_ssize_t stock, list owed, what)
cpdef bank(CoscaTable state)
cpdef gun_max(CoscaTable state, int seat)
@cython.locals(money=list, settings=list)
cpdef list gun_seats(CoscaTable state)
cpdef resolve_gun(CoscaTable state, requests)
cpdef racetrack(CoscaTable state)
cpdef list club_eligible(CoscaTable state, int seat)
cpdef club_max(CoscaTable state, int seat)
@cython.locals(drink=list, money=list, settings=list)
cpdef list club_seats(CoscaTable state)
@cython.locals(money=list, drink=list)
cpdef resolve_club(CoscaTable state, invites)
cpdef villa_asks_left(CoscaTable state, int seat)
cpdef bint villa_can_ask(CoscaTable state, int seat) except -1
@cython.locals(got=list, waiting=list)
cpdef list villa_seats(CoscaTable state)
cpdef resolve_villa(CoscaTable state, askers)
@cython.locals(counts=list, winners=list)
cpdef street(CoscaTable state)
