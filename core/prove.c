/* Proving the best board in C: the bound and the branch and bound of boggle_tui/engine/prove.py.
 *
 * prove.py is the reference and says what each step means; this file does the same steps on a
 * flat arena of 32-bit words so that a class of 3x3 boards takes milliseconds, not seconds:
 *
 *   1. every word the class can spell, found by walking the board and the word list's DAWG
 *      together, each as a key (a 5-bit letter field per step of the fixed cell order, 0 where the
 *      word does not go) and its rank (its place in the list: which word it is);
 *   2. the keys sorted, a word counted once per key, and the orderly tree built from the ranges;
 *   3. the first step forced to each letter by merging trees, while the bound is far above the
 *      threshold; then a plain search over the remaining steps, which builds nothing;
 *   4. the boards whose D(B) reaches the threshold returned to Python, which scores them exactly.
 *
 * Nodes live in one growing array of uint32 and are named by their index in it, so the array
 * may move when it grows. A sum node is [bound, points, children, child...]; a choice node is
 * [bound, step, letters (a bitmask of face columns), child...], its children in column order.
 * Every node a forced subtree makes is freed when that subtree is done (the arena is a stack).
 *
 * Everything from Python is checked: the table (as _boggle_core.c checks it), the size, the
 * order, every letter.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define P_FACES 32 /* the table's face columns; the next column is the bitmask of those with an entry */
#define P_STRIDE 33
#define P_LETTERS 26
#define P_MAX_CELLS 16 /* the key has a 5-bit field per step: 16 steps in 80 bits */
#define P_MAX_RANK ((uint64_t)1 << 40)
#define P_LEAVES 256 /* sum nodes with no children and at most this many points are shared, made once */

