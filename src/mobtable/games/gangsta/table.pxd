# Cython's view of table.py (an augmenting .pxd; the pure path ignores it): the table
# is an extension type, so the rules read its zones as struct fields, not dict entries.
# Every attribute a Gangsta state has is declared here: the core State's too (the
# state's class derives from this one), so nothing of a state lives in a __dict__.

cimport cython


cdef class GangstaTable:
    cdef public object game, config, origin
    cdef public list history, events
    cdef public bint silent
    cdef public object cards, table, rng, event_mafias
    cdef public bint adjacent, contenders_only
    cdef public int reveal
    cdef public object phase
    cdef public list hands, deck
    cdef public int trump
    cdef public list grid, empty, grid_values, filled
    cdef public list ambush_deck, ambush_used, box, discard
    cdef public list scores, best
    cdef public int leader, turn
    cdef public list trick, trick_order
    cdef public int absent
    cdef public list revealed, to_place
    cdef public int trick_points, tricks
    cdef public list redraw_queue
    cdef public dict redrew
    cdef public list voids
    cdef public object last_trick, last_raid

    @cython.locals(empty=list, row=int, column=int, filled=list)
    cpdef put(self, int cell, int card)
    @cython.locals(grid=list, values=list, empty=list, filled=list, cell=int, row=int, column=int)
    cpdef list take(self, cells)
    cpdef bint any_full_line(self) except -1
