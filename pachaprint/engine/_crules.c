/* The rules of every mode on one table: a twin of state.py, table.py, legal.py and otoma.py.
 *
 * Each function names the Python method it mirrors; the order of every step
 * (and so of every legal action and every chance node) is the same, which is
 * what makes the games identical.
 */
#include "_cengine.h"

#define BIT(c) ((uint64_t)1 << (c))
#define CODE(kind, a, b) ((kind) << 12 | (a) << 6 | (b))
#define TRY(call)                        \
    do {                                 \
        int failed_ = (call);            \
        if (failed_) return failed_;     \
    } while (0)

static const int OFFERING_POINTS[6] = {0, 0, 1, 3, 6, 10};

static inline int popcount64(uint64_t m) { return __builtin_popcountll(m); }
static inline int low_bit(uint64_t m) { return __builtin_ctzll(m); }

/* -- table.py: pawns, tiles, scoring ------------------------------------------------ */

static void place(Table *t, int side, int cell) {
    t->owner[cell] = (int8_t)side;
    t->pawn_mask[side] |= BIT(cell);
    t->all_pawns |= BIT(cell);
}

static void lift(Table *t, int side, int cell) {
    t->owner[cell] = -1;
    t->pawn_mask[side] &= ~BIT(cell);
    t->all_pawns &= ~BIT(cell);
}

static int consult(Table *t, const char *which, int cell) {
    PyObject *seen = PyObject_GetAttrString(t->setup->wheel, which);
    if (!seen) return GAME_PYTHON;
    PyObject *key = PyLong_FromLong(cell);
    int failed = !key || PySet_Add(seen, key) < 0;
    Py_XDECREF(key);
    Py_DECREF(seen);
    return failed ? GAME_PYTHON : GAME_OK;
}

static void gain(Table *t, int account, int source, int points) {
    t->score[account] += points;
    t->points[account][source] += points;
}

static int push_chance(Table *t, int terrain, int seat, int position, int cell, int react) {
    if (t->chance_len >= MAX_CHANCE) return GAME_BROKEN;
    Chance *c = &t->chance[t->chance_len++];
    c->terrain = (int8_t)terrain;
    c->seat = (int8_t)seat;
    c->position = (int16_t)position;
    c->cell = (int8_t)cell;
    c->react = (int8_t)react;
    return GAME_OK;
}

/* Table.take_top */
static int take_top(Table *t, int seat, int terrain, int *tile) {
    *tile = t->tops[seat][terrain];
    if (*tile < 0) return GAME_BROKEN; /* the top tile has not turned up yet */
    t->tops[seat][terrain] = -1;
    int left = --t->hands[seat][terrain];
    if (left) TRY(push_chance(t, terrain, seat, left - 1, -1, 0));
    return GAME_OK;
}

/* Table._take_tile */
static int take_tile(Table *t, int terrain, int account, int *tile) {
    if (t->column_len[terrain]) {
        *tile = t->columns[terrain][--t->column_len[terrain]];
        return GAME_OK;
    }
    if (account == 0) {
        int players = t->setup->players, current = t->current_player, seat = 0;
        int best_size = 0, best_turn = 0;
        for (int s = 0; s < players; s++) {
            int size = t->hands[s][terrain], turn = ((s - current) % players + players) % players;
            if (s == 0 || size > best_size || (size == best_size && turn < best_turn)) {
                seat = s;
                best_size = size;
                best_turn = turn;
            }
        }
        if (t->hands[seat][terrain]) return take_top(t, seat, terrain, tile);
    }
    t->box_tiles++;
    *tile = -1;
    return GAME_OK;
}

/* Table.place_crop */
static int place_crop(Table *t, int cell, int *level) {
    int v = t->setup->wheel_crop[cell];
    if (!v) {
        t->failure_cell = cell;
        return GAME_HIDDEN_CROP;
    }
    if (t->setup->wheel) TRY(consult(t, "consulted_crops", cell));
    t->crop[cell] = (int8_t)v;
    t->crop_mask |= BIT(cell);
    *level = v;
    return GAME_OK;
}

