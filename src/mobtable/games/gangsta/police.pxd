# Cython's view of police.py (an augmenting .pxd; the pure path ignores it): a raid
# reads and empties the table through its typed fields.

cimport cython

from mobtable.games.gangsta.table cimport GangstaTable


@cython.locals(state=GangstaTable, index=cython.int, grid=list, cells=list)
cpdef raid(state)
