# Cython's view of estimate.py (an augmenting .pxd; the pure path ignores it): the
# search scores every truncated rollout's hands, so the features count on C ints and
# the linear estimate adds C doubles (the same IEEE additions, in the same order).

cimport cython


@cython.locals(value=tuple, mafia=tuple, trump=int, hand=list, trumps=int, trump_values=int,
               high_trumps=int, high_side=int, values=int, card=int, v=int)
cpdef list hand_features(state, int seat)

@cython.locals(features=list, linear=double, i=Py_ssize_t)
cpdef double future_points(state, int seat, weights=*) except? -1.0
