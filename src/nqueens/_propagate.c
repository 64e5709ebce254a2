/* The backtracker's propagating order in C: the search of backends/propagate.py, step for
 * step (same choices, same solutions in the same order, same node counts).
 *
 * Every cell is free or not; every row and every column keeps its number of free cells.
 * Placing a queen takes every free cell of its row, column and both diagonals off the
 * board; the next line to branch on is the open row or column with the fewest free cells
 * (none: a wipe-out, this branch fails; one: the queen is forced). Its free cell on the
 * tightest crossing line (nearest the middle on a tie) is placed, and when that subtree is done the cell is removed and the line chosen again
 * (place / remove), so the two branches split the solutions and counts stay exact.
 *
 * Optional: when the extension is not built, nqueens runs the pure-Python twin.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define POLL_MASK ((1ULL << 14) - 1) /* nodes between polls of the caller (n < 16) */
/* A placement costs O(n) (its lines leave the board, the tightest line is sought), so on
 * a large board each counts 1 + n / POLL_SCALE nodes: a stop or a signal is seen within
 * about the same time on a board of 46,340 as on one of 16 (on large boards every cell it touches is a cache miss). */
#define POLL_SCALE 16

typedef struct {
    int n;
    unsigned char *free;   /* n*n: 1 when the cell may still take a queen */
    int *count;            /* 2n: free cells of row r (r) and column c (n + c) */
    unsigned char *done;   /* 2n: the line holds a queen */
    int *queen;            /* n: the column of row r's queen */
    int *centre;           /* n: 0..n-1 from the middle outwards, the order cells are tried */
    int *trail;            /* cells taken off the board, in order */
    int trail_len;
    uint64_t placements, removals, ticks;
    uint64_t weight, next_poll; /* ticks per placement; ticks at the next poll */
} board_t;

static void take(board_t *b, int cell) {
    int n = b->n;
    b->free[cell] = 0;
    b->count[cell / n]--;
    b->count[n + cell % n]--;
    b->trail[b->trail_len++] = cell;
}

static void undo_to(board_t *b, int mark) {
    int n = b->n;
    while (b->trail_len > mark) {
        int cell = b->trail[--b->trail_len];
        b->free[cell] = 1;
        b->count[cell / n]++;
        b->count[n + cell % n]++;
    }
}

/* Put a queen at `cell`: every free cell it attacks (its own included) leaves the board,
 * each by the statement TAKE(k) (one geometry for the plain and the logged search). */
#define PLACE(b, cell, TAKE)                                                                  \
    do {                                                                                      \
        int n = (b)->n, r = (cell) / n, c = (cell) % n, k;                                    \
        for (k = r * n; k < r * n + n; k++)                                                   \
            if ((b)->free[k]) TAKE(k);                                                        \
        for (k = c; k < n * n; k += n)                                                        \
            if ((b)->free[k]) TAKE(k);                                                        \
        int d = r < c ? r : c; /* the diagonal r - c = const, from its top-left cell */       \
        for (int rr = r - d, cc = c - d; rr < n && cc < n; rr++, cc++)                        \
            if ((b)->free[rr * n + cc]) TAKE(rr * n + cc);                                    \
        int a = r < n - 1 - c ? r : n - 1 - c; /* the anti-diagonal, from its top-right */    \
        for (int rr = r - a, cc = c + a; rr < n && cc >= 0; rr++, cc--)                       \
            if ((b)->free[rr * n + cc]) TAKE(rr * n + cc);                                    \
        (b)->done[r] = (b)->done[n + c] = 1;                                                  \
        (b)->queen[r] = c;                                                                    \
    } while (0)

static void place(board_t *b, int cell) {
#define TAKE_PLAIN(k) take(b, k)
    PLACE(b, cell, TAKE_PLAIN);
#undef TAKE_PLAIN
}

/* take() and place() keeping why each cell left the board in `why` (see the logged search). */
static void take_why(board_t *b, int cell, int *why, int reason) {
    take(b, cell);
    why[cell] = reason;
}

static void place_why(board_t *b, int cell, int *why, int reason) {
#define TAKE_WHY(k) take_why(b, k, why, reason)
    PLACE(b, cell, TAKE_WHY);
#undef TAKE_WHY
}

