/* Explorer movement and Otoma paths on bit masks: twins of movement.py and trails.py. */
#include "_cengine.h"

static const int STEP_DC[4] = {0, 1, 0, -1}, STEP_DR[4] = {-1, 0, 1, 0}; /* N E S W */

void geo_init(Geo *g, int width, int height) {
    g->w = width;
    g->h = height;
    g->n = width * height;
    g->all = g->n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << g->n) - 1);
    uint64_t first = 0, last = 0, edge = 0;
    for (int r = 0; r < height; r++) {
        first |= (uint64_t)1 << (r * width);
        last |= (uint64_t)1 << (r * width + width - 1);
    }
    for (int c = 0; c < g->n; c++) {
        int column = c % width, row = c / width;
        if (column == 0 || column == width - 1 || row == 0 || row == height - 1)
            edge |= (uint64_t)1 << c;
    }
    g->nf = g->all & ~first;
    g->nl = g->all & ~last;
    g->edge = edge;
}

/* Neighbours of a mask, not clipped to the board (callers intersect with a board set). */
static inline uint64_t spread_raw(const Geo *g, uint64_t m) {
    return ((m << 1) & g->nf) | ((m >> 1) & g->nl) | (m << g->w) | (m >> g->w);
}

uint64_t geo_spread(const Geo *g, uint64_t mask) { return spread_raw(g, mask) & g->all; }

static uint64_t flood(const Geo *g, uint64_t seeds, uint64_t passable) {
    uint64_t done = seeds, frontier = seeds;
    while (frontier) {
        frontier = spread_raw(g, frontier) & passable & ~done;
        done |= frontier;
    }
    return done;
}

int player_move_ends(const Geo *g, uint64_t own, uint64_t pawns, uint64_t crops,
                     uint64_t *groups, uint64_t *ends) {
    uint64_t passable = (crops & ~pawns) | own, free = g->all & ~pawns, left = own;
    int count = 0;
    while (left) {
        uint64_t done = flood(g, left & (~left + 1), passable);
        groups[count] = done & own;
        ends[count++] = spread_raw(g, done) & free;
        left &= ~(done & own);
    }
    return count;
}

static uint64_t flood_ends(const Geo *g, uint64_t seeds, uint64_t passable, uint64_t enterable,
                           uint64_t endable) {
    uint64_t done = flood(g, seeds & passable, passable);
    return (seeds | (geo_spread(g, done) & enterable)) & endable;
}

uint64_t move_ends(const Geo *g, int start, uint64_t own, uint64_t pawns, uint64_t crops) {
    uint64_t bit = (uint64_t)1 << start, others = pawns & ~bit;
    uint64_t enterable = g->all & ~(pawns & ~own);
    uint64_t passable = (crops & ~others) | (own & ~bit);
    uint64_t endable = g->all & ~others & ~bit;
    return flood_ends(g, geo_spread(g, bit) & enterable, passable, enterable, endable);
}

uint64_t enter_ends(const Geo *g, uint64_t own, uint64_t pawns, uint64_t crops) {
    uint64_t seeds = g->edge & ~(pawns & ~own), passable = (crops & ~pawns) | own;
    uint64_t done = flood(g, seeds & passable, passable);
    return (seeds | spread_raw(g, done)) & g->all & ~pawns;
}

uint64_t coop_move_ends(const Geo *g, int start, int direction, uint64_t own, uint64_t pawns,
                        uint64_t crops) {
    uint64_t bit = (uint64_t)1 << start;
    uint64_t enterable = g->all & ~(pawns & ~own);
    uint64_t passable = ((crops & ~pawns) | own) & ~bit;
    uint64_t endable = g->all & ~pawns & ~crops, seeds;
    if (direction < 0) {
        seeds = geo_spread(g, bit) & enterable;
    } else {
        int column = start % g->w + STEP_DC[direction], row = start / g->w + STEP_DR[direction];
        if (column < 0 || column >= g->w || row < 0 || row >= g->h) return 0;
        seeds = ((uint64_t)1 << (row * g->w + column)) & enterable;
    }
    if (!seeds) return 0;
    return flood_ends(g, seeds, passable, enterable, endable);
}

uint64_t coop_enter_ends(const Geo *g, uint64_t own, uint64_t pawns, uint64_t crops) {
    return enter_ends(g, own, pawns, crops) & ~crops;
}

/* A step table entry: heading | next cell << 2 | 1 << 8 when a trail is followed. */
int otoma_stop(const uint16_t *step, int n, int start, int direction, uint64_t revealed) {
    uint64_t all = n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    if (revealed == all) return -1;
    int cell = start, heading = direction;
    for (int i = 0; i < 4 * n; i++) {
        uint16_t next = step[4 * cell + heading];
        cell = next >> 2 & 63;
        heading = next & 3;
        if (!(revealed >> cell & 1)) return cell;
    }
    return -1;
}

/* trails.reaction_order: Otoma pawns in the moved pawn's row or column, nearest first,
 * row before column, then reading order. Returns how many; order/dirs get pawn and heading. */
int reaction_order(int width, int moved, const int *pawns, int count, int *order, int *dirs) {
    int key[MAX_OTOMA], n = 0;
    int column = moved % width, row = moved / width;
    for (int p = 0; p < count; p++) {
        int c = pawns[p] % width, r = pawns[p] / width, distance, kind, heading;
        if (r == row && c != column) {
            distance = c > column ? c - column : column - c;
            kind = 0;
            heading = c > column ? 1 : 3;
        } else if (c == column && r != row) {
            distance = r > row ? r - row : row - r;
            kind = 1;
            heading = r > row ? 2 : 0;
        } else {
            continue;
        }
        /* (distance, kind, cell, pawn): cells are distinct, so the pawn never decides */
        int k = (distance * 2 + kind) * 256 + pawns[p], i = n++;
        while (i > 0 && key[i - 1] > k) {
            key[i] = key[i - 1];
            order[i] = order[i - 1];
            dirs[i] = dirs[i - 1];
            i--;
        }
        key[i] = k;
        order[i] = p;
        dirs[i] = heading;
    }
    return n;
}

/* otoma_path's walk: the cells entered (to `cells`), for each trail followed the index in
 * `cells` of its re-entry cell and the step taken (to `trails`, pairs); returns how many
 * cells, or 0 when the pawn does not move. */
int otoma_walk(const uint16_t *step, int n, int start, int direction, uint64_t revealed,
               int *cells, int *trails, int *trail_count, int *final_heading) {
    *trail_count = 0;
    *final_heading = direction;
    if (otoma_stop(step, n, start, direction, revealed) < 0) return 0;
    int cell = start, heading = direction, count = 0;
    for (;;) {
        int key = 4 * cell + heading;
        uint16_t next = step[key];
        cell = next >> 2 & 63;
        heading = next & 3;
        if (next >> 8 & 1) {
            trails[2 * *trail_count] = count;
            trails[2 * *trail_count + 1] = key;
            ++*trail_count;
        }
        cells[count++] = cell;
        if (!(revealed >> cell & 1)) {
            *final_heading = heading;
            return count;
        }
    }
}
