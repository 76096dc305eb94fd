# C types for Cython's build of scoring.py (the pure path ignores this file): the round's
# lists and dicts as such, so that indexing, iterating and ``get`` skip the generic calls.
cimport cython

from mobtable.games.capo cimport events as ev
from mobtable.games.capo.assignments cimport symbols_met, symbols_met_by_id
from mobtable.games.capo.table cimport CapoTable


@cython.locals(table=list, hit=bint, count=Py_ssize_t)
cpdef int tony_stars(CapoTable state, list suspected) except? -1

@cython.locals(
    n=Py_ssize_t,
    seat=Py_ssize_t,
    table=list,
    applied=dict,
    suspectors=list,
    suspected=list,
    success=list,
    totals=list,
    played=list,
    net=tuple,
    mafiosi=tuple,
    crew=list,
    summary=dict,
    ledger=_Ledger,
    number=int,
)
cpdef resolve_round(CapoTable state, dict laid)

cdef class _Ledger:
    cdef public CapoTable state
    cdef public list respect, change, lines, entries
    cdef public bint limited, silent

    cpdef _note(self, Py_ssize_t seat, int amount, why, other=*)
    cpdef gain(self, Py_ssize_t seat, int amount, reason, other=*)
    cpdef lose(self, Py_ssize_t seat, int amount, reason, other)
    cpdef steal(self, Py_ssize_t thief, Py_ssize_t victim)


@cython.locals(seat=Py_ssize_t, table=list, played=list, shown_giulia=list)
cpdef list _score_seats(
    CapoTable state, _Ledger ledger, dict applied, list suspectors, list suspected, list success
)

@cython.locals(
    seat=Py_ssize_t, table=list, face_up=list, discard=list, own_discard=list, played=list
)
cpdef _discard_played(CapoTable state, list suspected, list shown)

cdef class RoundFacts:
    cdef public object cards, event
    cdef public int round, assignment, counter, extra, limit
    cdef public list table, face_up, suspected, success, totals, change, giulia
    cdef public dict laid, applied
    cdef public object made

    cpdef dict summary(self)


@cython.locals(facts=RoundFacts)
cpdef RoundFacts _round_facts(
    CapoTable state,
    dict laid,
    dict applied,
    list suspected,
    list success,
    list totals,
    int extra,
    int limit,
    list change,
    list giulia,
)

@cython.locals(table=list, laid=dict, applied=dict, suspected=list)
cpdef dict _summary(RoundFacts facts)
