/* The join counter of plain n-queens boards: `joins.py` is its pure-Python reference,
 * with the same units in the same order, so a part means the same in both.
 *
 * The board is cut into four h x h quarters (h = n / 2; on an odd board the middle row
 * and the middle column are left out and their two queens are placed first, a
 * "configuration"). Every row's queen lies in the west or the east half: a "split" is the
 * set of rows whose queen is west. For one split, a west half-board is a north-west
 * quarter placement on the split's top rows joined with a south-west one on its bottom
 * rows, on complementary column sets; likewise east. Inside a half nothing attacks any
 * more; across the halves only diagonals can, so each half-board is reduced to the
 * diagonals it holds among those that reach both halves (a signature of 4h - 2 bits),
 * and the split's solutions are the pairs of west and east signatures with an empty AND.
 *
 * A unit of work is one split of one configuration. Splits equal under the left-right
 * mirror (the complement) and the north-south flip (the reversal) are counted once with
 * their orbit's size as weight; an odd board's off-centre configurations are counted once
 * per orbit of 8. A part (offset, stride) counts every stride-th unit from offset, so
 * parts are independent and their sum over offset 0..stride-1 is the total.
 *
 * The inner loop (the join) takes 64 signatures of the smaller side at a time and builds,
 * per 8-bit chunk of a signature, a table of which of the 64 have those bits clear; each
 * signature of the other side then costs one lookup per chunk, the ANDs and a popcount.
 * The popcount instruction is used only where the CPU says it has it (checked at run
 * time); elsewhere a portable bit count gives the same numbers.
 *
 * Optional: when the extension is not built, nqueens uses `joins.py`.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define POPCOUNT32(x) __builtin_popcount(x)
#define CTZ32(x) __builtin_ctz(x)
#define CTZ64(x) __builtin_ctzll(x)
#define POPCOUNT64(x) __builtin_popcountll(x)
#else /* portable C99 */
static int POPCOUNT32(uint32_t x) { int k = 0; for (; x; x &= x - 1) k++; return k; }
static int CTZ32(uint32_t x) { int k = 0; for (; !(x & 1); x >>= 1) k++; return k; }
static int CTZ64(uint64_t x) { int k = 0; for (; !(x & 1); x >>= 1) k++; return k; }
static int POPCOUNT64(uint64_t x) { int k = 0; for (; x; x &= x - 1) k++; return k; }
#endif

#define JOIN_MAX_N 32 /* both diagonal families of the whole board in 64-bit masks */
#define POLL_UNITS 16 /* units between polls of the caller */
#define POLL_NODES (1U << 16) /* nodes of a quarter table's walk between polls (a few ms) */

typedef struct {
    uint32_t d1, d2; /* diagonals r + c and r - c + n - 1, shifted to the quarter's lowest */
    uint64_t sig;    /* its share of a half-board's signature (see signature()) */
} entry_t;

/* One quarter's placements, filed by (rows used, columns used) in local bits. */
typedef struct {
    uint32_t *start; /* 4^h + 1 offsets into entries, key = rows << h | cols */
    entry_t *entries;
} quarter_t;

typedef struct {
    int n, h;
    quarter_t q[2]; /* NW, SW: the east quarters are their mirror images */
    uint32_t *sized; /* the column sets of the h columns, by size: */
    uint32_t sized_at[JOIN_MAX_N / 2 + 2]; /* sets of size k at sized[sized_at[k]..[k+1]) */
    size_t bytes;
} tables_t;

typedef struct {
    uint64_t *sig;
    size_t len, cap;
} sigs_t;

/* ---- the popcount: the instruction where the CPU has it, else a portable count ---- */