/* The open line with the fewest free cells (rows before columns, lower index first on a
 * tie); -1 when every line holds a queen. */
static int tightest(const board_t *b) {
    int best = -1, best_count = INT32_MAX;
    for (int line = 0; line < 2 * b->n; line++) {
        if (b->done[line] || b->count[line] >= best_count) continue;
        best = line;
        best_count = b->count[line];
        if (best_count == 0) break;
    }
    return best;
}

/* The line's free cell whose crossing line (its column for a row, its row for a column)
 * has the fewest free cells; on a tie the one nearest the middle of the board. */
static int pick(const board_t *b, int line) {
    int n = b->n, best = -1, best_count = INT32_MAX;
    for (int i = 0; i < n; i++) {
        int k = b->centre[i];
        int cell = line < n ? line * n + k : k * n + (line - n);
        if (!b->free[cell]) continue;
        int crossing = line < n ? b->count[n + k] : b->count[k];
        if (crossing < best_count) {
            best = cell;
            best_count = crossing;
        }
    }
    return best;
}

/* Hand the solution on the board to `sink`: 1 go on, 0 stop, -1 a Python error. */
static int offer(const board_t *b, PyObject *sink) {
    PyObject *tuple = PyTuple_New(b->n);
    if (tuple == NULL) return -1;
    for (int r = 0; r < b->n; r++) PyTuple_SET_ITEM(tuple, r, PyLong_FromLong(b->queen[r]));
    PyObject *answer = PyObject_CallOneArg(sink, tuple);
    Py_DECREF(tuple);
    if (answer == NULL) return -1;
    int go_on = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return go_on;
}

/* Whether the caller is due a poll after one more placement (see POLL_SCALE). */
static inline int poll_due(board_t *b) {
    b->ticks += b->weight;
    if (b->ticks < b->next_poll) return 0;
    b->next_poll = b->ticks + POLL_MASK + 1;
    return 1;
}

/* Every POLL_MASK + 1 placements: 1 when a signal or `poll` says stop, -1 on a Python error. */
static int ask_stop(PyObject *poll) {
    if (PyErr_CheckSignals() < 0) return -1;
    if (poll == Py_None) return 0;
    PyObject *answer = PyObject_CallNoArgs(poll);
    if (answer == NULL) return -1;
    int stop = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return stop;
}

/* 0: exhausted; 1: the poll asked to stop; 2: the sink asked to stop; -1: a Python error. */
static int run(board_t *b, PyObject *sink, PyObject *poll) {
    int n = b->n;
    /* frame d: the trail length at its start and the cell placed below it */
    int *mark = PyMem_Malloc(sizeof(int) * (size_t)(n + 1));
    int *cell_of = PyMem_Malloc(sizeof(int) * (size_t)(n + 1));
    int *placed_mark = PyMem_Malloc(sizeof(int) * (size_t)(n + 1));
    if (!mark || !cell_of || !placed_mark) {
        PyMem_Free(mark); PyMem_Free(cell_of); PyMem_Free(placed_mark);
        PyErr_NoMemory();
        return -1;
    }
    int depth = 0, result = 0, choose = 1;
    mark[0] = b->trail_len;
    for (;;) {
        if (choose) {
            int line = tightest(b);
            if (line < 0) {
                int go_on = offer(b, sink);
                if (go_on < 0) { result = -1; break; }
                if (!go_on) { result = 2; break; }
                choose = 0;
            } else if (b->count[line] == 0) {
                choose = 0;
            } else {
                int cell = pick(b, line);
                cell_of[depth] = cell;
                placed_mark[depth] = b->trail_len;
                place(b, cell);
                b->placements++;
                depth++;
                mark[depth] = b->trail_len;
                if (poll_due(b)) {
                    int stop = ask_stop(poll);
                    if (stop) { result = stop < 0 ? -1 : 1; break; }
                }
                continue;
            }
        }
        /* backtrack: this frame is finished; its parent removes the cell it placed */
        undo_to(b, mark[depth]);
        if (depth == 0) break;
        depth--;
        int cell = cell_of[depth];
        undo_to(b, placed_mark[depth]);
        b->done[cell / n] = b->done[n + cell % n] = 0;
        take(b, cell);
        b->removals++;
        choose = 1;
    }
    PyMem_Free(mark); PyMem_Free(cell_of); PyMem_Free(placed_mark);
    return result;
}

