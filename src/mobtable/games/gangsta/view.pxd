# Cython's view of view.py (an augmenting .pxd; the pure path ignores it): a view reads
# the table's zones as struct fields of its extension type, not through attribute lookups.
# (A typed argument accepts None; the one caller, ``GangstaState.view``, passes itself.)

cimport cython

from mobtable.games.gangsta.state cimport GangstaRules


@cython.locals(code=tuple, hands=list, trick=list, redrew=dict, voids=tuple,
               mafia_of_void=list, over=bint)
cpdef dict build_view(GangstaRules state, seat)
cpdef _last_raid(GangstaRules state, tuple code)
