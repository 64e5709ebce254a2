/* The compiled counting kernel: the bitboard walk of bitboard.py in C.
 *
 * Rows are filled top-down; columns and both diagonal families are 64-bit masks (bit c =
 * column c), and each row has an "allowed" mask carrying fixed and forbidden cells, so
 * the walk visits exactly the promising nodes of the textbook's pruned tree. It returns
 * the solution count, the promising-node count and, on request, how many solutions are
 * canonical (lexicographically smallest of their 8 board images), which is how a caller
 * that searched a symmetric board gets the fundamental count in the same pass.
 *
 * Optional: when the extension is not built, nqueens falls back to pure Python.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 63
#define POLL_MASK ((1ULL << 22) - 1) /* promising nodes between polls of the caller */

typedef struct {
    int n;
    uint64_t full;
    uint64_t allowed[MAX_N];
    int cols[MAX_N];
    int want_canonical;
    uint64_t solutions, promising, canonical, ticks;
    PyObject *poll; /* callable or NULL: returns true to stop */
    int stop;       /* 1: stopped by poll, -1: Python error raised */
} walk_t;

/* Is p (with inverse q) the lexicographically smallest of its 8 images under the board's
 * rotations and reflections? Each image is compared element by element, stopping at the
 * first difference (almost always within the first two rows). */
static int is_canonical(int n, const int *p) {
    int q[MAX_N];
    for (int r = 0; r < n; r++) q[p[r]] = r;
    const int m = n - 1;
    for (int t = 1; t < 8; t++) {
        for (int r = 0; r < n; r++) {
            int v;
            switch (t) {
            case 1: v = m - p[r]; break;
            case 2: v = p[m - r]; break;
            case 3: v = m - p[m - r]; break;
            case 4: v = q[r]; break;
            case 5: v = m - q[r]; break;
            case 6: v = q[m - r]; break;
            default: v = m - q[m - r]; break;
            }
            if (v < p[r]) return 0;
            if (v > p[r]) break;
        }
    }
    return 1;
}

/* Whether a walk must stop: -1 on a pending Python signal error or a failing callback,
 * 1 when the `should_stop` callback (may be NULL) says so, 0 to go on. */
static int ask_stop(PyObject *should_stop) {
    if (PyErr_CheckSignals() < 0) return -1;
    if (should_stop == NULL) return 0;
    PyObject *answer = PyObject_CallNoArgs(should_stop);
    if (answer == NULL) return -1;
    int truth = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return truth < 0 ? -1 : truth ? 1 : 0;
}

static void poll(walk_t *w) {
    int answer = ask_stop(w->poll);
    if (answer) w->stop = answer;
}

static void walk(walk_t *w, int row, uint64_t cols, uint64_t left, uint64_t right) {
    uint64_t bits = w->allowed[row] & ~(cols | left | right);
    if (row == w->n - 1 && !w->want_canonical) {
        uint64_t k = (uint64_t)__builtin_popcountll(bits);
        w->promising += k;
        w->solutions += k;
        return;
    }
    while (bits) {
        uint64_t bit = bits & (~bits + 1);
        bits ^= bit;
        w->promising++;
        if ((++w->ticks & POLL_MASK) == 0) {
            poll(w);
            if (w->stop) return;
        }
        if (row == w->n - 1) {
            w->cols[row] = __builtin_ctzll(bit);
            w->solutions++;
            w->canonical += (uint64_t)is_canonical(w->n, w->cols);
            continue;
        }
        w->cols[row] = __builtin_ctzll(bit);
        walk(w, row + 1, cols | bit, ((left | bit) << 1) & w->full, (right | bit) >> 1);
        if (w->stop) return;
    }
}

/* ---- One representative per symmetry class (plain boards) ----
 *
 * The caller (bitboard.py) fixes a start: a corner queen in row 0 or a row-0 queen at
 * distance d from the left edge, then deeper prefix rows, and passes per-row allowed masks
 * that already carry the start's restrictions (side columns closed near the corners, the
 * last row's columns, column 1 above the corner start's row-1 queen). What is left here:
 * the rule at row n-1-d (the last row where a side column may be taken: both side queens
 * must be down by then) and, for an edge start, the comparison of each finished board
 * with its three rotations, which decides whether it is its class's representative and
 * how large the class is (weight 2, 4 or 8). Reflections never need checking: with the
 * start's restrictions no reflection of a representative is again a representative. */