/* ---- The same search writing its own DRAT proof (`search_logged`) ----
 *
 * The proof is about the pairwise CNF of certificates.py: variable row * n + col + 1 is a
 * cell; each row and column has its at-least-one clause, each line its pairwise at-most-one
 * clauses, fixed and forbidden cells are unit clauses. The search's reasoning is unit
 * propagation on that CNF, so each closed node yields a clause a checker derives by unit
 * propagation alone (RUP).
 *
 * Every cell that leaves the board keeps why (`why`): the root (a unit clause: forbidden,
 * or attacked by a fixed queen), the queen placed at depth j, or removal k (the place child
 * of that cell was refuted), whose own reason is a set of decisions. A set of decisions is a
 * bitset of depths (W words). When a line runs out of cells, the union of its cells' reasons
 * is the conflict's explanation E, and the clause "not all of E" (one negative literal per
 * decision queen in E) is RUP: from E, the binary clauses of the queens, the unit clauses and
 * the clauses of the removals (written before, whose reasons are inside E) take every cell of
 * the line, and its at-least-one clause is falsified. Then:
 *
 * - the search jumps back to the deepest decision j in E (the nodes between it and here
 *   would fail for the same reason: conflict-directed backjumping), removes queen j with the
 *   reason E minus j, and deletes the clauses of the nodes it closed (written after theirs);
 * - a queen forced by a line with one free cell is no decision: its reason is the union of
 *   its line's other cells' reasons, so it never appears in a clause (unit propagation
 *   forces it from that line's at-least-one clause);
 * - a decision whose own placement empties a line through exactly one cell it took writes
 *   nothing: from the rest of E, unit propagation forces that cell and excludes the queen;
 * - a solution the caller continues past is a conflict whose explanation is every decision
 *   (the blocking clause of that solution, in the CNF of a certified count);
 * - the empty clause (E empty) ends the proof.
 *
 * The search's choices are the plain search's, so its solutions come in the same order; the
 * jumps only skip subtrees without solutions, so it visits fewer nodes. */

#define LOGGED_MAX_N 4096 /* the sets of decisions stay small (a few KiB per depth) */
#define DRAT_BUFFER (1 << 20)

typedef struct {
    int fd;
    char *buf;
    size_t len;
    uint64_t added, deleted;
    int err; /* errno of a failed write; nothing more is written after one */
} drat_t;

static void drat_flush(drat_t *w) {
    size_t off = 0;
    while (off < w->len && w->err == 0) {
        ssize_t k = write(w->fd, w->buf + off, w->len - off);
        if (k < 0) {
            if (errno != EINTR) w->err = errno;
        } else {
            off += (size_t)k;
        }
    }
    w->len = 0;
}

/* One proof line: the clause `lits` (k literals), added or (deletion) deleted. */
static void drat_line(drat_t *w, int deletion, const int *lits, int k) {
    if (w->len + 4 + 12 * (size_t)k > DRAT_BUFFER) drat_flush(w);
    char *p = w->buf + w->len;
    if (deletion) { *p++ = 'd'; *p++ = ' '; }
    for (int i = 0; i < k; i++) {
        unsigned v = (unsigned)(lits[i] < 0 ? -lits[i] : lits[i]);
        char digits[12];
        int m = 0;
        if (lits[i] < 0) *p++ = '-';
        do { digits[m++] = (char)('0' + v % 10); v /= 10; } while (v);
        while (m) *p++ = digits[--m];
        *p++ = ' ';
    }
    *p++ = '0';
    *p++ = '\n';
    w->len = (size_t)(p - w->buf);
    if (deletion) w->deleted++; else w->added++;
}

typedef struct {
    board_t *b;
    int W;              /* 64-bit words in a set of depths 0..n */
    int *why;           /* n*n: -1 the root, j > 0 the queen at depth j, -2 - k removal k */
    uint64_t *qset;     /* (n + 1) x W: the decisions behind the queen at depth j */
    int *qcell;         /* n + 1: the cell of the queen at depth j */
    int *placed_mark;   /* n + 1: the trail's length before that queen */
    size_t *cstart;     /* n + 1: the clause stack's length when depth j was entered */
    uint64_t *rsets;    /* the removals' reasons, a stack in trail order */
    size_t rtop, rcap;
    int *clauses;       /* written clauses of open nodes, each [k, lits...], deepest last */
    size_t ctop, ccap;
    uint64_t *E;        /* W: the explanation being built */
    int *lits;          /* n + 1: the clause being written */
    drat_t out;
} logged_t;

