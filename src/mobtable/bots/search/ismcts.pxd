# Cython's view of ismcts.py (an augmenting .pxd; the pure path ignores it): an iteration
# walks typed nodes and edges, so selecting, keying and backing up are C calls.
cimport cython

from mobtable.bots.search.keys cimport ActionKeys
from mobtable.bots.search.tree cimport Node, SeatEdges


cdef class _Iteration:
    cdef public object decision, evaluator, params, rollout, guide, players, count
    cdef public Node root
    cdef public ActionKeys keys
    @cython.locals(keys=ActionKeys, path=list, node=Node, child=Node, edges=SeatEdges,
                   legal_keys=list, positions=dict, position=Py_ssize_t)
    cpdef iterate(self, rng, forced=*, sample=*)


@cython.locals(edges=SeatEdges, joint=list, applied=list, legal_keys=list, positions=dict,
               position=Py_ssize_t)
cpdef _simultaneous(Node node, state, pending, rng, params, guide, list path, me, forced,
                    ActionKeys keys)