static inline int popcount_portable(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HAVE_POPCNT_TARGET 1
#endif

/* stream: for each signature s of the larger side, AND the chunk tables of one block of
 * 64 signatures of the smaller side and count the survivors. */
#define STREAM_BODY(POPCOUNT)                                                          \
    uint64_t total = 0;                                                                \
    switch (nchunks) {                                                                 \
    case 5:                                                                            \
        for (size_t i = 0; i < ns; i++) {                                              \
            uint64_t s = S[i];                                                         \
            total += (uint64_t)POPCOUNT(tab[0][s & 255] & tab[1][(s >> 8) & 255] &     \
                                        tab[2][(s >> 16) & 255] & tab[3][(s >> 24) & 255] & \
                                        tab[4][(s >> 32) & 255]);                      \
        }                                                                              \
        break;                                                                         \
    case 6:                                                                            \
        for (size_t i = 0; i < ns; i++) {                                              \
            uint64_t s = S[i];                                                         \
            total += (uint64_t)POPCOUNT(tab[0][s & 255] & tab[1][(s >> 8) & 255] &     \
                                        tab[2][(s >> 16) & 255] & tab[3][(s >> 24) & 255] & \
                                        tab[4][(s >> 32) & 255] & tab[5][(s >> 40) & 255]); \
        }                                                                              \
        break;                                                                         \
    default:                                                                           \
        for (size_t i = 0; i < ns; i++) {                                              \
            uint64_t s = S[i], m = tab[0][s & 255];                                    \
            for (int c = 1; c < nchunks; c++) m &= tab[c][(s >> (8 * c)) & 255];       \
            total += (uint64_t)POPCOUNT(m);                                            \
        }                                                                              \
    }                                                                                  \
    return total;

static uint64_t stream_portable(uint64_t (*tab)[256], int nchunks, const uint64_t *S, size_t ns) {
    STREAM_BODY(popcount_portable)
}

#ifdef HAVE_POPCNT_TARGET
__attribute__((target("popcnt"))) static uint64_t stream_popcnt(uint64_t (*tab)[256], int nchunks,
                                                                 const uint64_t *S, size_t ns) {
    STREAM_BODY(__builtin_popcountll)
}
#endif

typedef uint64_t (*stream_fn)(uint64_t (*)[256], int, const uint64_t *, size_t);
static stream_fn stream = stream_portable;
static int hardware_popcount = 0;

static void choose_popcount(void) {
#ifdef HAVE_POPCNT_TARGET
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt")) {
        stream = stream_popcnt;
        hardware_popcount = 1;
    }
#endif
}

/* Transpose a 64 x 64 bit matrix in place: afterwards bit k of a[i] is what bit i of
 * a[k] was (swapping ever smaller blocks, six rounds). */
static void transpose64(uint64_t a[64]) {
    uint64_t m = 0x00000000FFFFFFFFULL;
    for (int j = 32; j; j >>= 1, m ^= m << j) {
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
            a[k | j] ^= t;
            a[k] ^= t << j;
        }
    }
}

/* The chunk tables of one block of (up to 64) signatures: tab[c][v] has bit k set when
 * signature k has none of the bits v in its chunk c. */
static void block_tables(const uint64_t *B, size_t len, int nchunks, uint64_t (*tab)[256]) {
    uint64_t all = len == 64 ? ~0ULL : ((1ULL << len) - 1), holds[64];
    memcpy(holds, B, len * sizeof *holds);
    memset(holds + len, 0, (64 - len) * sizeof *holds);
    transpose64(holds); /* holds[bit]: which signatures have that bit */
    for (int c = 0; c < nchunks; c++) {
        const uint64_t *clear = holds + 8 * c;
        tab[c][0] = all;
        for (int v = 1; v < 256; v++) tab[c][v] = tab[c][v & (v - 1)] & ~clear[CTZ32((uint32_t)v)];
    }
}

#define FREQUENCY_SAMPLE 256 /* signatures per side that choose the bucket bits */
#ifndef MAX_BUCKET_BITS
#define MAX_BUCKET_BITS 10 /* at most 2^10 buckets a side */
#endif
#ifndef BUCKET_AT_LEAST
#define BUCKET_AT_LEAST 64 /* signatures per bucket of the smaller side, at least */
#endif
#define BUCKET_SHIFT (64 - MAX_BUCKET_BITS) /* a bucket's number sits above the packed bits */

typedef struct {
    uint64_t *a, *b; /* the two sides, packed and sorted by bucket */
    size_t cap_a, cap_b;
    stream_fn stream; /* the popcount's path (the portable one on request) */
} join_scratch_t;

static int grow(uint64_t **buf, size_t *cap, size_t want) {
    if (want <= *cap) return 0;
    uint64_t *grown = realloc(*buf, want * sizeof *grown);
    if (!grown) return -1;
    *buf = grown;
    *cap = want;
    return 0;
}