static inline void set_or(uint64_t *dst, const uint64_t *src, int W) {
    for (int i = 0; i < W; i++) dst[i] |= src[i];
}

/* The largest depth in the set, -1 when it is empty. */
static inline int set_max(const uint64_t *s, int W) {
    for (int i = W - 1; i >= 0; i--)
        if (s[i]) return i * 64 + 63 - __builtin_clzll(s[i]);
    return -1;
}

static inline const uint64_t *reason_of(const logged_t *L, int cell) {
    int w = L->why[cell];
    if (w == -1) return NULL;
    return w > 0 ? L->qset + (size_t)w * (size_t)L->W : L->rsets + (size_t)(-w - 2) * (size_t)L->W;
}

/* E |= the reasons of the line's cells other than `except` (-1: every cell; all are taken). */
static void explain_line(const logged_t *L, int line, int except, uint64_t *E) {
    int n = L->b->n, step = line < n ? 1 : n;
    for (int i = 0, cell = line < n ? line * n : line - n; i < n; i++, cell += step) {
        if (cell == except) continue;
        const uint64_t *s = reason_of(L, cell);
        if (s) set_or(E, s, L->W);
    }
}

/* How many of the line's cells the queen at depth j took itself. */
static int taken_by(const logged_t *L, int line, int j) {
    int n = L->b->n, step = line < n ? 1 : n, k = 0;
    for (int i = 0, cell = line < n ? line * n : line - n; i < n; i++, cell += step)
        k += L->why[cell] == j;
    return k;
}

/* undo_to(), and the removals undone leave the stack of reasons (the first one is its top). */
static void undo_logged(logged_t *L, int mark) {
    for (int i = mark; i < L->b->trail_len; i++) {
        int why = L->why[L->b->trail[i]];
        if (why <= -2) {
            L->rtop = (size_t)(-why - 2);
            break;
        }
    }
    undo_to(L->b, mark);
}

static int grow(void **block, size_t *cap, size_t need, size_t item) {
    if (need <= *cap) return 0;
    size_t cap2 = *cap ? *cap : 64;
    while (cap2 < need) cap2 *= 2;
    void *more = PyMem_Realloc(*block, cap2 * item);
    if (more == NULL) { PyErr_NoMemory(); return -1; }
    *block = more;
    *cap = cap2;
    return 0;
}