#if defined(__GNUC__) || defined(__clang__)
#define POPCOUNT(x) __builtin_popcount(x)
#define LOWEST(x) __builtin_ctz(x)
#else
static int POPCOUNT(uint32_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
static int LOWEST(uint32_t x) {
    int n = 0;
    while (!(x & 1)) x >>= 1, n++;
    return n;
}
#endif

/* ---- the word list: the DAWG table and each entry's rank offset ---- */

typedef struct {
    PyObject_HEAD
    uint32_t *table;
    uint64_t *rank; /* per entry: what a step through it adds to a word's rank */
    Py_ssize_t entries;
    int points[64];
} Prover;

/* Rank offsets: the words below every row (bottom-up, with an explicit stack), then per entry
 * the words before it in its row. A table with a cycle is refused. */
static int rank_words(Prover *self) {
    Py_ssize_t rows = self->entries / P_STRIDE;
    uint64_t *below = PyMem_Calloc((size_t)rows, sizeof(uint64_t));
    unsigned char *state = PyMem_Calloc((size_t)rows, 1); /* 0 unseen, 1 on the stack, 2 done */
    Py_ssize_t *stack = PyMem_Calloc((size_t)rows + 1, sizeof(Py_ssize_t));
    int ok = below && state && stack;
    if (!ok) PyErr_NoMemory();
    for (Py_ssize_t start = 0; ok && start < rows; start++) {
        if (state[start]) continue;
        Py_ssize_t top = 0;
        stack[top++] = start;
        state[start] = 1;
        while (ok && top) {
            Py_ssize_t row = stack[top - 1];
            int deeper = 0;
            for (int c = 0; c < P_LETTERS && !deeper; c++) {
                uint32_t e = self->table[row * P_STRIDE + c];
                if (!e) continue;
                Py_ssize_t child = (Py_ssize_t)(e >> 1) / P_STRIDE;
                if (state[child] == 1) {
                    PyErr_SetString(PyExc_ValueError, "not a trie: a word continues forever");
                    ok = 0;
                } else if (state[child] == 0) {
                    state[child] = 1;
                    stack[top++] = child;
                    deeper = 1;
                }
            }
            if (!ok || deeper) continue;
            uint64_t before = 0;
            for (int c = 0; c < P_LETTERS; c++) {
                uint32_t e = self->table[row * P_STRIDE + c];
                if (!e) continue;
                self->rank[row * P_STRIDE + c] = before;
                before += (e & 1) + below[(e >> 1) / P_STRIDE];
            }
            if (before >= P_MAX_RANK) {
                PyErr_SetString(PyExc_ValueError, "too many words");
                ok = 0;
            }
            below[row] = before;
            state[row] = 2;
            top--;
        }
    }
    /* A two-letter face is its two letters in one step: its offset is theirs added up. */
    static const char *DIGRAPHS[] = {"qu", "an", "er", "he", "in", "th"};
    for (Py_ssize_t row = 0; ok && row < rows; row++) {
        for (int c = P_LETTERS; c < P_FACES; c++) {
            int first = DIGRAPHS[c - P_LETTERS][0] - 'a', second = DIGRAPHS[c - P_LETTERS][1] - 'a';
            uint32_t e1 = self->table[row * P_STRIDE + first];
            if (!e1 || !self->table[row * P_STRIDE + c]) continue;
            self->rank[row * P_STRIDE + c] =
                self->rank[row * P_STRIDE + first] + (e1 & 1) + self->rank[(e1 >> 1) + second];
        }
    }
    PyMem_Free(below);
    PyMem_Free(state);
    PyMem_Free(stack);
    return ok;
}

static int Prover_init(Prover *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"table", "points", NULL};
    Py_buffer view;
    PyObject *points;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*O", kwlist, &view, &points)) return -1;
    int ok = 0;
    PyObject *seq = NULL;
    if (view.len == 0 || view.len % (P_STRIDE * 4) != 0 || view.len / 4 / P_STRIDE > (Py_ssize_t)(UINT32_MAX >> 1) / P_STRIDE) {
        PyErr_SetString(PyExc_ValueError, "not a trie table");
        goto done;
    }
    seq = PySequence_Fast(points, "points must be a sequence of integers");
    if (!seq) goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1 || n > 64) {
        PyErr_SetString(PyExc_ValueError, "points: 1 to 64 lengths");
        goto done;
    }
    for (Py_ssize_t i = 0; i < 64; i++) {
        long p = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i < n ? i : n - 1));
        if (p == -1 && PyErr_Occurred()) goto done;
        if (p < 0 || p > 1000) {
            PyErr_SetString(PyExc_ValueError, "points out of range");
            goto done;
        }
        self->points[i] = (int)p;
    }
    PyMem_Free(self->table);
    PyMem_Free(self->rank);
    self->entries = view.len / 4;
    self->table = PyMem_Malloc((size_t)view.len);
    self->rank = PyMem_Calloc((size_t)self->entries, sizeof(uint64_t));
    if (!self->table || !self->rank) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(self->table, view.buf, (size_t)view.len);
    for (Py_ssize_t i = 0; i < self->entries; i++) {
        uint32_t e = self->table[i];
        if (i % P_STRIDE == P_FACES || !e) continue;
        if ((e >> 1) % P_STRIDE != 0 || (Py_ssize_t)(e >> 1) >= self->entries) {
            PyErr_SetString(PyExc_ValueError, "not a trie table: an entry points outside it");
            goto done;
        }
    }
    ok = rank_words(self);
done:
    Py_XDECREF(seq);
    PyBuffer_Release(&view);
    return ok ? 0 : -1;
}