/* Table.reveal */
static int reveal(Table *t, int cell, int crop, int account, int react) {
    const Setup *s = t->setup;
    if (!(t->revealed & BIT(cell))) {
        int terrain = s->wheel_terrain[cell];
        if (terrain < 0) {
            t->failure_cell = cell;
            return GAME_HIDDEN_TERRAIN;
        }
        if (s->wheel) TRY(consult(t, "consulted_terrain", cell));
        t->terrain[cell] = (int8_t)terrain;
        t->revealed |= BIT(cell);
        t->supply[terrain]--;
        if (t->has_tiles) {
            if (s->rules & R_ARROWS) {
                t->left[terrain]--;
                TRY(push_chance(t, terrain, -1, t->left[terrain], cell, react));
            } else if (account >= 0) {
                int tile;
                TRY(take_tile(t, terrain, account, &tile));
                t->tile_at[cell] = (int16_t)tile;
            }
        }
    }
    if (crop && !(t->crop_mask & BIT(cell))) {
        int level;
        TRY(place_crop(t, cell, &level));
    }
    if (t->revealed == s->geo.all && t->trigger < 0) t->trigger = t->current_player;
    return GAME_OK;
}

/* Table.discover */
static int discover(Table *t, int account, int cell, int react) {
    TRY(reveal(t, cell, 0, account, react));
    int terrain = t->terrain[cell], *stones = t->stones[account], points = 0;
    if (stones[terrain] >= TOP_LEVEL) {
        points = 1;
    } else {
        int level = ++stones[terrain];
        for (int k = 0; k < TERRAINS; k++) points += stones[k] == level;
    }
    gain(t, account, S_DISCOVERY, points);
    return GAME_OK;
}

/* Table.score_divination */
static int score_divination(Table *t, int account, int cell, int level, int *right) {
    int truth;
    TRY(place_crop(t, cell, &truth));
    if (level == truth) {
        t->correct[account]++;
        gain(t, account, S_DIVINATION, truth);
        t->tokens[account] |= 1 << (truth - 1);
        *right = 1;
        return GAME_OK;
    }
    t->wrong[account]++;
    int loss = t->score[account] < truth ? t->score[account] : truth;
    t->score[account] -= loss;
    t->points[account][S_DIVINATION_LOST] -= truth;
    t->points[account][S_CLAMPED] += truth - loss;
    *right = 0;
    return GAME_OK;
}

/* Table.offer */
static void offer(Table *t, int account, int mask) {
    int points = OFFERING_POINTS[popcount64((uint64_t)mask)];
    t->tokens[account] &= ~mask;
    gain(t, account, S_OFFERING, points);
}

static int hidden_left(const Table *t) {
    int total = 0;
    for (int k = 0; k < TERRAINS; k++) total += t->supply[k];
    return total;
}

/* -- otoma.py: Otoma.move -------------------------------------------------------------- */

static int otoma_move(Table *t, int pawn, int direction) {
    const Setup *s = t->setup;
    int acc = s->otoma_account, start = t->otoma_pawns[pawn];
    int stop = otoma_stop(s->step, s->geo.n, start, direction, t->revealed);
    OtomaLog entry = {(int8_t)pawn, (int8_t)start, (int8_t)direction, (int8_t)stop, -1, 0, 0, 0,
                      t->revealed};
    if (stop >= 0) {
        lift(t, s->otoma_side, start);
        place(t, s->otoma_side, stop);
        t->otoma_pawns[pawn] = stop;
        int before = t->score[acc], level;
        TRY(discover(t, acc, stop, 0));
        TRY(place_crop(t, stop, &level));
        gain(t, acc, S_DIVINATION, level);
        int bit = 1 << (level - 1);
        int token = s->takes_tokens && !(t->tokens[acc] & bit);
        if (token) t->tokens[acc] |= bit;
        entry.terrain = t->terrain[stop];
        entry.crop = (int8_t)level;
        entry.points = (int8_t)(t->score[acc] - before);
        entry.token = (int8_t)token;
    }
    if (t->keep_logs) {
        if (t->otoma_len == t->otoma_cap) {
            Py_ssize_t cap = t->otoma_cap ? 2 * t->otoma_cap : 16;
            OtomaLog *grown = PyMem_Realloc(t->otoma_log, sizeof(OtomaLog) * (size_t)cap);
            if (!grown) {
                PyErr_NoMemory();
                return GAME_PYTHON;
            }
            t->otoma_log = grown;
            t->otoma_cap = cap;
        }
        t->otoma_log[t->otoma_len++] = entry;
    }
    return GAME_OK;
}

