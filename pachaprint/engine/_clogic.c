/* The logician's proofs, compiled: twins of analyse() in logic.py and prove() in proofs.py.
 *
 * analyse() turns a table (terrain and crop per cell, terrain tiles left) into
 * sound knowledge: components, where each terrain may lie, region bounds, crop
 * domains and the constraints between undecided cells; prove() refutes levels
 * by propagation and a node-limited search. Propagation is settle() of the crop
 * solver's kernel (check/_csettle.h). Every step keeps the Python order, so
 * both give the same domains, the same proofs and the same inconsistencies.
 */
#include "_cengine.h"

#define LOGIC_PEERS 16
#define REGION_MAX 5
#define GROUP_LIMIT 20

typedef struct {
    int cells;
    int peer_count[MAX_CELLS];
    uint8_t peers[MAX_CELLS][LOGIC_PEERS];
    int units;
    int unit_size[MAX_CELLS];
    uint8_t unit_cells[MAX_CELLS][REGION_MAX];
    uint8_t unit_full[MAX_CELLS];
    int unit_of[MAX_CELLS];
} Links;

#define SETTLE_KERNEL Links
#include "../check/_csettle.h"

typedef struct {
    int terrain, size, upper, lower;
    uint64_t mask, halo;
} Component;

/* What analyse() proves; a Python object so that prove() can follow it. */
typedef struct {
    PyObject_HEAD
    Links links;
    int width;
    uint8_t domains[MAX_CELLS];
    uint8_t alive[MAX_CELLS];  /* levels seen in a solution of a search */
    int8_t proven[MAX_CELLS];  /* -2 not tried, -1 not proven, else the level */
    int components;
    Component component[MAX_CELLS];
    int component_of[MAX_CELLS];
    uint64_t possible[TERRAINS];
} Knowledge;

/* Why a table breaks the rules (logic.Inconsistent), in the words logic.py formats. */
enum {
    LOST_REGION = 1, /* a: cell */
    TOO_FEW_CELLS,   /* a: tiles, b: terrain, c: cells */
    NO_TERRAIN,      /* a: cell */
    TWO_LEVELS,      /* a: cell, b: level */
    NO_LEVEL,        /* a: cell */
    CROPS_BREAK,
    TOO_MANY_UNITS,  /* not modelled: the Python code decides */
};

typedef struct {
    int kind, a, b, c;
} Verdict;

static inline int full_levels(int n) { return (1 << (n + 1)) - 2; }
static inline int popcount64(uint64_t m) { return __builtin_popcountll(m); }
static inline int low_bit(uint64_t m) { return __builtin_ctzll(m); }

static uint64_t grow_within(const Geo *g, uint64_t seed, uint64_t within) {
    uint64_t done = seed, frontier = seed;
    while (frontier) {
        frontier = (((frontier << 1) & g->nf) | ((frontier >> 1) & g->nl) | (frontier << g->w) |
                    (frontier >> g->w)) & within & ~done;
        done |= frontier;
    }
    return done;
}

static void near8_masks(const Geo *g, uint64_t *near8) {
    for (int c = 0; c < g->n; c++) {
        int column = c % g->w, row = c / g->w;
        uint64_t m = 0;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                int x = column + dc, y = row + dr;
                if ((dr || dc) && x >= 0 && x < g->w && y >= 0 && y < g->h)
                    m |= (uint64_t)1 << (y * g->w + x);
            }
        near8[c] = m;
    }
}

static int propagate(const Links *k, uint8_t *dom, const int *queue, int queued, int every_unit) {
    int work[MAX_CELLS * 16];
    uint64_t touched = 0;
    if (every_unit) {
        touched = k->units >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << k->units) - 1);
    } else {
        for (int i = 0; i < queued; i++)
            if (k->unit_of[queue[i]] >= 0) touched |= (uint64_t)1 << k->unit_of[queue[i]];
    }
    memcpy(work, queue, sizeof(int) * (size_t)queued);
    return settle(k, dom, work, queued, touched) == 0;
}