static void Prover_dealloc(Prover *self) {
    PyMem_Free(self->table);
    PyMem_Free(self->rank);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ---- one class being proved ---- */

/* A word on the class: its key (steps 0-11 in `high`, 12-15 and the rank in `low`) and its points. */
typedef struct {
    uint64_t high, low;
    uint32_t points;
} Path;

#define RANK_BITS 40
#define RANK_MASK ((((uint64_t)1) << RANK_BITS) - 1)

typedef struct {
    Prover *prover;
    int cells, steps;
    int cell_of[P_MAX_CELLS], step_of[P_MAX_CELLS];
    uint32_t letters[P_MAX_CELLS];    /* by step: the face columns it may show, as a bitmask */
    int around[P_MAX_CELLS][8];       /* by cell */
    int around_count[P_MAX_CELLS];
    uint32_t around_letters[P_MAX_CELLS]; /* by cell: what the cells around it may show */
    int min_length;
    /* the words of the class */
    Path *paths;
    size_t path_count, path_size;
    uint64_t high, low; /* the key of the path being walked */
    /* the arena */
    uint32_t *arena;
    size_t top, size, peak;
    uint32_t leaves[P_LEAVES + 1];
    long long nodes;
    int failed;
    /* the branch and bound */
    long threshold, switchover;
    int searched;
    long long forces, searches;
    int chosen[P_MAX_CELLS]; /* by step: the column chosen, while forcing and searching */
    uint32_t *open[P_MAX_CELLS]; /* by step: the choice nodes still open in the search */
    size_t open_count[P_MAX_CELLS], open_size[P_MAX_CELLS];
    long open_bound[P_MAX_CELLS];
    PyObject *found; /* [(columns by cell, D(B))] */
} Class;

static int field_of(const Path *p, int step) {
    return step < 12 ? (int)(p->high >> (55 - 5 * step)) & 31 : (int)(p->low >> (59 - 5 * (step - 12))) & 31;
}

static void set_field(Class *k, int step, int value) {
    if (step < 12) k->high ^= (uint64_t)value << (55 - 5 * step);
    else k->low ^= (uint64_t)value << (59 - 5 * (step - 12));
}

static int grow_paths(Class *k) {
    size_t wanted = k->path_size ? 2 * k->path_size : 1 << 16;
    Path *bigger = PyMem_Realloc(k->paths, wanted * sizeof(Path));
    if (!bigger) return k->failed = 1, 0;
    k->paths = bigger;
    k->path_size = wanted;
    return 1;
}

/* The step onto `cell` with column `column` is taken: `row` is the DAWG row reached, `length` the
 * letters so far, `rank` the word's rank; record a word if one ends here, and go on. */
static void walk(Class *k, int cell, uint32_t entry, int length, uint64_t rank, uint32_t used) {
    const uint32_t *table = k->prover->table;
    if ((entry & 1) && length >= k->min_length) {
        if (k->path_count == k->path_size && !grow_paths(k)) return;
        Path *p = &k->paths[k->path_count++];
        p->high = k->high;
        p->low = k->low | rank;
        p->points = (uint32_t)k->prover->points[length < 64 ? length : 63];
    }
    uint32_t row = entry >> 1;
    if (!(table[row + P_FACES] & k->around_letters[cell])) return; /* no word goes on to a neighbour */
    rank += entry & 1;
    for (int i = 0; i < k->around_count[cell]; i++) {
        int next = k->around[cell][i];
        if (used >> next & 1) continue;
        int step = k->step_of[next];
        for (uint32_t left = k->letters[step] & table[row + P_FACES]; left; left &= left - 1) {
            int column = LOWEST(left);
            uint32_t e = table[row + column];
            set_field(k, step, column + 1);
            walk(k, next, e, length + (column == 26 ? 2 : 1), rank + k->prover->rank[row + column], used | 1u << next);
            set_field(k, step, column + 1);
        }
    }
}

/* Sorted by key, then rank: a word's paths with the same key come together. An LSD radix sort on
 * the 16-bit digits of the two words, skipping digits every path shares. */
static int sort_paths(Class *k) {
    size_t n = k->path_count;
    if (n < 2) return 1;
    Path *other = PyMem_Malloc(n * sizeof(Path));
    if (!other) return k->failed = 1, 0;
    Path *from = k->paths, *to = other;
    static size_t counts[1 << 16];
    for (int digit = 0; digit < 8; digit++) {
        int high = digit >= 4, shift = (digit & 3) * 16;
        memset(counts, 0, sizeof counts);
        for (size_t i = 0; i < n; i++) counts[((high ? from[i].high : from[i].low) >> shift) & 0xffff]++;
        if (counts[((high ? from[0].high : from[0].low) >> shift) & 0xffff] == n) continue; /* all alike */
        size_t sum = 0;
        for (size_t d = 0; d < (1 << 16); d++) {
            size_t c = counts[d];
            counts[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++) to[counts[((high ? from[i].high : from[i].low) >> shift) & 0xffff]++] = from[i];
        Path *swap = from;
        from = to;
        to = swap;
    }
    if (from != k->paths) memcpy(k->paths, from, n * sizeof(Path));
    PyMem_Free(other);
    return 1;
}

/* A word counted once per key: paths of the same word and key dropped, other words' points added. */
static void count_once(Class *k) {
    size_t kept = 0;
    for (size_t i = 0; i < k->path_count; i++) {
        Path *p = &k->paths[i];
        if (kept) {
            Path *last = &k->paths[kept - 1];
            if (last->high == p->high && (last->low & ~RANK_MASK) == (p->low & ~RANK_MASK)) {
                if ((last->low & RANK_MASK) != (p->low & RANK_MASK)) {
                    last->points += p->points;
                    last->low = p->low; /* the next path is compared with this word */
                }
                continue;
            }
        }
        k->paths[kept++] = *p;
    }
    k->path_count = kept;
}

/* ---- the arena ---- */

static uint32_t alloc(Class *k, size_t words) {
    if (k->top + words > k->size) {
        size_t wanted = k->size ? k->size : 1 << 20;
        while (wanted < k->top + words) wanted *= 2;
        if (wanted > UINT32_MAX) return k->failed = 1, 0;
        uint32_t *bigger = PyMem_Realloc(k->arena, wanted * sizeof(uint32_t));
        if (!bigger) return k->failed = 1, 0;
        k->arena = bigger;
        k->size = wanted;
    }
    uint32_t at = (uint32_t)k->top;
    k->top += words;
    if (k->top > k->peak) k->peak = k->top;
    k->nodes++;
    return at;
}

#define A (k->arena)
#define BOUND(n) A[(n)]
#define POINTS(n) A[(n) + 1]
#define SUM_COUNT(n) A[(n) + 2]
#define SUM_CHILD(n, i) A[(n) + 3 + (i)]
#define STEP(n) A[(n) + 1]
#define LETTER_MASK(n) A[(n) + 2]
#define CHOICE_CHILD(n, i) A[(n) + 3 + (i)]

/* A sum node with these points and room for `count` choices; a shared leaf when it has none. */
static uint32_t new_sum(Class *k, uint32_t points, int count) {
    if (!count && points <= P_LEAVES && k->leaves[points]) return k->leaves[points];
    uint32_t n = alloc(k, 3 + (size_t)count);
    if (!n) return 0;
    BOUND(n) = points;
    POINTS(n) = points;
    SUM_COUNT(n) = (uint32_t)count;
    return n;
}

static uint32_t child_for(Class *k, uint32_t choice, int column) {
    uint32_t mask = LETTER_MASK(choice);
    if (!(mask >> column & 1)) return 0;
    return CHOICE_CHILD(choice, POPCOUNT(mask & ((1u << column) - 1)));
}

/* ---- building the tree from the sorted keys ---- */

static uint32_t build_choice(Class *k, size_t from, size_t to, int step);

/* The sum node of paths [from, to), which agree on every step before `step`. */
static uint32_t build_sum(Class *k, size_t from, size_t to, int step) {
    uint32_t points = 0;
    /* A path that goes no further sorts first (its remaining fields are 0). */
    while (from < to) {
        int s = step;
        while (s < k->steps && !field_of(&k->paths[from], s)) s++;
        if (s < k->steps) break;
        points += k->paths[from++].points;
    }
    /* Count the groups (by first step used), then build each. */
    int count = 0;
    for (size_t i = from, last = (size_t)-1; i < to; i++) {
        int s = step;
        while (!field_of(&k->paths[i], s)) s++;
        if ((size_t)s != last) count++, last = (size_t)s;
    }
    uint32_t n = new_sum(k, points, count);
    if (!n) return 0;
    /* The groups sort latest step first (a 0 field sorts before a letter): filled from the end,
     * so that a sum node's choices run in step order. */
    int at = count;
    size_t i = from;
    while (i < to) {
        int s = step;
        while (!field_of(&k->paths[i], s)) s++;
        size_t j = i + 1;
        while (j < to) {
            int t = step;
            while (!field_of(&k->paths[j], t)) t++;
            if (t != s) break;
            j++;
        }
        uint32_t child = build_choice(k, i, j, s);
        if (!child) return 0;
        SUM_CHILD(n, --at) = child;
        BOUND(n) += BOUND(child);
        i = j;
    }
    return n;
}

/* The choice node of paths [from, to), which all go through `step` and agree before it. */
static uint32_t build_choice(Class *k, size_t from, size_t to, int step) {
    uint32_t mask = 0;
    for (size_t i = from; i < to; i++) mask |= 1u << (field_of(&k->paths[i], step) - 1);
    int count = POPCOUNT(mask);
    uint32_t n = alloc(k, 3 + (size_t)count);
    if (!n) return 0;
    BOUND(n) = 0;
    STEP(n) = (uint32_t)step;
    LETTER_MASK(n) = mask;
    int at = 0;
    size_t i = from;
    while (i < to) {
        int value = field_of(&k->paths[i], step);
        size_t j = i + 1;
        while (j < to && field_of(&k->paths[j], step) == value) j++;
        uint32_t child = build_sum(k, i, j, step + 1);
        if (!child) return 0;
        CHOICE_CHILD(n, at++) = child;
        if (BOUND(child) > BOUND(n)) BOUND(n) = BOUND(child);
        i = j;
    }
    return n;
}

/* ---- merging: the branch ---- */

static uint32_t merge_choices(Class *k, uint32_t a, uint32_t b);

/* A sum node adding up `tree` and the choices others[0..count) with `points`. The choices of both
 * are sorted by step; `others` is copied first, since the arena may move while merging. */
static uint32_t merge(Class *k, uint32_t tree, const uint32_t *others_in, int count, uint32_t points) {
    uint32_t others[P_MAX_CELLS];
    memcpy(others, others_in, (size_t)count * sizeof(uint32_t));
    int mine = (int)SUM_COUNT(tree), total = 0;
    for (int i = 0, j = 0; i < mine || j < count; total++) {
        if (j == count || (i < mine && STEP(SUM_CHILD(tree, i)) < STEP(others[j]))) i++;
        else if (i == mine || STEP(others[j]) < STEP(SUM_CHILD(tree, i))) j++;
        else i++, j++;
    }
    uint32_t n = new_sum(k, POINTS(tree) + points, total);
    if (!n || !total) return n;
    int at = 0;
    for (int i = 0, j = 0; i < mine || j < count;) {
        uint32_t child;
        if (j == count || (i < mine && STEP(SUM_CHILD(tree, i)) < STEP(others[j]))) child = SUM_CHILD(tree, i++);
        else if (i == mine || STEP(others[j]) < STEP(SUM_CHILD(tree, i))) child = others[j++];
        else {
            child = merge_choices(k, SUM_CHILD(tree, i), others[j]);
            if (!child) return 0;
            i++, j++;
        }
        SUM_CHILD(n, at++) = child;
        BOUND(n) += BOUND(child);
    }
    return n;
}

/* Two choices of one step as one: a letter both have leads to both subtrees merged. */
static uint32_t merge_choices(Class *k, uint32_t a, uint32_t b) {
    uint32_t mask = LETTER_MASK(a) | LETTER_MASK(b);
    uint32_t n = alloc(k, 3 + (size_t)POPCOUNT(mask));
    if (!n) return 0;
    BOUND(n) = 0;
    STEP(n) = STEP(a);
    LETTER_MASK(n) = mask;
    int at = 0;
    for (uint32_t left = mask; left; left &= left - 1) {
        int column = LOWEST(left);
        uint32_t x = child_for(k, a, column), y = child_for(k, b, column), child = x ? x : y;
        if (x && y) {
            uint32_t theirs[P_MAX_CELLS];
            int count = (int)SUM_COUNT(y);
            for (int i = 0; i < count; i++) theirs[i] = SUM_CHILD(y, i);
            child = merge(k, x, theirs, count, POINTS(y));
            if (!child) return 0;
        }
        CHOICE_CHILD(n, at++) = child;
        if (BOUND(child) > BOUND(n)) BOUND(n) = BOUND(child);
    }
    return n;
}

/* ---- the search at the bottom: no nodes built ---- */

static int push_open(Class *k, uint32_t choice) {
    int step = (int)STEP(choice);
    if (k->open_count[step] == k->open_size[step]) {
        size_t wanted = k->open_size[step] ? 2 * k->open_size[step] : 256;
        uint32_t *bigger = PyMem_Realloc(k->open[step], wanted * sizeof(uint32_t));
        if (!bigger) return k->failed = 1, 0;
        k->open[step] = bigger;
        k->open_size[step] = wanted;
    }
    k->open[step][k->open_count[step]++] = choice;
    k->open_bound[step] += (long)BOUND(choice);
    return 1;
}

static void record(Class *k, long d) {
    PyObject *columns = PyList_New(k->cells);
    if (!columns) return (void)(k->failed = 1);
    for (int step = 0; step < k->steps; step++) PyList_SET_ITEM(columns, k->cell_of[step], PyLong_FromLong(k->chosen[step]));
    PyObject *pair = Py_BuildValue("(Nl)", columns, d);
    if (!pair || PyList_Append(k->found, pair) < 0) k->failed = 1;
    Py_XDECREF(pair);
}

/* Steps from `step` on: `points` gathered, `rest` the bounds of the choices open at those steps. */
static void search(Class *k, int step, long points, long rest) {
    if (points + rest < k->threshold || k->failed) return;
    if (step == k->steps) return record(k, points);
    size_t counts[P_MAX_CELLS];
    long bounds[P_MAX_CELLS];
    for (int s = step + 1; s < k->steps; s++) counts[s] = k->open_count[s], bounds[s] = k->open_bound[s];
    size_t here = k->open_count[step];
    long later = rest - k->open_bound[step];
    uint32_t any = 0; /* the letters some open choice of this step has */
    for (size_t i = 0; i < here; i++) any |= LETTER_MASK(k->open[step][i]);
    for (uint32_t left = k->letters[step]; left; left &= left - 1) {
        int column = LOWEST(left);
        long gained = points, added = 0;
        if (any >> column & 1) {
            for (size_t i = 0; i < here; i++) {
                uint32_t child = child_for(k, k->open[step][i], column);
                if (!child) continue;
                gained += POINTS(child);
                for (uint32_t c = 0, count = SUM_COUNT(child); c < count; c++) {
                    uint32_t choice = SUM_CHILD(child, c);
                    if (!push_open(k, choice)) return;
                    added += BOUND(choice);
                }
            }
        }
        k->chosen[step] = column;
        search(k, step + 1, gained, later + added);
        for (int s = step + 1; s < k->steps; s++) k->open_count[s] = counts[s], k->open_bound[s] = bounds[s];
    }
}

static void search_from(Class *k, uint32_t tree, int step) {
    for (int s = 0; s < k->steps; s++) k->open_count[s] = 0, k->open_bound[s] = 0;
    for (uint32_t c = 0, count = SUM_COUNT(tree); c < count; c++)
        if (!push_open(k, SUM_CHILD(tree, c))) return;
    long rest = 0;
    for (int s = step; s < k->steps; s++) rest += k->open_bound[s];
    k->searches++;
    search(k, step, (long)POINTS(tree), rest);
}

/* ---- the branch and bound ---- */

static void attack(Class *k, uint32_t tree, int step) {
    if ((long)BOUND(tree) < k->threshold || k->failed) return;
    if ((long)BOUND(tree) <= k->switchover || step >= k->steps - k->searched) return search_from(k, tree, step);
    k->forces++;
    /* The tree's choices are of this step or later ones: this step's, if any, comes first. */
    int count = (int)SUM_COUNT(tree);
    uint32_t top = count && STEP(SUM_CHILD(tree, 0)) == (uint32_t)step ? SUM_CHILD(tree, 0) : 0;
    uint32_t rest[P_MAX_CELLS];
    int rests = 0;
    for (int i = top ? 1 : 0; i < count; i++) rest[rests++] = SUM_CHILD(tree, i);
    uint32_t points = POINTS(tree);
    uint32_t skipped = 0; /* the tree without this step's choice, for letters no word takes here */
    for (uint32_t left = k->letters[step]; left && !k->failed; left &= left - 1) {
        int column = LOWEST(left);
        size_t saved = k->top;
        long long nodes = k->nodes;
        uint32_t chosen = top ? child_for(k, top, column) : 0, subtree;
        if (chosen) subtree = merge(k, chosen, rest, rests, points);
        else if (!top) subtree = tree;
        else {
            if (!skipped) {
                skipped = new_sum(k, points, rests);
                if (!skipped) return;
                for (int i = 0; i < rests; i++) SUM_CHILD(skipped, i) = rest[i], BOUND(skipped) += BOUND(rest[i]);
                saved = k->top; /* kept for the other letters that skip */
            }
            subtree = skipped;
        }
        if (!subtree) return;
        k->chosen[step] = column;
        attack(k, subtree, step + 1);
        if (chosen) k->top = saved;
        (void)nodes;
    }
}

/* ---- from Python ---- */

static int read_int_list(PyObject *list, int *out, int count, int lowest, int highest, const char *what) {
    PyObject *seq = PySequence_Fast(list, what);
    if (!seq) return 0;
    int ok = PySequence_Fast_GET_SIZE(seq) == count;
    for (int i = 0; ok && i < count; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if ((v == -1 && PyErr_Occurred()) || v < lowest || v > highest) ok = 0;
        else out[i] = (int)v;
    }
    Py_DECREF(seq);
    if (!ok && !PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s", what);
    return ok;
}

/* The class's cells: the board's shape, the order and each cell's letters, all checked. */
static int prepare(Class *k, PyObject *letters, int height, int width, PyObject *order) {
    if (height < 1 || width < 1 || height * width > P_MAX_CELLS || height * width < 2) {
        PyErr_Format(PyExc_ValueError, "a proof takes boards of 2 to %d cells", P_MAX_CELLS);
        return 0;
    }
    k->cells = k->steps = height * width;
    if (!read_int_list(order, k->cell_of, k->cells, 0, k->cells - 1, "order: every cell once")) return 0;
    for (int s = 0; s < k->cells; s++) k->step_of[s] = -1;
    for (int s = 0; s < k->cells; s++) {
        if (k->step_of[k->cell_of[s]] >= 0) return PyErr_SetString(PyExc_ValueError, "order: every cell once"), 0;
        k->step_of[k->cell_of[s]] = s;
    }
    PyObject *seq = PySequence_Fast(letters, "letters: a list of face columns per cell");
    if (!seq) return 0;
    int ok = PySequence_Fast_GET_SIZE(seq) == k->cells;
    for (int cell = 0; ok && cell < k->cells; cell++) {
        PyObject *cell_seq = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, cell), "letters of a cell");
        if (!cell_seq) {
            ok = 0;
            break;
        }
        uint32_t mask = 0;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(cell_seq);
        for (Py_ssize_t i = 0; ok && i < n; i++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cell_seq, i));
            /* The faces of a proof: the letters and Qu (column 26); the other two-letter faces are not in it. */
            if ((c == -1 && PyErr_Occurred()) || c < 0 || c > 26) ok = 0;
            else mask |= 1u << c;
        }
        Py_DECREF(cell_seq);
        if (!mask) ok = 0;
        k->letters[k->step_of[cell]] = mask;
    }
    Py_DECREF(seq);
    if (!ok) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "letters: 1 to 26 face columns (0-26) for every cell");
        return 0;
    }
    for (int cell = 0; cell < k->cells; cell++) {
        int row = cell / width, column = cell % width, n = 0;
        uint32_t near = 0;
        for (int r = row - 1; r <= row + 1; r++)
            for (int c = column - 1; c <= column + 1; c++) {
                if (r < 0 || r >= height || c < 0 || c >= width || (r == row && c == column)) continue;
                k->around[cell][n++] = r * width + c;
                near |= k->letters[k->step_of[r * width + c]];
            }
        k->around_count[cell] = n;
        k->around_letters[cell] = near;
    }
    return 1;
}