/* -- state.py: the turn ------------------------------------------------------------------ */

static int end_turn(Table *t);

static void over(Table *t, int ending) {
    t->phase = P_OVER;
    t->ending = ending;
}

static void next_end_player(Table *t) {
    int n = t->setup->players;
    t->end_turns++;
    for (int step = 1; step <= n; step++) {
        int q = (t->current_player + step) % n;
        if (!t->passed[q]) {
            t->current_player = q;
            t->phase = P_END_DIVINE;
            return;
        }
    }
    t->phase = P_FINAL_OFFER;
    t->current_player = t->trigger >= 0 ? t->trigger : t->first_player;
    t->final_left = n;
}

static void next_final_offer(Table *t) {
    const Setup *s = t->setup;
    if (--t->final_left > 0) {
        t->current_player = (t->current_player + 1) % s->players;
        return;
    }
    if (s->rules & R_SHARED) {
        int otoma = s->otoma_account;
        if (t->tokens[otoma]) offer(t, otoma, t->tokens[otoma]);
        t->empty_points = hidden_left(t);
        t->score[otoma] += t->empty_points;
    }
    over(t, E_FINISHED);
}

static int end_turn(Table *t) {
    const Setup *s = t->setup;
    if (s->rules & R_SPEND) {
        t->arrow = -1;
        int in_hands = 0;
        for (int seat = 0; seat < s->players; seat++)
            for (int k = 0; k < TERRAINS; k++) in_hands += t->hands[seat][k];
        if (!in_hands) {
            t->phase = P_FINAL_OFFER;
            t->final_left = 1;
            if (!t->tokens[0]) next_final_offer(t);
            return GAME_OK;
        }
    } else if (t->trigger >= 0) {
        if (!(s->rules & R_END_PHASE)) {
            over(t, E_FINISHED);
            return GAME_OK;
        }
        t->phase = P_END_DIVINE;
        t->current_player = t->trigger;
        if (t->passed[t->trigger]) next_end_player(t);
        return GAME_OK;
    }
    t->current_player = (t->current_player + 1) % s->players;
    t->phase = (s->rules & R_SPEND) ? P_SPEND : P_TURN;
    t->turn++;
    return GAME_OK;
}

static int to_offer(Table *t, int seat) {
    if (t->tokens[t->setup->account_of[seat]]) {
        t->phase = P_OFFER;
        return GAME_OK;
    }
    return end_turn(t);
}

static uint64_t eligible(const Table *t, int seat) {
    return t->pawn_mask[t->setup->side_of[seat]] & t->revealed & ~t->crop_mask;
}

/* GameState._arrow */
static int arrow(Table *t, int seat, int cell) {
    const Setup *s = t->setup;
    int tile = t->tile_at[cell];
    if (!(t->crop_mask & BIT(cell)) && tile >= 0) {
        int terrain = tile >> 6, index = tile & 63;
        int colour = s->box_colour[terrain][index], heading = s->box_dir[terrain][index];
        if (colour == s->side_colour[s->side_of[seat]]) {
            if (s->rules & R_CHOOSE_ON_OWN_ARROW) {
                if (hidden_left(t)) {
                    t->pending = heading;
                    t->phase = P_CHOOSE_OTOMA;
                    return GAME_OK;
                }
                return end_turn(t);
            }
        } else {
            int pawn = -1;
            for (int p = 0; p < s->otoma_count && pawn < 0; p++)
                if (s->otoma_colour[p] == colour) pawn = p;
            if (pawn < 0) return GAME_BROKEN;
            TRY(otoma_move(t, pawn, heading));
        }
    }
    return to_offer(t, seat);
}

/* GameState._explore */
static int explore(Table *t, int seat, int enter, int from, int to) {
    const Setup *s = t->setup;
    int side = s->side_of[seat], arrows = s->rules & R_ARROWS;
    if (enter)
        t->reserve[side]--;
    else
        lift(t, side, from);
    place(t, side, to);
    if (!(t->revealed & BIT(to))) {
        TRY(discover(t, s->account_of[seat], to, arrows ? 1 : 0));
        if (arrows) return GAME_OK; /* the Otoma answer once the drawn tile turns up */
    }
    if (arrows) return arrow(t, seat, to);
    if (s->rules & R_LINES) {
        int order[MAX_OTOMA], dirs[MAX_OTOMA];
        int count = reaction_order(s->geo.w, to, t->otoma_pawns, s->otoma_count, order, dirs);
        for (int i = 0; i < count; i++) TRY(otoma_move(t, order[i], dirs[i]));
    }
    if (t->tokens[s->account_of[seat]]) {
        t->phase = P_OFFER;
        return GAME_OK;
    }
    return end_turn(t);
}

