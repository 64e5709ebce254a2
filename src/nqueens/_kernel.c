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

static void poll(walk_t *w) {
    if (PyErr_CheckSignals() < 0) {
        w->stop = -1;
        return;
    }
    if (w->poll != NULL) {
        PyObject *answer = PyObject_CallNoArgs(w->poll);
        if (answer == NULL) {
            w->stop = -1;
            return;
        }
        int truth = PyObject_IsTrue(answer);
        Py_DECREF(answer);
        if (truth < 0) w->stop = -1;
        else if (truth) w->stop = 1;
    }
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
    PyObject *seq = PySequence_Fast(allowed, "allowed must be a sequence of n masks");
    if (seq == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "allowed must hold n = %d masks", n);
        return NULL;
    }
    for (int r = 0; r < n; r++) {
        unsigned long long mask = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, r));
        if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        w.allowed[r] = mask & w.full;
    }
    Py_DECREF(seq);
    w.promising = 1; /* the root */
    walk(&w, 0, 0, 0, 0);
    if (w.stop < 0) return NULL;
    return Py_BuildValue("KKKO", (unsigned long long)w.solutions,
                         (unsigned long long)w.promising, (unsigned long long)w.canonical,
                         w.stop ? Py_False : Py_True);
}

static PyMethodDef kernel_methods[] = {
    {"count", (PyCFunction)(void (*)(void))kernel_count, METH_VARARGS | METH_KEYWORDS, count_doc},
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