static void free_class(Class *k) {
    PyMem_Free(k->paths);
    PyMem_Free(k->arena);
    for (int s = 0; s < P_MAX_CELLS; s++) PyMem_Free(k->open[s]);
}

/* Build the class's tree; its root, or 0 when memory ran out. */
static uint32_t build_tree(Class *k) {
    const uint32_t *table = k->prover->table;
    for (int cell = 0; cell < k->cells && !k->failed; cell++) {
        int step = k->step_of[cell];
        for (uint32_t left = k->letters[step] & table[P_FACES]; left; left &= left - 1) {
            int column = LOWEST(left);
            set_field(k, step, column + 1);
            walk(k, cell, table[column], column == 26 ? 2 : 1, k->prover->rank[column], 1u << cell);
            set_field(k, step, column + 1);
        }
    }
    if (k->failed || !sort_paths(k)) return 0;
    count_once(k);
    k->top = 1; /* index 0 is no node */
    for (uint32_t p = 0; p <= P_LEAVES; p++) k->leaves[p] = 0;
    for (uint32_t p = 0; p <= P_LEAVES; p++) {
        uint32_t leaf = new_sum(k, p, 0);
        if (!leaf) return 0;
        k->leaves[p] = leaf;
    }
    k->nodes = 0;
    uint32_t root = build_sum(k, 0, k->path_count, 0);
    PyMem_Free(k->paths);
    k->paths = NULL;
    k->path_count = k->path_size = 0;
    return root;
}

