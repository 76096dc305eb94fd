# C types for the compiled tree (the pure path ignores this file): the edge fields'
# indices are C constants, and UCB's and Exp3's loops run on C doubles with the C
# library's exp, log and sqrt (what Python's math module calls; math.inf stays Python's).
cimport cython
from libc cimport math

cdef Py_ssize_t VISITS, REWARD, AVAIL, WINS, GAIN

@cython.locals(best=Py_ssize_t, best_value=double, position=Py_ssize_t, edge=list,
               avail=Py_ssize_t, n=Py_ssize_t, reward=double, value=double)
cpdef Py_ssize_t best_ucb(list tried, double c) except? -2

@cython.locals(k=Py_ssize_t, eta=double, top=double, edge=list, gain=double, weights=list,
               total=double, weight=double, uniform=double, acc=double, position=Py_ssize_t,
               prob=double, index=Py_ssize_t)
cpdef tuple exp3_draw(list tried, double gamma, double rate, double point)