/* Pack each signature: the bits of `rest` moved to the low end, the bits of `bucket` to
 * BUCKET_SHIFT and up (by byte-wise tables, so no bit-by-bit loop per signature), then
 * sort by bucket (counting sort); `at` gets each bucket's start. */
static void pack(const uint64_t *in, size_t len, uint64_t rest, uint64_t bucket, int nbytes, uint64_t *out,
                 size_t *at, int buckets, uint64_t *tmp) {
    static uint64_t move[8][256];
    int rest_before = 0, bucket_before = 0;
    for (int c = 0; c < nbytes; c++) {
        uint64_t r = (rest >> (8 * c)) & 255, q = (bucket >> (8 * c)) & 255, to[8];
        for (int bit = 0; bit < 8; bit++) { /* where each bit of this byte goes (or nowhere) */
            to[bit] = 0;
            if ((r >> bit) & 1) to[bit] = 1ULL << rest_before++;
            if ((q >> bit) & 1) to[bit] = 1ULL << (BUCKET_SHIFT + bucket_before++);
        }
        move[c][0] = 0;
        for (int v = 1; v < 256; v++) move[c][v] = move[c][v & (v - 1)] | to[CTZ32((uint32_t)v)];
    }
    for (int k = 0; k <= buckets; k++) at[k] = 0;
    for (size_t i = 0; i < len; i++) {
        uint64_t s = in[i], packed = 0;
        for (int c = 0; c < nbytes; c++) packed |= move[c][(s >> (8 * c)) & 255];
        tmp[i] = packed;
        at[(packed >> BUCKET_SHIFT) + 1]++;
    }
    for (int k = 0; k < buckets; k++) at[k + 1] += at[k];
    size_t fill[1 << MAX_BUCKET_BITS];
    for (int k = 0; k < buckets; k++) fill[k] = at[k];
    uint64_t low = (1ULL << BUCKET_SHIFT) - 1;
    for (size_t i = 0; i < len; i++) out[fill[tmp[i] >> BUCKET_SHIFT]++] = tmp[i] & low;
}

/* Pairs (a, b) of A x B with a & b == 0, for signatures of `bits` bits.
 *
 * Bits that no signature of one side holds cannot clash and are dropped; a few bits that
 * both sides hold often are made bucket numbers, and only buckets with disjoint numbers
 * are joined (most pairs clash on those bits and are never looked at); the rest are
 * joined 64 at a time by chunk tables (see the top of the file). */