/* The units of the join of partial boards (`_join.c`), numbered as it numbers them, so the
 * walk can say how much of its total each of the join's parts must find (a cross-check
 * part by part; see join_share below). */
#define JOIN_PARTS_MAX_N 26 /* the centre's rank table has 2^(n-1) entries */

typedef struct {
    int n, h;
    uint64_t binom[MAX_N + 1][MAX_N + 1];
    int32_t *centre_rank; /* odd n: unit index of each centre split (by compressed rows), or -1 */
    uint64_t centre_units;
    uint64_t stride;      /* parts: unit u belongs to part u % stride */
    uint64_t *part8;      /* per part, 8 x its weighted solutions */
} join_units_t;

typedef struct {
    int n, edge, d, bound_row;
    uint64_t full, side, mid_col_bit; /* mid_col_bit: column n-1-d (a 180-degree tie) */
    uint64_t allowed[MAX_N];
    int cols[MAX_N];
    uint64_t total, unique, ticks;
    PyObject *poll;
    int stop;
    join_units_t *join; /* not NULL: also share each class out over the join's parts */
} class_walk_t;

/* The rank of `rows` among the subsets of its size of the rows in `avail` in increasing
 * order (colex), as the join's Gosper enumeration meets them. */
static uint64_t colex_rank(const join_units_t *j, uint64_t rows, uint64_t avail) {
    uint64_t rank = 0;
    int position = 0, taken = 0;
    for (int r = 0; r < j->n; r++) {
        if (!((avail >> r) & 1)) continue;
        if ((rows >> r) & 1) rank += j->binom[position][++taken];
        position++;
    }
    return rank;
}

/* The size of the orbit of split `rows` (of the rows in `avail`) under the mirror (the
 * complement) and the flip (the reversal), or 0 when `rows` is not the smallest of it. */
static int split_orbit(int n, uint64_t rows, uint64_t avail) {
    uint64_t flipped = 0;
    for (int i = 0; i < n; i++)
        if ((rows >> i) & 1) flipped |= 1ULL << (n - 1 - i);
    uint64_t orbit[4] = {rows, avail & ~rows, flipped, avail & ~flipped};
    int distinct = 0;
    for (int i = 0; i < 4; i++) {
        if (orbit[i] < rows) return 0;
        int seen = 0;
        for (int k = 0; k < i; k++) seen |= orbit[k] == orbit[i];
        distinct += !seen;
    }
    return distinct;
}

/* The weight the join gives solution p, and its unit (-1: the join counts it through
 * another image): an even board's solutions with no south long-diagonal queen and the last
 * row's queen east, weighted by the mirror-and-flip orbit of their split when no
 * long-diagonal queen is in them, else 4 or 8; an odd board's with the centre queen, by
 * their split's orbit, and those with the middle row's queen east at distance a and the
 * middle column's south at distance b < a, by 8 (see `_join.c`). */
static int join_share(const join_units_t *j, const int *p, int64_t *unit) {
    const int n = j->n, h = j->h, m = h;
    const uint64_t all = (1ULL << n) - 1;
    uint64_t west = 0;
    for (int r = 0; r < n; r++)
        if (p[r] < h) west |= 1ULL << r;
    *unit = -1;
    if (n % 2 == 0) {
        if (p[n - 1] < h) return 0;
        int nw = 0, ne = 0;
        for (int r = 0; r < n; r++) {
            int on_main = p[r] == r, on_other = p[r] == n - 1 - r;
            if (r >= h && (on_main || on_other)) return 0;
            if (r < h) { nw |= on_main; ne |= on_other; }
        }
        int weight = nw && ne ? 8 : nw || ne ? 4 : split_orbit(n, west, all);
        if (weight) *unit = (int64_t)colex_rank(j, west, all & ~(1ULL << (n - 1)));
        return weight;
    }
    if (p[m] == m) {
        uint64_t avail = all & ~(1ULL << m);
        int weight = split_orbit(n, west, avail);
        if (weight) {
            uint64_t packed = (west & ((1ULL << m) - 1)) | ((west >> (m + 1)) << m);
            *unit = j->centre_rank[packed];
        }
        return weight;
    }
    int a = p[m] - m, r = 0;
    while (p[r] != m) r++;
    int b = r - m;
    if (a <= 0 || b <= 0 || a <= b) return 0;
    uint64_t avail = all & ~(1ULL << m) & ~(1ULL << r);
    *unit = (int64_t)(j->centre_units + (uint64_t)(b - 1) * j->binom[2 * h - 1][h] + colex_rank(j, west, avail));
    return 8;
}