/* run() with the proof: the same statuses; -1 also for a failed write (OSError set). */
static int run_logged(logged_t *L, PyObject *sink, PyObject *poll) {
    board_t *b = L->b;
    int n = b->n, W = L->W, d = 0, result = 0, fresh = 0;
    size_t wbytes = sizeof(uint64_t) * (size_t)W;
    L->cstart[0] = 0;
    for (;;) {
        int line = tightest(b), leaf = -1;
        memset(L->E, 0, wbytes);
        if (line < 0) {
            int go_on = offer(b, sink);
            if (go_on < 0) { result = -1; break; }
            if (!go_on) { result = 2; break; }
            for (int j = 1; j <= d; j++) set_or(L->E, L->qset + (size_t)j * (size_t)W, W);
        } else if (b->count[line] == 0) {
            explain_line(L, line, -1, L->E);
            if (fresh) leaf = line;
        } else {
            int cell = pick(b, line), forced = b->count[line] == 1;
            d++;
            L->qcell[d] = cell;
            L->placed_mark[d] = b->trail_len;
            L->cstart[d] = L->ctop;
            uint64_t *q = L->qset + (size_t)d * (size_t)W;
            memset(q, 0, wbytes);
            if (forced) explain_line(L, line, cell, q);
            else q[d >> 6] |= 1ULL << (d & 63);
            place_why(b, cell, L->why, d);
            b->placements++;
            fresh = !forced;
            if (poll_due(b)) {
                int stop = ask_stop(poll);
                if (stop) { result = stop < 0 ? -1 : 1; break; }
            }
            continue;
        }
        /* a conflict, explained by the decisions in E */
        int j = set_max(L->E, W), k = 0;
        if (j < 0) { /* the root's unit propagation refutes the CNF */
            drat_line(&L->out, 0, NULL, 0);
            break;
        }
        for (int i = 1; i <= j; i++)
            if (L->E[i >> 6] >> (i & 63) & 1) L->lits[k++] = -(L->qcell[i] + 1);
        int skip = leaf >= 0 && j == d && taken_by(L, leaf, j) == 1;
        if (!skip) drat_line(&L->out, 0, L->lits, k);
        /* the nodes at depths j..d are closed: their children's clauses go */
        for (size_t at = L->cstart[j]; at < L->ctop; at += (size_t)L->clauses[at] + 1)
            drat_line(&L->out, 1, L->clauses + at + 1, L->clauses[at]);
        L->ctop = L->cstart[j];
        if (!skip && k >= 2) { /* a unit is never deleted (checkers ignore that) */
            if (grow((void **)&L->clauses, &L->ccap, L->ctop + (size_t)k + 1, sizeof(int)) < 0) {
                result = -1;
                break;
            }
            L->clauses[L->ctop] = k;
            memcpy(L->clauses + L->ctop + 1, L->lits, sizeof(int) * (size_t)k);
            L->ctop += (size_t)k + 1;
        }
        if (L->out.err) break;
        undo_logged(L, L->placed_mark[j]);
        for (int i = j; i <= d; i++) {
            int c = L->qcell[i];
            b->done[c / n] = b->done[n + c % n] = 0;
        }
        d = j - 1;
        if (grow((void **)&L->rsets, &L->rcap, (L->rtop + 1) * (size_t)W, sizeof(uint64_t)) < 0) {
            result = -1;
            break;
        }
        uint64_t *r = L->rsets + L->rtop * (size_t)W;
        memcpy(r, L->E, wbytes);
        r[j >> 6] &= ~(1ULL << (j & 63));
        take_why(b, L->qcell[j], L->why, -2 - (int)L->rtop);
        L->rtop++;
        b->removals++;
        fresh = 0;
    }
    drat_flush(&L->out);
    if (result >= 0 && L->out.err) {
        errno = L->out.err;
        PyErr_SetFromErrno(PyExc_OSError);
        result = -1;
    }
    return result;
}

