# Cython's view of playout.py (an augmenting .pxd; the pure path ignores it): the rollout
# reads the sample's typed fields and calls the rules' methods in C.

cimport cython

from mobtable.games.capo.crews cimport CrewTest
from mobtable.games.capo.state cimport CapoRules


@cython.locals(seat=int, suspect=bint, failing=list, targets=list, table=list, left=list,
               test=CrewTest)
cpdef playout(CapoRules state, rng, progress=*, limit=*, noise=*)