static void set_units(Knowledge *kn, const int *chosen, int count) {
    Links *k = &kn->links;
    for (int c = 0; c < k->cells; c++) k->unit_of[c] = -1;
    k->units = count;
    for (int u = 0; u < count; u++) {
        const Component *comp = &kn->component[chosen[u]];
        int i = 0;
        for (uint64_t m = comp->mask; m; m &= m - 1) {
            int cell = low_bit(m);
            k->unit_cells[u][i++] = (uint8_t)cell;
            k->unit_of[cell] = u;
        }
        k->unit_size[u] = i;
        k->unit_full[u] = (uint8_t)full_levels(comp->size);
    }
}

/* logic.analyse */
static int analyse(Knowledge *kn, int width, int height, const int *terrain, const int *crop,
                   const int *supply, Verdict *v) {
    Geo geo;
    geo_init(&geo, width, height);
    const Geo *g = &geo;
    int n = g->n;
    uint64_t near8[MAX_CELLS], by_terrain[TERRAINS] = {0}, by_level[6] = {0}, hidden = 0;
    near8_masks(g, near8);
    kn->width = width;
    for (int c = 0; c < n; c++) {
        if (terrain[c] < 0) {
            hidden |= (uint64_t)1 << c;
        } else {
            by_terrain[terrain[c]] |= (uint64_t)1 << c;
            by_level[crop[c]] |= (uint64_t)1 << c;
        }
    }
    uint64_t open_cells = by_level[0] & g->all & ~hidden;

    /* 1. components, terrain by terrain, each from its lowest cell */
    int count = 0;
    for (int c = 0; c < n; c++) kn->component_of[c] = -1;
    for (int t = 0; t < TERRAINS; t++) {
        for (uint64_t left = by_terrain[t]; left;) {
            uint64_t mask = grow_within(g, left & (~left + 1), by_terrain[t]), halo = 0;
            for (uint64_t m = mask; m; m &= m - 1) {
                halo |= near8[low_bit(m)];
                kn->component_of[low_bit(m)] = count;
            }
            int top = 5;
            while (top && !(by_level[top] & mask)) top--;
            Component *comp = &kn->component[count++];
            comp->terrain = t;
            comp->mask = mask;
            comp->size = popcount64(mask);
            comp->upper = REGION_MAX;
            comp->lower = comp->size > top ? comp->size : top;
            comp->halo = halo & ~mask & hidden;
            left &= ~mask;
        }
    }
    kn->components = count;

    /* 2 + 3. where terrains may lie, region bounds, to a fixpoint */
    uint64_t *possible = kn->possible;
    int touch[TERRAINS][MAX_CELLS] = {{0}};
    for (int t = 0; t < TERRAINS; t++) possible[t] = supply[t] > 0 ? hidden : 0;
    for (int i = 0; i < count; i++) {
        const Component *comp = &kn->component[i];
        for (uint64_t m = comp->halo; m; m &= m - 1) {
            int u = low_bit(m);
            touch[comp->terrain][u] += comp->size;
            if (touch[comp->terrain][u] >= REGION_MAX) possible[comp->terrain] &= ~((uint64_t)1 << u);
        }
    }
    int dirty = (1 << TERRAINS) - 1;
    while (dirty) {
        int changed = 0;
        for (int i = 0; i < count; i++) {
            Component *comp = &kn->component[i];
            int t = comp->terrain;
            if (!(dirty >> t & 1) || comp->upper == comp->size) continue;
            uint64_t grow = grow_within(g, comp->mask, possible[t] | by_terrain[t]);
            int others = popcount64(grow & by_terrain[t] & ~comp->mask);
            int upper = REGION_MAX;
            if (popcount64(grow) < upper) upper = popcount64(grow);
            if (comp->size + supply[t] + others < upper) upper = comp->size + supply[t] + others;
            if (upper < comp->lower) {
                *v = (Verdict){LOST_REGION, low_bit(comp->mask), 0, 0};
                return -1;
            }
            if (upper < comp->upper) {
                comp->upper = upper;
                if (upper == comp->size && (possible[t] & comp->halo)) {
                    possible[t] &= ~comp->halo;
                    changed |= 1 << t;
                }
            }
        }
        for (int t = 0; t < TERRAINS; t++) {
            int cells = popcount64(possible[t]);
            if (cells < supply[t]) {
                *v = (Verdict){TOO_FEW_CELLS, supply[t], t, cells};
                return -1;
            }
            if (cells && cells == supply[t])
                for (int other = 0; other < TERRAINS; other++)
                    if (other != t && (possible[other] & possible[t])) {
                        possible[other] &= ~possible[t];
                        changed |= 1 << other;
                    }
        }
        dirty = changed;
    }
    uint64_t lost = hidden & ~(possible[0] | possible[1] | possible[2] | possible[3]);
    if (lost) {
        *v = (Verdict){NO_TERRAIN, low_bit(lost), 0, 0};
        return -1;
    }

    /* 4. domains and constraints; peers link undecided cells only */
    uint8_t *dom = kn->domains;
    for (int c = 0; c < n; c++) dom[c] = 0;
    for (uint64_t m = open_cells; m; m &= m - 1) {
        int c = low_bit(m);
        dom[c] = (uint8_t)full_levels(kn->component[kn->component_of[c]].upper);
    }
    for (int level = 1; level <= 5; level++) {
        uint64_t placed = by_level[level];
        if (!placed) continue;
        uint8_t bit = (uint8_t)(1 << level);
        uint64_t block = placed | ((placed << 1) & g->nf) | ((placed >> 1) & g->nl);
        block = (block | (block << g->w) | (block >> g->w)) & g->all;
        for (int i = 0; i < count; i++)
            if (kn->component[i].mask & placed) block |= kn->component[i].mask;
        for (uint64_t m = placed; m; m &= m - 1) {
            int c = low_bit(m);
            dom[c] = bit;
            uint64_t around = near8[c] | kn->component[kn->component_of[c]].mask;
            if (around & placed & ~((uint64_t)1 << c)) {
                *v = (Verdict){TWO_LEVELS, c, level, 0};
                return -1;
            }
        }
        for (uint64_t m = block & open_cells; m; m &= m - 1) dom[low_bit(m)] &= (uint8_t)~bit;
    }
    Links *k = &kn->links;
    k->cells = n;
    for (int c = 0; c < n; c++) k->peer_count[c] = 0;
    for (uint64_t m = open_cells; m; m &= m - 1) {
        int c = low_bit(m);
        uint64_t peers = (near8[c] | kn->component[kn->component_of[c]].mask) & open_cells &
                         ~((uint64_t)1 << c);
        for (; peers; peers &= peers - 1) k->peers[c][k->peer_count[c]++] = (uint8_t)low_bit(peers);
    }
    int chosen[MAX_CELLS] = {0}, units = 0;
    for (int i = 0; i < count; i++) {
        const Component *comp = &kn->component[i];
        if (comp->upper == comp->size && comp->size > 1 && (comp->mask & open_cells))
            chosen[units++] = i;
    }
    if (units > 63) {
        *v = (Verdict){TOO_MANY_UNITS, 0, 0, 0};
        return -1;
    }
    set_units(kn, chosen, units);
    for (uint64_t m = open_cells; m; m &= m - 1)
        if (!dom[low_bit(m)]) {
            *v = (Verdict){NO_LEVEL, low_bit(m), 0, 0};
            return -1;
        }
    int queue[MAX_CELLS], queued = 0;
    for (uint64_t m = open_cells; m; m &= m - 1) {
        uint8_t d = dom[low_bit(m)];
        if (!(d & (d - 1))) queue[queued++] = low_bit(m);
    }
    if (!propagate(k, dom, queue, queued, 1)) {
        *v = (Verdict){CROPS_BREAK, 0, 0, 0};
        return -1;
    }
    /* units whose cells are all decided can give nothing more */
    int kept = 0;
    for (int u = 0; u < units; u++) {
        const Component *comp = &kn->component[chosen[u]];
        int undecided = 0;
        for (uint64_t m = comp->mask; m; m &= m - 1) {
            uint8_t d = dom[low_bit(m)];
            undecided |= (d & (d - 1)) != 0;
        }
        if (undecided) chosen[kept++] = chosen[u];
    }
    set_units(kn, chosen, kept);
    for (int c = 0; c < n; c++) {
        kn->alive[c] = 0;
        kn->proven[c] = -2;
    }
    return 0;
}

