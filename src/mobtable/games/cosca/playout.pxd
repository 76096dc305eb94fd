# Cython's view of playout.py (an augmenting .pxd; the pure path ignores it): the rollout
# and the guide read the sample's typed fields and call the rules in C.

cimport cython

from mobtable.games.cosca.table cimport CoscaTable
from mobtable.games.cosca cimport rounds, steps


cpdef int _power(CoscaTable state, int seat) except? -1
cpdef guide(CoscaTable state, int seat)
@cython.locals(days_left=int, powers=list, rival=int, chance=double, loyal=list, row=tuple)
cpdef _dice(CoscaTable state, int seat, legal)
@cython.locals(history=list, choices=dict, actions=tuple)
cpdef playout(CoscaTable state, rng, progress=*, limit=*)
@cython.locals(n=Py_ssize_t, mobsters="double[:]", value=double, i=Py_ssize_t, first=Py_ssize_t,
               best=double, score=double)
cpdef Py_ssize_t _first_best(tuple base, int dice, double wanted, tuple row) except -1
