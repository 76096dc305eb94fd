# Cython's view of assignments.py (an augmenting .pxd; the pure path ignores it): the
# symbol count of a revealed crew runs on C ints and typed dicts, and the scoring that
# cimports it calls it in C.
cimport cython


@cython.locals(total=int)
cpdef int star_total(crew, int extra=*) except? -1

@cython.locals(have=dict, need=dict, missing=dict, wild=int, short=int, extra=int,
               choice=int)
cpdef bint symbols_met(crew, assignment, symbols) except -1

cpdef tuple symbol_kinds(cards)

@cython.locals(kinds=tuple, key=tuple)
cpdef bint symbols_met_by_id(cards, int assignment, crew) except -1
