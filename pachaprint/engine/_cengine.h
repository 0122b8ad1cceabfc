/* The compiled playout kernel: shared declarations.
 *
 * A twin of the pure-Python engine (state.py, table.py, legal.py, movement.py,
 * otoma.py, trails.py), which stays the reference: every function here mirrors
 * one there, and the tests play the same games through both and compare them
 * action by action. Cells are bits of a uint64_t (a board has at most 64
 * cells); an action is the engine's integer code kind << 12 | a << 6 | b.
 */
#ifndef PACHAPRINT_CENGINE_H
#define PACHAPRINT_CENGINE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAX_CELLS 64
#define TERRAINS 4
#define MAX_SEATS 4
#define MAX_SIDES 5
#define MAX_ACCOUNTS 4
#define MAX_OTOMA 5
#define SOURCES 5
#define MAX_BOX 64 /* tiles of one terrain a game may show (bit i of an unseen mask) */
#define MAX_CHANCE 64
#define MAX_GROUPS 16
#define MAX_EXTRA 40
#define TOP_LEVEL 5  /* DIVERSITY_TOP_LEVEL */
#define ANY_LEVEL 0x3e

enum { K_PASS, K_ENTER, K_MOVE, K_RETRIEVE, K_DIVINE, K_OFFER, K_OTOMA, K_SPEND, K_TILE };
enum { P_TURN, P_DIVINING, P_OFFER, P_END_DIVINE, P_FINAL_OFFER, P_OVER, P_CHOOSE_OTOMA, P_SPEND };
enum { S_DISCOVERY, S_DIVINATION, S_DIVINATION_LOST, S_CLAMPED, S_OFFERING };
enum { E_NONE = -1, E_FINISHED, E_SHUT_OUT, E_STALLED, E_TURN_LIMIT, E_ERROR };

/* Rules switches (config.Rules), one bit each. */
enum {
    R_RETRIEVE = 1, R_END_PHASE = 2, R_DIVINE_ALL = 4, R_ARROWS = 8,
    R_CHOOSE_ON_OWN_ARROW = 16, R_SPEND = 32, R_LINES = 64, R_SHARED = 128,
};

/* Failures inside the rules; the glue turns them into Python exceptions. */
enum { GAME_OK, GAME_ILLEGAL, GAME_HIDDEN_TERRAIN, GAME_HIDDEN_CROP, GAME_BROKEN, GAME_PYTHON };

typedef struct {
    int w, h, n;
    uint64_t all, edge, nf, nl;
} Geo;

/* Bit-mask movement (movement.py). */
void geo_init(Geo *g, int width, int height);
uint64_t geo_spread(const Geo *g, uint64_t mask);
int player_move_ends(const Geo *g, uint64_t own, uint64_t pawns, uint64_t crops,
                     uint64_t *groups, uint64_t *ends);
uint64_t enter_ends(const Geo *g, uint64_t own, uint64_t pawns, uint64_t crops);
uint64_t move_ends(const Geo *g, int start, uint64_t own, uint64_t pawns, uint64_t crops);
uint64_t coop_move_ends(const Geo *g, int start, int direction, uint64_t own, uint64_t pawns,
                        uint64_t crops);
uint64_t coop_enter_ends(const Geo *g, uint64_t own, uint64_t pawns, uint64_t crops);

/* Otoma trails (trails.py): step[4 * cell + heading] = new heading | next cell << 2, plus
 * 1 << 8 when the step follows a trail. */
int otoma_stop(const uint16_t *step, int n, int start, int direction, uint64_t revealed);
int otoma_walk(const uint16_t *step, int n, int start, int direction, uint64_t revealed,
               int *cells, int *trails, int *trail_count, int *final_heading);
int reaction_order(int width, int moved, const int *pawns, int count, int *order, int *dirs);

/* The legal actions of one decision (actions.LegalActions): groups, then extras. */
typedef struct {
    int group_count, extra_count, count;
    int group_base[MAX_GROUPS], group_shift[MAX_GROUPS];
    uint64_t group_mask[MAX_GROUPS];
    int extra[MAX_EXTRA];
} Legal;

/* legal.turn_actions on bare masks; arrow -1 for none. */
void legal_turn(Legal *out, const Geo *g, int rules, uint64_t own, uint64_t pawns, uint64_t crops,
                uint64_t revealed, int reserve, int arrow);
int legal_allows(const Legal *legal, int code);
int legal_nth(const Legal *legal, int index);

/* One tile of a chance node queue (tiles.ChanceNode). */
typedef struct {
    int8_t terrain, seat, cell, react;
    int16_t position;
} Chance;

