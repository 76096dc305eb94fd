# C types for the compiled tree (the pure path ignores this file): the edge fields'
# indices are C constants, UCB's and Exp3's loops run on C doubles with the C library's
# exp, log and sqrt (what Python's math module calls; math.inf stays Python's), and a
# node and a seat's edges are extension types, so the search calls their methods in C.
cimport cython
from libc cimport math

from mobtable.bots.search.keys cimport ActionKeys

cdef Py_ssize_t VISITS, REWARD, AVAIL, WINS, GAIN


cdef class SeatEdges:
    cdef public dict edges
    cdef public object visits
    @cython.locals(edges=dict, i=Py_ssize_t, k=object)
    cpdef _untried(self, list keys, params)
    @cython.locals(edges=dict, i=Py_ssize_t, k=object, e=object)
    cpdef list _tried(self, list keys, dict positions)
    cpdef Py_ssize_t select(self, list keys, rng, params, first=*, dict positions=*) except -1
    cpdef tuple select_lazy(self, legal, ActionKeys keys, rng, params, first=*)
    @cython.locals(edges=dict, tried=list)
    cpdef tuple select_mixed(self, list keys, rng, params, first=*, dict positions=*)
    @cython.locals(edges=dict, edge=list, found=object, key=object)
    cpdef Py_ssize_t _expand(self, list untried, list keys, rng, first, dict positions) except -1
    cpdef force(self, key)
    @cython.locals(edge=list)
    cpdef update(self, key, reward, win, prob=*)
    cpdef mean(self, key)


cdef class Node:
    cdef public dict seats, children
    @cython.locals(edges=SeatEdges)
    cpdef SeatEdges edges_for(self, seat)
    cpdef Node child(self, step)


@cython.locals(best=Py_ssize_t, best_value=double, position=Py_ssize_t, edge=list,
               avail=Py_ssize_t, n=Py_ssize_t, reward=double, value=double)
cpdef Py_ssize_t best_ucb(list tried, double c) except? -2

@cython.locals(k=Py_ssize_t, eta=double, top=double, edge=list, gain=double, weights=list,
               total=double, weight=double, uniform=double, acc=double, position=Py_ssize_t,
               prob=double, index=Py_ssize_t)
cpdef tuple exp3_draw(list tried, double gamma, double rate, double point)

@cython.locals(edge=list)
cpdef _top_gain(dict edges)
