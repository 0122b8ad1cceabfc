/* The kernel's Setup and Game types: a game of the rules (_crules.c) as a Python object.
 *
 * pachaprint/engine/twin.py packs a GameState into a Setup (what a game's
 * copies share) and a Game (the table), and reads a Game back into a
 * GameState; the pure-Python engine stays the reference, and runs wherever
 * this extension could not be built (PACHAPRINT_PURE_PYTHON=1 forces it).
 */
#include "_cengine.h"

/* -- reading Python values -------------------------------------------------------------- */

int read_ints(PyObject *sequence, int *out, Py_ssize_t count, const char *what) {
    PyObject *fast = PySequence_Fast(sequence, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd values expected", what, count);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

static int read_masks(PyObject *sequence, uint64_t *out, Py_ssize_t most, const char *what) {
    PyObject *fast = PySequence_Fast(sequence, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: at most %zd values", what, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == (uint64_t)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return (int)n;
}

static PyObject *raise_failure(const Table *t, int failure) {
    if (failure == GAME_PYTHON) return NULL;
    if (failure == GAME_HIDDEN_TERRAIN || failure == GAME_HIDDEN_CROP) {
        PyObject *module = PyImport_ImportModule("pachaprint.engine.rules.oracle");
        PyObject *kind = module ? PyObject_GetAttrString(module, "HiddenInformation") : NULL;
        Py_XDECREF(module);
        if (!kind) return NULL;
        int w = t->setup->geo.w, cell = t->failure_cell;
        PyErr_Format(kind, "the %s of %c%d is hidden",
                     failure == GAME_HIDDEN_TERRAIN ? "terrain" : "crop", 'a' + cell % w, cell / w + 1);
        Py_DECREF(kind);
        return NULL;
    }
    PyErr_SetString(PyExc_RuntimeError, "the compiled game reached a state the rules forbid");
    return NULL;
}

/* -- Setup ------------------------------------------------------------------------------------ */

static void Setup_dealloc(Setup *self) {
    Py_XDECREF(self->wheel);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Setup_init(Setup *self, PyObject *args, PyObject *kwargs) {
    int width, height, rules, players, otoma_side, otoma_account, takes_tokens, has_deck;
    PyObject *side_of, *account_of, *side_colour, *otoma_colour, *wheel_terrain, *wheel_crop;
    PyObject *wheel, *box, *stack_eq, *hand_eq;
    Py_buffer steps;
    static char *names[] = {"width", "height", "rules", "players", "side_of", "account_of",
                            "side_colour", "otoma_side", "otoma_account", "otoma_colour",
                            "takes_tokens", "steps", "wheel_terrain", "wheel_crop", "wheel", "box",
                            "has_deck", "stack_eq", "hand_eq", NULL};
    if (!PyArg_ParseTupleAndKeywords(
            args, kwargs, "iiiiOOOiiOpy*OOOOpOO", names, &width, &height, &rules, &players,
            &side_of, &account_of, &side_colour, &otoma_side, &otoma_account, &otoma_colour,
            &takes_tokens, &steps, &wheel_terrain, &wheel_crop, &wheel, &box, &has_deck, &stack_eq,
            &hand_eq))
        return -1;
    int ok = 0;
    int values[MAX_CELLS];
    if (width < 1 || height < 1 || width * height > MAX_CELLS || players < 1 || players > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "board or seats out of range");
        goto done;
    }
    geo_init(&self->geo, width, height);
    int n = self->geo.n;
    self->rules = rules;
    self->players = players;
    if (read_ints(side_of, self->side_of, players, "side_of") ||
        read_ints(account_of, self->account_of, players, "account_of"))
        goto done;
    self->sides = (int)PyObject_Length(side_colour);
    if (self->sides < 1 || self->sides > MAX_SIDES) {
        PyErr_SetString(PyExc_ValueError, "side_colour: 1 to 5 sides");
        goto done;
    }
    if (read_ints(side_colour, self->side_colour, self->sides, "side_colour")) goto done;
    self->accounts = 0;
    for (int p = 0; p < players; p++) {
        if (self->side_of[p] < 0 || self->side_of[p] >= self->sides || self->account_of[p] < 0 ||
            self->account_of[p] >= MAX_ACCOUNTS) {
            PyErr_SetString(PyExc_ValueError, "a seat's side or account is out of range");
            goto done;
        }
        if (self->account_of[p] >= self->accounts) self->accounts = self->account_of[p] + 1;
    }
    self->otoma_side = otoma_side;
    self->otoma_account = otoma_account;
    if (otoma_account >= self->accounts) self->accounts = otoma_account + 1;
    if (self->accounts > MAX_ACCOUNTS || otoma_side >= self->sides) {
        PyErr_SetString(PyExc_ValueError, "the Otoma side or account is out of range");
        goto done;
    }
    self->otoma_count = (int)PyObject_Length(otoma_colour);
    if (self->otoma_count < 0 || self->otoma_count > MAX_OTOMA ||
        read_ints(otoma_colour, self->otoma_colour, self->otoma_count, "otoma_colour"))
        goto done;
    self->takes_tokens = takes_tokens;
    if (steps.len != 0 && steps.len != (Py_ssize_t)(8 * n)) {
        PyErr_SetString(PyExc_ValueError, "steps: 4 uint16 per cell");
        goto done;
    }
    memset(self->step, 0, sizeof(self->step));
    memcpy(self->step, steps.buf, (size_t)steps.len);
    if (read_ints(wheel_terrain, values, n, "wheel_terrain")) goto done;
    for (int c = 0; c < n; c++) self->wheel_terrain[c] = (int8_t)values[c];
    if (read_ints(wheel_crop, values, n, "wheel_crop")) goto done;
    for (int c = 0; c < n; c++) self->wheel_crop[c] = (int8_t)values[c];
    Py_XDECREF(self->wheel);
    self->wheel = wheel == Py_None ? NULL : Py_NewRef(wheel);
    if (PyObject_Length(box) != TERRAINS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "box: one tuple per terrain");
        goto done;
    }
    for (int k = 0; k < TERRAINS; k++) {
        PyObject *tiles = PySequence_GetItem(box, k);
        if (!tiles) goto done;
        Py_ssize_t size = PyObject_Length(tiles);
        int codes[MAX_BOX];
        int failed = size < 0 || size > MAX_BOX || read_ints(tiles, codes, size, "box");
        Py_DECREF(tiles);
        if (failed) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "box: at most 64 tiles a terrain");
            goto done;
        }
        self->box_size[k] = (int)size;
        for (int i = 0; i < size; i++) {
            self->box_colour[k][i] = (int8_t)(codes[i] >> 2);
            self->box_dir[k][i] = (int8_t)(codes[i] & 3);
        }
    }
    self->has_deck = has_deck;
    memset(self->stack_eq, 0, sizeof(self->stack_eq));
    memset(self->hand_eq, 0, sizeof(self->hand_eq));
    Py_ssize_t stacks = PyObject_Length(stack_eq), hands = PyObject_Length(hand_eq);
    if (stacks < 0 || hands < 0 || stacks > TERRAINS || hands > MAX_SEATS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "deck: too many stacks");
        goto done;
    }
    for (Py_ssize_t k = 0; k < stacks; k++) {
        PyObject *masks = PySequence_GetItem(stack_eq, k);
        int got = masks ? read_masks(masks, self->stack_eq[k], MAX_CELLS, "stack_eq") : -1;
        Py_XDECREF(masks);
        if (got < 0) goto done;
    }
    for (Py_ssize_t seat = 0; seat < hands; seat++) {
        PyObject *hand = PySequence_GetItem(hand_eq, seat);
        if (!hand || PyObject_Length(hand) != TERRAINS) {
            Py_XDECREF(hand);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "hand_eq: 4 stacks a hand");
            goto done;
        }
        for (int k = 0; k < TERRAINS; k++) {
            PyObject *masks = PySequence_GetItem(hand, k);
            int got = masks ? read_masks(masks, self->hand_eq[seat][k], MAX_CELLS, "hand_eq") : -1;
            Py_XDECREF(masks);
            if (got < 0) {
                Py_DECREF(hand);
                goto done;
            }
        }
        Py_DECREF(hand);
    }
    ok = 1;