/* What one game shares with its copies: board, rules, seating, trails, wheel, box, deck. */
typedef struct {
    PyObject_HEAD
    Geo geo;
    int rules, players, sides, accounts;
    int side_of[MAX_SEATS], account_of[MAX_SEATS];
    int side_colour[MAX_SIDES];  /* PAWN_COLOURS index, -1 for the Otoma side */
    int otoma_side, otoma_account, otoma_count, takes_tokens;
    int otoma_colour[MAX_OTOMA];
    uint16_t step[4 * MAX_CELLS];
    int8_t wheel_terrain[MAX_CELLS]; /* -1: the wheel does not know (sealed) */
    int8_t wheel_crop[MAX_CELLS];    /* 0: the wheel does not know */
    PyObject *wheel;                 /* a WheelOracle to mark consulted cells on, or NULL */
    int box_size[TERRAINS];
    int8_t box_colour[TERRAINS][MAX_BOX], box_dir[TERRAINS][MAX_BOX];
    int has_deck;
    /* per deck position, the box indices holding an equal tile */
    uint64_t stack_eq[TERRAINS][MAX_CELLS];
    uint64_t hand_eq[MAX_SEATS][TERRAINS][MAX_CELLS];
} Setup;

typedef struct {
    int8_t pawn, start, direction, stop, terrain, crop, points, token;
    uint64_t revealed; /* before the move, to rebuild its path */
} OtomaLog;

/* The dynamic state of one game (table.Table + state.GameState + tiles.TileTable + Otoma). */
typedef struct {
    Setup *setup;
    int8_t terrain[MAX_CELLS], crop[MAX_CELLS], owner[MAX_CELLS];
    uint64_t revealed, crop_mask, all_pawns, pawn_mask[MAX_SIDES];
    int reserve[MAX_SIDES], supply[TERRAINS];
    int score[MAX_ACCOUNTS], tokens[MAX_ACCOUNTS], stones[MAX_ACCOUNTS][TERRAINS];
    int points[MAX_ACCOUNTS][SOURCES], wrong[MAX_ACCOUNTS], correct[MAX_ACCOUNTS];
    int first_player, current_player, phase, turn, end_turns, skips, trigger;
    int passed[MAX_SEATS];
    int ending, empty_points, skips_in_row, final_left;
    int chance_len;
    Chance chance[MAX_CHANCE];
    /* tiles (solo and co-op); a tile is terrain << 6 | box index, -1 for none */
    int has_tiles;
    int16_t tile_at[MAX_CELLS];
    uint64_t unseen[TERRAINS];
    int left[TERRAINS];
    int hands[MAX_SEATS][TERRAINS];
    int16_t tops[MAX_SEATS][TERRAINS];
    int column_len[TERRAINS];
    int16_t columns[TERRAINS][MAX_CELLS];
    int arrow, pending, box_tiles;
    int has_otoma;
    int otoma_pawns[MAX_OTOMA];
    Legal legal; /* of the decision at hand */
    /* logs since the state left Python (NULL when not kept: a search's copies) */
    int *history;
    Py_ssize_t history_len, history_cap;
    OtomaLog *otoma_log;
    Py_ssize_t otoma_len, otoma_cap;
    int keep_logs;
    int failure_cell;
} Table;

/* The rules (state.py). Each returns GAME_OK or a failure code. */
int table_settle(Table *t);
int table_apply(Table *t, int action);
void table_returns(const Table *t, double *out);

/* Python's random.Random, bit for bit: Mersenne Twister MT19937. */
typedef struct {
    uint32_t state[624];
    int index;
} MT;

void mt_seed_words(MT *mt, const uint32_t *key, int length);
uint32_t mt_next(MT *mt);
uint32_t mt_below(MT *mt, uint32_t n); /* Random.randrange(n) */
int mt_from_python(MT *mt, PyObject *rng);
int mt_to_python(const MT *mt, PyObject *rng);
int mt_from_seed(MT *mt, PyObject *seed);

/* The generators a playout draws from: one per seat (the current seat's draws). */
typedef struct {
    MT mt[MAX_SEATS];
    PyObject *owner[MAX_SEATS];
    int count;
} Draws;

/* The Setup and Game types and their helpers (_cgame.c). */
extern PyTypeObject SetupType, GameType;
int read_ints(PyObject *sequence, int *out, Py_ssize_t count, const char *what);
int draws_of(Draws *d, PyObject *rng, int players);
int draws_done(Draws *d);

/* The logician's proofs (_clogic.c). */
PyObject *logic_analyse(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
int logic_ready(PyObject *module);

#endif
