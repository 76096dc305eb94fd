# Cython's view of playout.py (an augmenting .pxd; the pure path ignores it): a
# placement's scan of the grid runs on C ints, its line counts in a C array.

cimport cython


@cython.locals(filled=list, empty=list, size=int, width=int, last=int, near_full=list,
               best=list, best_points=int, tops=dict, card=int, value=int, top=tuple,
               points=int, cells=list, base=int, cell=int)
cpdef best_placement(state, rnd)

@cython.locals(counts=cython.int[10], size=int, cell=int, v=int, top=int, cells=list,
               line_points=tuple, i=Py_ssize_t, in_row=int, in_column=int, points=int)
cdef tuple _best_cells(list values, int value, list empty, list near_full)
