/* The min-conflicts inner loop (nqueens.backends.minconflicts), statement for statement the
 * same as the pure-Python `_Search` there, drawing the same splitmix64 numbers, so a seed
 * gives the same placement with or without this extension.
 *
 * solve(n, diag, knight, fixed, starts, cols, seed, max_steps, restart_steps, full_scan_n,
 *       sample_empty, sample_any, expired) -> (columns or None, moves, restarts, timed_out)
 *   diag: 0 none, 1 plain diagonals, 2 wrapped (torus); knight: 1 for superqueens.
 *   fixed[r]: the fixed column of row r or -1; forbidden cells of row r are
 *   cols[starts[r]:starts[r+1]], sorted. expired: None or a callable polled between chunks
 *   of moves (the GIL is released while a chunk runs).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 4096

typedef struct {
    long n, nlines;
    int diag, knight;
    long *col, *fixed, *colcount, *down, *up, *empty, *where, *pending;
    long *colsum, *downsum, *upsum; /* sums of the rows of the queens on each line */
    long nempty, npending;
    char *listed;
    long *starts, *fcols;
    uint64_t rng;
    long full_scan_n, sample_empty, sample_any;
} Search;

static uint64_t below(Search *s, uint64_t k) {
    uint64_t z;
    s->rng += 0x9E3779B97F4A7C15ULL;
    z = s->rng;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (z ^ (z >> 31)) % k;
}

static void diagonals(const Search *s, long r, long c, long *d, long *a) {
    if (s->diag == 1) {
        *d = r - c + s->n - 1;
        *a = r + c;
    } else {
        *d = ((r - c) % s->n + s->n) % s->n;
        *a = (r + c) % s->n;
    }
}

static const int KNIGHT[8][2] = {{1, 2}, {1, -2}, {2, 1}, {2, -1},
                                 {-1, 2}, {-1, -2}, {-2, 1}, {-2, -1}};

static long attack(const Search *s, long r, long c) {
    long count = s->colcount[c], d, a;
    if (s->diag) {
        diagonals(s, r, c, &d, &a);
        count += s->down[d] + s->up[a];
    }
    if (s->knight) {
        for (int k = 0; k < 8; k++) {
            long r2 = r + KNIGHT[k][0];
            if (r2 >= 0 && r2 < s->n && c + KNIGHT[k][1] >= 0 && s->col[r2] == c + KNIGHT[k][1]) count++;
        }
    }
    return count;
}

static void add(Search *s, long r, long c, long delta) {
    long d, a;
    s->colcount[c] += delta;
    s->colsum[c] += delta * r;
    if (s->diag) {
        diagonals(s, r, c, &d, &a);
        s->down[d] += delta;
        s->up[a] += delta;
        s->downsum[d] += delta * r;
        s->upsum[a] += delta * r;
    }
    s->col[r] = delta > 0 ? c : -1;
}

static void enlist(Search *s, long other) {
    if (s->fixed[other] < 0 && !s->listed[other]) {
        s->listed[other] = 1;
        s->pending[s->npending++] = other;
    }
}

/* the queens row r's queen, just placed on (r, c), newly attacks join the pending list */
static void enlist_attackers(Search *s, long r, long c) {
    long d, a;
    if (s->colcount[c] == 2) enlist(s, s->colsum[c] - r);
    if (s->diag) {
        diagonals(s, r, c, &d, &a);
        if (s->down[d] == 2) enlist(s, s->downsum[d] - r);
        if (s->up[a] == 2) enlist(s, s->upsum[a] - r);
    }
    if (s->knight) {
        for (int k = 0; k < 8; k++) {
            long r2 = r + KNIGHT[k][0];
            if (r2 >= 0 && r2 < s->n && c + KNIGHT[k][1] >= 0 && s->col[r2] == c + KNIGHT[k][1])
                enlist(s, r2);
        }
    }
}

static int allowed(const Search *s, long r, long c) {
    long lo = s->starts[r], hi = s->starts[r + 1];
    if (s->fixed[r] >= 0) return c == s->fixed[r];
    while (lo < hi) { /* binary search of the row's forbidden columns */
        long mid = (lo + hi) / 2;
        if (s->fcols[mid] == c) return 0;
        if (s->fcols[mid] < c) lo = mid + 1; else hi = mid;
    }
    return 1;
}

static void place(Search *s, long r, long c) {
    if (s->colcount[c] == 0) {
        long pos = s->where[c], last = s->empty[--s->nempty];
        if (last != c) {
            s->empty[pos] = last;
            s->where[last] = pos;
        }
        s->where[c] = -1;
    }
    add(s, r, c, 1);
}