/* Share a representative p of a class of `size` solutions out over the join's parts: each
 * of the 8 images of p is one of the class (each member 8 / size times), so 8 x a part's
 * share adds size x the join's weight of each image in it. */
static void join_class(join_units_t *j, const int *p, int size) {
    const int n = j->n, last = n - 1;
    int q[MAX_N], image[MAX_N];
    for (int r = 0; r < n; r++) q[p[r]] = r;
    for (int t = 0; t < 8; t++) {
        const int *base = t < 4 ? p : q; /* q: the reflection in the main diagonal */
        for (int r = 0; r < n; r++) {
            int row = (t & 2) ? last - r : r, col = base[row];
            image[r] = (t & 1) ? last - col : col;
        }
        int64_t unit;
        int weight = join_share(j, image, &unit);
        if (weight && unit >= 0) j->part8[(uint64_t)unit % j->stride] += (uint64_t)size * (uint64_t)weight;
    }
}

/* For an edge start: 0 when a rotation of p is lexicographically smaller, else the size of
 * p's class (8, 4 when the half turn maps it to itself, 2 for the quarter turn). */
static int edge_weight(const class_walk_t *w) {
    const int n = w->n, m = n - 1, d = w->d;
    const int *p = w->cols;
    /* A rotation's first row holds d only if an edge queen lands on (0, d). */
    const int r90 = p[m - d] == 0, r180 = p[m] == m - d, r270 = p[d] == m;
    if (!(r90 | r180 | r270)) return 8;
    int q[MAX_N];
    for (int r = 0; r < n; r++) q[p[r]] = r;
    int same90 = 0, same180 = 0;
    for (int t = 0; t < 3; t++) {
        if (!(t == 0 ? r90 : t == 1 ? r180 : r270)) continue;
        int r = 0;
        for (; r < n; r++) {
            const int v = t == 0 ? m - q[r] : t == 1 ? m - p[m - r] : q[m - r];
            if (v < p[r]) return 0;
            if (v > p[r]) break;
        }
        if (r == n) {
            if (t == 0) same90 = 1;
            else if (t == 1) same180 = 1;
        }
    }
    return same90 ? 2 : same180 ? 4 : 8;
}

static void class_poll(class_walk_t *w) {
    int answer = ask_stop(w->poll);
    if (answer) w->stop = answer;
}

/* The last row: every open column is a finished board. */
static inline void class_finish(class_walk_t *w, uint64_t bits) {
    if (w->join != NULL) { /* each representative, one at a time */
        const int m = w->n - 1;
        while (bits) {
            uint64_t bit = bits & (~bits + 1);
            bits ^= bit;
            w->cols[m] = __builtin_ctzll(bit);
            int weight = w->edge ? edge_weight(w) : 8;
            if (!weight) continue;
            w->total += (uint64_t)weight;
            w->unique++;
            join_class(w->join, w->cols, weight);
        }
        return;
    }
    if (!w->edge) { /* a corner board's class always has 8 members */
        uint64_t k = (uint64_t)__builtin_popcountll(bits);
        w->total += 8 * k;
        w->unique += k;
        return;
    }
    const int m = w->n - 1;
    /* Without a possible rotation tie every board is a representative of a class of 8. */
    if (w->cols[m - w->d] != 0 && w->cols[w->d] != m && !(bits & w->mid_col_bit)) {
        uint64_t k = (uint64_t)__builtin_popcountll(bits);
        w->total += 8 * k;
        w->unique += k;
        return;
    }
    while (bits) {
        uint64_t bit = bits & (~bits + 1);
        bits ^= bit;
        w->cols[m] = __builtin_ctzll(bit);
        int weight = edge_weight(w);
        if (weight) {
            w->total += (uint64_t)weight;
            w->unique++;
        }
    }
}