done:
    PyBuffer_Release(&steps);
    return ok ? 0 : -1;
}

PyTypeObject SetupType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pachaprint.engine._cengine.Setup",
    .tp_basicsize = sizeof(Setup),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "What a game shares with its copies: board, rules, seating, trails, wheel, box, deck.",
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)Setup_dealloc,
    .tp_init = (initproc)Setup_init,
};

/* -- Game ---------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Table table;
} Game;


static void Game_dealloc(Game *self) {
    Py_XDECREF((PyObject *)self->table.setup);
    PyMem_Free(self->table.history);
    PyMem_Free(self->table.otoma_log);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The flat list of ints that twin.pack writes and twin.write_back reads (see there). */
typedef struct {
    PyObject *list;
    Py_ssize_t at;
    int failed;
} Cursor;

static long long next_value(Cursor *c) {
    if (c->failed) return 0;
    if (c->at >= PyList_GET_SIZE(c->list)) {
        PyErr_SetString(PyExc_ValueError, "the packed table is too short");
        c->failed = 1;
        return 0;
    }
    PyObject *item = PyList_GET_ITEM(c->list, c->at++);
    unsigned long long v = PyLong_AsUnsignedLongLongMask(item);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) c->failed = 1;
    return (long long)v;
}

#define NEXT(c) ((int)next_value(c))
#define NEXT_MASK(c) ((uint64_t)next_value(c))

