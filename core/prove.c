/* Proving the best board in C: the bound and the branch and bound of boggle_tui/engine/prove.py.
 *
 * prove.py is the reference and says what each step means; this file does the same steps on a
 * flat arena of 32-bit words so that a class of 3x3 boards takes milliseconds, not seconds:
 *
 *   1. every word the class can spell, found by walking the board and the word list's DAWG
 *      together, each as a key (a 5-bit letter field per step of the fixed cell order, 0 where the
 *      word does not go; 6 bits where column 31 is in the class, Polish's, on boards of up to 12 cells)
 *      and its rank (its place in the list: which word it is);
 *   2. the keys sorted, a word counted once per key, and the orderly tree built from the ranges;
 *   3. the first step forced to each letter by merging trees, while the bound is far above the
 *      threshold; then a plain search over the remaining steps, which builds nothing (the first
 *      step of all is forced as the tree is built, one letter at a time: attack_split);
 *   4. the boards whose D(B) reaches the threshold returned to Python, which scores them exactly.
 *
 * Nodes live in one growing array of uint32 and are named by their index in it, so the array
 * may move when it grows. A sum node is [bound, points, count, child..., tag...], a tag per child
 * (that choice's step and bound); a choice node is [letters (a bitmask of face columns), child...,
 * bound...], its children in column order and their bounds beside them (see "A node's words").
 * Every node a forced subtree makes is freed when that subtree is done (the arena is a stack).
 *
 * Everything from Python is checked: the table (as _boggle_core.c checks it), the size, the
 * order, every letter.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define P_FACES 32 /* the table's face columns; the next column is the bitmask of those with an entry */
#define P_STRIDE 33
#define P_MAX_CELLS 16 /* the key has a 5-bit field per step: 16 steps in 80 bits */
#define P_MAX_WIDE_CELLS 12 /* with 6-bit fields (column 31): 10 steps in `high`, 2 in `low`'s 20 key bits */
#define P_MAX_RANK ((uint64_t)1 << 24) /* a word's rank has 24 bits in a path */
#define P_LEAVES 256 /* sum nodes with no children and at most this many points are shared, made once */
#define SEARCH_BATCH 32 /* the search asks for this many subtrees of a letter at once (PREFETCH), then reads them */