static void lift(Search *s, long r, long c) {
    add(s, r, c, -1);
    if (s->colcount[c] == 0) {
        s->where[c] = s->nempty;
        s->empty[s->nempty++] = c;
    }
}

/* consider one candidate column; returns 1 when the sampled scan may stop (unattacked) */
static int consider(Search *s, long r, long c, long *best, long *best_attack, uint64_t *ties) {
    long a;
    if (!allowed(s, r, c)) return 0;
    a = attack(s, r, c);
    if (a < *best_attack) {
        *best = c;
        *best_attack = a;
        *ties = 1;
        if (a == 0 && s->n > s->full_scan_n) return 1;
    } else if (a == *best_attack) {
        *ties += 1;
        if (below(s, *ties) == 0) *best = c;
    }
    return 0;
}

static long best_column(Search *s, long r, long current) {
    long best = -1, best_attack = (long)1 << 62, c;
    uint64_t ties = 0;
    if (s->n <= s->full_scan_n) {
        for (c = 0; c < s->n; c++) consider(s, r, c, &best, &best_attack, &ties);
    } else {
        /* the candidate list is drawn in full first, as the Python loop builds its list */
        long m = 0, k;
        long buf[1 + 256 + 256];
        if (current >= 0) buf[m++] = current;
        if (s->nempty) {
            for (k = 0; k < s->sample_empty; k++) buf[m++] = s->empty[below(s, (uint64_t)s->nempty)];
        }
        if (current >= 0) {
            for (k = 0; k < s->sample_any; k++) buf[m++] = (long)below(s, (uint64_t)s->n);
        }
        for (k = 0; k < m; k++) {
            if (consider(s, r, buf[k], &best, &best_attack, &ties)) break;
        }
    }
    if (best < 0) {
        for (c = 0; c < s->n; c++) {
            if (allowed(s, r, c)) {
                long a = attack(s, r, c);
                if (a < best_attack) {
                    best = c;
                    best_attack = a;
                }
            }
        }
    }
    return best;
}

static void rescan(Search *s) {
    s->npending = 0;
    memset(s->listed, 0, (size_t)s->n);
    for (long r = 0; r < s->n; r++) {
        if (s->fixed[r] < 0) {
            long c = s->col[r], attacked;
            add(s, r, c, -1);
            attacked = attack(s, r, c) > 0;
            add(s, r, c, 1);
            if (attacked) {
                s->pending[s->npending++] = r;
                s->listed[r] = 1;
            }
        }
    }
}

static int start(Search *s) {
    long r;
    for (r = 0; r < s->n; r++) {
        if (s->col[r] >= 0) add(s, r, s->col[r], -1);
    }
    for (r = 0; r < s->n; r++) {
        s->empty[r] = r;
        s->where[r] = r;
    }
    s->nempty = s->n;
    for (r = 0; r < s->n; r++) {
        if (s->fixed[r] >= 0) place(s, r, s->fixed[r]);
    }
    for (r = 0; r < s->n; r++) {
        if (s->fixed[r] < 0) {
            long c = best_column(s, r, -1);
            if (c < 0) return 0;
            place(s, r, c);
        }
    }
    rescan(s);
    return 1;
}

/* at most `steps` moves; *moves, *restarts, *since updated; returns 1 solved, 0 not,
 * -1 when a restart met a row without an open cell */
static int run(Search *s, long steps, long restart_steps, long *moves, long *restarts, long *since) {
    long done = 0;
    while (done < steps) {
        long i, r, c, c2;
        if (s->npending == 0) {
            rescan(s);
            if (s->npending == 0) return 1;
        }
        i = (long)below(s, (uint64_t)s->npending);
        r = s->pending[i];
        c = s->col[r];
        lift(s, r, c);
        if (attack(s, r, c) == 0) {
            place(s, r, c);
            s->pending[i] = s->pending[s->npending - 1];
            s->npending--;
            s->listed[r] = 0;
            continue;
        }
        c2 = best_column(s, r, c);
        place(s, r, c2);
        enlist_attackers(s, r, c2);
        done++;
        (*moves)++;
        (*since)++;
        if (*since >= restart_steps) {
            (*restarts)++;
            *since = 0;
            if (!start(s)) return -1;
        }
    }
    return 0;
}