static int64_t join_count(const uint64_t *A, size_t na, const uint64_t *B, size_t nb, int bits,
                          join_scratch_t *scratch) {
    if (na == 0 || nb == 0) return 0;
    if (na < nb) { /* the tables are made of the smaller side */
        const uint64_t *t = A; A = B; B = t;
        size_t k = na; na = nb; nb = k;
    }
    uint64_t total = 0;
    if (nb < 8 || na < 32) {
        for (size_t j = 0; j < nb; j++) {
            uint64_t b = B[j];
            for (size_t i = 0; i < na; i++) total += (A[i] & b) == 0;
        }
        return (int64_t)total;
    }
    uint64_t or_a = 0, or_b = 0;
    for (size_t i = 0; i < na; i++) or_a |= A[i];
    for (size_t j = 0; j < nb; j++) or_b |= B[j];
    uint64_t shared = or_a & or_b;
    if (!shared) return (int64_t)(na * nb);
    /* the bucket bits: those both sides hold most often */
    int kbits = 0;
    while (kbits < MAX_BUCKET_BITS && (nb >> (kbits + 1)) >= BUCKET_AT_LEAST) kbits++;
    uint64_t bucket = 0;
    if (kbits) {
        /* how often each bit is held, from a sample spread over each side */
        uint32_t fa[64] = {0}, fb[64] = {0};
        size_t step_a = na / FREQUENCY_SAMPLE + 1, step_b = nb / FREQUENCY_SAMPLE + 1;
        for (size_t i = 0; i < na; i += step_a)
            for (uint64_t s = A[i] & shared; s; s &= s - 1) fa[CTZ64(s)]++;
        for (size_t j = 0; j < nb; j += step_b)
            for (uint64_t s = B[j] & shared; s; s &= s - 1) fb[CTZ64(s)]++;
        for (int k = 0; k < kbits; k++) {
            int best = -1;
            double most = -1;
            for (int bit = 0; bit < bits; bit++) {
                if (!((shared >> bit) & 1) || ((bucket >> bit) & 1)) continue;
                double both = (double)fa[bit] * (double)fb[bit];
                if (both > most) { most = both; best = bit; }
            }
            if (best < 0) break;
            bucket |= 1ULL << best;
        }
        kbits = POPCOUNT64(bucket);
    }
    if (POPCOUNT64(shared & ~bucket) > BUCKET_SHIFT) kbits = 0; /* (beyond any table's reach) */
    if (!kbits) { /* too few to bucket: the raw signatures, 64 at a time */
        uint64_t tab[8][256];
        int chunks = (bits + 7) / 8;
        for (size_t base = 0; base < nb; base += 64) {
            block_tables(B + base, nb - base < 64 ? nb - base : 64, chunks, tab);
            total += scratch->stream(tab, chunks, A, na);
        }
        return (int64_t)total;
    }
    uint64_t rest = shared & ~bucket;
    int nchunks = (POPCOUNT64(rest) + 7) / 8, nbytes = (bits + 7) / 8, buckets = 1 << kbits;
    if (nchunks < 1) nchunks = 1;
    if (grow(&scratch->a, &scratch->cap_a, 2 * na) < 0 || grow(&scratch->b, &scratch->cap_b, 2 * nb) < 0)
        return -1;
    size_t at_a[(1 << MAX_BUCKET_BITS) + 1], at_b[(1 << MAX_BUCKET_BITS) + 1];
    pack(A, na, rest, bucket, nbytes, scratch->a, at_a, buckets, scratch->a + na);
    pack(B, nb, rest, bucket, nbytes, scratch->b, at_b, buckets, scratch->b + nb);
    uint64_t tab[8][256];
    uint32_t mask = (uint32_t)buckets - 1;
    for (uint32_t q = 0; q < (uint32_t)buckets; q++) {
        for (size_t base = at_b[q]; base < at_b[q + 1]; base += 64) {
            size_t len = at_b[q + 1] - base < 64 ? at_b[q + 1] - base : 64;
            block_tables(scratch->b + base, len, nchunks, tab);
            uint32_t free_bits = ~q & mask;
            for (uint32_t p = free_bits;; p = (p - 1) & free_bits) { /* every p disjoint from q */
                if (at_a[p + 1] > at_a[p])
                    total += scratch->stream(tab, nchunks, scratch->a + at_a[p], at_a[p + 1] - at_a[p]);
                if (p == 0) break;
            }
        }
    }
    return (int64_t)total;
}

/* ---- the quarter tables ---- */

/* The diagonals that reach both halves, [n - h, n + h - 2] of each family, side by side:
 * the only way a west queen can attack an east one. */
static uint64_t signature(int n, int h, uint64_t d1, uint64_t d2) {
    if (h == 0) return 0; /* a 1-board has nothing to join */
    int width = 2 * h - 1;
    uint64_t keep = (1ULL << width) - 1;
    return ((d1 >> (n - h)) & keep) | (((d2 >> (n - h)) & keep) << width);
}

/* The caller's stop, asked while the work runs without the GIL: the GIL is taken back
 * only to ask. stop: 1 when the caller said stop, -1 on a Python error (a signal's). */
typedef struct {
    PyObject *poll; /* may be NULL: then only signals are checked */
    PyThreadState *state;
    uint32_t nodes;
    int stop;
} poller_t;

static int ask_stop(PyObject *should_stop) {
    if (PyErr_CheckSignals() < 0) return -1;
    if (should_stop == NULL) return 0;
    PyObject *answer = PyObject_CallNoArgs(should_stop);
    if (answer == NULL) return -1;
    int truth = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return truth < 0 ? -1 : truth ? 1 : 0;
}

static int poll_now(poller_t *p) {
    PyEval_RestoreThread(p->state);
    p->stop = ask_stop(p->poll);
    p->state = PyEval_SaveThread();
    return p->stop;
}

typedef struct {
    int n, h, r0, c0, base1, base2;
    uint32_t *count; /* per key, NULL in the filling pass */
    uint32_t *fill;
    entry_t *entries;
    poller_t *poller; /* building the tables of n = 20 takes seconds: a stop ends it */
} quarter_walk_t;

