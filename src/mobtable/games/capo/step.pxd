# Cython's view of step.py (an augmenting .pxd; the pure path ignores it): Capo's sealed
# step is an extension type, so the rules read its seats and choices as struct fields.

cimport cython


cdef class CapoStep:
    cdef public tuple seats
    cdef public dict choices
    cdef public frozenset announced

    cpdef tuple waiting(self)
    @cython.locals(choices=dict)
    cpdef list in_seat_order(self)
    @cython.locals(choices=dict)
    cpdef CapoStep forget_others(self, int seat)
    cpdef CapoStep copy(self)
