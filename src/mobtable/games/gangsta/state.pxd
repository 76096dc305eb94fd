# Cython's view of state.py (an augmenting .pxd; the pure path ignores it): the rules'
# hot paths are methods of an extension type over the table's typed fields, and calls
# between them are C calls. GangstaState, the contract's glue, stays a Python class.

cimport cython

from mobtable.games.gangsta.table cimport GangstaTable


cdef class GangstaRules(GangstaTable):
    cpdef pending(self)
    cpdef bint is_over(self) except -1
    @cython.locals(phase=object, singles=list, pairs=list)
    cpdef legal(self, seat)
    cpdef _pair_bar(self)
    cpdef begin_redraws(self)
    cpdef _next_redraw(self)
    @cython.locals(hands=list, order=list)
    cpdef start_trick(self, int leader)
    @cython.locals(ids=tuple, hand=list, trick=list, lead=bint, mafia=tuple, order=list, played=int)
    cpdef _play(self, int seat, action)
    @cython.locals(trick=list, to_place=list)
    cpdef _resolve_trick(self)
    cpdef _advance_picks(self)
    cpdef _pick(self, int seat, action)
    @cython.locals(card=int, cell=int, values=list, value=int, start=int, column=int,
                   row_line=int, column_line=int, in_row=int, in_column=int, points=int,
                   to_place=list, filled=list)
    cpdef _place(self, int seat, action)
    cpdef _continue_placing(self)
    cpdef _end_of_trick(self, int winner)
    cpdef _keep(self, int seat, action)
    cpdef _redraw(self, int seat, action)
    @cython.locals(other=GangstaRules)
    cpdef sample_copy(self)
