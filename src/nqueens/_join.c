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
 * Symmetry. An even board uses all eight of the square's symmetries. The two long
 * diagonals each hold at most one queen, in one of two corner quarters (the main one in
 * the north-west or the south-east, the other in the north-east or the south-west). The
 * reflection in the main diagonal moves a queen on the other long diagonal from one of
 * its corners to the other and keeps the main diagonal's queen where it is; the
 * reflection in the other diagonal does the reverse. So the solutions with a long-diagonal
 * queen in a south quarter are counted through their images with it in the north: only
 * half-boards without a south long-diagonal queen are listed, and a pair is weighted 2 for
 * each long diagonal it occupies. What is left is symmetric under the left-right mirror
 * (which takes split S to its complement), so only splits S below their complement are
 * units, weighted 2. The solutions with both long diagonals empty are symmetric under all
 * eight, but the two diagonal reflections turn rows into columns and do not map splits to
 * splits: they are counted on the splits smallest of their orbit under the mirror and the
 * north-south flip (the reversal), weighted by the orbit's size. Each unit is therefore
 * four small joins, west and east each grouped by whether its north quarter holds a
 * long-diagonal queen.
 * An odd board's off-centre configurations (two queens) come in orbits of 8 under the
 * board's symmetries and are counted once each; the centre configuration holds both long
 * diagonals, and its splits fold by the mirror and the flip.
 *
 * A unit of work is one split of one configuration. A part (offset, stride) counts every
 * stride-th unit from offset, so parts are independent and their sum over offset
 * 0..stride-1 is the total.
 *
 * The join takes up to 64 x W signatures of the smaller side at a time and builds, per
 * 8-bit chunk of a signature, a table of which of them have those bits clear (W words an
 * entry); each signature of the other side then costs one lookup per chunk, the ANDs and a
 * population count. The kernel is chosen when the module is imported, the widest this CPU
 * runs: AVX-512 with its popcount (W = 8), AVX2 (W = 4, counting bits by nibble lookups),
 * the scalar popcount instruction, or the portable bit count (W = 1), which every CPU
 * runs; a count may ask for any of them that the CPU has (tests force each in turn).
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

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HAVE_X86_KERNELS 1 /* target attributes and __builtin_cpu_supports */
#include <immintrin.h>
#if defined(__clang__) || __GNUC__ >= 8
#define HAVE_AVX512_KERNEL 1 /* avx512vpopcntdq is known to the compiler */
#endif
#endif

#define JOIN_MAX_N 32 /* both diagonal families of the whole board in 64-bit masks */
#define POLL_UNITS 16 /* units between polls of the caller */
#define POLL_NODES (1U << 16) /* nodes of a quarter table's walk between polls (a few ms) */

typedef struct {
    uint32_t d1, d2; /* diagonals r + c and r - c + n - 1, shifted to the quarter's lowest */
    uint64_t sig;    /* its share of a half-board's signature (see signature()) */
} entry_t;

/* One quarter's placements on one set of its rows (local bits), filed by the columns
 * they use. A unit needs one such block of each quarter for each half, so the blocks are
 * listed when a unit first needs them: the first units of a count start within
 * milliseconds instead of after the whole tables (seconds at n = 20), and a count
 * stopped early has counted them. */
typedef struct {
    uint64_t *start; /* 2^h + 1 offsets into entries, by cols (64-bit: a quarter of */
                     /* n >= 26 holds more than 2^32 entries); NULL: not listed yet */
    entry_t *entries;
    size_t widest; /* the most entries under one column set */
} block_t;

typedef struct {
    block_t *block; /* 2^h, by rows used */
    int r0;         /* the quarter's first row on the board (its first column is 0) */
} quarter_t;

typedef struct {
    int n, h;
    quarter_t q[2]; /* NW, SW: the east quarters are their mirror images */
    uint32_t *sized; /* the column sets of the h columns, by size: */
    uint32_t sized_at[JOIN_MAX_N / 2 + 2]; /* sets of size k at sized[sized_at[k]..[k+1]) */
    entry_t *walked; /* a block's entries as its walk finds them (room for `room`), */
    uint32_t *walked_cols; /* and their column sets, before they are filed */
    size_t room;
    size_t bytes;
} tables_t;

/* Room for the south entries of one key that clear the fixed diagonals (`sift`). */
typedef struct {
    entry_t *e;
    size_t cap;
} sifted_t;

typedef struct {
    uint64_t *sig;
    size_t len, cap;
} sigs_t;

/* ---- the kernels: a block's chunk tables against a stream of signatures ---- */

#define MAX_WORDS 8 /* 512 signatures a block */
#define MAX_CHUNKS 11 /* of 6 bits or more */
#define TABLE_WORDS (8 * 256 * MAX_WORDS) /* the largest tables: 8 chunks of 8 bits */
/* chunk c (of CB bits) of signature s; 0 beyond its 64 bits (a branch never taken) */
#define CHUNK(s, c, CB) ((CB) * (c) < 64 ? ((s) >> ((CB) * (c) % 64)) & ((1U << (CB)) - 1) : 0)
#ifndef POPCNT_CHUNK /* (the bits of each kernel's chunks, measured) */
#define POPCNT_CHUNK 8
#endif
#ifndef AVX2_CHUNK
#define AVX2_CHUNK 7
#endif
#ifndef AVX512_CHUNK
#define AVX512_CHUNK 6
#endif

/* tab[(c * 2^CB + v) * W + w]: bit k of word w is set when signature 64 w + k of the
 * block has none of the bits v in its chunk c (chunks of CB bits: fewer lookups with
 * wider chunks, smaller tables, kept in the first-level cache, with narrower ones). */
typedef uint64_t (*stream_fn)(const uint64_t *tab, int nchunks, const uint64_t *S, size_t ns);
typedef void (*fill_fn)(const uint64_t *clear, const uint64_t *all, int nchunks, uint64_t *tab);

enum { KERNEL_PORTABLE, KERNEL_POPCNT, KERNEL_AVX2, KERNEL_AVX512, KERNELS };

typedef struct {
    const char *name;
    int words;        /* W: 64-bit words a table entry */
    int chunk_bits;   /* CB */
    size_t bucket;    /* the signatures a bucket holds at least (measured: a block, but */
                      /* half of one for the widest, whose tables cost the most) */
    stream_fn stream; /* the pairs of a stream with the block: the sum of the popcounts */
    fill_fn fill;     /* the chunk tables from the transposed block */
    int runs;         /* this CPU has what it needs */
    int pext;         /* packs signatures by BMI2 (see pack_pext) */
} kernel_t;

