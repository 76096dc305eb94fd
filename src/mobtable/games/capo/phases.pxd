# Cython's view of phases.py (an augmenting .pxd; the pure path ignores it): the state is
# the table's extension type, so the round flow reads its zones as struct fields.
cimport cython

from mobtable.games.capo cimport events as ev
from mobtable.games.capo.scoring cimport resolve_round
from mobtable.games.capo.table cimport CapoTable


cpdef start_round(CapoTable state)
cpdef _reshuffle_assignments(CapoTable state)
cpdef resolve_step(CapoTable state)

@cython.locals(hands=list, table=list, face_up=list, must_turn=list, hand=list, seat=Py_ssize_t)
cpdef _resolve_play(CapoTable state)

@cython.locals(face_up=list)
cpdef _resolve_turn(CapoTable state)

cpdef _open_suspicions(CapoTable state)

@cython.locals(respect=list, leaders=list)
cpdef end_round(CapoTable state)

cpdef _finish(CapoTable state, text, list winners)

@cython.locals(order=tuple, hands=list, held=Py_ssize_t)
cpdef refill(CapoTable state)

@cython.locals(stack=list, drawn=list, more=Py_ssize_t)
cpdef draw(CapoTable state, Py_ssize_t seat, Py_ssize_t count)

cpdef _reshuffle_discard(CapoTable state)