static int read_table(Table *t, PyObject *list) {
    const Setup *s = t->setup;
    int n = s->geo.n, sides = s->sides, accounts = s->accounts, players = s->players;
    Cursor c = {list, 0, 0};
    for (int i = 0; i < n; i++) t->terrain[i] = (int8_t)NEXT(&c);
    for (int i = 0; i < n; i++) t->crop[i] = (int8_t)NEXT(&c);
    for (int i = 0; i < n; i++) t->owner[i] = (int8_t)NEXT(&c);
    t->revealed = NEXT_MASK(&c);
    t->crop_mask = NEXT_MASK(&c);
    t->all_pawns = NEXT_MASK(&c);
    for (int i = 0; i < sides; i++) t->pawn_mask[i] = NEXT_MASK(&c);
    for (int i = 0; i < sides; i++) t->reserve[i] = NEXT(&c);
    for (int k = 0; k < TERRAINS; k++) t->supply[k] = NEXT(&c);
    for (int a = 0; a < accounts; a++) t->score[a] = NEXT(&c);
    for (int a = 0; a < accounts; a++) t->tokens[a] = NEXT(&c);
    for (int a = 0; a < accounts; a++)
        for (int k = 0; k < TERRAINS; k++) t->stones[a][k] = NEXT(&c);
    for (int a = 0; a < accounts; a++)
        for (int k = 0; k < SOURCES; k++) t->points[a][k] = NEXT(&c);
    for (int a = 0; a < accounts; a++) t->wrong[a] = NEXT(&c);
    for (int a = 0; a < accounts; a++) t->correct[a] = NEXT(&c);
    t->first_player = NEXT(&c);
    t->current_player = NEXT(&c);
    t->phase = NEXT(&c);
    t->turn = NEXT(&c);
    t->end_turns = NEXT(&c);
    t->skips = NEXT(&c);
    t->trigger = (int)(int64_t)next_value(&c);
    for (int p = 0; p < players; p++) t->passed[p] = NEXT(&c);
    t->ending = (int)(int64_t)next_value(&c);
    t->empty_points = NEXT(&c);
    t->skips_in_row = NEXT(&c);
    t->final_left = NEXT(&c);
    t->chance_len = NEXT(&c);
    if (t->chance_len < 0 || t->chance_len > MAX_CHANCE) c.failed = 2;
    for (int i = 0; i < t->chance_len && !c.failed; i++) {
        Chance *node = &t->chance[i];
        node->terrain = (int8_t)NEXT(&c);
        node->seat = (int8_t)(int64_t)next_value(&c);
        node->position = (int16_t)NEXT(&c);
        node->cell = (int8_t)(int64_t)next_value(&c);
        node->react = (int8_t)NEXT(&c);
    }
    t->has_tiles = NEXT(&c);
    for (int i = 0; i < MAX_CELLS; i++) t->tile_at[i] = -1;
    for (int seat = 0; seat < MAX_SEATS; seat++)
        for (int k = 0; k < TERRAINS; k++) t->tops[seat][k] = -1;
    t->arrow = t->pending = -1;
    if (t->has_tiles && !c.failed) {
        for (int i = 0; i < n; i++) t->tile_at[i] = (int16_t)(int64_t)next_value(&c);
        for (int k = 0; k < TERRAINS; k++) t->unseen[k] = NEXT_MASK(&c);
        int stacks = NEXT(&c);
        if (stacks != 0 && stacks != TERRAINS) c.failed = 2;
        for (int k = 0; k < stacks && !c.failed; k++) t->left[k] = NEXT(&c);
        int hands = NEXT(&c);
        if (hands < 0 || hands > players) c.failed = 2;
        for (int seat = 0; seat < hands && !c.failed; seat++)
            for (int k = 0; k < TERRAINS; k++) t->hands[seat][k] = NEXT(&c);
        for (int seat = 0; seat < hands && !c.failed; seat++)
            for (int k = 0; k < TERRAINS; k++) t->tops[seat][k] = (int16_t)(int64_t)next_value(&c);
        for (int k = 0; k < TERRAINS && !c.failed; k++) {
            t->column_len[k] = NEXT(&c);
            if (t->column_len[k] < 0 || t->column_len[k] > MAX_CELLS) c.failed = 2;
            for (int i = 0; i < t->column_len[k] && !c.failed; i++)
                t->columns[k][i] = (int16_t)NEXT(&c);
        }
        t->arrow = (int)(int64_t)next_value(&c);
        t->pending = (int)(int64_t)next_value(&c);
        t->box_tiles = NEXT(&c);
    }
    t->has_otoma = NEXT(&c);
    if (t->has_otoma)
        for (int p = 0; p < s->otoma_count; p++) t->otoma_pawns[p] = NEXT(&c);
    if (c.failed == 2) PyErr_SetString(PyExc_ValueError, "the packed table is out of range");
    if (!c.failed && c.at != PyList_GET_SIZE(list))
        PyErr_SetString(PyExc_ValueError, "the packed table is too long");
    return PyErr_Occurred() ? -1 : 0;
}