/* GameState._turn_up */
static int turn_up(Table *t, int terrain, int index) {
    Chance node = t->chance[0];
    memmove(t->chance, t->chance + 1, sizeof(Chance) * (size_t)(--t->chance_len));
    t->unseen[terrain] &= ~BIT(index);
    int tile = terrain << 6 | index;
    if (node.seat >= 0) {
        t->tops[node.seat][terrain] = (int16_t)tile;
        return GAME_OK;
    }
    t->tile_at[node.cell] = (int16_t)tile;
    if (node.react) return arrow(t, t->current_player, node.cell);
    return GAME_OK;
}

static int divine(Table *t, int seat, int cell, int level) {
    const Setup *s = t->setup;
    int right;
    TRY(score_divination(t, s->account_of[seat], cell, level, &right));
    if (s->rules & R_DIVINE_ALL) {
        if (eligible(t, seat)) {
            t->phase = P_DIVINING;
            return GAME_OK;
        }
        return to_offer(t, seat);
    }
    if (t->phase == P_END_DIVINE) {
        if (!right) t->passed[seat] = 1;
        next_end_player(t);
        return GAME_OK;
    }
    if (right) {
        t->phase = P_DIVINING;
        return GAME_OK;
    }
    return end_turn(t);
}

static int do_offer(Table *t, int mask) {
    const Setup *s = t->setup;
    offer(t, s->account_of[t->current_player], mask);
    if (s->rules & R_SHARED) {
        int otoma = s->otoma_account;
        if (t->tokens[otoma]) offer(t, otoma, t->tokens[otoma]);
    }
    if (t->phase == P_FINAL_OFFER) {
        next_final_offer(t);
        return GAME_OK;
    }
    return end_turn(t);
}

static int pass(Table *t, int seat) {
    switch (t->phase) {
    case P_SPEND: /* forced: an empty hand spends nothing */
        t->arrow = -1;
        t->phase = P_TURN;
        return GAME_OK;
    case P_DIVINING:
        return to_offer(t, seat);
    case P_OFFER:
        return end_turn(t);
    case P_END_DIVINE:
        t->passed[seat] = 1;
        next_end_player(t);
        return GAME_OK;
    case P_FINAL_OFFER:
        next_final_offer(t);
        return GAME_OK;
    default:
        return GAME_OK;
    }
}

static int spend(Table *t, int seat, int terrain) {
    int tile;
    TRY(take_top(t, seat, terrain, &tile));
    t->columns[terrain][t->column_len[terrain]++] = (int16_t)tile;
    t->arrow = t->setup->box_dir[terrain][tile & 63];
    t->skips_in_row = 0;
    t->phase = P_TURN;
    return GAME_OK;
}

/* -- legal.py ------------------------------------------------------------------------------ */

static void add_group(Legal *l, int base, uint64_t mask, int shift) {
    l->group_base[l->group_count] = base;
    l->group_mask[l->group_count] = mask;
    l->group_shift[l->group_count++] = shift;
    l->count += popcount64(mask);
}

static void add_extra(Legal *l, int code) {
    l->extra[l->extra_count++] = code;
    l->count++;
}

static void clear_legal(Legal *l) { l->group_count = l->extra_count = l->count = 0; }