static inline int popcount_portable(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* The chunk tables of W words an entry: clear[bit * W + w] has bit k set when signature
 * 64 w + k lacks `bit` (or is beyond the block); all[w] marks the block's signatures.
 * Each entry is the previous one (one bit fewer) ANDed with one bit's mask. */
#define FILL_BODY(W, CB)                                                               \
    for (int c = 0; c < nchunks; c++) {                                                \
        uint64_t *t = tab + (size_t)c * (1 << (CB)) * (W);                             \
        for (int w = 0; w < (W); w++) t[w] = all[w];                                   \
        for (int v = 1; v < (1 << (CB)); v++) {                                        \
            const uint64_t *prev = t + (size_t)(v & (v - 1)) * (W);                    \
            const uint64_t *mask = clear + (size_t)((CB) * c + CTZ32((uint32_t)v)) * (W); \
            uint64_t *cur = t + (size_t)v * (W);                                       \
            for (int w = 0; w < (W); w++) cur[w] = prev[w] & mask[w];                  \
        }                                                                              \
    }

/* The stream for a fixed number of chunks (the ANDs unrolled): STEP(NCH) is the loop. */
#define BY_CHUNKS(STEP)                                                                \
    switch (nchunks) {                                                                 \
    case 1: STEP(1) break;                                                        \
    case 2: STEP(2) break;                                                        \
    case 3: STEP(3) break;                                                        \
    case 4: STEP(4) break;                                                        \
    case 5: STEP(5) break;                                                        \
    case 6: STEP(6) break;                                                        \
    case 7: STEP(7) break;                                                        \
    case 8: STEP(8) break;                                                        \
    case 9: STEP(9) break;                                                        \
    case 10: STEP(10) break;                                                        \
    default: STEP(11) break;                                                           \
    }

/* One word an entry: the AND of the chunks' words, then POP. */
#define SCALAR_STEP(NCH, POP, CB)                                                      \
    for (size_t i = 0; i < ns; i++) {                                                  \
        uint64_t s = S[i], m = tab[CHUNK(s, 0, CB)];                                   \
        if ((NCH) > 1) m &= tab[1 * (1 << (CB)) + CHUNK(s, 1, CB)];                        \
        if ((NCH) > 2) m &= tab[2 * (1 << (CB)) + CHUNK(s, 2, CB)];                        \
        if ((NCH) > 3) m &= tab[3 * (1 << (CB)) + CHUNK(s, 3, CB)];                        \
        if ((NCH) > 4) m &= tab[4 * (1 << (CB)) + CHUNK(s, 4, CB)];                        \
        if ((NCH) > 5) m &= tab[5 * (1 << (CB)) + CHUNK(s, 5, CB)];                        \
        if ((NCH) > 6) m &= tab[6 * (1 << (CB)) + CHUNK(s, 6, CB)];                        \
        if ((NCH) > 7) m &= tab[7 * (1 << (CB)) + CHUNK(s, 7, CB)];                        \
        if ((NCH) > 8) m &= tab[8 * (1 << (CB)) + CHUNK(s, 8, CB)];                        \
        if ((NCH) > 9) m &= tab[9 * (1 << (CB)) + CHUNK(s, 9, CB)];                        \
        if ((NCH) > 10) m &= tab[10 * (1 << (CB)) + CHUNK(s, 10, CB)];                        \
        total += (uint64_t)POP(m);                                                     \
    }

#define PORTABLE_STEP(NCH) SCALAR_STEP(NCH, popcount_portable, POPCNT_CHUNK)

static uint64_t stream_portable(const uint64_t *tab, int nchunks, const uint64_t *S, size_t ns) {
    uint64_t total = 0;
    BY_CHUNKS(PORTABLE_STEP)
    return total;
}

static void fill_one(const uint64_t *clear, const uint64_t *all, int nchunks, uint64_t *tab) {
    FILL_BODY(1, POPCNT_CHUNK)
}

#ifdef HAVE_X86_KERNELS
#define POPCNT_STEP(NCH) SCALAR_STEP(NCH, __builtin_popcountll, POPCNT_CHUNK)

__attribute__((target("popcnt"))) static uint64_t stream_popcnt(const uint64_t *tab, int nchunks,
                                                                 const uint64_t *S, size_t ns) {
    uint64_t total = 0;
    BY_CHUNKS(POPCNT_STEP)
    return total;
}

/* AVX2 has no popcount: each byte's bits are counted by two nibble lookups (vpshufb)
 * and summed per byte over up to 31 signatures (31 x 8 < 256), then per 64-bit lane. */
#define AVX2_STEP(NCH)                                                                 \
    for (size_t i = 0; i < ns;) {                                                      \
        size_t end = ns - i > 31 ? i + 31 : ns;                                        \
        __m256i bytes = _mm256_setzero_si256();                                        \
        for (; i < end; i++) {                                                         \
            uint64_t s = S[i];                                                         \
            __m256i m = _mm256_load_si256(T + CHUNK(s, 0, AVX2_CHUNK));                \
            if ((NCH) > 1) m = _mm256_and_si256(m, _mm256_load_si256(T + 1 * (1 << AVX2_CHUNK) + CHUNK(s, 1, AVX2_CHUNK))); \
            if ((NCH) > 2) m = _mm256_and_si256(m, _mm256_load_si256(T + 2 * (1 << AVX2_CHUNK) + CHUNK(s, 2, AVX2_CHUNK))); \
            if ((NCH) > 3) m = _mm256_and_si256(m, _mm256_load_si256(T + 3 * (1 << AVX2_CHUNK) + CHUNK(s, 3, AVX2_CHUNK))); \
            if ((NCH) > 4) m = _mm256_and_si256(m, _mm256_load_si256(T + 4 * (1 << AVX2_CHUNK) + CHUNK(s, 4, AVX2_CHUNK))); \
            if ((NCH) > 5) m = _mm256_and_si256(m, _mm256_load_si256(T + 5 * (1 << AVX2_CHUNK) + CHUNK(s, 5, AVX2_CHUNK))); \
            if ((NCH) > 6) m = _mm256_and_si256(m, _mm256_load_si256(T + 6 * (1 << AVX2_CHUNK) + CHUNK(s, 6, AVX2_CHUNK))); \
            if ((NCH) > 7) m = _mm256_and_si256(m, _mm256_load_si256(T + 7 * (1 << AVX2_CHUNK) + CHUNK(s, 7, AVX2_CHUNK))); \
            if ((NCH) > 8) m = _mm256_and_si256(m, _mm256_load_si256(T + 8 * (1 << AVX2_CHUNK) + CHUNK(s, 8, AVX2_CHUNK))); \
            if ((NCH) > 9) m = _mm256_and_si256(m, _mm256_load_si256(T + 9 * (1 << AVX2_CHUNK) + CHUNK(s, 9, AVX2_CHUNK))); \
            if ((NCH) > 10) m = _mm256_and_si256(m, _mm256_load_si256(T + 10 * (1 << AVX2_CHUNK) + CHUNK(s, 10, AVX2_CHUNK))); \
            __m256i low = _mm256_shuffle_epi8(nibble_bits, _mm256_and_si256(m, low_nibbles)); \
            __m256i high = _mm256_shuffle_epi8(nibble_bits,                             \
                                               _mm256_and_si256(_mm256_srli_epi16(m, 4), low_nibbles)); \
            bytes = _mm256_add_epi8(bytes, _mm256_add_epi8(low, high));                \
        }                                                                              \
        lanes = _mm256_add_epi64(lanes, _mm256_sad_epu8(bytes, _mm256_setzero_si256())); \
    }

__attribute__((target("avx2"))) static uint64_t stream_avx2(const uint64_t *tab, int nchunks,
                                                             const uint64_t *S, size_t ns) {
    const __m256i *T = (const __m256i *)tab;
    const __m256i nibble_bits = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                                 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low_nibbles = _mm256_set1_epi8(0x0f);
    __m256i lanes = _mm256_setzero_si256();
    BY_CHUNKS(AVX2_STEP)
    uint64_t out[4];
    _mm256_storeu_si256((__m256i *)out, lanes);
    return out[0] + out[1] + out[2] + out[3];
}

__attribute__((target("avx2"))) static void fill_avx2(const uint64_t *clear, const uint64_t *all, int nchunks,
                                                       uint64_t *tab) {
    FILL_BODY(4, AVX2_CHUNK)
}

#ifdef HAVE_AVX512_KERNEL
#define AVX512_STEP(NCH)                                                               \
    for (size_t i = 0; i < ns; i++) {                                                  \
        uint64_t s = S[i];                                                             \
        __m512i m = _mm512_load_si512(T + CHUNK(s, 0, AVX512_CHUNK));                  \
        if ((NCH) > 1) m = _mm512_and_si512(m, _mm512_load_si512(T + 1 * (1 << AVX512_CHUNK) + CHUNK(s, 1, AVX512_CHUNK))); \
        if ((NCH) > 2) m = _mm512_and_si512(m, _mm512_load_si512(T + 2 * (1 << AVX512_CHUNK) + CHUNK(s, 2, AVX512_CHUNK))); \
        if ((NCH) > 3) m = _mm512_and_si512(m, _mm512_load_si512(T + 3 * (1 << AVX512_CHUNK) + CHUNK(s, 3, AVX512_CHUNK))); \
        if ((NCH) > 4) m = _mm512_and_si512(m, _mm512_load_si512(T + 4 * (1 << AVX512_CHUNK) + CHUNK(s, 4, AVX512_CHUNK))); \
        if ((NCH) > 5) m = _mm512_and_si512(m, _mm512_load_si512(T + 5 * (1 << AVX512_CHUNK) + CHUNK(s, 5, AVX512_CHUNK))); \
        if ((NCH) > 6) m = _mm512_and_si512(m, _mm512_load_si512(T + 6 * (1 << AVX512_CHUNK) + CHUNK(s, 6, AVX512_CHUNK))); \
        if ((NCH) > 7) m = _mm512_and_si512(m, _mm512_load_si512(T + 7 * (1 << AVX512_CHUNK) + CHUNK(s, 7, AVX512_CHUNK))); \
        if ((NCH) > 8) m = _mm512_and_si512(m, _mm512_load_si512(T + 8 * (1 << AVX512_CHUNK) + CHUNK(s, 8, AVX512_CHUNK))); \
        if ((NCH) > 9) m = _mm512_and_si512(m, _mm512_load_si512(T + 9 * (1 << AVX512_CHUNK) + CHUNK(s, 9, AVX512_CHUNK))); \
        if ((NCH) > 10) m = _mm512_and_si512(m, _mm512_load_si512(T + 10 * (1 << AVX512_CHUNK) + CHUNK(s, 10, AVX512_CHUNK))); \
        lanes = _mm512_add_epi64(lanes, _mm512_popcnt_epi64(m));                       \
    }

__attribute__((target("avx512f,avx512vpopcntdq"))) static uint64_t stream_avx512(
    const uint64_t *tab, int nchunks, const uint64_t *S, size_t ns) {
    const __m512i *T = (const __m512i *)tab;
    __m512i lanes = _mm512_setzero_si512();
    BY_CHUNKS(AVX512_STEP)
    return (uint64_t)_mm512_reduce_add_epi64(lanes);
}

__attribute__((target("avx512f"))) static void fill_avx512(const uint64_t *clear, const uint64_t *all,
                                                            int nchunks, uint64_t *tab) {
    FILL_BODY(8, AVX512_CHUNK)
}
#endif /* HAVE_AVX512_KERNEL */
#endif /* HAVE_X86_KERNELS */

static kernel_t kernels[KERNELS] = {
    {"portable", 1, POPCNT_CHUNK, 64, stream_portable, fill_one, 1, 0},
    {"popcnt", 1, POPCNT_CHUNK, 64, NULL, fill_one, 0, 0},
    {"avx2", 4, AVX2_CHUNK, 256, NULL, NULL, 0, 0},
    {"avx512", 8, AVX512_CHUNK, 256, NULL, NULL, 0, 0},
};
static int widest_kernel = KERNEL_PORTABLE;

/* Which kernels this CPU runs (the compiler's CPU check also asks the OS whether it saves
 * the vector registers); the widest is the default. */
static void find_kernels(void) {
#ifdef HAVE_X86_KERNELS
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt")) {
        kernels[KERNEL_POPCNT].stream = stream_popcnt;
        kernels[KERNEL_POPCNT].runs = 1;
    }
    if (__builtin_cpu_supports("avx2")) {
        kernels[KERNEL_AVX2].stream = stream_avx2;
        kernels[KERNEL_AVX2].fill = fill_avx2;
        kernels[KERNEL_AVX2].runs = 1;
    }
#ifdef HAVE_AVX512_KERNEL
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq")) {
        kernels[KERNEL_AVX512].stream = stream_avx512;
        kernels[KERNEL_AVX512].fill = fill_avx512;
        kernels[KERNEL_AVX512].runs = 1;
    }