static int append_int(PyObject *list, long long v) {
    PyObject *item = PyLong_FromLongLong(v);
    if (!item) return -1;
    int failed = PyList_Append(list, item);
    Py_DECREF(item);
    return failed;
}

static int append_mask(PyObject *list, uint64_t v) {
    PyObject *item = PyLong_FromUnsignedLongLong(v);
    if (!item) return -1;
    int failed = PyList_Append(list, item);
    Py_DECREF(item);
    return failed;
}

static PyObject *write_table(const Table *t) {
    const Setup *s = t->setup;
    int n = s->geo.n, sides = s->sides, accounts = s->accounts, players = s->players;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    int f = 0;
    for (int i = 0; i < n; i++) f |= append_int(out, t->terrain[i]);
    for (int i = 0; i < n; i++) f |= append_int(out, t->crop[i]);
    for (int i = 0; i < n; i++) f |= append_int(out, t->owner[i]);
    f |= append_mask(out, t->revealed);
    f |= append_mask(out, t->crop_mask);
    f |= append_mask(out, t->all_pawns);
    for (int i = 0; i < sides; i++) f |= append_mask(out, t->pawn_mask[i]);
    for (int i = 0; i < sides; i++) f |= append_int(out, t->reserve[i]);
    for (int k = 0; k < TERRAINS; k++) f |= append_int(out, t->supply[k]);
    for (int a = 0; a < accounts; a++) f |= append_int(out, t->score[a]);
    for (int a = 0; a < accounts; a++) f |= append_int(out, t->tokens[a]);
    for (int a = 0; a < accounts; a++)
        for (int k = 0; k < TERRAINS; k++) f |= append_int(out, t->stones[a][k]);
    for (int a = 0; a < accounts; a++)
        for (int k = 0; k < SOURCES; k++) f |= append_int(out, t->points[a][k]);
    for (int a = 0; a < accounts; a++) f |= append_int(out, t->wrong[a]);
    for (int a = 0; a < accounts; a++) f |= append_int(out, t->correct[a]);
    int scalars[] = {t->first_player, t->current_player, t->phase, t->turn,
                     t->end_turns,    t->skips,          t->trigger};
    for (int i = 0; i < 7; i++) f |= append_int(out, scalars[i]);
    for (int p = 0; p < players; p++) f |= append_int(out, t->passed[p]);
    int more[] = {t->ending, t->empty_points, t->skips_in_row, t->final_left, t->chance_len};
    for (int i = 0; i < 5; i++) f |= append_int(out, more[i]);
    for (int i = 0; i < t->chance_len; i++) {
        const Chance *node = &t->chance[i];
        int fields[] = {node->terrain, node->seat, node->position, node->cell, node->react};
        for (int j = 0; j < 5; j++) f |= append_int(out, fields[j]);
    }
    f |= append_int(out, t->has_tiles);
    if (t->has_tiles) {
        for (int i = 0; i < n; i++) f |= append_int(out, t->tile_at[i]);
        for (int k = 0; k < TERRAINS; k++) f |= append_mask(out, t->unseen[k]);
        int stacks = (s->rules & R_ARROWS) ? TERRAINS : 0, hands = (s->rules & R_SPEND) ? players : 0;
        f |= append_int(out, stacks);
        for (int k = 0; k < stacks; k++) f |= append_int(out, t->left[k]);
        f |= append_int(out, hands);
        for (int seat = 0; seat < hands; seat++)
            for (int k = 0; k < TERRAINS; k++) f |= append_int(out, t->hands[seat][k]);
        for (int seat = 0; seat < hands; seat++)
            for (int k = 0; k < TERRAINS; k++) f |= append_int(out, t->tops[seat][k]);
        for (int k = 0; k < TERRAINS; k++) {
            f |= append_int(out, t->column_len[k]);
            for (int i = 0; i < t->column_len[k]; i++) f |= append_int(out, t->columns[k][i]);
        }
        f |= append_int(out, t->arrow);
        f |= append_int(out, t->pending);
        f |= append_int(out, t->box_tiles);
    }
    f |= append_int(out, t->has_otoma);
    if (t->has_otoma)
        for (int p = 0; p < s->otoma_count; p++) f |= append_int(out, t->otoma_pawns[p]);
    if (f) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyObject *Game_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *setup, *packed;
    int keep_logs = 0;
    static char *names[] = {"setup", "table", "keep_logs", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O!|p", names, &SetupType, &setup,
                                     &PyList_Type, &packed, &keep_logs))
        return NULL;
    Game *self = (Game *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    Table *t = &self->table;
    t->setup = (Setup *)Py_NewRef(setup);
    t->keep_logs = keep_logs;
    if (read_table(t, packed)) {
        Py_DECREF(self);
        return NULL;
    }
    int failure = table_settle(t);
    if (failure) {
        raise_failure(t, failure);
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static Game *copy_game(const Game *self, int keep_logs) {
    Game *twin = (Game *)GameType.tp_alloc(&GameType, 0);
    if (!twin) return NULL;
    Table *t = &twin->table;
    memcpy(t, &self->table, sizeof(Table));
    Py_INCREF((PyObject *)t->setup);
    t->history = NULL;
    t->otoma_log = NULL;
    t->history_len = t->history_cap = t->otoma_len = t->otoma_cap = 0;
    t->keep_logs = keep_logs && self->table.keep_logs;
    if (t->keep_logs && self->table.history_len) {
        t->history = PyMem_Malloc(sizeof(int) * (size_t)self->table.history_len);
        if (!t->history) goto fail;
        memcpy(t->history, self->table.history, sizeof(int) * (size_t)self->table.history_len);
        t->history_len = t->history_cap = self->table.history_len;
    }
    if (t->keep_logs && self->table.otoma_len) {
        t->otoma_log = PyMem_Malloc(sizeof(OtomaLog) * (size_t)self->table.otoma_len);
        if (!t->otoma_log) goto fail;
        memcpy(t->otoma_log, self->table.otoma_log, sizeof(OtomaLog) * (size_t)self->table.otoma_len);
        t->otoma_len = t->otoma_cap = self->table.otoma_len;
    }
    return twin;
fail:
    Py_DECREF(twin);
    PyErr_NoMemory();
    return NULL;
}

static PyObject *Game_clone(Game *self, PyObject *Py_UNUSED(ignored)) {
    return (PyObject *)copy_game(self, 1);
}

static PyObject *legal_list(const Legal *l) {
    PyObject *out = PyList_New(l->count);
    if (!out) return NULL;
    Py_ssize_t k = 0;
    for (int i = 0; i < l->group_count; i++)
        for (uint64_t mask = l->group_mask[i]; mask; mask &= mask - 1) {
            PyObject *code = PyLong_FromLong(l->group_base[i] | __builtin_ctzll(mask) << l->group_shift[i]);
            if (!code) {
                Py_DECREF(out);
                return NULL;
            }
            PyList_SET_ITEM(out, k++, code);
        }
    for (int i = 0; i < l->extra_count; i++) {
        PyObject *code = PyLong_FromLong(l->extra[i]);
        if (!code) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k++, code);
    }
    return out;
}

static PyObject *legal_groups(const Legal *l) {
    PyObject *out = PyList_New(l->group_count);
    if (!out) return NULL;
    for (int i = 0; i < l->group_count; i++) {
        PyObject *group = Py_BuildValue("(iKi)", l->group_base[i],
                                        (unsigned long long)l->group_mask[i], l->group_shift[i]);
        if (!group) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, group);
    }
    PyObject *extra = PyList_New(l->extra_count);
    if (!extra) {
        Py_DECREF(out);
        return NULL;
    }
    for (int i = 0; i < l->extra_count; i++) PyList_SET_ITEM(extra, i, PyLong_FromLong(l->extra[i]));
    return Py_BuildValue("(NN)", out, extra);
}

