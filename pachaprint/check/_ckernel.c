/* The crop solver's propagation and search, compiled.
 *
 * A line-for-line twin of CropSolver.propagate / _pointing / _search and of
 * settle() in pachaprint/check/solver.py, which stay the reference: the pure
 * Python code runs wherever this extension could not be built, and the tests
 * prove that both give the same domains and the same solutions in the same
 * order. Domains are bit masks (bit 1 << level, levels 1-5); a board has at
 * most 64 cells and a unit (a region of 2-5 cells) at most 5.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_CELLS 64
#define MAX_PEERS 24
#define MAX_UNIT 5

typedef struct {
    PyObject_HEAD
    int cells;
    int peer_count[MAX_CELLS];
    uint8_t peers[MAX_CELLS][MAX_PEERS];
    int units;
    int unit_size[MAX_CELLS];
    uint8_t unit_cells[MAX_CELLS][MAX_UNIT];
    uint8_t unit_full[MAX_CELLS];
    int unit_of[MAX_CELLS];
    int pointers;
    int pointing_size[MAX_CELLS];
    uint8_t pointing_cells[MAX_CELLS][MAX_UNIT];
    uint64_t pointing_touch[MAX_CELLS][MAX_UNIT];
    uint8_t pointing_full[MAX_CELLS];
    long nodes;
    uint64_t peer_mask[MAX_CELLS];
    /* naked subsets (built on first use): groups of 2 or 3 mutual peers and
     * the cells that are peers of every cell of the group */
    int groups_built;
    int group_count;
    uint8_t (*group_cells)[3];
    uint8_t *group_size;
    uint64_t *group_common;
} Kernel;

static int single(uint8_t d) { return d && !(d & (d - 1)); }

static int popcount(uint8_t d) {
    int n = 0;
    while (d) {
        d &= (uint8_t)(d - 1);
        n++;
    }
    return n;
}

static int lowest_bit(uint64_t mask) {
    int index = 0;
    while (!(mask & 1)) {
        mask >>= 1;
        index++;
    }
    return index;
}

static int level_of(uint8_t bit) {
    int level = 0;
    while (bit > 1) {
        bit >>= 1;
        level++;
    }
    return level;
}

/* settle(): placed-level eliminations and hidden singles (shared with the engine's proofs). */
#define SETTLE_KERNEL Kernel
#include "_csettle.h"

/* One pass of pointing. Writes the narrowed cells to `narrowed` and returns
 * their number, or -1 when a cell is left with no level. */
static int pointing_pass(Kernel *k, uint8_t *dom, int *narrowed) {
    int count = 0;
    for (int p = 0; p < k->pointers; p++) {
        uint8_t full = k->pointing_full[p];
        for (int level = 1; level <= 5; level++) {
            uint8_t bit = (uint8_t)(1u << level);
            if (!(full & bit)) break;
            uint64_t common = ~(uint64_t)0;
            int seen = 0;
            for (int i = 0; i < k->pointing_size[p]; i++) {
                uint8_t d = dom[k->pointing_cells[p][i]];
                if (d & bit) {
                    if (d == bit) {
                        common = 0;
                        break;
                    }
                    common &= k->pointing_touch[p][i];
                    seen = 1;
                }
            }
            if (!seen || !common) continue;
            while (common) {
                int peer = lowest_bit(common);
                common &= common - 1;
                uint8_t d = dom[peer];
                if (d & bit) {
                    d &= (uint8_t)~bit;
                    if (!d) return -1;
                    dom[peer] = d;
                    narrowed[count++] = peer;
                }
            }
        }
    }
    return count;
}

/* CropSolver.propagate: settle, then pointing, until nothing narrows.
 * Returns 1 when consistent, 0 on a contradiction. */