/* The columns row `row` may take given what the rows above attack; at the bound row
 * both side queens must be down after it. */
static inline uint64_t class_open(const uint64_t *allowed, int row, int bound_row,
                                  uint64_t side, uint64_t cols, uint64_t left,
                                  uint64_t right) {
    uint64_t bits = allowed[row] & ~(cols | left | right);
    if (row == bound_row) {
        uint64_t open_sides = side & ~cols;
        if (open_sides == side) return 0; /* two side queens still missing */
        if (open_sides) bits &= open_sides;
    }
    return bits;
}

/* Depth-first from row `first` with an explicit stack (no call per node): per row the
 * columns still to try and the attacks from above. The row before the last finishes its
 * children at once (class_finish), which is where most nodes are. What the loop reads is
 * held in locals so that the stores into w->cols do not force reloads. */
static void class_walk(class_walk_t *w, int first, uint64_t cols, uint64_t left,
                       uint64_t right) {
    const int last = w->n - 1, bound_row = w->bound_row;
    const uint64_t full = w->full, side = w->side, last_allowed = w->allowed[last];
    const uint64_t *allowed = w->allowed;
    int *col_of = w->cols;
    if (first == last) {
        class_finish(w, class_open(allowed, last, bound_row, side, cols, left, right));
        return;
    }
    uint64_t todo[MAX_N], c_at[MAX_N], l_at[MAX_N], r_at[MAX_N];
    uint64_t ticks = w->ticks;
    int row = first;
    c_at[row] = cols;
    l_at[row] = left;
    r_at[row] = right;
    todo[row] = class_open(allowed, row, bound_row, side, cols, left, right);
    for (;;) {
        uint64_t bits = todo[row];
        if (!bits) {
            if (row == first) break;
            row--;
            continue;
        }
        uint64_t bit = bits & (~bits + 1);
        todo[row] = bits ^ bit;
        col_of[row] = __builtin_ctzll(bit);
        uint64_t c = c_at[row] | bit, l = ((l_at[row] | bit) << 1) & full,
                 r = (r_at[row] | bit) >> 1;
        if (row + 1 == last) {
            uint64_t open = last_allowed & ~(c | l | r);
            if (open) class_finish(w, open);
            continue;
        }
        if ((++ticks & POLL_MASK) == 0) {
            class_poll(w);
            if (w->stop) break;
        }
        row++;
        c_at[row] = c;
        l_at[row] = l;
        r_at[row] = r;
        todo[row] = class_open(allowed, row, bound_row, side, c, l, r);
    }
    w->ticks = ticks;
}

PyDoc_STRVAR(count_class_doc,
"count_class(n, edge, d, prefix, allowed, poll=None) -> (total, unique, complete)\n\n"
"Count the class representatives below one start (bitboard.ClassStart): edge is true for a\n"
"row-0 queen at distance d from the left edge, false for a corner start; prefix holds the\n"
"columns of the first rows (already checked by the caller, at least one row short of n);\n"
"allowed[r] the columns row r may use. total is weighted by class size, unique counts\n"
"representatives. poll as for count().");

/* Per row, the allowed-column masks from a Python sequence of n ints (each cut to the
 * board's width); -1 with a Python error set when it is not one. */
static int read_masks(PyObject *allowed, int n, uint64_t full, uint64_t *out) {
    PyObject *seq = PySequence_Fast(allowed, "allowed must be a sequence of n masks");
    if (seq == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "allowed must hold n = %d masks", n);
        return -1;
    }
    for (int r = 0; r < n; r++) {
        unsigned long long mask = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, r));
        if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        out[r] = (uint64_t)mask & full;
    }
    Py_DECREF(seq);
    return 0;
}

/* count_class and count_class_parts: the walk below one start, its classes shared out
 * over the join's parts when `join` is given. */
