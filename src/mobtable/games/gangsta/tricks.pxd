# Cython's view of tricks.py (an augmenting .pxd; the pure path ignores it): typed
# locals for the follow cards' slices and sums.

cimport cython


@cython.locals(led=int, start=int, low=Py_ssize_t, high=Py_ssize_t, strong=Py_ssize_t,
               follow=list, value=tuple, least=int)
cpdef answers(cards, hand, trick, bar)


@cython.locals(mafia=tuple)
cpdef winning_mafia(cards, trick, trump_mafia)


@cython.locals(mafia=tuple, value=tuple, strong=tuple, target=int, best=Py_ssize_t,
               best_key=int, i=Py_ssize_t, first=int, total=int, key=int)
cpdef trick_winner(cards, trick, trump_mafia)