static int propagate(Kernel *k, uint8_t *dom, int *queue, int queued, int pointing, int every_unit) {
    int work[MAX_CELLS * 16];
    int narrowed[MAX_CELLS * 8];
    uint64_t touched = 0;
    if (every_unit) {
        touched = k->units >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << k->units) - 1);
    } else {
        for (int i = 0; i < queued; i++)
            if (k->unit_of[queue[i]] >= 0) touched |= (uint64_t)1 << k->unit_of[queue[i]];
    }
    memcpy(work, queue, sizeof(int) * (size_t)queued);
    for (;;) {
        if (settle(k, dom, work, queued, touched)) return 0;
        if (!pointing) return 1;
        int count = pointing_pass(k, dom, narrowed);
        if (count < 0) return 0;
        if (!count) return 1;
        queued = 0;
        touched = 0;
        for (int i = 0; i < count; i++) {
            int cell = narrowed[i];
            if (single(dom[cell])) work[queued++] = cell;
            if (k->unit_of[cell] >= 0) touched |= (uint64_t)1 << k->unit_of[cell];
        }
    }
}

/* CropSolver._search: branch on the first cell with the fewest levels. */
static int search(Kernel *k, const uint8_t *dom, PyObject *found, Py_ssize_t limit) {
    k->nodes++;
    int best = -1, best_count = 6;
    for (int cell = 0; cell < k->cells; cell++) {
        uint8_t d = dom[cell];
        if (d & (d - 1)) {
            int count = popcount(d);
            if (count < best_count) {
                best = cell;
                best_count = count;
                if (count == 2) break;
            }
        }
    }
    if (best < 0) {
        PyObject *solution = PyTuple_New(k->cells);
        if (!solution) return -1;
        for (int cell = 0; cell < k->cells; cell++)
            PyTuple_SET_ITEM(solution, cell, PyLong_FromLong(level_of(dom[cell])));
        int failed = PyList_Append(found, solution);
        Py_DECREF(solution);
        return failed;
    }
    uint8_t d = dom[best];
    for (int level = 1; level <= 5; level++) {
        uint8_t bit = (uint8_t)(1u << level);
        if (!(d & bit)) continue;
        uint8_t child[MAX_CELLS];
        memcpy(child, dom, (size_t)k->cells);
        child[best] = bit;
        int queue[1] = {best};
        if (propagate(k, child, queue, 1, 1, 0)) {
            if (search(k, child, found, limit)) return -1;
            if (PyList_GET_SIZE(found) >= limit) return 0;
        }
    }
    return 0;
}

/* -- grading: the closure of every technique up to a tier ------------------------- */

static int build_groups(Kernel *k) {
    int pairs = 0, triples = 0;
    for (int a = 0; a < k->cells; a++)
        for (int b = a + 1; b < k->cells; b++)
            if (k->peer_mask[a] >> b & 1) {
                pairs++;
                for (int c = b + 1; c < k->cells; c++)
                    if ((k->peer_mask[a] & k->peer_mask[b]) >> c & 1) triples++;
            }
    int total = pairs + triples;
    k->group_cells = PyMem_Malloc(sizeof(uint8_t[3]) * (size_t)(total ? total : 1));
    k->group_size = PyMem_Malloc((size_t)(total ? total : 1));
    k->group_common = PyMem_Malloc(sizeof(uint64_t) * (size_t)(total ? total : 1));
    if (!k->group_cells || !k->group_size || !k->group_common) {
        PyErr_NoMemory();
        return -1;
    }
    /* pairs first, then triples: the order the technique engine tries them */
    int n = 0;
    for (int a = 0; a < k->cells; a++)
        for (int b = a + 1; b < k->cells; b++)
            if (k->peer_mask[a] >> b & 1) {
                k->group_cells[n][0] = (uint8_t)a;
                k->group_cells[n][1] = (uint8_t)b;
                k->group_size[n] = 2;
                k->group_common[n++] = k->peer_mask[a] & k->peer_mask[b];
            }
    for (int a = 0; a < k->cells; a++)
        for (int b = a + 1; b < k->cells; b++)
            if (k->peer_mask[a] >> b & 1)
                for (int c = b + 1; c < k->cells; c++)
                    if ((k->peer_mask[a] & k->peer_mask[b]) >> c & 1) {
                        k->group_cells[n][0] = (uint8_t)a;
                        k->group_cells[n][1] = (uint8_t)b;
                        k->group_cells[n][2] = (uint8_t)c;
                        k->group_size[n] = 3;
                        k->group_common[n++] =
                            k->peer_mask[a] & k->peer_mask[b] & k->peer_mask[c];
                    }
    k->group_count = n;
    k->groups_built = 1;
    return 0;
}

/* Naked pairs and triples: a group of mutual peers, all undecided, with as
 * many levels between them as cells; those levels leave their common peers.
 * Returns 1 if a domain narrowed, 0 if none did, -1 if a cell was emptied. */
