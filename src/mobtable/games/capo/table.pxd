# Cython's view of table.py (an augmenting .pxd; the pure path ignores it): the table
# is an extension type, so the rules read its zones as struct fields, not dict entries.
# Every attribute a Capo state has is declared here: the core State's too (the state's
# class derives from this one), so nothing of a state lives in a __dict__.

cimport cython

from mobtable.games.capo.step cimport CapoStep


cdef class CapoTable:
    cdef public object game, config, origin
    cdef public list history, events
    cdef public bint silent
    cdef public object cards, rules, rng
    cdef public list hands, stack, discard
    cdef public set seen_discard
    cdef public list own_discard, box, table, face_up
    cdef public list assignment_stack, assignments_used
    cdef public int assignment
    cdef public list event_stack, events_used, event_box
    cdef public object event
    cdef public int round, counter
    cdef public object phase
    cdef public CapoStep step
    cdef public dict declared, picked
    cdef public list must_turn, respect
    cdef public object supply, last_round_facts
    cdef public bint capped


cpdef tuple clockwise(CapoTable table, Py_ssize_t first)
