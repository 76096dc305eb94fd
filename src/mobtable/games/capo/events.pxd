# Cython's view of events.py (an augmenting .pxd; the pure path ignores it): the round's
# questions are C functions, so the modules that cimport this one call them in C.

cpdef int max_stars(assignment, effect) except? -1
cpdef int least_play(Py_ssize_t hand_size, effect) except? -1
cpdef int turn_count(Py_ssize_t played, effect) except? -1
cpdef int success_respect(effect) except? -1
cpdef int right_suspicion_respect(effect) except? -1
cpdef int wrong_suspicion_cost(effect) except? -1
cpdef bint cancels_mutual_suspicions(effect) except -1
cpdef bint recruits(effect) except -1