static int naked_subsets(Kernel *k, uint8_t *dom) {
    int changed = 0;
    for (int g = 0; g < k->group_count; g++) {
        uint8_t all = 0;
        int size = k->group_size[g], undecided = 1;
        for (int i = 0; i < size; i++) {
            uint8_t d = dom[k->group_cells[g][i]];
            if (!(d & (d - 1))) {
                undecided = 0;
                break;
            }
            all |= d;
        }
        if (!undecided || popcount(all) != size) continue;
        for (uint64_t common = k->group_common[g]; common; common &= common - 1) {
            int t = lowest_bit(common);
            if (dom[t] & all) {
                dom[t] &= (uint8_t)~all;
                if (!dom[t]) return -1;
                changed = 1;
            }
        }
    }
    return changed;
}

/* Hidden pairs and triples: `size` levels that fit only the same `size` cells
 * of a region (each level in at least two of them) fill those cells. */
static int fill_cells(Kernel *k, uint8_t *dom, int u, int cells, uint8_t keep, int size) {
    if (popcount((uint8_t)cells) != size) return 0;
    int changed = 0;
    for (int i = 0; i < k->unit_size[u]; i++) {
        uint8_t *d = &dom[k->unit_cells[u][i]];
        if (cells >> i & 1 && *d & (uint8_t)~keep) {
            *d &= keep;
            changed = 1;
        }
    }
    return changed;
}

static int hidden_subsets(Kernel *k, uint8_t *dom, int size) {
    int changed = 0;
    for (int u = 0; u < k->units; u++) {
        int n = k->unit_size[u];
        if (n <= size) continue;
        int spots[6] = {0}, levels[6], count = 0;
        for (int level = 1; level <= n; level++) {
            int places = 0;
            for (int i = 0; i < n; i++)
                if (dom[k->unit_cells[u][i]] >> level & 1) {
                    spots[level] |= 1 << i;
                    places++;
                }
            if (places > 1) levels[count++] = level;
        }
        for (int a = 0; a < count; a++)
            for (int b = a + 1; b < count; b++) {
                int cells = spots[levels[a]] | spots[levels[b]];
                uint8_t keep = (uint8_t)(1u << levels[a] | 1u << levels[b]);
                if (size == 2) {
                    changed |= fill_cells(k, dom, u, cells, keep, 2);
                    continue;
                }
                for (int c = b + 1; c < count; c++)
                    changed |= fill_cells(k, dom, u, cells | spots[levels[c]],
                                          (uint8_t)(keep | 1u << levels[c]), 3);
            }
    }
    return changed;
}

/* Short contradiction: a level whose trial, followed by the easy steps
 * (settle over every region), ends in a conflict is ruled out. */
static int contradictions(Kernel *k, uint8_t *dom) {
    int changed = 0;
    uint64_t every = k->units >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << k->units) - 1);
    for (int cell = 0; cell < k->cells; cell++) {
        uint8_t d = dom[cell];
        if (!(d & (d - 1))) continue;
        for (int level = 1; level <= 5; level++) {
            uint8_t bit = (uint8_t)(1u << level);
            if (!(dom[cell] & bit)) continue;
            uint8_t trial[MAX_CELLS];
            int queue[MAX_CELLS * 16];
            memcpy(trial, dom, (size_t)k->cells);
            trial[cell] = bit;
            queue[0] = cell;
            if (settle(k, trial, queue, 1, every)) {
                dom[cell] &= (uint8_t)~bit;
                if (!dom[cell]) return -1;
                changed = 1;
            }
        }
    }
    return changed;
}

/* The closure of every technique of tiers 0 (easy) to `tier` (3 = expert).
 * Returns 1 when consistent, 0 on a contradiction. */