static void quarter_dfs(quarter_walk_t *w, int i, uint32_t rows, uint32_t cols, uint64_t d1, uint64_t d2) {
    int h = w->h;
    if (w->poller->stop || (++w->poller->nodes % POLL_NODES == 0 && poll_now(w->poller))) return;
    if (i == h) {
        uint32_t key = (rows << h) | cols;
        if (w->count) w->count[key]++;
        else
            w->entries[w->fill[key]++] = (entry_t){(uint32_t)(d1 >> w->base1), (uint32_t)(d2 >> w->base2),
                                                   signature(w->n, w->h, d1, d2)};
        return;
    }
    quarter_dfs(w, i + 1, rows, cols, d1, d2); /* row i of the quarter stays empty */
    int r = w->r0 + i;
    for (int j = 0; j < h; j++) {
        int c = w->c0 + j;
        uint64_t b1 = 1ULL << (r + c), b2 = 1ULL << (r - c + w->n - 1);
        if ((cols >> j) & 1 || d1 & b1 || d2 & b2) continue;
        quarter_dfs(w, i + 1, rows | (1U << i), cols | (1U << j), d1 | b1, d2 | b2);
    }
}

/* 0: built; -1: out of memory; 1: stopped (poller->stop says why). */
static int build_quarter(quarter_t *q, int n, int h, int r0, int c0, size_t *bytes, poller_t *poller) {
    size_t keys = (size_t)1 << (2 * h);
    uint32_t *count = calloc(keys, sizeof *count);
    q->start = malloc((keys + 1) * sizeof *q->start);
    if (!count || !q->start) { free(count); return -1; }
    /* a quarter's diagonals of each family span 2h - 1 <= 31 values: from its lowest */
    quarter_walk_t w = {n, h, r0, c0, r0, r0 - c0 - (h - 1) + n - 1, count, NULL, NULL, poller};
    quarter_dfs(&w, 0, 0, 0, 0, 0);
    if (poller->stop) { free(count); return 1; }
    uint64_t at = 0;
    for (size_t k = 0; k < keys; k++) {
        q->start[k] = (uint32_t)at;
        at += count[k];
        if (at > UINT32_MAX) { free(count); return -1; } /* beyond 32-bit offsets (n >= 26) */
    }
    q->start[keys] = (uint32_t)at;
    q->entries = malloc((size_t)at * sizeof *q->entries + 1);
    if (!q->entries) { free(count); return -1; }
    memcpy(count, q->start, keys * sizeof *count); /* fill positions */
    w.count = NULL;
    w.fill = count;
    w.entries = q->entries;
    quarter_dfs(&w, 0, 0, 0, 0, 0);
    free(count);
    if (poller->stop) return 1;
    *bytes += (keys + 1) * sizeof *q->start + (size_t)at * sizeof *q->entries;
    return 0;
}

static tables_t cached = {0};
static PyThread_type_lock join_lock = NULL; /* one count at a time per process */

static void free_tables(tables_t *t) {
    free(t->sized);
    t->sized = NULL;
    for (int k = 0; k < 2; k++) {
        free(t->q[k].start);
        free(t->q[k].entries);
        t->q[k].start = NULL;
        t->q[k].entries = NULL;
    }
    t->n = 0;
    t->bytes = 0;
}

/* The west quarters of an n-board, built once per process and size; NULL when out of
 * memory or stopped (poller->stop set: nothing half built is kept). */
static tables_t *tables_for(int n, poller_t *poller) {
    if (cached.n == n) return &cached;
    free_tables(&cached);
    int h = n / 2;
    for (int k = 0; k < 2; k++) {
        if (build_quarter(&cached.q[k], n, h, k ? n - h : 0, 0, &cached.bytes, poller) != 0) {
            free_tables(&cached);
            return NULL;
        }
    }
    uint32_t sets = 1U << h, at = 0;
    cached.sized = malloc(sets * sizeof *cached.sized);
    if (!cached.sized) {
        free_tables(&cached);
        return NULL;
    }
    for (int k = 0; k <= h; k++) {
        cached.sized_at[k] = at;
        for (uint32_t cols = 0; cols < sets; cols++)
            if (POPCOUNT32(cols) == k) cached.sized[at++] = cols;
    }
    cached.sized_at[h + 1] = at;
    cached.bytes += sets * sizeof *cached.sized;
    cached.n = n;
    cached.h = h;
    return &cached;
}

