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
#include <stdint.h>
#include <string.h>

#define POLL_MASK ((1ULL << 14) - 1) /* nodes between polls of the caller */

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

/* Put a queen at `cell`: every free cell it attacks (its own included) leaves the board. */
static void place(board_t *b, int cell) {
    int n = b->n, r = cell / n, c = cell % n, k;
    for (k = r * n; k < r * n + n; k++)
        if (b->free[k]) take(b, k);
    for (k = c; k < n * n; k += n)
        if (b->free[k]) take(b, k);
    int d = r < c ? r : c; /* the diagonal r - c = const, from its top-left cell */
    for (int rr = r - d, cc = c - d; rr < n && cc < n; rr++, cc++)
        if (b->free[rr * n + cc]) take(b, rr * n + cc);
    int a = r < n - 1 - c ? r : n - 1 - c; /* the anti-diagonal, from its top-right cell */
    for (int rr = r - a, cc = c + a; rr < n && cc >= 0; rr++, cc--)
        if (b->free[rr * n + cc]) take(b, rr * n + cc);
    b->done[r] = b->done[n + c] = 1;
    b->queen[r] = c;
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
                PyObject *tuple = PyTuple_New(n);
                if (tuple == NULL) { result = -1; break; }
                for (int r = 0; r < n; r++) PyTuple_SET_ITEM(tuple, r, PyLong_FromLong(b->queen[r]));
                PyObject *answer = PyObject_CallOneArg(sink, tuple);
                Py_DECREF(tuple);
                if (answer == NULL) { result = -1; break; }
                int go_on = PyObject_IsTrue(answer);
                Py_DECREF(answer);
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
                if ((++b->ticks & POLL_MASK) == 0) {
                    if (PyErr_CheckSignals() < 0) { result = -1; break; }
                    if (poll != Py_None) {
                        PyObject *answer = PyObject_CallNoArgs(poll);
                        if (answer == NULL) { result = -1; break; }
                        int stop = PyObject_IsTrue(answer);
                        Py_DECREF(answer);
                        if (stop < 0) { result = -1; break; }
                        if (stop) { result = 1; break; }
                    }
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

static PyObject *propagate_search(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "fixed", "forbidden", "sink", "poll", NULL};
    int n;
    PyObject *fixed_seq, *forbidden_seq, *sink, *poll = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iOOO|O", keywords, &n, &fixed_seq,
                                     &forbidden_seq, &sink, &poll))
        return NULL;
    if (n < 1 || n > 46340) {
        PyErr_SetString(PyExc_ValueError, "n out of range");
        return NULL;
    }
    int *fixed = NULL, *forbidden = NULL;
    Py_ssize_t n_fixed = 0, n_forbidden = 0;
    if (read_cells(fixed_seq, n, &fixed, &n_fixed) < 0 ||
        read_cells(forbidden_seq, n, &forbidden, &n_forbidden) < 0) {
        PyMem_Free(fixed); PyMem_Free(forbidden);
        return NULL;
    }
    size_t cells = (size_t)n * (size_t)n;
    board_t b = {0};
    b.n = n;
    b.free = PyMem_Malloc(cells);
    b.count = PyMem_Malloc(sizeof(int) * 2 * (size_t)n);
    b.done = PyMem_Calloc(2 * (size_t)n, 1);
    b.queen = PyMem_Malloc(sizeof(int) * (size_t)n);
    b.trail = PyMem_Malloc(sizeof(int) * cells);
    b.centre = PyMem_Malloc(sizeof(int) * (size_t)n);
    PyObject *out = NULL;
    if (!b.free || !b.count || !b.done || !b.queen || !b.trail || !b.centre) {
        PyErr_NoMemory();
        goto done;
    }
    memset(b.free, 1, cells);
    /* by distance from the middle, the lower first on a tie: n = 5: 2 1 3 0 4; n = 6: 2 3 1 4 0 5 */
    if (n % 2) {
        b.centre[0] = n / 2;
        for (int d = 1; 2 * d < n; d++) {
            b.centre[2 * d - 1] = n / 2 - d;
            b.centre[2 * d] = n / 2 + d;
        }
    } else {
        for (int d = 0; 2 * d < n; d++) {
            b.centre[2 * d] = n / 2 - 1 - d;
            b.centre[2 * d + 1] = n / 2 + d;
        }
    }
    for (int line = 0; line < 2 * n; line++) b.count[line] = n;
    for (Py_ssize_t i = 0; i < n_forbidden; i++)
        if (b.free[forbidden[i]]) take(&b, forbidden[i]);
    int status = 0;
    for (Py_ssize_t i = 0; i < n_fixed; i++) {
        if (!b.free[fixed[i]]) { status = 3; break; } /* taken: no solution */
        place(&b, fixed[i]);
    }
    if (status == 0) status = run(&b, sink, poll);
    if (status < 0) goto done;
    out = Py_BuildValue("(iKK)", status == 3 ? 0 : status, (unsigned long long)b.placements,
                        (unsigned long long)b.removals);
done:
    PyMem_Free(fixed); PyMem_Free(forbidden);
    PyMem_Free(b.free); PyMem_Free(b.count); PyMem_Free(b.done);
    PyMem_Free(b.queen); PyMem_Free(b.trail); PyMem_Free(b.centre);
    return out;
}

static PyMethodDef propagate_methods[] = {
    {"search", (PyCFunction)(void (*)(void))propagate_search, METH_VARARGS | METH_KEYWORDS,
     "search(n, fixed, forbidden, sink, poll=None) -> (status, placements, removals)\n"
     "Cells are row * n + col. sink(tuple) returns false to stop; poll() returns true to\n"
     "stop. status: 0 exhausted, 1 stopped by poll, 2 stopped by sink."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef propagate_module = {
    PyModuleDef_HEAD_INIT, "nqueens._propagate",
    "The propagating search order of the backtracker (see backends/propagate.py).", -1,
    propagate_methods, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__propagate(void) { return PyModule_Create(&propagate_module); }