static int read_cells(PyObject *seq, int n, int **out, Py_ssize_t *len) {
    PyObject *fast = PySequence_Fast(seq, "cells must be a sequence of cell indices");
    if (fast == NULL) return -1;
    *len = PySequence_Fast_GET_SIZE(fast);
    *out = PyMem_Malloc(sizeof(int) * (size_t)(*len + 1));
    if (*out == NULL) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < *len; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v < 0 || v >= (long)n * n) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "cell index off the board");
            return -1;
        }
        (*out)[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

static void board_free(board_t *b) {
    PyMem_Free(b->free); PyMem_Free(b->count); PyMem_Free(b->done);
    PyMem_Free(b->queen); PyMem_Free(b->trail); PyMem_Free(b->centre);
}

/* An empty n-board: 0, or -1 with MemoryError set (board_free frees what was allocated). */
static int board_init(board_t *b, int n) {
    size_t cells = (size_t)n * (size_t)n;
    memset(b, 0, sizeof *b);
    b->n = n;
    b->weight = 1 + (uint64_t)n / POLL_SCALE;
    b->next_poll = POLL_MASK + 1;
    b->free = PyMem_Malloc(cells);
    b->count = PyMem_Malloc(sizeof(int) * 2 * (size_t)n);
    b->done = PyMem_Calloc(2 * (size_t)n, 1);
    b->queen = PyMem_Malloc(sizeof(int) * (size_t)n);
    b->trail = PyMem_Malloc(sizeof(int) * cells);
    b->centre = PyMem_Malloc(sizeof(int) * (size_t)n);
    if (!b->free || !b->count || !b->done || !b->queen || !b->trail || !b->centre) {
        PyErr_NoMemory();
        return -1;
    }
    /* by distance from the middle, the lower first on a tie: n = 5: 2 1 3 0 4; n = 6: 2 3 1 4 0 5 */
    if (n % 2) {
        b->centre[0] = n / 2;
        for (int d = 1; 2 * d < n; d++) {
            b->centre[2 * d - 1] = n / 2 - d;
            b->centre[2 * d] = n / 2 + d;
        }
    } else {
        for (int d = 0; 2 * d < n; d++) {
            b->centre[2 * d] = n / 2 - 1 - d;
            b->centre[2 * d + 1] = n / 2 + d;
        }
    }
    for (int line = 0; line < 2 * n; line++) b->count[line] = n;
    return 0;
}

/* Every cell free, a slice at a time with the caller polled between slices: on a board of
 * tens of thousands the map is gigabytes, which take seconds to touch. 0, 1 when the poll
 * asked to stop, -1 on a Python error. */
static int board_clear(board_t *b, PyObject *poll) {
    size_t cells = (size_t)b->n * (size_t)b->n, slice = (size_t)1 << 24;
    for (size_t at = 0; at < cells; at += slice) {
        memset(b->free + at, 1, cells - at < slice ? cells - at : slice);
        if (cells > slice) {
            int stop = ask_stop(poll);
            if (stop) return stop < 0 ? -1 : 1;
        }
    }
    return 0;
}

/* The forbidden cells leave the board, then the fixed queens are placed (reasons: the root).
 * 0, or 3 when a fixed queen's cell is already taken (no solution). */
static int board_start(board_t *b, const int *fixed, Py_ssize_t n_fixed, const int *forbidden,
                       Py_ssize_t n_forbidden, int *why) {
    for (Py_ssize_t i = 0; i < n_forbidden; i++) {
        if (!b->free[forbidden[i]]) continue;
        if (why) take_why(b, forbidden[i], why, -1);
        else take(b, forbidden[i]);
    }
    for (Py_ssize_t i = 0; i < n_fixed; i++) {
        if (!b->free[fixed[i]]) return 3;
        if (why) place_why(b, fixed[i], why, -1);
        else place(b, fixed[i]);
    }
    return 0;
}

/* The arguments both searches share: 0, or -1 with an exception set. */
static int read_board(int n, PyObject *fixed_seq, PyObject *forbidden_seq, int max_n, int **fixed,
                      Py_ssize_t *n_fixed, int **forbidden, Py_ssize_t *n_forbidden) {
    *fixed = *forbidden = NULL;
    if (n < 1 || n > max_n) {
        PyErr_SetString(PyExc_ValueError, "n out of range");
        return -1;
    }
    if (read_cells(fixed_seq, n, fixed, n_fixed) < 0 ||
        read_cells(forbidden_seq, n, forbidden, n_forbidden) < 0) {
        PyMem_Free(*fixed); PyMem_Free(*forbidden);
        *fixed = *forbidden = NULL;
        return -1;
    }
    return 0;
}

static PyObject *propagate_search(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "fixed", "forbidden", "sink", "poll", NULL};
    int n;
    PyObject *fixed_seq, *forbidden_seq, *sink, *poll = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iOOO|O", keywords, &n, &fixed_seq,
                                     &forbidden_seq, &sink, &poll))
        return NULL;
    int *fixed, *forbidden;
    Py_ssize_t n_fixed = 0, n_forbidden = 0;
    if (read_board(n, fixed_seq, forbidden_seq, 46340, &fixed, &n_fixed, &forbidden,
                   &n_forbidden) < 0)
        return NULL;
    board_t b;
    PyObject *out = NULL;
    if (board_init(&b, n) == 0) {
        int status = board_clear(&b, poll);
        if (status == 0) status = board_start(&b, fixed, n_fixed, forbidden, n_forbidden, NULL);
        if (status == 0) status = run(&b, sink, poll);
        if (status >= 0)
            out = Py_BuildValue("(iKK)", status == 3 ? 0 : status,
                                (unsigned long long)b.placements, (unsigned long long)b.removals);
    }
    PyMem_Free(fixed); PyMem_Free(forbidden);
    board_free(&b);
    return out;
}