/* ---- half-boards ---- */

/* Room for `more` signatures after the current ones. */
static int reserve(sigs_t *s, size_t more) {
    if (s->len + more <= s->cap) return 0;
    size_t cap = s->cap ? s->cap : 1024;
    while (cap < s->len + more) cap *= 2;
    uint64_t *grown = realloc(s->sig, cap * sizeof *grown);
    if (!grown) return -1;
    s->sig = grown;
    s->cap = cap;
    return 0;
}

/* The signatures of every west half-board on local rows `top` (north-west quarter) and
 * `bottom` (south-west), with complementary column sets inside `pool`, avoiding the
 * fixed queens' diagonals f1, f2 (whole-board masks). With `east`, the east half-boards
 * on those rows instead, as mirror images of west ones: the mirror swaps the diagonal
 * families (so f1 and f2 trade places, and the signature's halves), and reverses the
 * columns (`pool` is given mirrored). The inner loop has no branch: every pair is
 * written, and kept when it does not clash. */
static int half_boards(const tables_t *t, uint32_t top, uint32_t bottom, uint32_t pool, uint64_t f1,
                       uint64_t f2, int east, sigs_t *out) {
    int n = t->n, h = t->h, k = POPCOUNT32(top), shift = n - h, width = 2 * h - 1;
    const quarter_t *north = &t->q[0], *south = &t->q[1];
    if (east) {
        uint64_t f = f1; f1 = f2; f2 = f;
    }
    /* the fixed diagonals in each quarter's frame (see quarter_walk_t's bases) */
    uint32_t nf1 = (uint32_t)f1, nf2 = (uint32_t)(f2 >> shift);
    uint32_t sf1 = (uint32_t)(f1 >> shift), sf2 = (uint32_t)(f2 >> (2 * shift));
    const uint32_t *cols_at = t->sized + t->sized_at[k], *cols_end = t->sized + t->sized_at[k + 1];
    out->len = 0;
    for (; cols_at < cols_end; cols_at++) {
        uint32_t cols = *cols_at;
        if (cols & ~pool) continue;
        uint32_t nk = (top << h) | cols, sk = (bottom << h) | (pool & ~cols);
        const entry_t *x = north->entries + north->start[nk], *xe = north->entries + north->start[nk + 1];
        const entry_t *y0 = south->entries + south->start[sk], *ye = south->entries + south->start[sk + 1];
        size_t ny = (size_t)(ye - y0);
        if (x == xe || ny == 0) continue;
        for (; x < xe; x++) {
            if ((x->d1 & nf1) | (x->d2 & nf2)) continue;
            if (reserve(out, ny) < 0) return -1;
            /* the south quarter's frame lies `shift` above the north's, in both families */
            uint32_t xd1 = x->d1 >> shift, xd2 = x->d2 >> shift;
            uint64_t xs = x->sig, *dst = out->sig;
            size_t len = out->len;
            for (size_t j = 0; j < ny; j++) {
                const entry_t *y = y0 + j;
                dst[len] = xs | y->sig;
                len += ((xd1 & y->d1) | (xd2 & y->d2) | (y->d1 & sf1) | (y->d2 & sf2)) == 0;
            }
            out->len = len;
        }
    }
    if (east && width > 0) {
        uint64_t keep = (1ULL << width) - 1;
        for (size_t i = 0; i < out->len; i++) {
            uint64_t v = out->sig[i];
            out->sig[i] = (v >> width) | ((v & keep) << width);
        }
    }
    return 0;
}

/* ---- configurations and units ---- */

typedef struct {
    uint32_t avail;     /* rows left for the split (global bits) */
    int west;           /* queens the west half needs */
    uint32_t west_cols; /* local column pools; the east one mirrored (column h - 1 - j) */
    uint32_t east_cols;
    uint64_t f1, f2;    /* the fixed queens' diagonals */
    int symmetric;      /* splits folded by mirror and flip */
    int weight;         /* the configuration's orbit */
} config_t;