/* -- proofs.py ---------------------------------------------------------------------------- */

/* proofs._search: a solution of `group` (written to `out`), 0 if none, -1 if the budget ran out. */
static int search(const Links *k, const uint8_t *dom, const int *group, int size, long *budget,
                  uint8_t *out) {
    if (--*budget < 0) return -1;
    int best = -1, best_count = 6;
    for (int i = 0; i < size; i++) {
        uint8_t d = dom[group[i]];
        if (d & (d - 1)) {
            int c = __builtin_popcount(d);
            if (c < best_count) {
                best = group[i];
                best_count = c;
                if (c == 2) break;
            }
        }
    }
    if (best < 0) {
        memcpy(out, dom, (size_t)k->cells);
        return 1;
    }
    uint8_t d = dom[best];
    int unknown = 0;
    for (int level = 1; level <= 5; level++) {
        uint8_t bit = (uint8_t)(1 << level);
        if (!(d & bit)) continue;
        uint8_t child[MAX_CELLS];
        memcpy(child, dom, (size_t)k->cells);
        child[best] = bit;
        if (propagate(k, child, &best, 1, 0)) {
            int found = search(k, child, group, size, budget, out);
            if (found > 0) return 1;
            if (found < 0) {
                unknown = 1;
                if (*budget < 0) return -1;
            }
        }
    }
    return unknown ? -1 : 0;
}