#endif
    /* the kernels beyond the portable one pack by BMI2 where it is fast (not microcoded,
     * as on AMD's family 17h); the portable one keeps the byte tables, so both are tested */
    int fast_pext = __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam17h");
    for (int k = KERNEL_POPCNT; k < KERNELS; k++) kernels[k].pext = fast_pext;
#endif
    for (int k = 0; k < KERNELS; k++)
        if (kernels[k].runs) widest_kernel = k;
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

/* The chunk tables of one block of up to 64 W signatures (see kernel_t). */
static void block_tables(const kernel_t *kernel, const uint64_t *B, size_t len, int nchunks, uint64_t *tab) {
    int words = kernel->words, bits = kernel->chunk_bits * nchunks;
    uint64_t holds[64], clear[(64 + 8) * MAX_WORDS], all[MAX_WORDS];
    for (int w = 0; w < words; w++) {
        size_t lo = (size_t)w * 64, here = len > lo ? (len - lo < 64 ? len - lo : 64) : 0;
        if (here > 24) {
            memcpy(holds, B + lo, here * sizeof *holds);
            memset(holds + here, 0, (64 - here) * sizeof *holds);
            transpose64(holds); /* holds[bit]: which of these 64 signatures have that bit */
        } else { /* a few: bit by bit */
            memset(holds, 0, sizeof holds);
            for (size_t k = 0; k < here; k++)
                for (uint64_t s = B[lo + k]; s; s &= s - 1) holds[CTZ64(s)] |= 1ULL << k;
        }
        all[w] = here == 64 ? ~0ULL : ((1ULL << here) - 1);
        for (int bit = 0; bit < bits; bit++) clear[bit * words + w] = bit < 64 ? ~holds[bit] : ~0ULL;
    }
    kernel->fill(clear, all, nchunks, tab);
}

/* ---- the join: weighted pairs of disjoint signatures ---- */

#ifndef FREQUENCY_SAMPLE
#define FREQUENCY_SAMPLE 64 /* signatures per group that choose the bucket bits */
#endif
#ifndef MAX_BUCKET_BITS
#define MAX_BUCKET_BITS 10 /* at most 2^10 buckets a side */
#endif
#define BUCKET_SHIFT (64 - MAX_BUCKET_BITS) /* a bucket's number sits above the packed bits */
#define GROUPS 2 /* of each side (see the top of the file) */

typedef struct {
    uint64_t *a, *b;       /* the two sides, packed and sorted by bucket */
    size_t cap_a, cap_b;
    uint64_t *tab;         /* a block's chunk tables, 64-byte aligned */
    const kernel_t *kernel;
    size_t at[2][GROUPS][(1 << MAX_BUCKET_BITS) + 1]; /* each group's buckets in a and b */
} join_scratch_t;

typedef struct {
    const uint64_t *sig;
    size_t len;
} group_t;

static int grow(uint64_t **buf, size_t *cap, size_t want) {
    if (want <= *cap) return 0;
    uint64_t *grown = realloc(*buf, want * sizeof *grown);
    if (!grown) return -1;
    *buf = grown;
    *cap = want;
    return 0;
}

/* Byte-wise tables that move the bits of `rest` to the low end and those of `bucket` to
 * BUCKET_SHIFT and up, so packing a signature takes one lookup per byte. */
static void pack_tables(uint64_t rest, uint64_t bucket, int nbytes, uint64_t move[8][256]) {
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
}

/* Pack each signature of `in` (see pack_tables) and sort them by bucket into `out`
 * (counting sort through `tmp`); `at` gets each bucket's start. */
#define PACK_BODY(PACKED)                                                              \
    for (int k = 0; k <= buckets; k++) at[k] = 0;                                      \
    for (size_t i = 0; i < len; i++) {                                                 \
        uint64_t s = in[i], packed = (PACKED);                                         \
        tmp[i] = packed;                                                               \
        at[(packed >> BUCKET_SHIFT) + 1]++;                                            \
    }                                                                                  \
    for (int k = 0; k < buckets; k++) at[k + 1] += at[k];                              \
    size_t fill[1 << MAX_BUCKET_BITS];                                                 \
    for (int k = 0; k < buckets; k++) fill[k] = at[k];                                 \
    uint64_t low = (1ULL << BUCKET_SHIFT) - 1;                                         \
    for (size_t i = 0; i < len; i++) out[fill[tmp[i] >> BUCKET_SHIFT]++] = tmp[i] & low;

static uint64_t moved(uint64_t s, uint64_t move[8][256], int nbytes) {
    uint64_t packed = 0;
    for (int c = 0; c < nbytes; c++) packed |= move[c][(s >> (8 * c)) & 255];
    return packed;
}