static PyObject *class_count(int n, int edge, int d, PyObject *prefix, PyObject *allowed, PyObject *poll_fn,
                             join_units_t *join) {
    if (n < 2 || n > MAX_N) {
        PyErr_Format(PyExc_ValueError, "count_class handles 2 <= n <= %d, got %d", MAX_N, n);
        return NULL;
    }
    class_walk_t w = {0};
    w.n = n;
    w.edge = edge;
    w.d = d;
    w.full = (1ULL << n) - 1;
    w.side = 1ULL | (1ULL << (n - 1));
    w.bound_row = edge ? n - 1 - d : -1;
    w.mid_col_bit = edge ? 1ULL << (n - 1 - d) : 0;
    w.poll = (poll_fn == Py_None) ? NULL : poll_fn;
    w.join = join;
    if (read_masks(allowed, n, w.full, w.allowed) < 0) return NULL;
    PyObject *rows = PySequence_Fast(prefix, "prefix must be a sequence of columns");
    if (rows == NULL) return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(rows);
    if (k < 1 || k >= n) {
        Py_DECREF(rows);
        PyErr_Format(PyExc_ValueError, "prefix must hold 1 to n-1 = %d rows", n - 1);
        return NULL;
    }
    uint64_t cols = 0, left = 0, right = 0;
    for (Py_ssize_t r = 0; r < k; r++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(rows, r));
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(rows);
            return NULL;
        }
        if (c < 0 || c >= n) {
            Py_DECREF(rows);
            PyErr_Format(PyExc_ValueError, "prefix column %ld is off the board", c);
            return NULL;
        }
        uint64_t bit = 1ULL << c;
        w.cols[r] = (int)c;
        cols |= bit;
        left = ((left | bit) << 1) & w.full;
        right = (right | bit) >> 1;
    }
    Py_DECREF(rows);
    class_walk(&w, (int)k, cols, left, right);
    if (w.stop < 0) return NULL;
    return Py_BuildValue("KKO", (unsigned long long)w.total, (unsigned long long)w.unique,
                         w.stop ? Py_False : Py_True);
}

static PyObject *kernel_count_class(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "edge", "d", "prefix", "allowed", "poll", NULL};
    int n, edge, d;
    PyObject *prefix, *allowed, *poll_fn = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ipiOO|O", keywords, &n, &edge, &d,
                                     &prefix, &allowed, &poll_fn))
        return NULL;
    return class_count(n, edge, d, prefix, allowed, poll_fn, NULL);
}

/* The join's unit numbering for an n-board (see join_share); -1 when out of memory. */
static int join_units_init(join_units_t *j, int n, uint64_t stride) {
    memset(j, 0, sizeof *j);
    j->n = n;
    j->h = n / 2;
    j->stride = stride;
    for (int a = 0; a <= MAX_N; a++) {
        j->binom[a][0] = 1;
        for (int b = 1; b <= a; b++) j->binom[a][b] = j->binom[a - 1][b - 1] + (b <= a - 1 ? j->binom[a - 1][b] : 0);
    }
    j->part8 = calloc(stride, sizeof *j->part8);
    if (j->part8 == NULL) return -1;
    if (n % 2 == 0) return 0;
    const int h = j->h, m = h;
    size_t size = (size_t)1 << (2 * h);
    j->centre_rank = malloc(size * sizeof *j->centre_rank);
    if (j->centre_rank == NULL) return -1;
    const uint64_t avail = ((1ULL << n) - 1) & ~(1ULL << m);
    for (size_t packed = 0; packed < size; packed++) { /* in increasing order, as Gosper's */
        j->centre_rank[packed] = -1;
        if (__builtin_popcountll(packed) != h) continue;
        uint64_t rows = (packed & ((1ULL << m) - 1)) | ((packed >> m) << (m + 1));
        if (split_orbit(n, rows, avail)) j->centre_rank[packed] = (int32_t)j->centre_units++;
    }
    return 0;
}

PyDoc_STRVAR(count_class_parts_doc,
"count_class_parts(n, edge, d, prefix, allowed, stride, poll=None)\n"
"    -> (total, unique, complete, shares)\n\n"
"count_class, and each class shared out over the parts of the join of partial boards\n"
"(`joins.count(n, k, stride)` for k < stride): shares[k] is 8 times what part k must count\n"
"of these classes' solutions (n <= 26).");