static PyObject *Prover_prove(Prover *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"letters", "height", "width", "order", "threshold", "switchover", "searched", "min_length", NULL};
    PyObject *letters, *order;
    int height, width, searched, min_length;
    long threshold, switchover;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiiOllii", kwlist, &letters, &height, &width, &order, &threshold,
                                     &switchover, &searched, &min_length))
        return NULL;
    if (!self->table) return PyErr_SetString(PyExc_ValueError, "the prover has no table"), NULL;
    Class *k = PyMem_Calloc(1, sizeof(Class));
    if (!k) return PyErr_NoMemory();
    k->prover = self;
    k->threshold = threshold;
    k->switchover = switchover;
    k->searched = searched < 0 ? 0 : searched;
    k->min_length = min_length;
    PyObject *result = NULL;
    if (!prepare(k, letters, height, width, order)) goto done;
    k->found = PyList_New(0);
    if (!k->found) goto done;
    uint32_t root = build_tree(k);
    long bound = root ? (long)BOUND(root) : 0;
    long long built = k->nodes;
    if (root) attack(k, root, 0);
    if (k->failed || !root) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        goto done;
    }
    result = Py_BuildValue("{s:l,s:O,s:L,s:L,s:L,s:L,s:n}", "bound", bound, "found", k->found, "nodes", k->nodes,
                           "tree_nodes", built, "forces", k->forces, "searches", k->searches, "peak_bytes",
                           (Py_ssize_t)(k->peak * sizeof(uint32_t)));
