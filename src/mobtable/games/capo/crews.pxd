# Cython's view of crews.py (an augmenting .pxd; the pure path ignores it): the crew test
# and its per-assignment tables are extension types, their fields C-typed, so a test
# (asked thousands of times a second) reads no attribute through a dict.

cimport cython

from mobtable.games.capo cimport events as ev
from mobtable.games.capo.table cimport CapoTable


cdef class CrewTest:
    cdef public object assignment, mafiosi, symbols, tony_stars
    cdef public int limit
    cdef public _Round round

    @cython.locals(r=_Round, net=tuple, useful=tuple, kind=tuple, stars=Py_ssize_t,
                   serving=Py_ssize_t, c=Py_ssize_t, key=tuple)
    cpdef bint ok(self, crew) except -1
    @cython.locals(wins=list, crew=tuple)
    cpdef list winners(self, pool, sizes)
    @cython.locals(r=_Round, net=tuple, useful=tuple, stars=list, serving=list,
                   fewest=Py_ssize_t, total=Py_ssize_t, n=Py_ssize_t)
    cpdef bint may_complete(self, shown, pool, Py_ssize_t least, Py_ssize_t most) except -1


cdef class _Round:
    cdef public tuple kind, net, useful
    cdef public int needed
    cdef public dict results

    cpdef remember(self, tuple key, bint answer)


cpdef randbelow(rng, n)


@cython.locals(p=Py_ssize_t, shown=list, hidden=list, pool=list, wins=list, chosen=tuple)
cpdef settle_tables(CapoTable sample, Py_ssize_t seat, CrewTest test, rng)