static PyObject *kernel_count_class_parts(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "edge", "d", "prefix", "allowed", "stride", "poll", NULL};
    int n, edge, d;
    unsigned long long stride;
    PyObject *prefix, *allowed, *poll_fn = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ipiOOK|O", keywords, &n, &edge, &d, &prefix,
                                     &allowed, &stride, &poll_fn))
        return NULL;
    if (n < 2 || n > JOIN_PARTS_MAX_N || stride < 1 || stride > (1ULL << 24)) {
        PyErr_Format(PyExc_ValueError, "count_class_parts handles 2 <= n <= %d and 1 to 2**24 parts",
                     JOIN_PARTS_MAX_N);
        return NULL;
    }
    join_units_t *join = malloc(sizeof *join);
    if (join == NULL || join_units_init(join, n, stride) < 0) {
        if (join) { free(join->part8); free(join->centre_rank); }
        free(join);
        return PyErr_NoMemory();
    }
    PyObject *counted = class_count(n, edge, d, prefix, allowed, poll_fn, join), *result = NULL;
    PyObject *shares = counted ? PyList_New((Py_ssize_t)stride) : NULL;
    for (uint64_t k = 0; shares && k < stride; k++) {
        PyObject *value = PyLong_FromUnsignedLongLong(join->part8[k]);
        if (value == NULL) Py_CLEAR(shares);
        else PyList_SET_ITEM(shares, (Py_ssize_t)k, value);
    }
    if (shares) {
        result = Py_BuildValue("OOOO", PyTuple_GET_ITEM(counted, 0), PyTuple_GET_ITEM(counted, 1),
                               PyTuple_GET_ITEM(counted, 2), shares);
        Py_DECREF(shares);
    }
    Py_XDECREF(counted);
    free(join->part8);
    free(join->centre_rank);
    free(join);
    return result;
}

PyDoc_STRVAR(count_doc,
"count(n, allowed, canonical=False, poll=None) -> (solutions, promising, canonical, complete)\n\n"
"Walk the pruned tree of an n-queens board (n <= 63) whose row r may use the columns in\n"
"allowed[r]. promising counts the root and every placed queen; canonical counts solutions\n"
"that are the smallest of their 8 images (only when canonical=True, else 0). poll, if given,\n"
"is called every 2**22 nodes; a true answer stops the walk (complete is then False).");

static PyObject *kernel_count(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "allowed", "canonical", "poll", NULL};
    int n, want_canonical = 0;
    PyObject *allowed, *poll_fn = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iO|pO", keywords, &n, &allowed,
                                     &want_canonical, &poll_fn))
        return NULL;
    if (n < 1 || n > MAX_N) {
        PyErr_Format(PyExc_ValueError, "the kernel handles 1 <= n <= %d, got %d", MAX_N, n);
        return NULL;
    }
    walk_t w = {0};
    w.n = n;
    w.full = (1ULL << n) - 1;
    w.want_canonical = want_canonical;
    w.poll = (poll_fn == Py_None) ? NULL : poll_fn;
    if (read_masks(allowed, n, w.full, w.allowed) < 0) return NULL;
    w.promising = 1; /* the root */
    walk(&w, 0, 0, 0, 0);
    if (w.stop < 0) return NULL;
    return Py_BuildValue("KKKO", (unsigned long long)w.solutions,
                         (unsigned long long)w.promising, (unsigned long long)w.canonical,
                         w.stop ? Py_False : Py_True);
}

static PyMethodDef kernel_methods[] = {
    {"count_class_parts", (PyCFunction)(void (*)(void))kernel_count_class_parts, METH_VARARGS | METH_KEYWORDS,
     count_class_parts_doc},
    {"count", (PyCFunction)(void (*)(void))kernel_count, METH_VARARGS | METH_KEYWORDS, count_doc},
    {"count_class", (PyCFunction)(void (*)(void))kernel_count_class, METH_VARARGS | METH_KEYWORDS,
     count_class_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "nqueens._kernel",
    "Compiled bitboard counting kernel (see bitboard.py for the pure-Python reference).",
    -1, kernel_methods,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject *module = PyModule_Create(&kernel_module);
    if (module != NULL) PyModule_AddIntConstant(module, "MAX_N", MAX_N);
    return module;
}