static PyObject *propagate_search_logged(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "fixed", "forbidden", "sink", "proof", "poll", NULL};
    int n, fd;
    PyObject *fixed_seq, *forbidden_seq, *sink, *poll = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iOOOi|O", keywords, &n, &fixed_seq,
                                     &forbidden_seq, &sink, &fd, &poll))
        return NULL;
    int *fixed, *forbidden;
    Py_ssize_t n_fixed = 0, n_forbidden = 0;
    if (read_board(n, fixed_seq, forbidden_seq, LOGGED_MAX_N, &fixed, &n_fixed, &forbidden,
                   &n_forbidden) < 0)
        return NULL;
    board_t b;
    logged_t L;
    memset(&L, 0, sizeof L);
    PyObject *out = NULL;
    if (board_init(&b, n) < 0) goto done;
    L.b = &b;
    L.W = (n + 1 + 63) / 64;
    L.why = PyMem_Malloc(sizeof(int) * (size_t)n * (size_t)n);
    L.qset = PyMem_Calloc((size_t)(n + 1) * (size_t)L.W, sizeof(uint64_t));
    L.qcell = PyMem_Malloc(sizeof(int) * (size_t)(n + 1));
    L.placed_mark = PyMem_Malloc(sizeof(int) * (size_t)(n + 1));
    L.cstart = PyMem_Malloc(sizeof(size_t) * (size_t)(n + 1));
    L.E = PyMem_Malloc(sizeof(uint64_t) * (size_t)L.W);
    L.lits = PyMem_Malloc(sizeof(int) * (size_t)(n + 1));
    L.out.buf = PyMem_Malloc(DRAT_BUFFER);
    L.out.fd = fd;
    if (!L.why || !L.qset || !L.qcell || !L.placed_mark || !L.cstart || !L.E || !L.lits ||
        !L.out.buf) {
        PyErr_NoMemory();
        goto done;
    }
    int status = board_clear(&b, poll);
    if (status == 0) status = board_start(&b, fixed, n_fixed, forbidden, n_forbidden, L.why);
    if (status == 1 || status < 0) {
        /* stopped (or an error) before the search: nothing written */
    } else if (status == 3) { /* two fixed queens, or a fixed and a forbidden cell: units clash */
        drat_line(&L.out, 0, NULL, 0);
        drat_flush(&L.out);
        status = L.out.err ? (errno = L.out.err, PyErr_SetFromErrno(PyExc_OSError), -1) : 0;
    } else {
        status = run_logged(&L, sink, poll);
    }
    if (status >= 0)
        out = Py_BuildValue("(iKKKK)", status, (unsigned long long)b.placements,
                            (unsigned long long)b.removals, (unsigned long long)L.out.added,
                            (unsigned long long)L.out.deleted);
done:
    PyMem_Free(fixed); PyMem_Free(forbidden);
    board_free(&b);
    PyMem_Free(L.why); PyMem_Free(L.qset); PyMem_Free(L.qcell); PyMem_Free(L.placed_mark);
    PyMem_Free(L.cstart); PyMem_Free(L.E); PyMem_Free(L.lits); PyMem_Free(L.out.buf);
    PyMem_Free(L.rsets); PyMem_Free(L.clauses);
    return out;
}

static PyMethodDef propagate_methods[] = {
    {"search", (PyCFunction)(void (*)(void))propagate_search, METH_VARARGS | METH_KEYWORDS,
     "search(n, fixed, forbidden, sink, poll=None) -> (status, placements, removals)\n"
     "Cells are row * n + col. sink(tuple) returns false to stop; poll() returns true to\n"
     "stop. status: 0 exhausted, 1 stopped by poll, 2 stopped by sink."},
    {"search_logged", (PyCFunction)(void (*)(void))propagate_search_logged,
     METH_VARARGS | METH_KEYWORDS,
     "search_logged(n, fixed, forbidden, sink, proof, poll=None)\n"
     "    -> (status, placements, removals, added, deleted)\n"
     "search() writing a DRAT proof of the pairwise CNF (cells row * n + col + 1) to the file\n"
     "descriptor `proof`: complete (ending in the empty clause) when status is 0. Each\n"
     "solution the sink continues past counts as refuted by its blocking clause. added and\n"
     "deleted: the proof's lines of each kind. n at most 4096."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef propagate_module = {
    PyModuleDef_HEAD_INIT, "nqueens._propagate",
    "The propagating search order of the backtracker (see backends/propagate.py).", -1,
    propagate_methods, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__propagate(void) { return PyModule_Create(&propagate_module); }