static void pack(const uint64_t *in, size_t len, uint64_t move[8][256], int nbytes, uint64_t *out,
                 size_t *at, int buckets, uint64_t *tmp) {
    PACK_BODY(moved(s, move, nbytes))
}

#ifdef HAVE_X86_KERNELS
/* The same by the bit-extract instruction (BMI2), where it is fast. */
__attribute__((target("bmi2"))) static void pack_pext(const uint64_t *in, size_t len, uint64_t rest,
                                                      uint64_t bucket, uint64_t *out, size_t *at, int buckets,
                                                      uint64_t *tmp) {
    PACK_BODY(_pext_u64(s, rest) | (_pext_u64(s, bucket) << BUCKET_SHIFT))
}
#endif
/* Pairs (a, b) of A x B with a & b == 0, one at a time (for small sides). */
static uint64_t pairs_direct(const group_t *A, const group_t *B) {
    uint64_t total = 0;
    for (size_t j = 0; j < B->len; j++) {
        uint64_t b = B->sig[j];
        for (size_t i = 0; i < A->len; i++) total += (A->sig[i] & b) == 0;
    }
    return total;
}

/* The bucket bits: up to `kbits` of the `shared` bits that both sides hold most often
 * (counted on a sample spread over each side). */
static uint64_t bucket_bits(const group_t *A, const group_t *B, uint64_t shared, int kbits, int bits) {
    uint32_t freq[2][64] = {{0}};
    for (int side = 0; side < 2; side++) {
        const group_t *g = side ? B : A;
        for (int k = 0; k < GROUPS; k++) {
            size_t step = g[k].len / FREQUENCY_SAMPLE + 1;
            for (size_t i = 0; i < g[k].len; i += step)
                for (uint64_t s = g[k].sig[i] & shared; s; s &= s - 1) freq[side][CTZ64(s)]++;
        }
    }
    uint64_t bucket = 0;
    for (int k = 0; k < kbits; k++) {
        int best = -1;
        double most = -1;
        for (int bit = 0; bit < bits; bit++) {
            if (!((shared >> bit) & 1) || ((bucket >> bit) & 1)) continue;
            double both = (double)freq[0][bit] * (double)freq[1][bit];
            if (both > most) { most = both; best = bit; }
        }
        if (best < 0) break;
        bucket |= 1ULL << best;
    }
    return bucket;
}

/* The weighted pairs: the sum over groups g of A and h of B of weight[g][h] times the
 * pairs (a, b) of A_g x B_h with a & b == 0, for signatures of `bits` bits (-1: out of
 * memory).
 *
 * Bits that no signature of one side holds cannot clash and are dropped; a few bits that
 * both sides hold often are made bucket numbers, and only buckets with disjoint numbers
 * are joined (most pairs clash on those bits and are never looked at); the rest are
 * joined a block of the smaller side at a time by chunk tables (see the kernels). */