/* proofs._undecided_group: undecided cells linked to `cell`, nearest first */
static int undecided_group(const Knowledge *kn, int cell, int *group) {
    const Links *k = &kn->links;
    uint64_t seen = (uint64_t)1 << cell;
    int size = 1;
    group[0] = cell;
    for (int i = 0; i < size; i++) {
        int c = group[i];
        for (int j = 0; j < k->peer_count[c]; j++) {
            int peer = k->peers[c][j];
            if (seen >> peer & 1) continue;
            uint8_t d = kn->domains[peer];
            if (d & (d - 1)) {
                seen |= (uint64_t)1 << peer;
                group[size++] = peer;
                if (size >= GROUP_LIMIT) return size;
            }
        }
    }
    return size;
}

/* proofs._refute: the one level of `cell` that survives refutation, 0 for none, -1 if no
 * level fits at all (an inconsistency). */
static int refute(Knowledge *kn, int cell, long node_limit, int search_width) {
    const Links *k = &kn->links;
    uint8_t d = kn->domains[cell];
    int survivors[5], count = 0;
    for (int level = 1; level <= 5; level++) {
        if (!(d >> level & 1)) continue;
        uint8_t trial[MAX_CELLS];
        memcpy(trial, kn->domains, (size_t)k->cells);
        trial[cell] = (uint8_t)(1 << level);
        if (propagate(k, trial, &cell, 1, 0)) survivors[count++] = level;
    }
    if (count == 1) return survivors[0];
    if (!count) return -1;
    if (count > search_width) return 0;
    int group[GROUP_LIMIT];
    int size = undecided_group(kn, cell, group);
    uint8_t seen = kn->alive[cell];
    for (int i = 0; i < count; i++) {
        uint8_t bit = (uint8_t)(1 << survivors[i]);
        if (seen & bit) continue;
        if (seen & (seen - 1)) return 0;
        /* proofs._solve_with */
        uint8_t dom[MAX_CELLS], solution[MAX_CELLS];
        memcpy(dom, kn->domains, (size_t)k->cells);
        dom[cell] = bit;
        if (!propagate(k, dom, &cell, 1, 0)) continue;
        long budget = node_limit;
        int found = search(k, dom, group, size, &budget, solution);
        if (found < 0) {
            seen |= bit;
        } else if (found > 0) {
            for (int j = 0; j < size; j++) kn->alive[group[j]] |= solution[group[j]];
            seen |= bit;
        }
    }
    if (seen && !(seen & (seen - 1))) return __builtin_ctz(seen);
    return 0;
}

/* -- the Python face ------------------------------------------------------------------------ */

static PyTypeObject KnowledgeType;

static PyObject *list_of_ints(const int *values, int count) {
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (int i = 0; i < count; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(values[i]));
    return out;
}

/* analyse(width, height, terrain, crop, supply) -> Knowledge, or (kind, a, b, c) when the
 * table breaks the rules */
