# Cython's view of table.py (an augmenting .pxd; the pure path ignores it): the table is
# an extension type, so the rules read its lists and counters as struct fields, not dict
# entries. Every attribute a COSCA state has is declared here, the core State's too (the
# state's class derives from this one), so nothing of a state lives in a __dict__.

cimport cython


cdef class CoscaTable:
    cdef public object game, config, origin
    cdef public list history, events
    cdef public bint silent
    cdef public tuple cards
    cdef public object facts, rules
    cdef public int round
    cdef public list deck, row, loyal, drink, under, met
    cdef public list money, weapons, dice, settings
    cdef public int settings_round
    cdef public list villa_die, villa_got, supply
    cdef public object stage, sealed
    cdef public int fight_pos
    cdef public tuple fighters
    cdef public list fights

    cpdef bint is_last_round(self) except -1
    @cython.locals(bit=int, used=Py_ssize_t, mask=int)
    cpdef int hats_free(self, int seat) except? -1
    cpdef mobster(self, Py_ssize_t pos)
    @cython.locals(count=Py_ssize_t, owner=int)
    cpdef Py_ssize_t loyal_count(self, int seat) except -1
    @cython.locals(other=CoscaTable)
    cpdef sample_copy(self)