static int configs(int n, config_t *out) {
    int h = n / 2;
    uint32_t all = (n == 32) ? 0xFFFFFFFFU : ((1U << n) - 1), pool = (1U << h) - 1;
    if (n % 2 == 0) {
        out[0] = (config_t){all, h, pool, pool, 0, 0, 1, 1};
        return 1;
    }
    int m = h, count = 0;
    out[count++] = (config_t){all & ~(1U << m), h, pool, pool, 1ULL << (2 * m), 1ULL << (n - 1), 1, 1};
    for (int a = 2; a <= h; a++) {
        for (int b = 1; b < a; b++) {
            /* the middle row's queen at (m, m + a), east; the middle column's at (m + b, m) */
            uint64_t f1 = (1ULL << (2 * m + a)) | (1ULL << (2 * m + b));
            uint64_t f2 = (1ULL << (n - 1 - a)) | (1ULL << (n - 1 + b));
            out[count++] = (config_t){all & ~(1U << m) & ~(1U << (m + b)), h, pool, pool & ~(1U << (h - a)),
                                      f1, f2, 0, 8};
        }
    }
    return count;
}

static uint32_t reverse_rows(uint32_t r, int n) {
    uint32_t out = 0;
    for (int i = 0; i < n; i++)
        if ((r >> i) & 1) out |= 1U << (n - 1 - i);
    return out;
}

/* The weight of split `rows` (0: not the smallest of its orbit, counted elsewhere). */
static int split_weight(const config_t *c, uint32_t rows, int n) {
    if (!c->symmetric) return 1;
    uint32_t orbit[4] = {rows, c->avail & ~rows, reverse_rows(rows, n), 0};
    orbit[3] = c->avail & ~orbit[2];
    int distinct = 0;
    for (int i = 0; i < 4; i++) {
        if (orbit[i] < rows) return 0;
        int seen = 0;
        for (int j = 0; j < i; j++) seen |= orbit[j] == orbit[i];
        distinct += !seen;
    }
    return distinct;
}

/* Spread the low bits of `packed` over the set bits of `mask` (in order). */
static uint32_t deposit(uint32_t packed, uint32_t mask) {
    uint32_t out = 0;
    for (int i = 0; mask; i++) {
        uint32_t low = mask & -mask;
        if ((packed >> i) & 1) out |= low;
        mask ^= low;
    }
    return out;
}

typedef struct {
    uint64_t total, units, done;
    int stop; /* 1: stopped by poll, -1: Python error, -2: out of memory */
} result_t;

/* Count the units offset, offset + stride, ... of an n-board (see the top). Called with
 * the GIL; the work runs without it (so a Dask worker's or the caller's other threads go
 * on), taking it back only to poll, and under a lock, since the tables are shared. */
static result_t count_part(int n, uint64_t offset, uint64_t stride, PyObject *poll, int portable) {
    result_t res = {0, 0, 0, 0};
    res.stop = ask_stop(poll); /* a part handed out after the stop builds no tables */
    if (res.stop) return res;
    poller_t poller = {poll, PyEval_SaveThread(), 0, 0};
    PyThread_acquire_lock(join_lock, WAIT_LOCK);
    tables_t *t = tables_for(n, &poller); /* the tables poll: at n = 20 they take seconds */
    PyThreadState *state = poller.state;
    if (!t) {
        res.stop = poller.stop ? poller.stop : -2;
        PyThread_release_lock(join_lock);
        PyEval_RestoreThread(state);
        return res;
    }
    config_t cs[256];
    int nc = configs(n, cs), h = t->h, bits = 4 * h - 2;
    uint32_t low = (1U << h) - 1;
    sigs_t west = {0}, east = {0};
    join_scratch_t scratch = {0};
    scratch.stream = portable ? stream_portable : stream;
    uint64_t unit = 0;
    for (int ci = 0; ci < nc && !res.stop; ci++) {
        const config_t *c = &cs[ci];
        int avail = POPCOUNT32(c->avail);
        if (c->west > avail) continue;
        /* every c->west-subset of the available rows, in increasing order (Gosper) */
        uint64_t limit = 1ULL << avail;
        for (uint64_t packed = (1ULL << c->west) - 1; packed < limit;) {
            uint32_t rows = deposit((uint32_t)packed, c->avail);
            int weight = split_weight(c, rows, n);
            if (weight) {
                if (unit % stride == offset) {
                    uint32_t wrows = rows, erows = c->avail & ~rows;
                    if (half_boards(t, wrows & low, (wrows >> (n - h)) & low, c->west_cols, c->f1, c->f2, 0,
                                    &west) < 0 ||
                        half_boards(t, erows & low, (erows >> (n - h)) & low, c->east_cols, c->f1, c->f2, 1,
                                    &east) < 0) {
                        res.stop = -2;
                        break;
                    }
                    int64_t pairs = join_count(west.sig, west.len, east.sig, east.len, bits, &scratch);
                    if (pairs < 0) {
                        res.stop = -2;
                        break;
                    }
                    res.total += (uint64_t)weight * c->weight * (uint64_t)pairs;
                    res.done++;
                    if (res.done % POLL_UNITS == 0) {
                        PyEval_RestoreThread(state);
                        res.stop = ask_stop(poll);
                        state = PyEval_SaveThread();
                    }
                    if (res.stop) break;
                }
                unit++;
            }
            if (packed == 0) break;
            uint64_t lowest = packed & -packed, ripple = packed + lowest;
            packed = (((ripple ^ packed) >> 2) / lowest) | ripple;
        }
    }
    res.units = unit;
    free(west.sig);
    free(east.sig);
    free(scratch.a);
    free(scratch.b);
    PyThread_release_lock(join_lock);
    PyEval_RestoreThread(state);
    return res;
}