PyObject *logic_analyse(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "analyse() takes 5 arguments");
        return NULL;
    }
    long width = PyLong_AsLong(args[0]), height = PyLong_AsLong(args[1]);
    if (PyErr_Occurred()) return NULL;
    if (width < 1 || height < 1 || width * height > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "board out of range");
        return NULL;
    }
    int n = (int)(width * height), terrain[MAX_CELLS], crop[MAX_CELLS], supply[TERRAINS];
    PyObject *seqs[3] = {args[2], args[3], args[4]};
    int *outs[3] = {terrain, crop, supply};
    int sizes[3] = {n, n, TERRAINS};
    for (int s = 0; s < 3; s++) {
        PyObject *fast = PySequence_Fast(seqs[s], "analyse: a sequence of ints");
        if (!fast) return NULL;
        if (PySequence_Fast_GET_SIZE(fast) != sizes[s]) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "analyse: one value per cell, one per terrain");
            return NULL;
        }
        for (int i = 0; i < sizes[s]; i++) outs[s][i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        Py_DECREF(fast);
        if (PyErr_Occurred()) return NULL;
    }
    for (int c = 0; c < n; c++)
        if (terrain[c] < -1 || terrain[c] >= TERRAINS || crop[c] < 0 || crop[c] > 5) {
            PyErr_SetString(PyExc_ValueError, "analyse: terrain -1..3 and crop 0..5");
            return NULL;
        }
    Knowledge *kn = (Knowledge *)KnowledgeType.tp_alloc(&KnowledgeType, 0);
    if (!kn) return NULL;
    Verdict v = {0, 0, 0, 0};
    if (analyse(kn, (int)width, (int)height, terrain, crop, supply, &v)) {
        Py_DECREF(kn);
        return Py_BuildValue("(iiii)", v.kind, v.a, v.b, v.c);
    }
    return (PyObject *)kn;
}

static PyObject *Knowledge_domains(Knowledge *self, PyObject *Py_UNUSED(ignored)) {
    int domains[MAX_CELLS];
    for (int c = 0; c < self->links.cells; c++) domains[c] = self->domains[c];
    return list_of_ints(domains, self->links.cells);
}

static PyObject *Knowledge_possible(Knowledge *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *out = PyList_New(TERRAINS);
    if (!out) return NULL;
    for (int t = 0; t < TERRAINS; t++)
        PyList_SET_ITEM(out, t, PyLong_FromUnsignedLongLong(self->possible[t]));
    return out;
}

/* Knowledge.prove(cells, node_limit, search_width) -> {cell: level}, or the cell where no
 * level fits as an int */
static PyObject *Knowledge_prove(Knowledge *self, PyObject *args) {
    PyObject *cells;
    long node_limit;
    int search_width;
    if (!PyArg_ParseTuple(args, "Oli", &cells, &node_limit, &search_width)) return NULL;
    PyObject *iterator = PyObject_GetIter(cells), *item;
    if (!iterator) return NULL;
    PyObject *proven = PyDict_New();
    if (!proven) {
        Py_DECREF(iterator);
        return NULL;
    }
    int n = self->links.cells;
    while ((item = PyIter_Next(iterator))) {
        long cell = PyLong_AsLong(item);
        Py_DECREF(item);
        if (cell == -1 && PyErr_Occurred()) break;
        if (cell < 0 || cell >= n) {
            PyErr_SetString(PyExc_ValueError, "prove: cell off the board");
            break;
        }
        int result = self->proven[cell];
        if (result == -2) {
            uint8_t d = self->domains[cell];
            if (!d) continue;
            if (!(d & (d - 1))) {
                result = __builtin_ctz(d);
            } else {
                result = refute(self, (int)cell, node_limit, search_width);
                if (result < 0) {
                    Py_DECREF(iterator);
                    Py_DECREF(proven);
                    return PyLong_FromLong(cell);
                }
            }
            self->proven[cell] = (int8_t)(result ? result : -1);
        }
        if (self->proven[cell] > 0) {
            PyObject *key = PyLong_FromLong(cell), *value = PyLong_FromLong(self->proven[cell]);
            int failed = !key || !value || PyDict_SetItem(proven, key, value) < 0;
            Py_XDECREF(key);
            Py_XDECREF(value);
            if (failed) break;
        }
    }
    Py_DECREF(iterator);
    if (PyErr_Occurred()) {
        Py_DECREF(proven);
        return NULL;
    }
    return proven;
}