static PyObject *Game_legal_actions(Game *self, PyObject *Py_UNUSED(ignored)) {
    return legal_list(&self->table.legal);
}

static PyObject *Game_legal_groups(Game *self, PyObject *Py_UNUSED(ignored)) {
    return legal_groups(&self->table.legal);
}

static PyObject *Game_apply(Game *self, PyObject *arg) {
    long action = PyLong_AsLong(arg);
    if (action == -1 && PyErr_Occurred()) return NULL;
    Table *t = &self->table;
    if (action < 0 || action >= 1 << 16 || !legal_allows(&t->legal, (int)action)) {
        PyErr_Format(PyExc_ValueError, "illegal action %ld in phase %d", action, t->phase);
        return NULL;
    }
    int failure = table_apply(t, (int)action);
    if (failure) return raise_failure(t, failure);
    Py_RETURN_NONE;
}

int draws_of(Draws *d, PyObject *rng, int players) {
    d->count = 0;
    if (PyLong_Check(rng)) {
        d->count = 1;
        d->owner[0] = NULL;
        return mt_from_seed(&d->mt[0], rng);
    }
    if (PyList_Check(rng) || PyTuple_Check(rng)) {
        Py_ssize_t n = PySequence_Size(rng);
        if (n != players) {
            PyErr_SetString(PyExc_ValueError, "one random.Random per seat");
            return -1;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            d->owner[i] = PySequence_Fast_GET_ITEM(rng, i);
            if (mt_from_python(&d->mt[i], d->owner[i])) return -1;
        }
        d->count = (int)n;
        return 0;
    }
    d->owner[0] = rng;
    d->count = 1;
    return mt_from_python(&d->mt[0], rng);
}

