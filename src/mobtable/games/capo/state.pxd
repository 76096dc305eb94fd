# Cython's view of state.py (an augmenting .pxd; the pure path ignores it): the rules' hot
# paths are methods of an extension type over the table's typed fields, and calls between
# them are C calls. CapoState, the contract's glue, stays a Python class.

cimport cython

from mobtable.games.capo cimport events as ev
from mobtable.games.capo.phases cimport resolve_step
from mobtable.games.capo.step cimport CapoStep
from mobtable.games.capo.table cimport CapoTable


cdef class CapoRules(CapoTable):
    @cython.locals(step=CapoStep, choices=dict, seats=tuple)
    cpdef pending(self)
    cpdef bint is_over(self) except -1
    @cython.locals(step=CapoStep, hand=list)
    cpdef legal(self, seat)
    cpdef play(self, int seat, action)
    cpdef _act(self, int seat, action)
    @cython.locals(chosen=list)
    cpdef _place(self, int seat, action)
    cpdef _declare(self, int seat, action)
    @cython.locals(chosen=list)
    cpdef _turn_up(self, int seat, action)
    cpdef _suspect(self, int seat, action)
    @cython.locals(step=CapoStep, choices=dict)
    cpdef _commit(self, int seat, choice, words)
    @cython.locals(other=CapoRules)
    cpdef sample_copy(self)