/* Bits set, without the popcnt instruction (the core is built for any x86-64): a few shifts and adds. */
static inline int POPCOUNT(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#define LOWEST(x) __builtin_ctz(x)
#define HIGHEST64(x) (63 - __builtin_clzll(x))
#else
#define PREFETCH(p) ((void)(p))
static int LOWEST(uint32_t x) {
    int n = 0;
    while (!(x & 1)) x >>= 1, n++;
    return n;
}
static int HIGHEST64(uint64_t x) {
    int n = 0;
    while (x >>= 1) n++;
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
    /* The language's faces: its one-letter columns 0..letters-1, then its two-letter faces, each
     * made of two of its letters (pair_first, pair_second); a face adds `length` letters to a word. */
    int letters, faces;
    int pair_first[P_FACES], pair_second[P_FACES];
    int length[P_FACES];
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
            for (int c = 0; c < self->letters && !deeper; c++) {
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
            for (int c = 0; c < self->letters; c++) {
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
    for (Py_ssize_t row = 0; ok && row < rows; row++) {
        for (int c = self->letters; c < self->faces; c++) {
            int first = self->pair_first[c], second = self->pair_second[c];
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

/* The language's faces: `letters` one-letter columns, then a two-letter face per pair (its letters' columns). */
static int read_faces(Prover *self, int letters, PyObject *pairs) {
    PyObject *seq = PySequence_Fast(pairs, "pairs: a (first, second) pair of letter columns per two-letter face");
    if (!seq) return 0;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int ok = letters >= 1 && letters <= P_FACES && n <= P_FACES - letters;
    self->letters = letters;
    self->faces = letters + (int)n;
    for (int c = 0; ok && c < self->faces; c++) {
        self->length[c] = c < letters ? 1 : 2;
        self->pair_first[c] = self->pair_second[c] = -1;
        if (c < letters) continue;
        PyObject *pair = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, c - letters), "a pair");
        if (!pair) {
            ok = 0;
            break;
        }
        long first = -1, second = -1;
        if (PySequence_Fast_GET_SIZE(pair) == 2) {
            first = PyLong_AsLong(PySequence_Fast_GET_ITEM(pair, 0));
            second = PyLong_AsLong(PySequence_Fast_GET_ITEM(pair, 1));
        }
        Py_DECREF(pair);
        ok = !PyErr_Occurred() && first >= 0 && first < letters && second >= 0 && second < letters;
        self->pair_first[c] = (int)first;
        self->pair_second[c] = (int)second;
    }
    Py_DECREF(seq);
    if (!ok && !PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "faces: 1 to 32 letters, and two-letter faces made of two of them");
    return ok;
}

static int Prover_init(Prover *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"table", "points", "letters", "pairs", NULL};
    Py_buffer view;
    PyObject *points, *pairs;
    int letters;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*OiO", kwlist, &view, &points, &letters, &pairs)) return -1;
    int ok = 0;
    PyObject *seq = NULL;
    if (!read_faces(self, letters, pairs)) goto done;
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

/* A word on the class, as two words that sort as its key, then its rank:
 *   high: the letter (face column + 1) at steps 0-11, 5 bits each from bit 59 down; 0 where the word does not go
 *   low:  steps 12-15 the same from bit 63 down to 44; the word's rank in bits 16-39; its points in bits 0-15.
 * With column 31 in the class (a field of 6 bits) `high` holds steps 0-9 and `low` steps 10-11 (bits 63-52): at most 12 cells. */
typedef struct {
    uint64_t high, low;
} Path;

#define RANK_SHIFT 16
#define POINTS_MASK 0xffffu
#define KEY_LOW_MASK (~(uint64_t)0 << 44)  /* the steps' fields in `low` */
#define WORD_LOW_MASK (~(uint64_t)POINTS_MASK) /* the key and the rank: which word on which key */

typedef struct {
    int cell, step;
} Next;

typedef struct {
    Prover *prover;
    int cells, steps;
    int cell_of[P_MAX_CELLS], step_of[P_MAX_CELLS];
    uint32_t letters[P_MAX_CELLS];        /* by step: the face columns it may show, as a bitmask */
    Next around[P_MAX_CELLS][8];          /* by cell: its neighbours and their steps */
    int around_count[P_MAX_CELLS];
    uint32_t around_letters[P_MAX_CELLS]; /* by cell: what the cells around it may show */
    uint64_t field_high[P_MAX_CELLS][P_FACES], field_low[P_MAX_CELLS][P_FACES]; /* by step and column */
    int field_bits, high_steps; /* a step's field: 5 bits, 12 steps in `high`; or 6 bits and 10 (column 31) */
    int min_length;
    /* the words of the class */
    Path *paths;
    size_t path_count, path_size;
    /* the arena */
    uint32_t *arena;
    size_t top, size, peak;
    size_t tree_top;    /* the arena's top once the first tree is built (split: the words that miss the first cell) */
    long long tree_nodes;
    size_t split_paths; /* a class with this many paths or more forces its first cell while building (0: never) */
    uint32_t leaves[P_LEAVES + 1];
    long long nodes;
    int failed, too_large; /* too_large: a bound past MAX_BOUND (failed is set too) */
    /* the branch and bound */
    long threshold, switchover;
    int searched;
    long long forces, searches;
    int chosen[P_MAX_CELLS];     /* by step: the column chosen, while forcing and searching */
    uint32_t *open[P_MAX_CELLS]; /* by step: the choice nodes still open in the search */
    size_t open_count[P_MAX_CELLS], open_size[P_MAX_CELLS];
    long open_bound[P_MAX_CELLS];
    /* The boards found, FOUND_BYTES(cells) each: the column of each cell, then D(B) as a native uint32. Bytes, not
     * Python objects: the heaviest 4x4 class sampled finds a million boards, 250 MB as lists of ints. */
    uint8_t *found;
    size_t found_count, found_size;
    size_t paths_found, paths_kept;
    double walk_seconds, sort_seconds, build_seconds;
} Class;

static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* The letter field of a step (0: the word does not go there). Steps fill `high` from bit 59 down, then
 * `low` from bit 63 down to bit 44. */
static inline int field_of(const Class *k, const Path *p, int step) {
    int bits = k->field_bits, mask = (1 << bits) - 1;
    return step < k->high_steps ? (int)(p->high >> (60 - bits * (step + 1))) & mask
                                : (int)(p->low >> (64 - bits * (step - k->high_steps + 1))) & mask;
}

/* The first step at or after `step` that the path goes through; `steps` when there is none. */
static inline int first_step(const Class *k, const Path *p, int step, int steps) {
    int bits = k->field_bits, high_steps = k->high_steps;
    if (step < high_steps) {
        uint64_t rest = p->high & (((uint64_t)1 << (60 - bits * step)) - 1);
        if (rest) return (59 - HIGHEST64(rest)) / bits;
        step = high_steps;
    }
    if (step >= steps) return steps;
    uint64_t below = step == high_steps ? ~(uint64_t)0 : (((uint64_t)1 << (64 - bits * (step - high_steps))) - 1);
    uint64_t rest = p->low & KEY_LOW_MASK & below;
    return rest ? high_steps + (63 - HIGHEST64(rest)) / bits : steps;
}

static int grow_paths(Class *k) {
    size_t wanted = k->path_size ? 2 * k->path_size : 1 << 16;
    Path *bigger = PyMem_Realloc(k->paths, wanted * sizeof(Path));
    if (!bigger) return k->failed = 1, 0;
    k->paths = bigger;
    k->path_size = wanted;
    return 1;
}

/* The step onto `cell` is taken with DAWG entry `entry`: `length` letters so far, `rank` the word's
 * rank, (high, low) its key. Record a word if one ends here, and go on to the neighbours. */
static void walk(Class *k, int cell, uint32_t entry, int length, uint64_t rank, uint32_t used, uint64_t high,
                 uint64_t low) {
    const uint32_t *table = k->prover->table;
    if ((entry & 1) && length >= k->min_length) {
        if (k->path_count == k->path_size && !grow_paths(k)) return;
        Path *p = &k->paths[k->path_count++];
        p->high = high;
        p->low = low | rank << RANK_SHIFT | (uint64_t)k->prover->points[length < 64 ? length : 63];
    }
    uint32_t row = entry >> 1, kids = table[row + P_FACES];
    if (!(kids & k->around_letters[cell])) return; /* no word goes on to a neighbour */
    rank += entry & 1;
    const uint64_t *ranks = k->prover->rank + row;
    for (int i = 0; i < k->around_count[cell]; i++) {
        int next = k->around[cell][i].cell, step = k->around[cell][i].step;
        if (used >> next & 1) continue;
        for (uint32_t left = k->letters[step] & kids; left; left &= left - 1) {
            int column = LOWEST(left);
            uint32_t e = table[row + column];
            /* A step that ends no word and leads to no letter around is not taken. */
            if (!(e & 1) && !(table[(e >> 1) + P_FACES] & k->around_letters[next])) continue;
            walk(k, next, e, length + k->prover->length[column], rank + ranks[column], used | 1u << next,
                 high | k->field_high[step][column], low | k->field_low[step][column]);
        }
    }
}

/* Sorted by key, then rank: the paths of a word on one key come together. In place, so that a class's
 * heaviest moment holds its paths once (27M paths of 16 bytes in the heaviest 4x4 class sampled: a
 * second buffer was 430 MB more): an MSD radix sort one byte at a time ("American flag sort") on every
 * bit but the points, the bytes a range shares skipped, small ranges by insertion. Paths equal in every
 * sorted bit are the same word on the same key (the same points too), so the order is fully determined. */
#define SORT_BYTES 14 /* high's 8 bytes, then low's from bit 63 down to bit 16 */
#define SMALL_RANGE 48

static inline unsigned byte_of(const Path *p, int d) {
    return d < 8 ? (unsigned)(p->high >> (56 - 8 * d)) & 255u : (unsigned)(p->low >> (56 - 8 * (d - 8))) & 255u;
}

static inline int path_before(const Path *a, const Path *b) {
    uint64_t a_low = a->low & WORD_LOW_MASK, b_low = b->low & WORD_LOW_MASK;
    return a->high < b->high || (a->high == b->high && a_low < b_low);
}

static void insertion_sort(Path *a, size_t n) {
    for (size_t i = 1; i < n; i++) {
        Path p = a[i];
        size_t j = i;
        for (; j > 0 && path_before(&p, &a[j - 1]); j--) a[j] = a[j - 1];
        a[j] = p;
    }
}

static void flag_sort(Path *a, size_t n, int d) {
    size_t count[256], next[256], end[256];
    for (; n > SMALL_RANGE && d < SORT_BYTES; d++) {
        memset(count, 0, sizeof count);
        for (size_t i = 0; i < n; i++) count[byte_of(&a[i], d)]++;
        if (count[byte_of(&a[0], d)] == n) continue; /* every path of the range has this byte */
        size_t sum = 0;
        for (int b = 0; b < 256; b++) next[b] = sum, sum += count[b], end[b] = sum;
        for (int b = 0; b < 256; b++) /* each path swapped straight into its bucket */
            while (next[b] < end[b]) {
                Path p = a[next[b]];
                unsigned to = byte_of(&p, d);
                while (to != (unsigned)b) {
                    Path there = a[next[to]];
                    a[next[to]++] = p;
                    p = there;
                    to = byte_of(&p, d);
                }
                a[next[b]++] = p;
            }
        size_t start = 0;
        for (int b = 0; b < 256; b++) {
            if (end[b] - start > 1) flag_sort(a + start, end[b] - start, d + 1);
            start = end[b];
        }
        return;
    }
    if (n > 1) insertion_sort(a, n);
}

static void sort_paths(Class *k) { flag_sort(k->paths, k->path_count, 0); }

/* A word counted once per key: its other paths on the key dropped. The points of the key's other
 * words are added to its first path (or, past 16 bits, kept on paths of their own: the tree adds them). */
static void count_once(Class *k) {
    size_t kept = 0;
    uint64_t word_high = 0, word_low = 0; /* the last word kept: key and rank */
    for (size_t i = 0; i < k->path_count; i++) {
        Path p = k->paths[i];
        if (kept && p.high == word_high && (p.low & WORD_LOW_MASK) == word_low) continue; /* a word again */
        if (kept) {
            Path *last = &k->paths[kept - 1];
            uint64_t sum = (last->low & POINTS_MASK) + (p.low & POINTS_MASK);
            if (last->high == p.high && (last->low & KEY_LOW_MASK) == (p.low & KEY_LOW_MASK) && sum <= POINTS_MASK) {
                last->low = (last->low & ~(uint64_t)POINTS_MASK) | sum;
                word_high = p.high, word_low = p.low & WORD_LOW_MASK;
                continue;
            }
        }
        k->paths[kept++] = p;
        word_high = p.high, word_low = p.low & WORD_LOW_MASK;
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

/* A node's words. A sum node is [bound, points, count, child..., tag...]: a tag per child, that choice's step and
 * bound. A choice node is [letters (a bitmask of face columns), child..., bound...]: its children (sum nodes) in
 * column order, then their bounds in the same order. A choice's own step and bound are in its parent's tag, so
 * that merging two sum nodes and pushing a choice in the search read them where the parent lists its children,
 * without going to every choice node (in a merge most of them are only copied): those loads were half the merge's
 * time (`perf annotate`), each a cache miss into a tree of hundreds of MB. */
#define A (k->arena)
#define BOUND(n) A[(n)]
#define POINTS(n) A[(n) + 1]
#define SUM_COUNT(n) A[(n) + 2]
#define SUM_CHILD(n, i) A[(n) + 3 + (i)]
#define SUM_TAG(n, count, i) A[(n) + 3 + (count) + (i)] /* count: the node's SUM_COUNT */
#define LETTER_MASK(n) A[(n)]
#define CHOICE_CHILD(n, i) A[(n) + 1 + (i)]
#define CHOICE_BOUND(n, count, i) A[(n) + 1 + (count) + (i)] /* count: the node's letters */

/* A tag: the choice's step in the low 4 bits (P_MAX_CELLS steps), its bound above. A bound past 28 bits (no class of
 * a board the prover takes comes near it) stops the class with an error, never a wrong bound. */
#define TAG_BITS 4
#define MAX_BOUND ((1u << (32 - TAG_BITS)) - 1)
#define TAG_STEP(t) ((int)((t) & ((1u << TAG_BITS) - 1)))
#define TAG_BOUND(t) ((t) >> TAG_BITS)

typedef struct {
    uint32_t node, tag;
} Choice;

static inline uint32_t bounded(Class *k, uint64_t bound) {
    if (bound > MAX_BOUND) return k->failed = k->too_large = 1, 0;
    return (uint32_t)bound;
}

static inline uint32_t tag_of(int step, uint32_t bound) { return bound << TAG_BITS | (uint32_t)step; }

/* A sum node's children and their tags, copied out (the arena may move while they are used). */
static inline int children_of(Class *k, uint32_t sum, Choice *out) {
    int count = (int)SUM_COUNT(sum);
    for (int c = 0; c < count; c++) out[c].node = SUM_CHILD(sum, c), out[c].tag = SUM_TAG(sum, count, c);
    return count;
}

/* A sum node with these points and room for `count` choices; a shared leaf when it has none. */
static uint32_t new_sum(Class *k, uint32_t points, int count) {
    if (!count && points <= P_LEAVES && k->leaves[points]) return k->leaves[points];
    if (points > MAX_BOUND) return k->failed = k->too_large = 1, 0;
    uint32_t n = alloc(k, 3 + 2 * (size_t)count);
    if (!n) return 0;
    BOUND(n) = points;
    POINTS(n) = points;
    SUM_COUNT(n) = (uint32_t)count;
    return n;
}

/* The `at`-th of sum node n's `count` children is `child`, with its tag: n's bound grows by the tag's bound. */
static inline void set_child(Class *k, uint32_t n, int count, int at, uint32_t child, uint32_t tag) {
    SUM_CHILD(n, at) = child;
    SUM_TAG(n, count, at) = tag;
    BOUND(n) = bounded(k, (uint64_t)BOUND(n) + TAG_BOUND(tag));
}

static inline uint32_t child_for(Class *k, uint32_t choice, int column) {
    uint32_t mask = LETTER_MASK(choice);
    if (!(mask >> column & 1)) return 0;
    return CHOICE_CHILD(choice, POPCOUNT(mask & ((1u << column) - 1)));
}

/* ---- building the tree from the sorted keys ---- */

static uint32_t build_choice(Class *k, size_t from, size_t to, int step, uint32_t *bound);

/* The sum node of paths [from, to), which agree on every step before `step`. Paths that go no
 * further sort first (their fields are 0); then groups by the first step they go through, the
 * latest step first (a 0 field sorts before a letter): filled from the end, so that a sum node's
 * choices run in step order. */
static uint32_t build_sum(Class *k, size_t from, size_t to, int step) {
    uint32_t points = 0;
    int steps = k->steps;
    while (from < to && first_step(k, &k->paths[from], step, steps) == steps) points += k->paths[from++].low & POINTS_MASK;
    size_t starts[P_MAX_CELLS + 1];
    int group_step[P_MAX_CELLS], count = 0;
    for (size_t i = from; i < to;) {
        int s = first_step(k, &k->paths[i], step, steps);
        starts[count] = i;
        group_step[count++] = s;
        size_t j = i + 1;
        while (j < to && first_step(k, &k->paths[j], step, steps) == s) j++;
        i = j;
    }
    starts[count] = to;
    uint32_t n = new_sum(k, points, count);
    if (!n) return 0;
    for (int g = 0; g < count; g++) {
        uint32_t bound;
        uint32_t child = build_choice(k, starts[g], starts[g + 1], group_step[g], &bound);
        if (!child) return 0;
        set_child(k, n, count, count - 1 - g, child, tag_of(group_step[g], bound));
    }
    return k->failed ? 0 : n;
}

/* The choice node of paths [from, to), which all go through `step` and agree before it; its bound in *bound. */
static uint32_t build_choice(Class *k, size_t from, size_t to, int step, uint32_t *bound) {
    size_t starts[P_FACES + 1];
    int count = 0;
    uint32_t mask = 0;
    for (size_t i = from; i < to;) {
        int value = field_of(k, &k->paths[i], step);
        starts[count++] = i;
        mask |= 1u << (value - 1);
        size_t j = i + 1;
        while (j < to && field_of(k, &k->paths[j], step) == value) j++;
        i = j;
    }
    starts[count] = to;
    uint32_t n = alloc(k, 1 + 2 * (size_t)count);
    if (!n) return 0;
    LETTER_MASK(n) = mask;
    uint32_t most = 0;
    for (int g = 0; g < count; g++) {
        uint32_t child = build_sum(k, starts[g], starts[g + 1], step + 1);
        if (!child) return 0;
        CHOICE_CHILD(n, g) = child;
        CHOICE_BOUND(n, count, g) = BOUND(child);
        if (BOUND(child) > most) most = BOUND(child);
    }
    *bound = most;
    return n;
}

/* ---- merging: the branch ---- */

static uint32_t merge_choices(Class *k, uint32_t a, uint32_t b, uint32_t *bound);

/* A sum node adding up `tree` and the choices others[0..count) with `points`. The choices of both are sorted by
 * step; both lists are copied first, since the arena may move while merging. Only choices of one step in both are
 * read: the others are copied with their tags. */
static uint32_t merge(Class *k, uint32_t tree, const Choice *others_in, int count, uint32_t points) {
    Choice others[P_MAX_CELLS], own[P_MAX_CELLS];
    memcpy(others, others_in, (size_t)count * sizeof(Choice));
    int mine = children_of(k, tree, own), total = 0;
    /* Counted from the tags; the choices both have are the ones read next, one after another: asked for here, all
     * at once, their cache misses overlap instead of following each other. */
    for (int i = 0, j = 0; i < mine || j < count; total++) {
        if (j == count || (i < mine && TAG_STEP(own[i].tag) < TAG_STEP(others[j].tag))) i++;
        else if (i == mine || TAG_STEP(others[j].tag) < TAG_STEP(own[i].tag)) j++;
        else PREFETCH(&A[own[i].node]), PREFETCH(&A[others[j].node]), i++, j++;
    }
    uint32_t n = new_sum(k, POINTS(tree) + points, total);
    if (!n || !total) return n;
    int at = 0;
    for (int i = 0, j = 0; i < mine || j < count;) {
        Choice child;
        if (j == count || (i < mine && TAG_STEP(own[i].tag) < TAG_STEP(others[j].tag))) child = own[i++];
        else if (i == mine || TAG_STEP(others[j].tag) < TAG_STEP(own[i].tag)) child = others[j++];
        else {
            uint32_t bound;
            child.node = merge_choices(k, own[i].node, others[j].node, &bound);
            if (!child.node) return 0;
            child.tag = tag_of(TAG_STEP(own[i].tag), bound);
            i++, j++;
        }
        set_child(k, n, total, at++, child.node, child.tag);
    }
    return k->failed ? 0 : n;
}

/* Two choices of one step as one: a letter both have leads to both subtrees merged. Both children
 * lists run in column order, so each is read with a running index, not looked up per letter; a letter
 * only one has keeps its subtree and the bound listed beside it, without reading the subtree. */
static uint32_t merge_choices(Class *k, uint32_t a, uint32_t b, uint32_t *bound) {
    uint32_t mask_a = LETTER_MASK(a), mask_b = LETTER_MASK(b), mask = mask_a | mask_b;
    int count_a = POPCOUNT(mask_a), count_b = POPCOUNT(mask_b), count = POPCOUNT(mask);
    { /* the same for the letters both have: their subtrees are merged next */
        int i = 0, j = 0;
        for (uint32_t left = mask; left; left &= left - 1) {
            uint32_t bit = left & -left;
            if ((mask_a & bit) && (mask_b & bit)) PREFETCH(&A[CHOICE_CHILD(a, i)]), PREFETCH(&A[CHOICE_CHILD(b, j)]);
            i += (mask_a & bit) != 0, j += (mask_b & bit) != 0;
        }
    }
    uint32_t n = alloc(k, 1 + 2 * (size_t)count);
    if (!n) return 0;
    LETTER_MASK(n) = mask;
    uint32_t most = 0;
    int at = 0, i = 0, j = 0;
    for (uint32_t left = mask; left; left &= left - 1) {
        uint32_t bit = left & -left, child, child_bound;
        uint32_t x = 0, y = 0, x_bound = 0, y_bound = 0;
        if (mask_a & bit) x = CHOICE_CHILD(a, i), x_bound = CHOICE_BOUND(a, count_a, i), i++;
        if (mask_b & bit) y = CHOICE_CHILD(b, j), y_bound = CHOICE_BOUND(b, count_b, j), j++;
        if (x && y) {
            Choice theirs[P_MAX_CELLS];
            int their_count = children_of(k, y, theirs);
            child = merge(k, x, theirs, their_count, POINTS(y));
            if (!child) return 0;
            child_bound = BOUND(child);
        } else {
            child = x ? x : y, child_bound = x ? x_bound : y_bound;
        }
        CHOICE_CHILD(n, at) = child;
        CHOICE_BOUND(n, count, at) = child_bound;
        at++;
        if (child_bound > most) most = child_bound;
    }
    *bound = most;
    return n;
}

/* ---- the search at the bottom: no nodes built ---- */

static int push_open(Class *k, uint32_t choice, uint32_t tag) {
    int step = TAG_STEP(tag);
    if (k->open_count[step] == k->open_size[step]) {
        size_t wanted = k->open_size[step] ? 2 * k->open_size[step] : 256;
        uint32_t *bigger = PyMem_Realloc(k->open[step], wanted * sizeof(uint32_t));
        if (!bigger) return k->failed = 1, 0;
        k->open[step] = bigger;
        k->open_size[step] = wanted;
    }
    PREFETCH(&A[choice]); /* read when the search comes to its step */
    k->open[step][k->open_count[step]++] = choice;
    k->open_bound[step] += (long)TAG_BOUND(tag);
    return 1;
}

#define FOUND_BYTES(cells) ((size_t)(cells) + sizeof(uint32_t))

static void record(Class *k, long d) {
    size_t each = FOUND_BYTES(k->cells);
    if (k->found_count == k->found_size) {
        size_t wanted = k->found_size ? 2 * k->found_size : 256;
        uint8_t *bigger = PyMem_Realloc(k->found, wanted * each);
        if (!bigger) return (void)(k->failed = 1);
        k->found = bigger;
        k->found_size = wanted;
    }
    uint8_t *board = k->found + k->found_count++ * each;
    for (int step = 0; step < k->steps; step++) board[k->cell_of[step]] = (uint8_t)k->chosen[step];
    uint32_t bound = (uint32_t)d;
    memcpy(board + k->cells, &bound, sizeof bound);
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
        /* What the letter adds at most is its subtrees' bounds, listed in the choices themselves: a letter that
         * cannot reach the threshold is passed over before its subtrees are read or their choices pushed. */
        long most = 0;
        for (size_t i = 0; (any >> column & 1) && i < here; i++) {
            uint32_t choice = k->open[step][i], mask = LETTER_MASK(choice);
            if (mask >> column & 1) most += CHOICE_BOUND(choice, POPCOUNT(mask), POPCOUNT(mask & ((1u << column) - 1)));
        }
        if (points + later + most < k->threshold) continue;
        long gained = points, added = 0;
        if (any >> column & 1) {
            /* The letter's subtrees, asked for a batch at a time before they are read: their misses overlap. */
            uint32_t batch[SEARCH_BATCH];
            for (size_t from = 0; from < here; from += SEARCH_BATCH) {
                size_t to = from + SEARCH_BATCH < here ? from + SEARCH_BATCH : here;
                int got = 0;
                for (size_t i = from; i < to; i++) {
                    uint32_t child = child_for(k, k->open[step][i], column);
                    if (child) PREFETCH(&A[child]), batch[got++] = child;
                }
                for (int b = 0; b < got; b++) {
                    uint32_t child = batch[b];
                    gained += POINTS(child);
                    for (uint32_t c = 0, count = SUM_COUNT(child); c < count; c++) {
                        uint32_t tag = SUM_TAG(child, count, c);
                        if (!push_open(k, SUM_CHILD(child, c), tag)) return;
                        added += TAG_BOUND(tag);
                    }
                }
            }
        }
        k->chosen[step] = column;
        search(k, step + 1, gained, later + added);
        for (int s = step + 1; s < k->steps; s++) k->open_count[s] = counts[s], k->open_bound[s] = bounds[s];
    }
}

/* The search from `step` over a sum of choices (`count` of them) and `points`. */
static void search_over(Class *k, int step, long points, const Choice *choices, int count) {
    for (int s = 0; s < k->steps; s++) k->open_count[s] = 0, k->open_bound[s] = 0;
    for (int c = 0; c < count; c++)
        if (!push_open(k, choices[c].node, choices[c].tag)) return;
    long rest = 0;
    for (int s = step; s < k->steps; s++) rest += k->open_bound[s];
    k->searches++;
    search(k, step, points, rest);
}

static void search_from(Class *k, uint32_t tree, int step) {
    Choice choices[P_MAX_CELLS];
    int count = children_of(k, tree, choices);
    search_over(k, step, (long)POINTS(tree), choices, count);
}

/* ---- the branch and bound ---- */

static void attack(Class *k, uint32_t tree, int step);

/* One letter (`column`) of the cell at `step`: its tree is `chosen`, the words through the cell with that letter
 * (0: none), added to `parts` (the choices of later steps, rests of them, bounded by rest_bound) and `points`.
 * `tree` is the whole (used only where no word goes through the cell), `top` whether some word does. */
static void force_letter(Class *k, uint32_t tree, int top, uint32_t chosen, Choice *parts, int rests,
                         long rest_bound, uint32_t points, int step, int column) {
    k->chosen[step] = column;
    /* Unmerged, the letter's tree is bounded by the sum of its parts' bounds: merging only lowers it. */
    long unmerged = (long)points + rest_bound + (chosen ? (long)BOUND(chosen) : 0);
    if (unmerged < k->threshold) return;
    if (!chosen || unmerged <= k->switchover || step + 1 >= k->steps - k->searched) {
        /* Close enough: search the parts as they are, without merging them. */
        int n = rests;
        long gained = points;
        if (chosen) {
            gained += POINTS(chosen);
            n += children_of(k, chosen, parts + rests);
        }
        if (!chosen && !top && unmerged > k->switchover && step + 1 < k->steps - k->searched)
            return attack(k, tree, step + 1); /* no word goes through this cell: the same tree for the next */
        return search_over(k, step + 1, gained, parts, n);
    }
    size_t saved = k->top;
    uint32_t subtree = merge(k, chosen, parts, rests, points);
    if (!subtree) return;
    attack(k, subtree, step + 1);
    k->top = saved;
}

static void attack(Class *k, uint32_t tree, int step) {
    if ((long)BOUND(tree) < k->threshold || k->failed) return;
    if ((long)BOUND(tree) <= k->switchover || step >= k->steps - k->searched) return search_from(k, tree, step);
    k->forces++;
    /* The tree's choices are of this step or later ones: this step's, if any, comes first. */
    Choice children[P_MAX_CELLS], parts[P_MAX_CELLS * 2];
    int count = children_of(k, tree, children);
    uint32_t top = count && TAG_STEP(children[0].tag) == step ? children[0].node : 0;
    int rests = 0;
    long rest_bound = 0;
    for (int i = top ? 1 : 0; i < count; i++) parts[rests++] = children[i], rest_bound += TAG_BOUND(children[i].tag);
    for (uint32_t left = k->letters[step]; left && !k->failed; left &= left - 1) {
        int column = LOWEST(left);
        force_letter(k, tree, top != 0, top ? child_for(k, top, column) : 0, parts, rests, rest_bound, POINTS(tree),
                     step, column);
    }
}

/* The first cell forced while the tree is built, one letter at a time: the words that miss the cell are built
 * into a tree once, and each letter's words through it only when that letter's turn comes, then freed. The whole
 * class's tree never exists: a class holds the words' paths, the rest and one letter's trees at a time. The
 * letters' trees are the children the first tree's choice of the cell would have, built from the same paths:
 * the class's bound (the rest's and the largest letter's) and the boards found are the same. Returns the bound. */
static void reverse_paths(Path *from, Path *to) { /* [from, to) */
    for (; from + 1 < to; from++, to--) {
        Path swap = *from;
        *from = to[-1];
        to[-1] = swap;
    }
}

/* The order the first cell's letters are proved in: fewest paths first, so that the letters with the most paths
 * (and the largest trees) come once the paths of the others are given back. Their paths are laid out the other
 * way round, the letter proved first the last in the array, so that the array shrinks from its end as each
 * letter's tree is built. `order` gets the columns, `size` each column's paths; returns how many letters. */
static int arrange_letters(Class *k, int *order, size_t *size) {
    size_t n = k->path_count;
    int count = 0;
    for (int c = 0; c < P_FACES; c++) size[c] = 0;
    for (size_t i = 0; i < n; i++) size[field_of(k, &k->paths[i], 0) - 1]++;
    for (uint32_t left = k->letters[0]; left; left &= left - 1) {
        int column = LOWEST(left), at = count++;
        for (; at > 0 && size[order[at - 1]] > size[column]; at--) order[at] = order[at - 1]; /* ties by column */
        order[at] = column;
    }
    /* The blocks are in column order; each in turn (the letter proved last first) is rotated to the front of
     * those not yet placed, which keep their order. */
    size_t placed = 0;
    for (int i = count - 1; i >= 0; i--) {
        int column = order[i];
        if (!size[column]) continue;
        size_t from = placed;
        while (field_of(k, &k->paths[from], 0) != column + 1) from += size[field_of(k, &k->paths[from], 0) - 1];
        size_t end = from + size[column];
        reverse_paths(k->paths + placed, k->paths + from);
        reverse_paths(k->paths + from, k->paths + end);
        reverse_paths(k->paths + placed, k->paths + end);
        placed += size[column];
    }
    return count;
}

/* The boards found, put back in the order of the first cell's column (then as found): the same order whatever
 * order the letters were proved in. `begun[c]`, `ended[c]`: column c's records. */
static void boards_in_column_order(Class *k, const size_t *begun, const size_t *ended) {
    size_t each = FOUND_BYTES(k->cells), to = 0;
    if (k->found_count < 2) return;
    uint8_t *sorted = PyMem_Malloc(k->found_count * each);
    if (!sorted) return (void)(k->failed = 1);
    for (uint32_t left = k->letters[0]; left; left &= left - 1) {
        int column = LOWEST(left);
        size_t bytes = (ended[column] - begun[column]) * each;
        memcpy(sorted + to, k->found + begun[column] * each, bytes);
        to += bytes;
    }
    PyMem_Free(k->found);
    k->found = sorted;
    k->found_size = k->found_count;
}

static void free_paths(Class *k);

static void shrink_paths(Class *k) {
    if (!k->path_count) {
        free_paths(k);
        return;
    }
    Path *smaller = PyMem_Realloc(k->paths, k->path_count * sizeof(Path));
    if (smaller) k->paths = smaller, k->path_size = k->path_count;
}

static long attack_split(Class *k) {
    size_t n = k->path_count, first = 0;
    while (first < n && field_of(k, &k->paths[first], 0) == 0) first++; /* a 0 field sorts first */
    int top = first < n; /* some word goes through the cell */
    double start = cpu_seconds();
    uint32_t rest = build_sum(k, 0, first, 0);
    if (!rest) return 0;
    k->build_seconds = cpu_seconds() - start; /* the letters' trees are built in the branch */
    /* The paths of the rest are done with: the letters' move down and the array shrinks (the memory goes back). */
    if (first && n > first) {
        memmove(k->paths, k->paths + first, (n - first) * sizeof(Path));
        Path *smaller = PyMem_Realloc(k->paths, (n - first) * sizeof(Path));
        if (smaller) k->paths = smaller, k->path_size = n - first;
    }
    n -= first, k->path_count = n;
    k->tree_top = k->top, k->tree_nodes = k->nodes;
    k->forces++;
    Choice parts[P_MAX_CELLS * 2];
    int rests = children_of(k, rest, parts);
    long rest_bound = 0, largest = 0;
    for (int i = 0; i < rests; i++) rest_bound += TAG_BOUND(parts[i].tag);
    int order[P_FACES];
    size_t size[P_FACES], begun[P_FACES], ended[P_FACES];
    int count = arrange_letters(k, order, size);
    for (int i = 0; i < count && !k->failed; i++) {
        int column = order[i];
        size_t start = n - size[column]; /* this letter's paths: the last of the array */
        size_t saved = k->top;
        uint32_t chosen = start < n ? build_sum(k, start, n, 1) : 0;
        if (start < n && !chosen) return 0;
        if (chosen && (long)BOUND(chosen) > largest) largest = (long)BOUND(chosen);
        n = k->path_count = start;
        shrink_paths(k); /* the letter's paths are done with once its tree is built */
        begun[column] = k->found_count;
        force_letter(k, rest, top, chosen, parts, rests, rest_bound, POINTS(rest), 0, column);
        ended[column] = k->found_count;
        k->top = saved;
    }
    if (!k->failed) boards_in_column_order(k, begun, ended);
    return (long)BOUND(rest) + largest;
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
            /* The faces of a proof: any of the language's (the caller leaves out those no die of the size has). */
            if ((c == -1 && PyErr_Occurred()) || c < 0 || c >= k->prover->faces) ok = 0;
            else mask |= 1u << c;
        }
        Py_DECREF(cell_seq);
        if (!mask) ok = 0;
        k->letters[k->step_of[cell]] = mask;
    }
    Py_DECREF(seq);
    if (!ok) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "letters: 1 or more of the prover's face columns for every cell");
        return 0;
    }
    /* A face's field is its column + 1: 5 bits hold columns up to 30; column 31 (Polish's 32nd letter) needs 6. */
    uint32_t used = 0;
    for (int step = 0; step < k->steps; step++) used |= k->letters[step];
    int wide = (int)(used >> 31);
    k->field_bits = wide ? 6 : 5;
    k->high_steps = wide ? 10 : 12;
    if (wide && k->cells > P_MAX_WIDE_CELLS) {
        PyErr_Format(PyExc_ValueError, "a proof with face column 31 takes boards of 2 to %d cells", P_MAX_WIDE_CELLS);
        return 0;
    }
    for (int cell = 0; cell < k->cells; cell++) {
        int row = cell / width, column = cell % width, n = 0;
        uint32_t near = 0;
        for (int r = row - 1; r <= row + 1; r++)
            for (int c = column - 1; c <= column + 1; c++) {
                if (r < 0 || r >= height || c < 0 || c >= width || (r == row && c == column)) continue;
                k->around[cell][n].cell = r * width + c;
                k->around[cell][n++].step = k->step_of[r * width + c];
                near |= k->letters[k->step_of[r * width + c]];
            }
        k->around_count[cell] = n;
        k->around_letters[cell] = near;
    }
    for (int step = 0; step < k->steps; step++)
        for (int column = 0; column < P_FACES; column++) {
            int bits = k->field_bits;
            uint64_t value = (uint64_t)(column + 1) & ((1u << bits) - 1);
            k->field_high[step][column] = step < k->high_steps ? value << (60 - bits * (step + 1)) : 0;
            k->field_low[step][column] = step < k->high_steps ? 0 : value << (64 - bits * (step - k->high_steps + 1));
        }
    return 1;
}

static void free_class(Class *k) {
    PyMem_Free(k->paths);
    PyMem_Free(k->arena);
    PyMem_Free(k->found);
    for (int s = 0; s < P_MAX_CELLS; s++) PyMem_Free(k->open[s]);
}

/* The class's words as sorted paths, counted once per key, and the shared leaves made; 0 when memory ran out. */
static int gather(Class *k) {
    const uint32_t *table = k->prover->table;
    double start = cpu_seconds();
    for (int cell = 0; cell < k->cells && !k->failed; cell++) {
        int step = k->step_of[cell];
        for (uint32_t left = k->letters[step] & table[P_FACES]; left; left &= left - 1) {
            int column = LOWEST(left);
            walk(k, cell, table[column], k->prover->length[column], k->prover->rank[column], 1u << cell,
                 k->field_high[step][column], k->field_low[step][column]);
        }
    }
    double walked = cpu_seconds();
    k->paths_found = k->path_count;
    if (k->failed) return 0;
    sort_paths(k);
    count_once(k);
    k->paths_kept = k->path_count;
    if (k->path_count && k->path_count < k->path_size) { /* the room of the paths dropped given back */
        Path *kept = PyMem_Realloc(k->paths, k->path_count * sizeof(Path));
        if (kept) k->paths = kept, k->path_size = k->path_count;
    }
    double sorted = cpu_seconds();
    k->walk_seconds = walked - start, k->sort_seconds = sorted - walked;
    k->top = 1; /* index 0 is no node */
    for (uint32_t p = 0; p <= P_LEAVES; p++) k->leaves[p] = 0;
    for (uint32_t p = 0; p <= P_LEAVES; p++) {
        uint32_t leaf = new_sum(k, p, 0);
        if (!leaf) return 0;
        k->leaves[p] = leaf;
    }
    k->nodes = 0;
    return 1;
}

static void free_paths(Class *k) {
    PyMem_Free(k->paths);
    k->paths = NULL;
    k->path_count = k->path_size = 0;
}

/* The class proved: its bound, or -1 when memory ran out. A class of split_paths paths or more is forced
 * at its first cell as it is built (attack_split); a smaller one has its whole tree built, then attacked. */
static long prove_class(Class *k) {
    if (!gather(k)) return -1;
    double built = cpu_seconds();
    if (k->split_paths && k->path_count >= k->split_paths) {
        long bound = attack_split(k);
        free_paths(k);
        return k->failed ? -1 : bound;
    }
    uint32_t root = build_sum(k, 0, k->path_count, 0);
    k->build_seconds = cpu_seconds() - built;
    k->tree_top = k->top, k->tree_nodes = k->nodes;
    free_paths(k);
    if (!root) return -1;
    attack(k, root, 0);
    return k->failed ? -1 : (long)BOUND(root);
}

static PyObject *Prover_prove(Prover *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"letters", "height", "width", "order", "threshold", "switchover", "searched", "min_length",
                             "split", NULL};
    PyObject *letters, *order;
    int height, width, searched, min_length;
    long threshold, switchover;
    Py_ssize_t split = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiiOllii|n", kwlist, &letters, &height, &width, &order, &threshold,
                                     &switchover, &searched, &min_length, &split))
        return NULL;
    if (!self->table) return PyErr_SetString(PyExc_ValueError, "the prover has no table"), NULL;
    Class *k = PyMem_Calloc(1, sizeof(Class));
    if (!k) return PyErr_NoMemory();
    k->prover = self;
    k->threshold = threshold;
    k->switchover = switchover;
    k->searched = searched < 0 ? 0 : searched;
    k->min_length = min_length;
    k->split_paths = split < 0 ? 0 : (size_t)split;
    PyObject *result = NULL;
    if (!prepare(k, letters, height, width, order)) goto done;
    long bound = prove_class(k);
    if (bound < 0) {
        if (k->too_large && !PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a class whose bound passes 2**28 points: cut it into smaller classes");
        if (!PyErr_Occurred()) PyErr_NoMemory();
        goto done;
    }
    /* The class's memory goes back before the boards become one bytes object. */
    PyMem_Free(k->paths), PyMem_Free(k->arena);
    k->paths = NULL, k->arena = NULL;
    const char *found = k->found ? (const char *)k->found : "";
    result = Py_BuildValue("{s:l,s:y#,s:L,s:L,s:L,s:L,s:n,s:n,s:n,s:n,s:d,s:d,s:d}", "bound", bound, "found", found,
                           (Py_ssize_t)(k->found_count * FOUND_BYTES(k->cells)),
                           "nodes", k->nodes, "tree_nodes", k->tree_nodes, "forces", k->forces, "searches", k->searches,
                           "peak_bytes", (Py_ssize_t)(k->peak * sizeof(uint32_t)),
                           "tree_bytes", (Py_ssize_t)(k->tree_top * sizeof(uint32_t)), "paths", (Py_ssize_t)k->paths_found,
                           "keys", (Py_ssize_t)k->paths_kept, "walk_seconds", k->walk_seconds, "sort_seconds",
                           k->sort_seconds, "build_seconds", k->build_seconds);
done:
    free_class(k);
    PyMem_Free(k);
    return result;
}

static PyMethodDef Prover_methods[] = {
    {"prove", (PyCFunction)(void (*)(void))Prover_prove, METH_VARARGS | METH_KEYWORDS,
     "prove(letters, height, width, order, threshold, switchover, searched, min_length, split=0) -> {bound, found: "
     "bytes, cells + 4 a board: each cell's column, then D(B) as a native uint32, for every board of the class with "
     "D(B) >= threshold (research/prove.py reads them), nodes, tree_nodes, forces, "
     "searches, peak_bytes, tree_bytes, ...}. letters: per cell, its face columns (of the prover's faces); order: the "
     "cells in the order the tree takes them; searched: cells left to the plain search at most; split: a class with "
     "this many words' paths or more forces its first cell as its tree is built (0: never)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ProverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_boggle_core.Prover",
    .tp_doc = PyDoc_STR("Prover(table, points, letters, pairs): proves classes of boards against a trie table whose "
                        "columns are `letters` letters, then a two-letter face per (first, second) pair (see "
                        "research/prove.py)."),
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