PyDoc_STRVAR(count_doc,
"count(n, offset=0, stride=1, poll=None, portable=False) -> (total, units_done, complete)\n\n"
"Solutions of the plain n-board (1 <= n <= 32) in the join's units offset, offset + stride,\n"
"... (each weighted by its symmetry orbit). poll, if given, is called every few units; a\n"
"true answer stops the count (complete is then False and total a lower bound). portable:\n"
"count bits without the CPU's popcount instruction even where it has one (for tests).");

static PyObject *join_count_py(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "offset", "stride", "poll", "portable", NULL};
    int n, portable = 0;
    unsigned long long offset = 0, stride = 1;
    PyObject *poll_fn = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "i|KKOp", keywords, &n, &offset, &stride, &poll_fn,
                                     &portable))
        return NULL;
    if (n < 1 || n > JOIN_MAX_N) {
        PyErr_Format(PyExc_ValueError, "the join handles 1 <= n <= %d, got %d", JOIN_MAX_N, n);
        return NULL;
    }
    if (stride < 1 || offset >= stride) {
        PyErr_SetString(PyExc_ValueError, "the part needs 0 <= offset < stride");
        return NULL;
    }
    result_t res = count_part(n, offset, stride, poll_fn == Py_None ? NULL : poll_fn, portable);
    if (res.stop == -1) return NULL;
    if (res.stop == -2) return PyErr_NoMemory();
    return Py_BuildValue("KKO", (unsigned long long)res.total, (unsigned long long)res.done,
                         res.stop ? Py_False : Py_True);
}

PyDoc_STRVAR(table_bytes_doc,
"table_bytes() -> int\n\nBytes held by this process's quarter tables (0 before the first count).");

static PyObject *join_table_bytes(PyObject *self, PyObject *unused) {
    return PyLong_FromSize_t(cached.bytes);
}

static PyMethodDef join_methods[] = {
    {"count", (PyCFunction)(void (*)(void))join_count_py, METH_VARARGS | METH_KEYWORDS, count_doc},
    {"table_bytes", join_table_bytes, METH_NOARGS, table_bytes_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef join_module = {
    PyModuleDef_HEAD_INIT, "nqueens._join",
    "Compiled join counter of plain boards (see joins.py for the pure-Python reference).",
    -1, join_methods,
};

PyMODINIT_FUNC PyInit__join(void) {
    choose_popcount();
    if (join_lock == NULL && (join_lock = PyThread_allocate_lock()) == NULL) return PyErr_NoMemory();
    PyObject *module = PyModule_Create(&join_module);
    if (module == NULL) return NULL;
    if (PyModule_AddIntConstant(module, "MAX_N", JOIN_MAX_N) < 0 ||
        PyModule_AddIntConstant(module, "HARDWARE_POPCOUNT", hardware_popcount) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