static int read_longs(PyObject *seq, long *out, Py_ssize_t count, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, count);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        out[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *solve(PyObject *self, PyObject *args) {
    long n, diag, knight, max_steps, restart_steps, full_scan_n, sample_empty, sample_any;
    unsigned long long seed;
    PyObject *fixed, *starts, *cols, *expired, *result = NULL;
    Search s;
    long moves = 0, restarts = 0, since = 0, nlines;
    int state = 0, timed_out = 0;
    Py_ssize_t nforbidden;

    if (!PyArg_ParseTuple(args, "lllOOOKlllllO", &n, &diag, &knight, &fixed, &starts, &cols,
                          &seed, &max_steps, &restart_steps, &full_scan_n, &sample_empty,
                          &sample_any, &expired))
        return NULL;
    if (n < 1 || diag < 0 || diag > 2 || sample_empty < 0 || sample_empty > 256 ||
        sample_any < 0 || sample_any > 256) {
        PyErr_SetString(PyExc_ValueError, "minconflicts: bad arguments");
        return NULL;
    }
    nforbidden = PySequence_Size(cols);
    if (nforbidden < 0) return NULL;
    memset(&s, 0, sizeof s);
    s.n = n;
    s.diag = (int)diag;
    s.knight = (int)knight;
    s.rng = seed;
    s.full_scan_n = full_scan_n;
    s.sample_empty = sample_empty;
    s.sample_any = sample_any;
    nlines = diag == 1 ? 2 * n - 1 : (diag == 2 ? n : 1);
    s.col = malloc(sizeof(long) * n);
    s.fixed = malloc(sizeof(long) * n);
    s.colcount = calloc((size_t)n, sizeof(long));
    s.down = calloc((size_t)nlines, sizeof(long));
    s.up = calloc((size_t)nlines, sizeof(long));
    s.colsum = calloc((size_t)n, sizeof(long));
    s.downsum = calloc((size_t)nlines, sizeof(long));
    s.upsum = calloc((size_t)nlines, sizeof(long));
    s.empty = malloc(sizeof(long) * n);
    s.where = malloc(sizeof(long) * n);
    s.pending = malloc(sizeof(long) * n);
    s.listed = calloc((size_t)n, 1);
    s.starts = malloc(sizeof(long) * (n + 1));
    s.fcols = malloc(sizeof(long) * (nforbidden ? nforbidden : 1));
    if (!s.col || !s.fixed || !s.colcount || !s.down || !s.up || !s.empty || !s.where ||
        !s.pending || !s.listed || !s.colsum || !s.downsum || !s.upsum || !s.starts || !s.fcols) {
        PyErr_NoMemory();
        goto done;
    }
    for (long r = 0; r < n; r++) s.col[r] = -1;
    if (read_longs(fixed, s.fixed, n, "fixed") < 0 || read_longs(starts, s.starts, n + 1, "starts") < 0 ||
        read_longs(cols, s.fcols, nforbidden, "cols") < 0)
        goto done;

    Py_BEGIN_ALLOW_THREADS
    state = start(&s) ? 0 : -1;
    Py_END_ALLOW_THREADS
    while (state == 0 && moves < max_steps) {
        if (expired != Py_None) {
            PyObject *answer = PyObject_CallNoArgs(expired);
            int yes;
            if (answer == NULL) goto done;
            yes = PyObject_IsTrue(answer);
            Py_DECREF(answer);
            if (yes < 0) goto done;
            if (yes) {
                timed_out = 1;
                break;
            }
        }
        long chunk = max_steps - moves < CHUNK ? max_steps - moves : CHUNK;
        Py_BEGIN_ALLOW_THREADS
        state = run(&s, chunk, restart_steps, &moves, &restarts, &since);
        Py_END_ALLOW_THREADS
    }
    if (state == 1) {
        PyObject *list = PyList_New(n);
        if (list == NULL) goto done;
        for (long r = 0; r < n; r++) {
            PyObject *value = PyLong_FromLong(s.col[r]);
            if (value == NULL) {
                Py_DECREF(list);
                goto done;
            }
            PyList_SET_ITEM(list, r, value);
        }
        result = Py_BuildValue("(Nlli)", list, moves, restarts, 0);
    } else {
        result = Py_BuildValue("(Olli)", Py_None, moves, restarts, timed_out);
    }
done:
    free(s.col); free(s.fixed); free(s.colcount); free(s.down); free(s.up); free(s.empty);
    free(s.where); free(s.pending); free(s.colsum); free(s.downsum); free(s.upsum); free(s.listed); free(s.starts); free(s.fcols);
    return result;
}

static PyMethodDef methods[] = {
    {"solve", solve, METH_VARARGS, "Min-conflicts search; see nqueens.backends.minconflicts."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_minconflicts",
    "Compiled inner loop of the min-conflicts backend.", -1, methods,
};

PyMODINIT_FUNC PyInit__minconflicts(void) { return PyModule_Create(&module_def); }
