# Cython's view of view.py (an augmenting .pxd; the pure path ignores it): a
# determinization (one per block of the search) reads the table's typed fields, shuffles
# on C ints and doubles, and deals from a typed cursor.

cimport cython

from mobtable.games.capo.state cimport CapoRules


@cython.locals(known=set, up=list)
cpdef set known_cards(CapoRules state, seat)

@cython.locals(
    other=CapoRules,
    known=set,
    unknown=list,
    deal=_Deal,
    hands=list,
    table=list,
    face_up=list,
    own_discard=list,
    other_hands=list,
    other_table=list,
    other_own=list,
    p=Py_ssize_t,
    hidden=Py_ssize_t,
    up=list,
    privately=Py_ssize_t,
    mine=set,
    anonymous=list,
    discard=list,
    events=list,
)
cpdef determinize(CapoRules state, int seat, rng)

@cython.locals(i=Py_ssize_t, j=Py_ssize_t, r=double)
cpdef _shuffle(list items, rng)

@cython.locals(pool=list, assignments=tuple, i=Py_ssize_t)
cpdef list _shuffled_assignments(CapoRules state, rng)


cdef class _Deal:
    cdef public list cards
    cdef public Py_ssize_t dealt

    @cython.locals(start=Py_ssize_t)
    cpdef list take(self, Py_ssize_t count)
