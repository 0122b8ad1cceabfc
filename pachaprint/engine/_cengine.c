/* The compiled playout kernel of the game engine: the module, and movement.py, legal.py
 * and trails.py on bare masks (_cmoves.c) for the Python engine's hot paths.
 *
 * The module gathers _cgame.c (the Setup and Game types), _crules.c (the rules),
 * _cmoves.c (movement and Otoma paths), _clogic.c (the logician's proofs) and
 * _cmt.c (Python's random generator, bit for bit).
 */
#include "_cengine.h"

/* -- movement.py, legal.py and trails.py on bare masks -------------------------- */

static int geo_args(PyObject *const *args, Geo *g) {
    long w = PyLong_AsLong(args[0]), h = PyLong_AsLong(args[1]);
    if ((w == -1 || h == -1) && PyErr_Occurred()) return -1;
    if (w < 1 || h < 1 || w * h > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "board out of range");
        return -1;
    }
    static Geo cached;
    if (cached.w != w || cached.h != h) geo_init(&cached, (int)w, (int)h);
    *g = cached;
    return 0;
}

static int masks_args(PyObject *const *args, Py_ssize_t count, uint64_t *out) {
    for (Py_ssize_t i = 0; i < count; i++) {
        out[i] = PyLong_AsUnsignedLongLong(args[i]);
        if (out[i] == (uint64_t)-1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

static int check_count(Py_ssize_t nargs, Py_ssize_t want, const char *name) {
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments", name, want);
        return -1;
    }
    return 0;
}

static PyObject *py_player_move_ends(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    Geo g;
    uint64_t v[3], groups[MAX_CELLS], ends[MAX_CELLS];
    if (check_count(nargs, 5, "player_move_ends") || geo_args(args, &g) || masks_args(args + 2, 3, v))
        return NULL;
    int count = player_move_ends(&g, v[0], v[1], v[2], groups, ends);
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (int i = 0; i < count; i++)
        PyList_SET_ITEM(out, i, Py_BuildValue("(KK)", (unsigned long long)groups[i], (unsigned long long)ends[i]));
    return out;
}

static PyObject *py_enter_ends(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    Geo g;
    uint64_t v[3];
    if (check_count(nargs, 5, "enter_ends") || geo_args(args, &g) || masks_args(args + 2, 3, v))
        return NULL;
    return PyLong_FromUnsignedLongLong(enter_ends(&g, v[0], v[1], v[2]));
}

static PyObject *py_coop_enter_ends(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    Geo g;
    uint64_t v[3];
    if (check_count(nargs, 5, "coop_enter_ends") || geo_args(args, &g) || masks_args(args + 2, 3, v))
        return NULL;
    return PyLong_FromUnsignedLongLong(coop_enter_ends(&g, v[0], v[1], v[2]));
}

static PyObject *py_move_ends(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    Geo g;
    uint64_t v[3];
    if (check_count(nargs, 6, "move_ends") || geo_args(args, &g)) return NULL;
    long start = PyLong_AsLong(args[2]);
    if ((start == -1 && PyErr_Occurred()) || masks_args(args + 3, 3, v)) return NULL;
    if (start < 0 || start >= g.n) {
        PyErr_SetString(PyExc_ValueError, "start off the board");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(move_ends(&g, (int)start, v[0], v[1], v[2]));
}

static PyObject *py_coop_move_ends(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    Geo g;
    uint64_t v[3];
    if (check_count(nargs, 7, "coop_move_ends") || geo_args(args, &g)) return NULL;
    long start = PyLong_AsLong(args[2]), direction = PyLong_AsLong(args[3]);
    if (((start == -1 || direction == -1) && PyErr_Occurred()) || masks_args(args + 4, 3, v))
        return NULL;
    if (start < 0 || start >= g.n || direction < -1 || direction > 3) {
        PyErr_SetString(PyExc_ValueError, "start or direction out of range");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(coop_move_ends(&g, (int)start, (int)direction, v[0], v[1], v[2]));
}

/* turn_groups(width, height, rules, own, pawns, crops, revealed, reserve, arrow)
 * -> (groups, how many actions they hold) */
static PyObject *py_turn_groups(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    Geo g;
    uint64_t v[4];
    if (check_count(nargs, 9, "turn_groups") || geo_args(args, &g)) return NULL;
    long rules = PyLong_AsLong(args[2]), reserve = PyLong_AsLong(args[7]), arrow = PyLong_AsLong(args[8]);
    if (PyErr_Occurred() || masks_args(args + 3, 4, v)) return NULL;
    Legal l;
    legal_turn(&l, &g, (int)rules, v[0], v[1], v[2], v[3], (int)reserve, (int)arrow);
    PyObject *out = PyList_New(l.group_count);
    if (!out) return NULL;
    for (int i = 0; i < l.group_count; i++)
        PyList_SET_ITEM(out, i, Py_BuildValue("(iKi)", l.group_base[i], (unsigned long long)l.group_mask[i], l.group_shift[i]));
    return Py_BuildValue("(Ni)", out, l.count);
}

/* The arguments (steps, start, direction, revealed) of otoma_stop and otoma_walk:
 * the step table copied into step; 0, or -1 with an exception set. */
static int otoma_args(PyObject *const *args, uint16_t *step, int *n, int *start, int *direction,
                      uint64_t *revealed) {
    char *buffer;
    Py_ssize_t length;
    if (PyBytes_AsStringAndSize(args[0], &buffer, &length)) return -1;
    long s = PyLong_AsLong(args[1]), d = PyLong_AsLong(args[2]);
    if (PyErr_Occurred() || masks_args(args + 3, 1, revealed)) return -1;
    *n = (int)(length / 8);
    if (length % 8 || *n > MAX_CELLS || s < 0 || s >= *n || d < 0 || d > 3) {
        PyErr_SetString(PyExc_ValueError, "steps, start or direction out of range");
        return -1;
    }
    memcpy(step, buffer, (size_t)length);
    *start = (int)s;
    *direction = (int)d;
    return 0;
}

/* otoma_stop(steps, start, direction, revealed) -> cell or -1 */
static PyObject *py_otoma_stop(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    if (check_count(nargs, 4, "otoma_stop")) return NULL;
    uint16_t step[4 * MAX_CELLS];
    int n, start, direction;
    uint64_t revealed;
    if (otoma_args(args, step, &n, &start, &direction, &revealed)) return NULL;
    return PyLong_FromLong(otoma_stop(step, n, start, direction, revealed));
}

/* reaction_order(width, moved, pawns) -> [(pawn, direction)] */
static PyObject *py_reaction_order(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    if (check_count(nargs, 3, "reaction_order")) return NULL;
    long width = PyLong_AsLong(args[0]), moved = PyLong_AsLong(args[1]);
    if (PyErr_Occurred()) return NULL;
    Py_ssize_t count = PyObject_Length(args[2]);
    int pawns[MAX_OTOMA], order[MAX_OTOMA], dirs[MAX_OTOMA];
    if (count < 0 || count > MAX_OTOMA || width < 1) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "at most 5 Otoma pawns");
        return NULL;
    }
    if (read_ints(args[2], pawns, count, "pawns")) return NULL;
    int n = reaction_order((int)width, (int)moved, pawns, (int)count, order, dirs);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(out, i, Py_BuildValue("(ii)", order[i], dirs[i]));
    return out;
}

/* otoma_walk(steps, start, direction, revealed) -> (cells, trails, final heading): the path
 * of trails.otoma_path; trails as (index in cells, step key) pairs */
static PyObject *py_otoma_walk(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    if (check_count(nargs, 4, "otoma_walk")) return NULL;
    uint16_t step[4 * MAX_CELLS];
    int n, start, direction;
    uint64_t revealed;
    if (otoma_args(args, step, &n, &start, &direction, &revealed)) return NULL;
    int cells[4 * MAX_CELLS], trails[8 * MAX_CELLS], trail_count, heading;
    int count = otoma_walk(step, n, start, direction, revealed, cells, trails,
                           &trail_count, &heading);
    PyObject *path = PyTuple_New(count), *used = PyTuple_New(trail_count);
    if (!path || !used) {
        Py_XDECREF(path);
        Py_XDECREF(used);
        return NULL;
    }
    for (int i = 0; i < count; i++) PyTuple_SET_ITEM(path, i, PyLong_FromLong(cells[i]));
    for (int i = 0; i < trail_count; i++)
        PyTuple_SET_ITEM(used, i, Py_BuildValue("(ii)", trails[2 * i], trails[2 * i + 1]));
    return Py_BuildValue("(NNi)", path, used, heading);
}

/* reaction_stops(steps, width, moved, pawns, revealed) -> the stop cells of the co-op
 * reaction to a pawn that ended on `moved`, in the order the Otoma pawns move */
static PyObject *py_reaction_stops(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    if (check_count(nargs, 5, "reaction_stops")) return NULL;
    char *buffer;
    Py_ssize_t length;
    if (PyBytes_AsStringAndSize(args[0], &buffer, &length)) return NULL;
    long width = PyLong_AsLong(args[1]), moved = PyLong_AsLong(args[2]);
    uint64_t revealed;
    if (PyErr_Occurred() || masks_args(args + 4, 1, &revealed)) return NULL;
    Py_ssize_t count = PyObject_Length(args[3]);
    int n = (int)(length / 8), pawns[MAX_OTOMA], order[MAX_OTOMA], dirs[MAX_OTOMA];
    if (count < 0 || count > MAX_OTOMA || length % 8 || n > MAX_CELLS || width < 1 || moved < 0 ||
        moved >= n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "steps, pawns or cell out of range");
        return NULL;
    }
    if (read_ints(args[3], pawns, count, "pawns")) return NULL;
    for (int p = 0; p < count; p++)
        if (pawns[p] < 0 || pawns[p] >= n) {
            PyErr_SetString(PyExc_ValueError, "an Otoma pawn off the board");
            return NULL;
        }
    uint16_t step[4 * MAX_CELLS];
    memcpy(step, buffer, (size_t)length);
    int moving = reaction_order((int)width, (int)moved, pawns, (int)count, order, dirs), stops = 0;
    int stop_cells[MAX_OTOMA];
    for (int i = 0; i < moving; i++) {
        int stop = otoma_stop(step, n, pawns[order[i]], dirs[i], revealed);
        if (stop >= 0) {
            stop_cells[stops++] = stop;
            revealed |= (uint64_t)1 << stop;
            pawns[order[i]] = stop;
        }
    }
    PyObject *out = PyList_New(stops);
    if (!out) return NULL;
    for (int i = 0; i < stops; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(stop_cells[i]));
    return out;
}

/* random_below(rng, n): Random.randrange(n) drawn here (a test of the generator's twin). */
static PyObject *py_draws(PyObject *m, PyObject *const *args, Py_ssize_t nargs) {
    if (check_count(nargs, 3, "draws")) return NULL;
    long n = PyLong_AsLong(args[1]), count = PyLong_AsLong(args[2]);
    if (PyErr_Occurred()) return NULL;
    if (n < 1 || n > 0x7fffffffL || count < 0) {
        PyErr_SetString(PyExc_ValueError, "n out of range");
        return NULL;
    }
    Draws d;
    if (draws_of(&d, args[0], 1)) return NULL;
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (long i = 0; i < count; i++) PyList_SET_ITEM(out, i, PyLong_FromUnsignedLong(mt_below(&d.mt[0], (uint32_t)n)));
    if (draws_done(&d)) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyMethodDef module_methods[] = {
    {"player_move_ends", (PyCFunction)(void (*)(void))py_player_move_ends, METH_FASTCALL,
     "player_move_ends(width, height, own, pawns, crops) -> [(pawns, ends)]"},
    {"enter_ends", (PyCFunction)(void (*)(void))py_enter_ends, METH_FASTCALL,
     "enter_ends(width, height, own, pawns, crops) -> end mask"},
    {"move_ends", (PyCFunction)(void (*)(void))py_move_ends, METH_FASTCALL,
     "move_ends(width, height, start, own, pawns, crops) -> end mask"},
    {"coop_move_ends", (PyCFunction)(void (*)(void))py_coop_move_ends, METH_FASTCALL,
     "coop_move_ends(width, height, start, direction or -1, own, pawns, crops) -> end mask"},
    {"coop_enter_ends", (PyCFunction)(void (*)(void))py_coop_enter_ends, METH_FASTCALL,
     "coop_enter_ends(width, height, own, pawns, crops) -> end mask"},
    {"turn_groups", (PyCFunction)(void (*)(void))py_turn_groups, METH_FASTCALL,
     "turn_groups(width, height, rules, own, pawns, crops, revealed, reserve, arrow) -> "
     "(groups, count)"},
    {"otoma_stop", (PyCFunction)(void (*)(void))py_otoma_stop, METH_FASTCALL,
     "otoma_stop(steps, start, direction, revealed) -> stop cell or -1"},
    {"reaction_order", (PyCFunction)(void (*)(void))py_reaction_order, METH_FASTCALL,
     "reaction_order(width, moved, pawns) -> [(pawn, direction)]"},
    {"analyse", (PyCFunction)(void (*)(void))logic_analyse, METH_FASTCALL,
     "analyse(width, height, terrain, crop, supply) -> Knowledge, or (kind, a, b, c) for a "
     "table that breaks the rules"},
    {"otoma_walk", (PyCFunction)(void (*)(void))py_otoma_walk, METH_FASTCALL,
     "otoma_walk(steps, start, direction, revealed) -> (cells, trails, final heading)"},
    {"reaction_stops", (PyCFunction)(void (*)(void))py_reaction_stops, METH_FASTCALL,
     "reaction_stops(steps, width, moved, pawns, revealed) -> stop cells, in order"},
    {"draws", (PyCFunction)(void (*)(void))py_draws, METH_FASTCALL,
     "draws(rng, n, count) -> count draws of randrange(n), as the rng would make them"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_cengine",
    .m_doc = "The compiled playout kernel of the game engine.",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__cengine(void) {
    if (PyType_Ready(&SetupType) < 0 || PyType_Ready(&GameType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SetupType);
    Py_INCREF(&GameType);
    if (PyModule_AddObject(m, "Setup", (PyObject *)&SetupType) < 0 ||
        PyModule_AddObject(m, "Game", (PyObject *)&GameType) < 0 || logic_ready(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
