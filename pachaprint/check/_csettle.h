/* settle(): placed-level eliminations and hidden singles to a fixpoint, in place.
 *
 * The compiled twin of settle() in pachaprint/check/solver.py, shared by the
 * crop solver (_ckernel.c) and the engine's proofs (engine/_clogic.c). Include
 * it after defining SETTLE_KERNEL as a struct type with the fields
 *   int peer_count[]; uint8_t peers[][]; int unit_of[]; int units;
 *   int unit_size[]; uint8_t unit_cells[][]; uint8_t unit_full[];
 * dom: a domain mask per cell (bit 1 << level); queue: decided cells whose
 * level is not yet taken from their peers (room for cells * 8 entries);
 * touched: a bit set of the units to check for hidden singles.
 * Returns 0 when settled, -1 on a conflict.
 */
#include <stdint.h>

static int settle(const SETTLE_KERNEL *k, uint8_t *dom, int *queue, int queued, uint64_t touched) {
    for (;;) {
        while (queued) {
            int cell = queue[--queued];
            uint8_t bit = dom[cell];
            for (int i = 0; i < k->peer_count[cell]; i++) {
                int peer = k->peers[cell][i];
                uint8_t d = dom[peer];
                if (d & bit) {
                    d &= (uint8_t)~bit;
                    if (!d) return -1;
                    dom[peer] = d;
                    if (k->unit_of[peer] >= 0) touched |= (uint64_t)1 << k->unit_of[peer];
                    if (!(d & (d - 1))) queue[queued++] = peer;
                }
            }
        }
        if (!touched) return 0;
        uint64_t again = 0;
        for (int u = 0; u < k->units; u++) {
            if (!(touched >> u & 1)) continue;
            uint8_t once = 0, twice = 0, full = k->unit_full[u];
            for (int i = 0; i < k->unit_size[u]; i++) {
                uint8_t d = dom[k->unit_cells[u][i]];
                twice |= once & d;
                once |= d;
            }
            if (once != full) return -1;
            uint8_t singles = full & (uint8_t)~twice;
            if (!singles) continue;
            for (int i = 0; i < k->unit_size[u]; i++) {
                int cell = k->unit_cells[u][i];
                uint8_t d = dom[cell];
                uint8_t s = d & singles;
                if (s && s != d) {
                    if (s & (s - 1)) return -1;
                    dom[cell] = s;
                    queue[queued++] = cell;
                    again |= (uint64_t)1 << u;
                }
            }
        }
        touched = again;
        if (!queued && !touched) return 0;
    }
}