int draws_done(Draws *d) {
    for (int i = 0; i < d->count; i++)
        if (d->owner[i] && mt_to_python(&d->mt[i], d->owner[i])) return -1;
    return 0;
}

/* Random legal actions until the game is over or its turn passes max_turns
 * (simulate.play_game's loop with a random bot in every seat). */
static int play(Table *t, Draws *d, int max_turns, long *actions) {
    *actions = 0;
    while (t->phase != P_OVER && t->turn <= max_turns) {
        const Legal *l = &t->legal;
        if (!l->count) return GAME_BROKEN;
        MT *mt = &d->mt[d->count == 1 ? 0 : t->current_player];
        int failure = table_apply(t, legal_nth(l, (int)mt_below(mt, (uint32_t)l->count)));
        ++*actions;
        if (failure) return failure;
    }
    return GAME_OK;
}

static PyObject *Game_playout(Game *self, PyObject *args, PyObject *kwargs) {
    PyObject *rng;
    int max_turns = 2000;
    static char *names[] = {"rng", "max_turns", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|i", names, &rng, &max_turns)) return NULL;
    Draws d;
    if (draws_of(&d, rng, self->table.setup->players)) return NULL;
    long actions;
    int failure = play(&self->table, &d, max_turns, &actions);
    if (draws_done(&d)) return NULL;
    if (failure) return raise_failure(&self->table, failure);
    return PyLong_FromLong(actions);
}

static PyObject *Game_rollout(Game *self, PyObject *args, PyObject *kwargs) {
    PyObject *rng;
    int max_turns = 2000;
    static char *names[] = {"rng", "max_turns", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|i", names, &rng, &max_turns)) return NULL;
    Draws d;
    if (draws_of(&d, rng, self->table.setup->players)) return NULL;
    Table copy = self->table;
    copy.keep_logs = 0;
    copy.history = NULL;
    copy.otoma_log = NULL;
    long actions;
    int failure = play(&copy, &d, max_turns, &actions);
    if (draws_done(&d)) return NULL;
    if (failure) return raise_failure(&copy, failure);
    double returns[MAX_SEATS];
    table_returns(&copy, returns);
    PyObject *out = PyList_New(copy.setup->players);
    if (!out) return NULL;
    for (int p = 0; p < copy.setup->players; p++) PyList_SET_ITEM(out, p, PyFloat_FromDouble(returns[p]));
    return out;
}

static PyObject *Game_returns(Game *self, PyObject *Py_UNUSED(ignored)) {
    double returns[MAX_SEATS];
    table_returns(&self->table, returns);
    PyObject *out = PyList_New(self->table.setup->players);
    if (!out) return NULL;
    for (int p = 0; p < self->table.setup->players; p++)
        PyList_SET_ITEM(out, p, PyFloat_FromDouble(returns[p]));
    return out;
}

static PyObject *Game_scores(Game *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *out = PyList_New(self->table.setup->accounts);
    if (!out) return NULL;
    for (int a = 0; a < self->table.setup->accounts; a++)
        PyList_SET_ITEM(out, a, PyLong_FromLong(self->table.score[a]));
    return out;
}

static PyObject *Game_is_terminal(Game *self, PyObject *Py_UNUSED(ignored)) {
    return PyBool_FromLong(self->table.phase == P_OVER);
}

static PyObject *Game_is_chance_node(Game *self, PyObject *Py_UNUSED(ignored)) {
    return PyBool_FromLong(self->table.chance_len && self->table.phase != P_OVER);
}

static PyObject *Game_export(Game *self, PyObject *Py_UNUSED(ignored)) {
    const Table *t = &self->table;
    PyObject *table = write_table(t), *history = PyList_New(t->history_len);
    PyObject *moves = PyList_New(t->otoma_len);
    if (!table || !history || !moves) goto fail;
    for (Py_ssize_t i = 0; i < t->history_len; i++)
        PyList_SET_ITEM(history, i, PyLong_FromLong(t->history[i]));
    for (Py_ssize_t i = 0; i < t->otoma_len; i++) {
        const OtomaLog *m = &t->otoma_log[i];
        PyObject *move = Py_BuildValue("(iiiiiiiiK)", m->pawn, m->start, m->direction, m->stop,
                                       m->terrain, m->crop, m->points, m->token,
                                       (unsigned long long)m->revealed);
        if (!move) goto fail;
        PyList_SET_ITEM(moves, i, move);
    }
    PyObject *legal = legal_groups(&t->legal);
    if (!legal) goto fail;
    return Py_BuildValue("(NNNN)", table, history, moves, legal);
fail:
    Py_XDECREF(table);
    Py_XDECREF(history);
    Py_XDECREF(moves);
    return NULL;
}

static PyObject *Game_get_current_player(Game *self, void *Py_UNUSED(closure)) {
    return PyLong_FromLong(self->table.current_player);
}

static PyObject *Game_get_phase(Game *self, void *Py_UNUSED(closure)) {
    return PyLong_FromLong(self->table.phase);
}

static PyObject *Game_get_turn(Game *self, void *Py_UNUSED(closure)) {
    return PyLong_FromLong(self->table.turn);
}

static PyGetSetDef Game_getset[] = {
    {"current_player", (getter)Game_get_current_player, NULL, "the seat to decide", NULL},
    {"phase", (getter)Game_get_phase, NULL, "the Phase value of the decision at hand", NULL},
    {"turn", (getter)Game_get_turn, NULL, "the turn number", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Game_methods[] = {
    {"clone", (PyCFunction)Game_clone, METH_NOARGS, "clone() -> an independent copy"},
    {"legal_actions", (PyCFunction)Game_legal_actions, METH_NOARGS,
     "legal_actions() -> the legal codes, in the engine's order"},
    {"legal_groups", (PyCFunction)Game_legal_groups, METH_NOARGS,
     "legal_groups() -> (groups, extra) of LegalActions"},
    {"apply", (PyCFunction)Game_apply, METH_O, "apply(action) -> None; ValueError if not legal"},
    {"playout", (PyCFunction)(void (*)(void))Game_playout, METH_VARARGS | METH_KEYWORDS,
     "playout(rng, max_turns=2000) -> actions: random legal actions to the end, in place"},
    {"rollout", (PyCFunction)(void (*)(void))Game_rollout, METH_VARARGS | METH_KEYWORDS,
     "rollout(rng, max_turns=2000) -> returns of a random playout of a copy"},
    {"returns", (PyCFunction)Game_returns, METH_NOARGS, "returns() -> win share per seat"},
    {"scores", (PyCFunction)Game_scores, METH_NOARGS, "scores() -> score per account"},
    {"is_terminal", (PyCFunction)Game_is_terminal, METH_NOARGS, "is_terminal() -> bool"},
    {"is_chance_node", (PyCFunction)Game_is_chance_node, METH_NOARGS, "is_chance_node() -> bool"},
    {"export", (PyCFunction)Game_export, METH_NOARGS,
     "export() -> (packed table, actions, Otoma moves, legal groups) for twin.write_back"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pachaprint.engine._cengine.Game",
    .tp_basicsize = sizeof(Game),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game in progress, compiled: the playout kernel's table.",
    .tp_new = Game_new,
    .tp_dealloc = (destructor)Game_dealloc,
    .tp_methods = Game_methods,
    .tp_getset = Game_getset,
};