/* Knowledge.components() -> [(terrain, mask, size, upper, lower)] and component_of */
static PyObject *Knowledge_components(Knowledge *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *rows = PyList_New(self->components);
    if (!rows) return NULL;
    for (int i = 0; i < self->components; i++) {
        const Component *c = &self->component[i];
        PyObject *row = Py_BuildValue("(iKiii)", c->terrain, (unsigned long long)c->mask, c->size,
                                      c->upper, c->lower);
        if (!row) {
            Py_DECREF(rows);
            return NULL;
        }
        PyList_SET_ITEM(rows, i, row);
    }
    PyObject *of = list_of_ints(self->component_of, self->links.cells);
    if (!of) {
        Py_DECREF(rows);
        return NULL;
    }
    return Py_BuildValue("(NN)", rows, of);
}

/* Knowledge.links() -> (peers, units, unit_of) as logic.Knowledge keeps them */
static PyObject *Knowledge_links(Knowledge *self, PyObject *Py_UNUSED(ignored)) {
    const Links *k = &self->links;
    PyObject *peers = PyList_New(k->cells), *units = PyList_New(k->units);
    PyObject *unit_of = list_of_ints(k->unit_of, k->cells);
    if (!peers || !units || !unit_of) goto fail;
    for (int c = 0; c < k->cells; c++) {
        PyObject *row = PyTuple_New(k->peer_count[c]);
        if (!row) goto fail;
        for (int i = 0; i < k->peer_count[c]; i++) PyTuple_SET_ITEM(row, i, PyLong_FromLong(k->peers[c][i]));
        PyList_SET_ITEM(peers, c, row);
    }
    for (int u = 0; u < k->units; u++) {
        PyObject *cells = PyTuple_New(k->unit_size[u]);
        if (!cells) goto fail;
        for (int i = 0; i < k->unit_size[u]; i++) PyTuple_SET_ITEM(cells, i, PyLong_FromLong(k->unit_cells[u][i]));
        PyList_SET_ITEM(units, u, Py_BuildValue("(Ni)", cells, k->unit_full[u]));
    }
    return Py_BuildValue("(NNN)", peers, units, unit_of);
fail:
    Py_XDECREF(peers);
    Py_XDECREF(units);
    Py_XDECREF(unit_of);
    return NULL;
}

/* Knowledge.certain_levels(cells) -> {cell: level} for the cells of the mask whose domain
 * holds one level */
static PyObject *Knowledge_certain_levels(Knowledge *self, PyObject *arg) {
    uint64_t cells = PyLong_AsUnsignedLongLong(arg);
    if (cells == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    for (cells &= self->links.cells >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << self->links.cells) - 1);
         cells; cells &= cells - 1) {
        int cell = low_bit(cells);
        uint8_t d = self->domains[cell];
        if (!d || (d & (d - 1))) continue;
        PyObject *key = PyLong_FromLong(cell), *value = PyLong_FromLong(__builtin_ctz(d));
        int failed = !key || !value || PyDict_SetItem(out, key, value) < 0;
        Py_XDECREF(key);
        Py_XDECREF(value);
        if (failed) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

static PyMethodDef Knowledge_methods[] = {
    {"certain_levels", (PyCFunction)Knowledge_certain_levels, METH_O,
     "certain_levels(cells) -> {cell: level} where the domain holds one level"},
    {"domains", (PyCFunction)Knowledge_domains, METH_NOARGS, "domains() -> mask per cell"},
    {"possible", (PyCFunction)Knowledge_possible, METH_NOARGS,
     "possible() -> mask of the hidden cells each terrain may hold"},
    {"prove", (PyCFunction)Knowledge_prove, METH_VARARGS,
     "prove(cells, node_limit, search_width) -> {cell: level}, or the cell no level fits"},
    {"components", (PyCFunction)Knowledge_components, METH_NOARGS,
     "components() -> ([(terrain, mask, size, upper, lower)], component_of)"},
    {"links", (PyCFunction)Knowledge_links, METH_NOARGS, "links() -> (peers, units, unit_of)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KnowledgeType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pachaprint.engine._cengine.Knowledge",
    .tp_basicsize = sizeof(Knowledge),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "What analyse() proves of a table, and the proofs made on it since.",
    .tp_methods = Knowledge_methods,
};

int logic_ready(PyObject *module) {
    if (PyType_Ready(&KnowledgeType) < 0) return -1;
    Py_INCREF(&KnowledgeType);
    if (PyModule_AddObject(module, "Knowledge", (PyObject *)&KnowledgeType) < 0) {
        Py_DECREF(&KnowledgeType);
        return -1;
    }
    return 0;
}