/* legal.turn_actions */
void legal_turn(Legal *l, const Geo *g, int rules, uint64_t own, uint64_t pawns, uint64_t crops,
                uint64_t revealed, int reserve, int arrow) {
    clear_legal(l);
    if (rules & R_SPEND) {
        if (reserve) {
            uint64_t ends = coop_enter_ends(g, own, pawns, crops);
            if (ends) add_group(l, CODE(K_ENTER, 0, 0), ends, 0);
        }
        for (uint64_t left = own; left; left &= left - 1) {
            int start = low_bit(left);
            uint64_t ends = coop_move_ends(g, start, arrow, own, pawns, crops);
            if (ends) add_group(l, CODE(K_MOVE, start, 0), ends, 0);
        }
    } else {
        if (reserve) {
            uint64_t ends = enter_ends(g, own, pawns, crops);
            if (ends) add_group(l, CODE(K_ENTER, 0, 0), ends, 0);
        }
        if (own) {
            uint64_t groups[MAX_CELLS], ends[MAX_CELLS];
            int count = player_move_ends(g, own, pawns, crops, groups, ends);
            for (int i = 0; i < count; i++)
                if (ends[i])
                    for (uint64_t left = groups[i]; left; left &= left - 1)
                        add_group(l, CODE(K_MOVE, low_bit(left), 0), ends[i], 0);
            if (rules & R_RETRIEVE) add_group(l, CODE(K_RETRIEVE, 0, 0), own, 6);
        }
    }
    for (uint64_t left = own & revealed & ~crops; left; left &= left - 1)
        add_group(l, CODE(K_DIVINE, low_bit(left), 0), ANY_LEVEL, 0);
}

static void turn_actions(Table *t, int seat) {
    const Setup *s = t->setup;
    int side = s->side_of[seat];
    legal_turn(&t->legal, &s->geo, s->rules, t->pawn_mask[side], t->all_pawns, t->crop_mask,
               t->revealed, t->reserve[side], t->arrow);
}

/* legal.decision_actions, for the phases other than TURN */
static void decision_actions(Table *t, int seat) {
    const Setup *s = t->setup;
    Legal *l = &t->legal;
    clear_legal(l);
    switch (t->phase) {
    case P_DIVINING:
    case P_END_DIVINE: {
        uint64_t cells = eligible(t, seat);
        if (!cells) return;
        for (; cells; cells &= cells - 1) add_group(l, CODE(K_DIVINE, low_bit(cells), 0), ANY_LEVEL, 0);
        if (!(s->rules & R_DIVINE_ALL)) add_extra(l, 0);
        return;
    }
    case P_OFFER:
    case P_FINAL_OFFER: {
        int held = t->tokens[s->account_of[seat]];
        if (!held) return;
        for (int sub = held; sub; sub = (sub - 1) & held) add_extra(l, CODE(K_OFFER, 0, sub));
        add_extra(l, 0);
        return;
    }
    case P_SPEND:
        for (int k = 0; k < TERRAINS; k++)
            if (t->hands[seat][k]) add_extra(l, CODE(K_SPEND, 0, k));
        return;
    case P_CHOOSE_OTOMA:
        for (int p = 0; p < s->otoma_count; p++) add_extra(l, CODE(K_OTOMA, 0, p));
        return;
    default:
        return;
    }
}

/* legal.shut_out */
static int shut_out(const Table *t) {
    const Legal *l = &t->legal;
    for (int i = 0; i < l->group_count; i++) {
        int kind = l->group_base[i] >> 12;
        if (kind == K_DIVINE) return 0;
        if ((kind == K_ENTER || kind == K_MOVE) && (l->group_mask[i] & ~t->crop_mask)) return 0;
    }
    for (int i = 0; i < l->extra_count; i++)
        if (l->extra[i] >> 12 != K_PASS) return 0;
    return 1;
}

/* LegalActions.allows */
int legal_allows(const Legal *l, int code) {
    for (int i = 0; i < l->group_count; i++) {
        int shift = l->group_shift[i], value = code >> shift & 63;
        if ((code ^ (value << shift)) == l->group_base[i] && (l->group_mask[i] >> value & 1))
            return 1;
    }
    for (int i = 0; i < l->extra_count; i++)
        if (l->extra[i] == code) return 1;
    return 0;
}

/* LegalActions.__getitem__ */
int legal_nth(const Legal *l, int index) {
    for (int i = 0; i < l->group_count; i++) {
        uint64_t mask = l->group_mask[i];
        int count = popcount64(mask);
        if (index < count) {
            for (int k = 0; k < index; k++) mask &= mask - 1;
            return l->group_base[i] | low_bit(mask) << l->group_shift[i];
        }
        index -= count;
    }
    return l->extra[index];
}