static int closure(Kernel *k, uint8_t *dom, int tier) {
    if (tier >= 2 && !k->groups_built && build_groups(k)) return -1;
    for (;;) {
        int queue[MAX_CELLS];
        int queued = 0;
        for (int c = 0; c < k->cells; c++)
            if (single(dom[c])) queue[queued++] = c;
        if (!propagate(k, dom, queue, queued, tier >= 1, 1)) return 0;
        int changed = 0;
        if (tier >= 2) {
            int steps[3];
            steps[0] = naked_subsets(k, dom);
            steps[1] = hidden_subsets(k, dom, 2);
            steps[2] = hidden_subsets(k, dom, 3);
            for (int i = 0; i < 3; i++) {
                if (steps[i] < 0) return 0;
                changed |= steps[i];
            }
        }
        if (!changed && tier >= 3) {
            changed = contradictions(k, dom);
            if (changed < 0) return 0;
        }
        if (!changed) return 1;
    }
}

/* -- conversions ------------------------------------------------------------ */

static int read_ints(PyObject *sequence, int *out, int most, const char *what) {
    PyObject *fast = PySequence_Fast(sequence, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: more than %d items", what, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)value;
    }
    Py_DECREF(fast);
    return (int)n;
}

static int read_domains(Kernel *k, PyObject *list, uint8_t *dom) {
    int values[MAX_CELLS];
    int n = read_ints(list, values, MAX_CELLS, "domains");
    if (n < 0) return -1;
    if (n != k->cells) {
        PyErr_SetString(PyExc_ValueError, "domains: one mask per cell");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (values[i] < 0 || values[i] > 62) {
            PyErr_SetString(PyExc_ValueError, "domains: masks of levels 1-5");
            return -1;
        }
        dom[i] = (uint8_t)values[i];
    }
    return 0;
}

static PyObject *domains_list(Kernel *k, const uint8_t *dom) {
    PyObject *list = PyList_New(k->cells);
    if (!list) return NULL;
    for (int i = 0; i < k->cells; i++) PyList_SET_ITEM(list, i, PyLong_FromLong(dom[i]));
    return list;
}

/* -- the Kernel type ---------------------------------------------------------- */

static int Kernel_init(Kernel *self, PyObject *args, PyObject *kwargs) {
    PyObject *peers, *units, *unit_of, *pointing;
    static char *names[] = {"peers", "units", "unit_of", "pointing", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOO", names, &peers, &units, &unit_of, &pointing))
        return -1;
    int values[MAX_CELLS];
    self->cells = read_ints(unit_of, self->unit_of, MAX_CELLS, "unit_of");
    if (self->cells < 0) return -1;
    PyObject *fast = PySequence_Fast(peers, "peers");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != self->cells) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "peers: one entry per cell");
        return -1;
    }
    for (int c = 0; c < self->cells; c++) {
        int n = read_ints(PySequence_Fast_GET_ITEM(fast, c), values, MAX_PEERS, "peers of a cell");
        if (n < 0) {
            Py_DECREF(fast);
            return -1;
        }
        self->peer_count[c] = n;
        self->peer_mask[c] = 0;
        for (int i = 0; i < n; i++) {
            if (values[i] < 0 || values[i] >= MAX_CELLS) {
                Py_DECREF(fast);
                PyErr_SetString(PyExc_ValueError, "peers: cell out of range");
                return -1;
            }
            self->peers[c][i] = (uint8_t)values[i];
            self->peer_mask[c] |= (uint64_t)1 << values[i];
        }
    }
    Py_DECREF(fast);

    fast = PySequence_Fast(units, "units");
    if (!fast) return -1;
    self->units = (int)PySequence_Fast_GET_SIZE(fast);
    if (self->units > 63) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "units: at most 63");
        return -1;
    }
    for (int u = 0; u < self->units; u++) {
        PyObject *cells, *full;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, u), "OO", &cells, &full)) {
            Py_DECREF(fast);
            return -1;
        }
        int n = read_ints(cells, values, MAX_UNIT, "cells of a unit");
        if (n < 0) {
            Py_DECREF(fast);
            return -1;
        }
        self->unit_size[u] = n;
        for (int i = 0; i < n; i++) self->unit_cells[u][i] = (uint8_t)values[i];
        self->unit_full[u] = (uint8_t)PyLong_AsLong(full);
    }
    Py_DECREF(fast);

    fast = PySequence_Fast(pointing, "pointing");
    if (!fast) return -1;
    self->pointers = (int)PySequence_Fast_GET_SIZE(fast);
    if (self->pointers > MAX_CELLS) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "pointing: too many regions");
        return -1;
    }
    for (int p = 0; p < self->pointers; p++) {
        PyObject *cells, *touches, *full;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, p), "OOO", &cells, &touches, &full)) {
            Py_DECREF(fast);
            return -1;
        }
        int n = read_ints(cells, values, MAX_UNIT, "cells of a region");
        PyObject *touch = PySequence_Fast(touches, "touches");
        if (n < 0 || !touch || PySequence_Fast_GET_SIZE(touch) != n) {
            Py_XDECREF(touch);
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "touches: one mask per cell");
            return -1;
        }
        self->pointing_size[p] = n;
        for (int i = 0; i < n; i++) {
            self->pointing_cells[p][i] = (uint8_t)values[i];
            self->pointing_touch[p][i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(touch, i));
        }
        Py_DECREF(touch);
        self->pointing_full[p] = (uint8_t)PyLong_AsLong(full);
    }
    Py_DECREF(fast);
    if (PyErr_Occurred()) return -1;
    self->nodes = 0;
    PyMem_Free(self->group_cells);
    PyMem_Free(self->group_size);
    PyMem_Free(self->group_common);
    self->group_cells = NULL;
    self->group_size = NULL;
    self->group_common = NULL;
    self->groups_built = 0;
    return 0;
}