static int64_t join_count(const group_t *A, const group_t *B, const uint64_t weight[GROUPS][GROUPS], int bits,
                          join_scratch_t *scratch) {
    size_t na = 0, nb = 0;
    for (int k = 0; k < GROUPS; k++) {
        na += A[k].len;
        nb += B[k].len;
    }
    if (na == 0 || nb == 0) return 0;
    uint64_t w[GROUPS][GROUPS];
    memcpy(w, weight, sizeof w);
    if (na < nb) { /* the tables are made of the smaller side */
        const group_t *t = A; A = B; B = t;
        size_t k = na; na = nb; nb = k;
        for (int g = 0; g < GROUPS; g++)
            for (int h = 0; h < g; h++) {
                uint64_t x = w[g][h]; w[g][h] = w[h][g]; w[h][g] = x;
            }
    }
    uint64_t total = 0;
    if (nb < 8 || na < 32) {
        for (int g = 0; g < GROUPS; g++)
            for (int h = 0; h < GROUPS; h++)
                if (w[g][h]) total += w[g][h] * pairs_direct(&A[g], &B[h]);
        return (int64_t)total;
    }
    uint64_t or_a = 0, or_b = 0;
    for (int k = 0; k < GROUPS; k++) {
        for (size_t i = 0; i < A[k].len; i++) or_a |= A[k].sig[i];
        for (size_t j = 0; j < B[k].len; j++) or_b |= B[k].sig[j];
    }
    uint64_t shared = or_a & or_b;
    if (!shared) {
        for (int g = 0; g < GROUPS; g++)
            for (int h = 0; h < GROUPS; h++) total += w[g][h] * A[g].len * B[h].len;
        return (int64_t)total;
    }
    const kernel_t *kernel = scratch->kernel;
    size_t block = 64 * (size_t)kernel->words;
    size_t nb_group = 0; /* buckets of the smaller side's largest group hold `kernel->bucket` */
    for (int k = 0; k < GROUPS; k++)
        if (B[k].len > nb_group) nb_group = B[k].len;
    int kbits = 0;
    while (kbits < MAX_BUCKET_BITS && (nb_group >> (kbits + 1)) >= kernel->bucket) kbits++;
    if (POPCOUNT64(shared) - kbits > BUCKET_SHIFT) /* the rest must fit below the bucket */
        kbits = POPCOUNT64(shared) - BUCKET_SHIFT;
    uint64_t bucket = kbits ? bucket_bits(A, B, shared, kbits, bits) : 0;
    kbits = POPCOUNT64(bucket);
    uint64_t rest = shared & ~bucket;
    int nchunks = (POPCOUNT64(rest) + kernel->chunk_bits - 1) / kernel->chunk_bits, nbytes = (bits + 7) / 8;
    int buckets = 1 << kbits;
    if (nchunks < 1) nchunks = 1;
    if (grow(&scratch->a, &scratch->cap_a, 2 * na) < 0 || grow(&scratch->b, &scratch->cap_b, 2 * nb) < 0)
        return -1;
    uint64_t move[8][256];
    if (!kernel->pext) pack_tables(rest, bucket, nbytes, move);
    uint64_t *packed_a[GROUPS], *packed_b[GROUPS];
    size_t used_a = 0, used_b = 0;
    for (int k = 0; k < GROUPS; k++) {
        packed_a[k] = scratch->a + used_a;
        packed_b[k] = scratch->b + used_b;
#ifdef HAVE_X86_KERNELS
        if (kernel->pext) {
            pack_pext(A[k].sig, A[k].len, rest, bucket, packed_a[k], scratch->at[0][k], buckets, scratch->a + na);
            pack_pext(B[k].sig, B[k].len, rest, bucket, packed_b[k], scratch->at[1][k], buckets, scratch->b + nb);
        } else
#endif
        {
            pack(A[k].sig, A[k].len, move, nbytes, packed_a[k], scratch->at[0][k], buckets, scratch->a + na);
            pack(B[k].sig, B[k].len, move, nbytes, packed_b[k], scratch->at[1][k], buckets, scratch->b + nb);
        }
        used_a += A[k].len;
        used_b += B[k].len;
    }
    uint32_t mask = (uint32_t)buckets - 1;
    for (int h = 0; h < GROUPS; h++) {
        const size_t *at_b = scratch->at[1][h];
        for (uint32_t q = 0; q < (uint32_t)buckets; q++) {
            uint32_t free_bits = ~q & mask;
            for (size_t base = at_b[q]; base < at_b[q + 1]; base += block) {
                size_t len = at_b[q + 1] - base < block ? at_b[q + 1] - base : block;
                block_tables(kernel, packed_b[h] + base, len, nchunks, scratch->tab);
                for (int g = 0; g < GROUPS; g++) {
                    if (!w[g][h]) continue;
                    const size_t *at_a = scratch->at[0][g];
                    uint64_t found = 0;
                    for (uint32_t p = free_bits;; p = (p - 1) & free_bits) { /* every p disjoint from q */
                        if (at_a[p + 1] > at_a[p])
                            found += kernel->stream(scratch->tab, nchunks, packed_a[g] + at_a[p],
                                                    at_a[p + 1] - at_a[p]);
                        if (p == 0) break;
                    }
                    total += w[g][h] * found;
                }
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
    int n, h, r0, base1, base2;
    uint32_t rows;      /* the local rows that hold a queen */
    tables_t *t;        /* where the entries go as they are found (t->walked) */
    size_t len;
    int oom;
    poller_t *poller;   /* a large block takes a while (n >= 26): a stop ends it */
} block_walk_t;

/* Every placement of one queen on each of the walk's rows (from local row i on), no two
 * attacking, the rows between left empty. */
static void block_dfs(block_walk_t *w, int i, uint32_t cols, uint64_t d1, uint64_t d2) {
    int h = w->h;
    if (w->oom || w->poller->stop || (++w->poller->nodes % POLL_NODES == 0 && poll_now(w->poller))) return;
    while (i < h && !((w->rows >> i) & 1)) i++;
    if (i == h) {
        tables_t *t = w->t;
        if (w->len == t->room) {
            size_t room = t->room ? 2 * t->room : 4096;
            entry_t *e = realloc(t->walked, room * sizeof *e);
            if (e) t->walked = e;
            uint32_t *c = realloc(t->walked_cols, room * sizeof *c);
            if (c) t->walked_cols = c;
            if (!e || !c) { w->oom = 1; return; }
            t->room = room;
        }
        t->walked[w->len] = (entry_t){(uint32_t)(d1 >> w->base1), (uint32_t)(d2 >> w->base2),
                                      signature(w->n, h, d1, d2)};
        t->walked_cols[w->len++] = cols;
        return;
    }
    int r = w->r0 + i;
    for (int c = 0; c < h; c++) { /* the west quarters: columns 0..h - 1 */
        uint64_t b1 = 1ULL << (r + c), b2 = 1ULL << (r - c + w->n - 1);
        if ((cols >> c) & 1 || d1 & b1 || d2 & b2) continue;
        block_dfs(w, i + 1, cols | (1U << c), d1 | b1, d2 | b2);
    }
}

/* Quarter k's block of local rows `rows`, listed now if it was not; NULL when out of
 * memory or stopped (poller->stop set; nothing half listed is kept). */
static const block_t *block_for(tables_t *t, int k, uint32_t rows, poller_t *poller) {
    block_t *b = &t->q[k].block[rows];
    if (b->start) return b;
    int n = t->n, h = t->h, r0 = t->q[k].r0;
    size_t sets = (size_t)1 << h;
    /* a quarter's diagonals of each family span 2h - 1 <= 31 values: from its lowest */
    block_walk_t w = {n, h, r0, r0, r0 - (h - 1) + n - 1, rows, t, 0, 0, poller};
    block_dfs(&w, 0, 0, 0, 0);
    if (w.oom || poller->stop) return NULL;
    uint64_t *start = calloc(sets + 1, sizeof *start);
    entry_t *entries = malloc(w.len * sizeof *entries + 1);
    if (!start || !entries) {
        free(start);
        free(entries);
        return NULL;
    }
    for (size_t e = 0; e < w.len; e++) start[t->walked_cols[e] + 1]++;
    size_t widest = 0;
    for (size_t c = 0; c < sets; c++) {
        if (start[c + 1] > widest) widest = start[c + 1];
        start[c + 1] += start[c];
    }
    for (size_t e = 0; e < w.len; e++) entries[start[t->walked_cols[e]]++] = t->walked[e];
    for (size_t c = sets; c > 0; c--) start[c] = start[c - 1]; /* (the filing moved them on) */
    start[0] = 0;
    b->entries = entries;
    b->widest = widest;
    b->start = start;
    t->bytes += (sets + 1) * sizeof *start + w.len * sizeof *entries;
    return b;
}

static tables_t cached = {0};
static PyThread_type_lock join_lock = NULL; /* one count at a time per process */

static void free_tables(tables_t *t) {
    free(t->sized);
    t->sized = NULL;
    for (int k = 0; k < 2; k++) {
        if (t->q[k].block)
            for (size_t r = 0; r < (size_t)1 << t->h; r++) {
                free(t->q[k].block[r].start);
                free(t->q[k].block[r].entries);
            }
        free(t->q[k].block);
        t->q[k].block = NULL;
    }
    free(t->walked);
    free(t->walked_cols);
    t->walked = NULL;
    t->walked_cols = NULL;
    t->room = 0;
    t->n = 0;
    t->h = 0;
    t->bytes = 0;
}

/* The west quarters of an n-board, kept once per process and size, their blocks listed
 * as units need them (`block_for`); NULL when out of memory. */
static tables_t *tables_for(int n) {
    if (cached.n == n) return &cached;
    free_tables(&cached);
    int h = n / 2;
    uint32_t sets = 1U << h, at = 0;
    cached.h = h;
    for (int k = 0; k < 2; k++) {
        cached.q[k].r0 = k ? n - h : 0;
        cached.q[k].block = calloc(sets, sizeof *cached.q[k].block);
    }
    cached.sized = malloc(sets * sizeof *cached.sized);
    if (!cached.sized || !cached.q[0].block || !cached.q[1].block) {
        free_tables(&cached);
        return NULL;
    }
    for (int k = 0; k <= h; k++) {
        cached.sized_at[k] = at;
        for (uint32_t cols = 0; cols < sets; cols++)
            if (POPCOUNT32(cols) == k) cached.sized[at++] = cols;
    }
    cached.sized_at[h + 1] = at;
    cached.bytes = (sets * sizeof *cached.sized) + 2 * sets * sizeof(block_t);
    cached.n = n;
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
 * diagonals f1, f2 (whole-board masks: the fixed queens', and a long diagonal's the
 * symmetry leaves out), appended to `out` with `mark` ORed in. With `east`, the east
 * half-boards on those rows instead, as mirror images of west ones: the mirror swaps the
 * diagonal families (so f1 and f2 trade places, and the signature's halves), and reverses
 * the columns (`pool` is given mirrored). With `grouped`, those whose north quarter holds
 * the main diagonal's queen (the other long diagonal's, for the east) go to out[1], the
 * rest to out[0]; else all to out[0]. The south entries of a key are sifted once
 * (`sifted`: grown to the most under one key); the inner loop has no branch: every pair
 * is written, and kept when it does not clash. Returns 0, -1 when out of memory, -2
 * when stopped while listing a block of the tables (`block_for`). */
static int half_boards(tables_t *t, uint32_t top, uint32_t bottom, uint32_t pool, uint64_t f1,
                       uint64_t f2, int east, int grouped, uint64_t mark, sifted_t *sifted, sigs_t out[GROUPS],
                       poller_t *poller) {
    int n = t->n, h = t->h, k = POPCOUNT32(top), shift = n - h, width = 2 * h - 1;
    const block_t *north = block_for(t, 0, top, poller);
    const block_t *south = north ? block_for(t, 1, bottom, poller) : NULL;
    if (!south) return poller->stop ? -2 : -1;
    if (south->widest > sifted->cap) {
        entry_t *grown = realloc(sifted->e, south->widest * sizeof *grown);
        if (!grown) return -1;
        sifted->e = grown;
        sifted->cap = south->widest;
    }
    if (east) {
        uint64_t f = f1; f1 = f2; f2 = f;
    }
    /* the fixed diagonals in each quarter's frame (see block_for's bases) */
    uint32_t nf1 = (uint32_t)f1, nf2 = (uint32_t)(f2 >> shift);
    uint32_t sf1 = (uint32_t)(f1 >> shift), sf2 = (uint32_t)(f2 >> (2 * shift));
    /* the main diagonal (r = c) in the north-west quarter's frame */
    int main_bit = h > 0 ? h - 1 : 0;
    const uint32_t *cols_at = t->sized + t->sized_at[k], *cols_end = t->sized + t->sized_at[k + 1];
    size_t from[GROUPS] = {out[0].len, out[1].len};
    for (; cols_at < cols_end; cols_at++) {
        uint32_t cols = *cols_at;
        if (cols & ~pool) continue;
        uint32_t nk = cols, sk = pool & ~cols;
#if defined(__GNUC__)
        if (cols_at + 1 < cols_end) { /* the next key's entries, from the far tables */
            uint32_t next = cols_at[1];
            __builtin_prefetch(north->entries + north->start[next]);
            __builtin_prefetch(south->entries + south->start[pool & ~next]);
        }
#endif
        const entry_t *x = north->entries + north->start[nk], *xe = north->entries + north->start[nk + 1];
        const entry_t *y0 = south->entries + south->start[sk], *ye = south->entries + south->start[sk + 1];
        if (x == xe || y0 == ye) continue;
        if (sf1 | sf2) {
            entry_t *kept = sifted->e;
            for (const entry_t *y = y0; y < ye; y++) {
                *kept = *y;
                kept += ((y->d1 & sf1) | (y->d2 & sf2)) == 0;
            }
            y0 = sifted->e;
            ye = kept;
        }
        size_t ny = (size_t)(ye - y0), most = (size_t)(xe - x) * ny;
        if (ny == 0) continue;
        if (reserve(&out[0], most) < 0 || (grouped && reserve(&out[1], most) < 0)) return -1;
        for (; x < xe; x++) {
            if ((x->d1 & nf1) | (x->d2 & nf2)) continue;
            sigs_t *to = &out[grouped ? (x->d2 >> main_bit) & 1 : 0];
            /* the south quarter's frame lies `shift` above the north's, in both families */
            uint32_t xd1 = x->d1 >> shift, xd2 = x->d2 >> shift;
            uint64_t xs = x->sig, *dst = to->sig;
            size_t len = to->len;
            for (size_t j = 0; j < ny; j++) {
                const entry_t *y = y0 + j;
                dst[len] = xs | y->sig;
                len += ((xd1 & y->d1) | (xd2 & y->d2)) == 0;
            }
            to->len = len;
        }
    }
    uint64_t keep = width > 0 ? (1ULL << width) - 1 : 0;
    if ((east && width > 0) || mark)
        for (int g = 0; g < GROUPS; g++)
            for (size_t i = from[g]; i < out[g].len; i++) {
                uint64_t v = out[g].sig[i];
                if (east) v = (v >> width) | ((v & keep) << width);
                out[g].sig[i] = v | mark;
            }
    return 0;
}

/* ---- configurations and units ---- */

enum {
    FOLD_NONE,      /* every split a unit (the configuration's orbit is its weight) */
    FOLD_SPLITS,    /* splits folded by the mirror and the flip */
    FOLD_DIAGONALS, /* all eight symmetries (an even board; see the top of the file) */
};

typedef struct {
    uint32_t avail;     /* rows left for the split (global bits) */
    int west;           /* queens the west half needs */
    uint32_t west_cols; /* local column pools; the east one mirrored (column h - 1 - j) */
    uint32_t east_cols;
    uint64_t f1, f2;    /* the fixed queens' diagonals */
    int fold;           /* FOLD_* */
    int weight;         /* the configuration's orbit */
    int b;              /* off-centre: the middle column's queen at (m + b, m), */
                        /* the middle row's at (m, m + a) for each b < a <= h */
} config_t;

/* The most configurations: without symmetry, an odd board's two middle queens anywhere. */
#define MAX_CONFIGS (1 + (JOIN_MAX_N - 1) * (JOIN_MAX_N - 1))

/* An even board: one configuration. An odd one: the centre queen, then for each b the
 * middle column's queen at (m + b, m) with every middle row's queen at (m, m + a), b < a
 * (so the row's is east and the column's south, and of the two reflections in the
 * diagonals the one with a > b: one of the 8 images of the pair). The west half-boards
 * of a split do not depend on a: each unit lists them once and joins them with the east
 * half-boards of every a, each carrying its middle-row queen's diagonals.
 * Without `symmetric` (a check on the weights): every split of one configuration, and on
 * an odd board every placement of the middle queens, each counted once. */
static int configs(int n, int symmetric, config_t *out) {
    int h = n / 2;
    uint32_t all = (n == 32) ? 0xFFFFFFFFU : ((1U << n) - 1), pool = (1U << h) - 1;
    if (n % 2 == 0) {
        out[0] = (config_t){all, h, pool, pool, 0, 0, symmetric ? FOLD_DIAGONALS : FOLD_NONE, 1, 0};
        return 1;
    }
    int m = h, count = 0;
    out[count++] = (config_t){all & ~(1U << m), h, pool, pool, 1ULL << (2 * m), 1ULL << (n - 1),
                              symmetric ? FOLD_SPLITS : FOLD_NONE, 1, 0};
    if (symmetric) {
        for (int b = 1; b < h; b++)
            out[count++] = (config_t){all & ~(1U << m) & ~(1U << (m + b)), h, pool, pool, 1ULL << (2 * m + b),
                                      1ULL << (n - 1 + b), FOLD_NONE, 8, b};
        return count;
    }
    for (int r = 0; r < n; r++) { /* the middle column's queen at (r, m), the row's at (m, c) */
        for (int c = 0; c < n; c++) {
            if (r == m || c == m || r + m == m + c || r - m == m - c) continue;
            uint32_t west_cols = pool, east_cols = pool;
            if (c < m) west_cols &= ~(1U << c);
            else east_cols &= ~(1U << (n - 1 - c)); /* mirrored: column c is h - 1 - (c - m - 1) */
            out[count++] = (config_t){all & ~(1U << m) & ~(1U << r), h - (c < m), west_cols, east_cols,
                                      (1ULL << (m + c)) | (1ULL << (r + m)),
                                      (1ULL << (m - c + n - 1)) | (1ULL << (r - m + n - 1)), FOLD_NONE, 1, 0};
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

/* The size of the orbit of split `rows` under the mirror (the complement) and the flip
 * (the reversal), or 0 when `rows` is not the smallest of it. */
static int orbit_weight(const config_t *c, uint32_t rows, int n) {
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

/* Whether split `rows` is a unit of configuration c, and its weights: weight[g][h] for
 * west group g and east group h (see half_boards: group 1 holds a north long-diagonal
 * queen). */
static int unit_weights(const config_t *c, uint32_t rows, int n, uint64_t weight[GROUPS][GROUPS]) {
    memset(weight, 0, sizeof(uint64_t) * GROUPS * GROUPS);
    switch (c->fold) {
    case FOLD_DIAGONALS:
        /* the mirror: S below its complement, i.e. the last row's queen is east */
        if ((rows >> (n - 1)) & 1) return 0;
        weight[0][0] = (uint64_t)orbit_weight(c, rows, n); /* no long-diagonal queen */
        weight[0][1] = weight[1][0] = 2 * 2; /* the mirror's 2, times 2 for the diagonal */
        weight[1][1] = 2 * 4;
        return 1;
    case FOLD_SPLITS:
        weight[0][0] = (uint64_t)orbit_weight(c, rows, n) * (uint64_t)c->weight;
        return weight[0][0] != 0;
    default:
        weight[0][0] = (uint64_t)c->weight;
        return 1;
    }
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

/* One unit: its half-boards, their weighted join (-1: out of memory; -2: stopped while
 * listing a block of the tables, the unit not counted). */
static int64_t count_unit(tables_t *t, const config_t *c, uint32_t rows, const uint64_t weight[GROUPS][GROUPS],
                          sigs_t west[GROUPS], sigs_t east[GROUPS], sifted_t *sifted, join_scratch_t *scratch,
                          poller_t *poller) {
    int n = t->n, h = t->h, m = h, width = 2 * h - 1, got;
    uint32_t low = (1U << h) - 1, erows = c->avail & ~rows, wtop = rows & low, wbottom = (rows >> (n - h)) & low;
    uint32_t etop = erows & low, ebottom = (erows >> (n - h)) & low;
    int grouped = c->fold == FOLD_DIAGONALS;
    for (int g = 0; g < GROUPS; g++) west[g].len = east[g].len = 0;
    if (c->b == 0) {
        /* a grouped unit lists no half-board with a south long-diagonal queen: the other
         * diagonal (d1 = n - 1) in the west, the main one (d2 = n - 1) in the east */
        uint64_t long_diagonal = grouped ? 1ULL << (n - 1) : 0;
        if ((got = half_boards(t, wtop, wbottom, c->west_cols, c->f1 | long_diagonal, c->f2, 0, grouped, 0, sifted,
                               west, poller)) < 0 ||
            (got = half_boards(t, etop, ebottom, c->east_cols, c->f1, c->f2 | long_diagonal, 1, grouped, 0, sifted,
                               east, poller)) < 0)
            return got;
    } else {
        if ((got = half_boards(t, wtop, wbottom, c->west_cols, c->f1, c->f2, 0, 0, 0, sifted, west, poller)) < 0)
            return got;
        for (int a = c->b + 1; a <= h; a++) {
            /* the middle row's queen at (m, m + a): its column leaves the east (mirrored),
             * its diagonals are avoided there and, where they reach the west (a < h),
             * marked in the signature for the join */
            uint64_t f1 = c->f1 | 1ULL << (2 * m + a), f2 = c->f2 | 1ULL << (n - 1 - a);
            uint64_t mark = a < h ? 1ULL << (h + a - 1) | 1ULL << (width + h - 1 - a) : 0;
            if ((got = half_boards(t, etop, ebottom, c->east_cols & ~(1U << (h - a)), f1, f2, 1, 0, mark, sifted,
                                   east, poller)) < 0)
                return got;
        }
    }
    group_t a[GROUPS], b[GROUPS];
    for (int g = 0; g < GROUPS; g++) {
        a[g] = (group_t){west[g].sig, west[g].len};
        b[g] = (group_t){east[g].sig, east[g].len};
    }
    return join_count(a, b, weight, 4 * h - 2, scratch);
}

static void *aligned_block(size_t bytes, void **base) {
    *base = malloc(bytes + 63);
    if (!*base) return NULL;
    return (void *)(((uintptr_t)*base + 63) & ~(uintptr_t)63);
}

/* Count the units offset, offset + stride, ... of an n-board (see the top) with the
 * given kernel (without `symmetric`: the units of configs(), unreduced). Called with the
 * GIL; the work runs without it (so a Dask worker's or the caller's other threads go
 * on), taking it back only to poll, and under a lock, since the tables are shared. The
 * blocks of the tables a unit needs are listed when it first needs them, so a part
 * counts from its first milliseconds and a unit stopped while listing them is not
 * counted (the total stays a lower bound). */
static result_t count_part(int n, uint64_t offset, uint64_t stride, PyObject *poll, const kernel_t *kernel,
                           int symmetric) {
    result_t res = {0, 0, 0, 0};
    res.stop = ask_stop(poll); /* a part handed out after the stop lists no tables */
    if (res.stop) return res;
    poller_t poller = {poll, PyEval_SaveThread(), 0, 0};
    PyThread_acquire_lock(join_lock, WAIT_LOCK);
    tables_t *t = tables_for(n);
    join_scratch_t *scratch = calloc(1, sizeof *scratch);
    void *tab_base = NULL;
    sifted_t sifted = {NULL, 0};
    if (scratch) {
        scratch->kernel = kernel;
        scratch->tab = aligned_block(TABLE_WORDS * sizeof(uint64_t), &tab_base);
    }
    sigs_t west[GROUPS] = {{0}}, east[GROUPS] = {{0}};
    uint64_t unit = 0;
    if (!t || !scratch || !scratch->tab) res.stop = -2;
    config_t *cs = malloc(MAX_CONFIGS * sizeof *cs);
    if (!cs) res.stop = -2;
    int nc = res.stop ? 0 : configs(n, symmetric, cs);
    for (int ci = 0; ci < nc && !res.stop; ci++) {
        const config_t *c = &cs[ci];
        int avail = POPCOUNT32(c->avail);
        if (c->west > avail) continue;
        /* every c->west-subset of the available rows, in increasing order (Gosper) */
        uint64_t limit = 1ULL << avail;
        for (uint64_t packed = (1ULL << c->west) - 1; packed < limit;) {
            uint32_t rows = deposit((uint32_t)packed, c->avail);
            uint64_t weight[GROUPS][GROUPS];
            if (unit_weights(c, rows, n, weight)) {
                if (unit % stride == offset) {
                    int64_t found = count_unit(t, c, rows, weight, west, east, &sifted, scratch, &poller);
                    if (found < 0) {
                        res.stop = found == -2 ? poller.stop : -2;
                        break;
                    }
                    res.total += (uint64_t)found;
                    res.done++;
                    if (res.done % POLL_UNITS == 0) res.stop = poll_now(&poller);
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
    for (int g = 0; g < GROUPS; g++) {
        free(west[g].sig);
        free(east[g].sig);
    }
    if (scratch) {
        free(scratch->a);
        free(scratch->b);
    }
    free(tab_base);
    free(scratch);
    free(sifted.e);
    free(cs);
    PyThread_release_lock(join_lock);
    PyEval_RestoreThread(poller.state);
    return res;
}

/* List every block of the tables of an n-board now (`build`): 0, 1 stopped, -1 a
 * Python error, -2 out of memory. */
static int build_all(int n, PyObject *poll) {
    int stop = ask_stop(poll);
    if (stop) return stop;
    poller_t poller = {poll, PyEval_SaveThread(), 0, 0};
    PyThread_acquire_lock(join_lock, WAIT_LOCK);
    tables_t *t = tables_for(n);
    if (!t) stop = -2;
    for (int k = 0; k < 2 && !stop; k++)
        for (uint32_t rows = 0; rows < 1U << t->h && !stop; rows++)
            if (!block_for(t, k, rows, &poller)) stop = poller.stop ? poller.stop : -2;
    PyThread_release_lock(join_lock);
    PyEval_RestoreThread(poller.state);
    return stop;
}

/* ---- the module ---- */

static const kernel_t *kernel_named(PyObject *name) {
    if (name == Py_None) return &kernels[widest_kernel];
    if (!PyUnicode_Check(name)) {
        PyErr_SetString(PyExc_TypeError, "kernel: a name (str) or None");
        return NULL;
    }
    const char *text = PyUnicode_AsUTF8(name);
    if (text == NULL) return NULL;
    for (int k = 0; k < KERNELS; k++) {
        if (strcmp(text, kernels[k].name) != 0) continue;
        if (kernels[k].runs) return &kernels[k];
        PyErr_Format(PyExc_ValueError, "this CPU cannot run the join kernel %R", name);
        return NULL;
    }
    PyErr_Format(PyExc_ValueError, "no join kernel is named %R", name);
    return NULL;
}

PyDoc_STRVAR(count_doc,
"count(n, offset=0, stride=1, poll=None, kernel=None, symmetric=True)\n"
"    -> (total, units_done, complete)\n\n"
"Solutions of the plain n-board (1 <= n <= 32) in the join's units offset, offset + stride,\n"
"... (each weighted by its symmetry orbit). poll, if given, is called every few units; a\n"
"true answer stops the count (complete is then False and total a lower bound). kernel:\n"
"the name of one of KERNELS (None: KERNEL, the widest). symmetric=False: every split and\n"
"placement of the middle queens once, unweighted (a check on the weights).");

static PyObject *join_count_py(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "offset", "stride", "poll", "kernel", "symmetric", NULL};
    int n, symmetric = 1;
    unsigned long long offset = 0, stride = 1;
    PyObject *poll_fn = Py_None, *kernel_name = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "i|KKOOp", keywords, &n, &offset, &stride, &poll_fn,
                                     &kernel_name, &symmetric))
        return NULL;
    if (n < 1 || n > JOIN_MAX_N) {
        PyErr_Format(PyExc_ValueError, "the join handles 1 <= n <= %d, got %d", JOIN_MAX_N, n);
        return NULL;
    }
    if (stride < 1 || offset >= stride) {
        PyErr_SetString(PyExc_ValueError, "the part needs 0 <= offset < stride");
        return NULL;
    }
    const kernel_t *kernel = kernel_named(kernel_name);
    if (kernel == NULL) return NULL;
    result_t res = count_part(n, offset, stride, poll_fn == Py_None ? NULL : poll_fn, kernel, symmetric);
    if (res.stop == -1) return NULL;
    if (res.stop == -2) return PyErr_NoMemory();
    return Py_BuildValue("KKO", (unsigned long long)res.total, (unsigned long long)res.done,
                         res.stop ? Py_False : Py_True);
}

/* A Python sequence of up to GROUPS sequences of signatures, as groups (NULL: an error). */
static uint64_t *read_groups(PyObject *seq, group_t groups[GROUPS]) {
    PyObject *outer = PySequence_Fast(seq, "groups: a sequence of sequences of ints");
    if (outer == NULL) return NULL;
    Py_ssize_t ng = PySequence_Fast_GET_SIZE(outer), total = 0;
    if (ng > GROUPS) {
        PyErr_Format(PyExc_ValueError, "at most %d groups a side", GROUPS);
        Py_DECREF(outer);
        return NULL;
    }
    for (Py_ssize_t g = 0; g < ng; g++) {
        Py_ssize_t len = PySequence_Size(PySequence_Fast_GET_ITEM(outer, g));
        if (len < 0) { Py_DECREF(outer); return NULL; }
        total += len;
    }
    uint64_t *sigs = malloc((size_t)(total + 1) * sizeof *sigs), *at = sigs;
    if (sigs == NULL) { Py_DECREF(outer); PyErr_NoMemory(); return NULL; }
    for (int g = 0; g < GROUPS; g++) groups[g] = (group_t){sigs, 0};
    for (Py_ssize_t g = 0; g < ng; g++) {
        PyObject *inner = PySequence_Fast(PySequence_Fast_GET_ITEM(outer, g), "a group: a sequence of ints");
        if (inner == NULL) { free(sigs); Py_DECREF(outer); return NULL; }
        groups[g] = (group_t){at, (size_t)PySequence_Fast_GET_SIZE(inner)};
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(inner); i++) {
            *at++ = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(inner, i));
            if (PyErr_Occurred()) { Py_DECREF(inner); free(sigs); Py_DECREF(outer); return NULL; }
        }
        Py_DECREF(inner);
    }
    Py_DECREF(outer);
    return sigs;
}

PyDoc_STRVAR(pairs_doc,
"pairs(west, east, weights, bits, kernel=None) -> int\n\n"
"The join itself, for tests and measurements: the sum over groups g of west and h of east\n"
"(each a sequence of up to 2 sequences of signatures below 2**bits, bits <= 64) of\n"
"weights[g][h] times the pairs with no bit in common, by the named kernel.");

static PyObject *join_pairs_py(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"west", "east", "weights", "bits", "kernel", NULL};
    PyObject *west_seq, *east_seq, *kernel_name = Py_None;
    unsigned long long w[GROUPS][GROUPS];
    int bits;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO((KK)(KK))i|O", keywords, &west_seq, &east_seq, &w[0][0],
                                     &w[0][1], &w[1][0], &w[1][1], &bits, &kernel_name))
        return NULL;
    if (bits < 1 || bits > 64) {
        PyErr_Format(PyExc_ValueError, "bits: 1 to 64, got %d", bits);
        return NULL;
    }
    const kernel_t *kernel = kernel_named(kernel_name);
    if (kernel == NULL) return NULL;
    group_t a[GROUPS], b[GROUPS];
    uint64_t *west = read_groups(west_seq, a), *east = west ? read_groups(east_seq, b) : NULL;
    uint64_t weight[GROUPS][GROUPS], beyond = bits == 64 ? 0 : ~0ULL << bits;
    for (int g = 0; g < GROUPS; g++)
        for (int h = 0; h < GROUPS; h++) weight[g][h] = w[g][h];
    int64_t found = -2;
    for (int g = 0; east && g < GROUPS; g++)
        for (int side = 0; side < 2; side++) {
            const group_t *group = side ? &b[g] : &a[g];
            for (size_t i = 0; i < group->len; i++)
                if (group->sig[i] & beyond) found = -3;
        }
    if (found == -3) PyErr_Format(PyExc_ValueError, "a signature beyond %d bits", bits);
    if (east && found == -2) {
        join_scratch_t *scratch = calloc(1, sizeof *scratch);
        void *tab_base = NULL;
        if (scratch) {
            scratch->kernel = kernel;
            scratch->tab = aligned_block(TABLE_WORDS * sizeof(uint64_t), &tab_base);
        }
        found = scratch && scratch->tab ? join_count(a, b, (const uint64_t(*)[GROUPS])weight, bits, scratch) : -1;
        if (scratch) {
            free(scratch->a);
            free(scratch->b);
        }
        free(tab_base);
        free(scratch);
        if (found < 0) PyErr_NoMemory();
    }
    free(west);
    free(east);
    return found < 0 ? NULL : PyLong_FromUnsignedLongLong((unsigned long long)found);
}

PyDoc_STRVAR(build_doc,
"build(n, poll=None) -> bool\n\n"
"List every block of the quarter tables of the n-board now, as a count would list them\n"
"when its units first need them (to time them apart from the units). poll, if given, is\n"
"called now and then; a true answer stops the listing (False is then returned).");

static PyObject *join_build_py(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "poll", NULL};
    int n;
    PyObject *poll_fn = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "i|O", keywords, &n, &poll_fn)) return NULL;
    if (n < 1 || n > JOIN_MAX_N) {
        PyErr_Format(PyExc_ValueError, "the join handles 1 <= n <= %d, got %d", JOIN_MAX_N, n);
        return NULL;
    }
    int stop = build_all(n, poll_fn == Py_None ? NULL : poll_fn);
    if (stop == -1) return NULL;
    if (stop == -2) return PyErr_NoMemory();
    return PyBool_FromLong(stop == 0);
}

PyDoc_STRVAR(table_bytes_doc,
"table_bytes() -> int\n\nBytes held by this process's quarter tables, those listed so far (0 before the\n"
"first count).");

static PyObject *join_table_bytes(PyObject *self, PyObject *unused) {
    return PyLong_FromSize_t(cached.bytes);
}

PyDoc_STRVAR(table_n_doc,
"table_n() -> int\n\nThe board size whose quarter tables this process holds (0: none yet).");

static PyObject *join_table_n(PyObject *self, PyObject *unused) {
    return PyLong_FromLong(cached.n);
}

static PyMethodDef join_methods[] = {
    {"count", (PyCFunction)(void (*)(void))join_count_py, METH_VARARGS | METH_KEYWORDS, count_doc},
    {"pairs", (PyCFunction)(void (*)(void))join_pairs_py, METH_VARARGS | METH_KEYWORDS, pairs_doc},
    {"build", (PyCFunction)(void (*)(void))join_build_py, METH_VARARGS | METH_KEYWORDS, build_doc},
    {"table_bytes", join_table_bytes, METH_NOARGS, table_bytes_doc},
    {"table_n", join_table_n, METH_NOARGS, table_n_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef join_module = {
    PyModuleDef_HEAD_INIT, "nqueens._join",
    "Compiled join counter of plain boards (see joins.py for the pure-Python reference).",
    -1, join_methods,
};

PyMODINIT_FUNC PyInit__join(void) {
    find_kernels();
    if (join_lock == NULL && (join_lock = PyThread_allocate_lock()) == NULL) return PyErr_NoMemory();
    PyObject *module = PyModule_Create(&join_module);
    if (module == NULL) return NULL;
    PyObject *list = PyList_New(0), *names = NULL;
    for (int k = 0; k < KERNELS && list; k++) {
        if (!kernels[k].runs) continue;
        PyObject *name = PyUnicode_FromString(kernels[k].name);
        if (name == NULL || PyList_Append(list, name) < 0) Py_CLEAR(list);
        Py_XDECREF(name);
    }
    if (list) names = PyList_AsTuple(list);
    Py_XDECREF(list);
    if (names == NULL || PyModule_AddIntConstant(module, "MAX_N", JOIN_MAX_N) < 0 ||
        PyModule_AddStringConstant(module, "KERNEL", kernels[widest_kernel].name) < 0 ||
        PyModule_AddObject(module, "KERNELS", names) < 0) { /* (which takes names on success) */
        Py_XDECREF(names);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
