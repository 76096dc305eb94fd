# Cython's view of keys.py (an augmenting .pxd; the pure path ignores it): the key table
# is an extension type, so the search calls its methods in C and keys a legal list in a
# C loop.
cimport cython


cdef class ActionKeys:
    cdef dict _tuples, _by_id, _by_value
    cdef list _alive
    cdef public list actions
    cpdef Py_ssize_t key(self, action) except -1
    @cython.locals(keys=list, by_id=dict, found=object)
    cpdef list of(self, legal)
    @cython.locals(keys=list, positions=dict, found=tuple)
    cpdef tuple index(self, legal)
    @cython.locals(key=object)
    cpdef Py_ssize_t _add(self, action) except -1