static int log_action(Table *t, int action) {
    if (!t->keep_logs) return GAME_OK;
    if (t->history_len == t->history_cap) {
        Py_ssize_t cap = t->history_cap ? 2 * t->history_cap : 256;
        int *grown = PyMem_Realloc(t->history, sizeof(int) * (size_t)cap);
        if (!grown) {
            PyErr_NoMemory();
            return GAME_PYTHON;
        }
        t->history = grown;
        t->history_cap = cap;
    }
    t->history[t->history_len++] = action;
    return GAME_OK;
}

/* GameState._settle */
int table_settle(Table *t) {
    const Setup *s = t->setup;
    for (;;) {
        if (t->phase == P_OVER) {
            t->chance_len = 0;
            clear_legal(&t->legal);
            return GAME_OK;
        }
        if (t->chance_len) {
            const Chance *node = &t->chance[0];
            int terrain = node->terrain;
            if (!s->has_deck) {
                clear_legal(&t->legal);
                add_group(&t->legal, CODE(K_TILE, terrain, 0), t->unseen[terrain], 0);
                return GAME_OK;
            }
            uint64_t eq = node->seat < 0 ? s->stack_eq[terrain][node->position]
                                         : s->hand_eq[node->seat][terrain][node->position];
            eq &= t->unseen[terrain];
            if (!eq) return GAME_BROKEN; /* the deck's tile has been seen already */
            int index = low_bit(eq);
            TRY(log_action(t, CODE(K_TILE, terrain, index)));
            TRY(turn_up(t, terrain, index));
            continue;
        }
        int seat = t->current_player;
        if (t->phase != P_TURN) {
            decision_actions(t, seat);
            if (t->legal.count) return GAME_OK;
            TRY(pass(t, seat));
            continue;
        }
        turn_actions(t, seat);
        if (t->legal.count && !((s->rules & R_ARROWS) && shut_out(t))) {
            t->skips_in_row = 0;
            return GAME_OK;
        }
        if (t->legal.count) {
            over(t, E_SHUT_OUT);
            continue;
        }
        t->skips++;
        if (++t->skips_in_row > s->players) {
            over(t, (s->rules & R_ARROWS) ? E_SHUT_OUT : E_STALLED);
            continue;
        }
        TRY(end_turn(t));
    }
}

/* GameState.apply (the action is known to be legal) */
int table_apply(Table *t, int action) {
    const Setup *s = t->setup;
    TRY(log_action(t, action));
    int kind = action >> 12, a = action >> 6 & 63, b = action & 63, seat = t->current_player;
    switch (kind) {
    case K_ENTER:
    case K_MOVE:
        TRY(explore(t, seat, kind == K_ENTER, a, b));
        break;
    case K_DIVINE:
        TRY(divine(t, seat, a, b));
        break;
    case K_OFFER:
        TRY(do_offer(t, b));
        break;
    case K_RETRIEVE:
        lift(t, seat, a);
        t->reserve[seat]++;
        TRY(to_offer(t, seat));
        break;
    case K_TILE:
        TRY(turn_up(t, a, b));
        break;
    case K_SPEND:
        TRY(spend(t, seat, b));
        break;
    case K_OTOMA: {
        int heading = t->pending;
        t->pending = -1;
        TRY(otoma_move(t, b, heading));
        TRY(end_turn(t));
        break;
    }
    default:
        TRY(pass(t, seat));
    }
    (void)s;
    return table_settle(t);
}

/* Table.returns: 1/k to each of k winners (co-op and solo: 1 to every seat when the side wins). */
void table_returns(const Table *t, double *out) {
    const Setup *s = t->setup;
    int n = s->players;
    for (int p = 0; p < n; p++) out[p] = 0.0;
    if (t->phase != P_OVER) return;
    if (s->otoma_account >= 0) {
        if (t->score[0] > t->score[s->otoma_account])
            for (int p = 0; p < n; p++) out[p] = 1.0;
        return;
    }
    int best = 0, winners = 0, key[MAX_SEATS];
    for (int p = 0; p < n; p++) {
        int acc = s->account_of[p], levels = 0;
        for (int k = 0; k < TERRAINS; k++) levels += t->stones[acc][k];
        key[p] = t->score[acc] * 64 + levels;
        if (p == 0 || key[p] > best) best = key[p];
    }
    for (int p = 0; p < n; p++) winners += key[p] == best;
    for (int p = 0; p < n; p++)
        if (key[p] == best) out[p] = 1.0 / winners;
}