done:
    Py_XDECREF(k->found);
    free_class(k);
    PyMem_Free(k);
    return result;
}

static PyMethodDef Prover_methods[] = {
    {"prove", (PyCFunction)(void (*)(void))Prover_prove, METH_VARARGS | METH_KEYWORDS,
     "prove(letters, height, width, order, threshold, switchover, searched, min_length) -> {bound, found: "
     "[(columns by cell, D(B))] for every board of the class with D(B) >= threshold, nodes, tree_nodes, forces, "
     "searches, peak_bytes}. letters: per cell, its face columns (0-25, 26 for Qu); order: the cells in the "
     "order the tree takes them; searched: cells left to the plain search at most."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ProverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_boggle_core.Prover",
    .tp_doc = PyDoc_STR("Prover(table, points): proves classes of boards against a trie table (see engine/prove.py)."),
    .tp_basicsize = sizeof(Prover),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Prover_init,
    .tp_dealloc = (destructor)Prover_dealloc,
    .tp_methods = Prover_methods,
};

/* Called by the module's init in _boggle_core.c: adds the Prover type. */
int add_prover(PyObject *module) {
    if (PyType_Ready(&ProverType) < 0) return -1;
    Py_INCREF(&ProverType);
    if (PyModule_AddObject(module, "Prover", (PyObject *)&ProverType) < 0) {
        Py_DECREF(&ProverType);
        return -1;
    }
    return 0;
}