static void Kernel_dealloc(Kernel *self) {
    PyMem_Free(self->group_cells);
    PyMem_Free(self->group_size);
    PyMem_Free(self->group_common);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Kernel_closure(Kernel *self, PyObject *args) {
    PyObject *domains;
    int tier;
    if (!PyArg_ParseTuple(args, "Oi", &domains, &tier)) return NULL;
    uint8_t dom[MAX_CELLS];
    if (read_domains(self, domains, dom)) return NULL;
    int consistent = closure(self, dom, tier);
    if (consistent < 0) return NULL;
    if (!consistent) Py_RETURN_NONE;
    return domains_list(self, dom);
}

static PyObject *Kernel_propagate(Kernel *self, PyObject *args) {
    PyObject *domains, *queue_list;
    int pointing, every_unit;
    if (!PyArg_ParseTuple(args, "OOpp", &domains, &queue_list, &pointing, &every_unit)) return NULL;
    uint8_t dom[MAX_CELLS];
    if (read_domains(self, domains, dom)) return NULL;
    int queue[MAX_CELLS * 16];
    int queued = read_ints(queue_list, queue, MAX_CELLS, "queue");
    if (queued < 0) return NULL;
    for (int i = 0; i < queued; i++) {
        if (queue[i] < 0 || queue[i] >= self->cells) {
            PyErr_SetString(PyExc_ValueError, "queue: cell out of range");
            return NULL;
        }
    }
    if (!propagate(self, dom, queue, queued, pointing, every_unit)) Py_RETURN_NONE;
    return domains_list(self, dom);
}

static PyObject *Kernel_solutions(Kernel *self, PyObject *args) {
    PyObject *domains;
    Py_ssize_t limit;
    if (!PyArg_ParseTuple(args, "On", &domains, &limit)) return NULL;
    uint8_t dom[MAX_CELLS];
    if (read_domains(self, domains, dom)) return NULL;
    PyObject *found = PyList_New(0);
    if (!found) return NULL;
    self->nodes = 0;
    if (limit > 0 && search(self, dom, found, limit)) {
        Py_DECREF(found);
        return NULL;
    }
    return Py_BuildValue("(Nl)", found, self->nodes);
}

static PyMethodDef Kernel_methods[] = {
    {"propagate", (PyCFunction)Kernel_propagate, METH_VARARGS,
     "propagate(domains, queue, pointing, every_unit) -> new domains, or None on a contradiction"},
    {"closure", (PyCFunction)Kernel_closure, METH_VARARGS,
     "closure(domains, tier) -> domains after every technique of tiers 0 (easy) to tier "
     "(3, expert), or None on a contradiction"},
    {"solutions", (PyCFunction)Kernel_solutions, METH_VARARGS,
     "solutions(domains, limit) -> (up to limit solutions as tuples of levels, search nodes)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pachaprint.check._ckernel.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The crop solver's propagation and search for one terrain map.",
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_init = (initproc)Kernel_init,
    .tp_methods = Kernel_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_ckernel",
    .m_doc = "The crop solver's propagation and search, compiled.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__ckernel(void) {
    if (PyType_Ready(&KernelType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
