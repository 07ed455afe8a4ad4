/* The engine's hot paths in C: solve a board, score boards for the search.
 *
 * It reads the same DAWG table as the Python engine (boggle_tui/engine/trie.py):
 * rows of STRIDE unsigned 32-bit entries, one column per face of the list's language
 * (its letters in code-point order, then its two-letter faces; English: 26 letters, then
 * Qu An Er He In Th), and last a bitmask of the faces with an entry. An entry is
 * `child_offset << 1 | child_ends_a_word`, 0 where no word continues. The faces' texts
 * come with the table (`Core(table, points, faces)`), UTF-8, one letter a character: a
 * face of two letters is a two-letter face, whose entry the builder derived from its letters.
 *
 * The table is checked in place, never copied: the Core holds Python's buffer (an array cannot be
 * resized while it is held). The walk reads the core's own compact form of it (`build_nodes`: a
 * row's bitmask, then each entry beside its rank offset), made once from the checked table, so a
 * table changed afterwards changes nothing the walk reads.
 *
 * A DAWG shares the ends of words, so one node can end many words and cannot say
 * which word was found. Words are numbered instead: every word's rank in alphabetical
 * order is the sum of an offset per step, and a word is new on this board when its stamp
 * is not this board's generation. So a board is solved without building a string per step,
 * and each word is counted once. The offsets are kept only for the entries that exist, beside
 * them in the nodes: an entry's place in its node is the count of faces before its column in
 * the node's bitmask.
 *
 * A word keeps the first path found, and the search takes paths in the canonical order that
 * solver.py defines (the least path, die by die by cell number): starts in row-major order,
 * each die's neighbours in row-major order (`around`, built so in `prepare`), depth first, a
 * word noted as soon as it is reached (`visit`, and for the usual shapes the same walk written
 * out cell by cell: `visit_for`). Both engines so give every word the same path.
 *
 * Everything that comes from Python is checked: the table's shape and alignment, every child
 * offset, each row's bitmask and the rows' order (once, when a Core is made: `number_words`),
 * the board's size and every face column (on every call). The Python engine in solver.py is
 * the reference: both must agree.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <limits.h>
#include <string.h>

#define FACES 32      /* columns of faces; the next column is the bitmask */
#define STRIDE 33
#define FACE_BYTES 8  /* the most UTF-8 bytes of a face's text, with its terminating zero */
#define MAX_CELLS 1024 /* must match board.MAX_CELLS */
#define MAX_NEIGHBOURS 8

/* The interface boggle_tui/engine/core.py expects: bumped whenever a call, an argument or the
 * table's layout changes, so that Python never drives a core built for another interface. */
#define INTERFACE 8
/* The SHA-256 of this file, given by setup.py at build time: a checkout compares it with its own
 * copy of the source, so a core installed from an older source is never used by newer Python. */
#ifndef SOURCE_SHA256
#define SOURCE_SHA256 ""
#endif

/* English's faces: the faces when none are given. */
static const char *ENGLISH[FACES] = {
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q",
    "r", "s", "t", "u", "v", "w", "x", "y", "z", "qu", "an", "er", "he", "in", "th",
};

/* Whether the walks written out by shape (`visit_for`) are built twice, once for processors with a popcount
 * instruction: GCC and Clang on x86, whose builtins take a function's target and test the processor. */
#if !defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define HAS_POPCNT_CLONES 1
#else
#define HAS_POPCNT_CLONES 0
#endif

/* How many bits are set: an entry's place among its row's entries, from the row's bitmask. */
#if defined(__POPCNT__)
#define count_bits(x) ((uint32_t)__builtin_popcount(x))
#else
static uint32_t count_bits(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
}
#endif

/* The entries of a row's bitmask before `column`: where that column's entry is among the row's. */
static inline uint32_t place(uint32_t faces, int column) {
    return count_bits(faces & (((uint32_t)1 << column) - 1));
}

typedef struct {
    PyObject_HEAD
    Py_buffer view;         /* Python's table, held while the Core reads it (view.obj is NULL when none) */
    const uint32_t *table;  /* view.buf: read in place */
    uint32_t *first;        /* while numbering: per row, where its entries' rank offsets start in `rank` */
    uint32_t *rank;         /* while numbering: per entry that exists, row by row, what a step through it adds
                             * to a word's rank */
    uint32_t *nodes;        /* the table as the walk reads it (`build_nodes`); NULL until built */
    uint32_t *stamps;       /* per word: the generation of the last board it was found on */
    Py_ssize_t entries;     /* the table's length */
    uint32_t words;
    uint32_t generation;
    int points[64]; /* points by word length; the last applies to every longer word */
    char text[FACES][FACE_BYTES]; /* each face's letters, UTF-8; "" for a column the language leaves empty */
    unsigned char bytes[FACES];   /* the length of each face's text in bytes */
    unsigned char letters[FACES]; /* ... and in letters: what it adds to a word's length */
    signed char pair_first[FACES], pair_second[FACES]; /* a two-letter face's letters' columns; -1 for a letter */
    /* The required words (boggle_tui/game/tiers.py), when set (`set_required`): their UTF-8 text, each followed by
     * a zero byte, and an open-addressing table of where each starts (+ 1; 0 is an empty slot), a power of two
     * slots, at most half full. The JSON writers give each word its tier by it. */
    char *required;
    uint32_t *required_slots;
    uint32_t required_mask;
    unsigned char *tier_of; /* per word, by rank: 0 not looked up yet, 1 bonus, 2 required (a batch meets the same
                             * words board after board: each is looked up once) */
} Core;

/* A word found: its rank (alphabetical order) and where its text and path are kept. */
typedef struct {
    uint32_t rank;
    int length;         /* letters */
    int dice;           /* dice on its path */
    Py_ssize_t path;    /* where its path starts in Walk.cells */
} Found;

/* One board being solved. */
typedef struct {
    Core *core;
    int size;  /* dice on the board */
    int width; /* dice in a row */
    int columns[MAX_CELLS];
    int around[MAX_CELLS][MAX_NEIGHBOURS]; /* usable neighbours of each cell */
    int around_count[MAX_CELLS];
    uint32_t around_faces[MAX_CELLS]; /* faces next to each cell, as a bitmask */
    uint32_t before[MAX_CELLS];       /* the faces before each cell's face's column, as a bitmask */
    unsigned char used[MAX_CELLS];
    int path[MAX_CELLS];
    int min_length;
    /* What is found: always the total; each word and its path when `keep` is set. */
    long total;
    long count;
    int keep;
    int failed;
    Found *words;
    Py_ssize_t words_size;
    Found *spare;    /* sort_by_rank's: the words again, in order */
    Py_ssize_t spare_size;
    uint64_t *keys;  /* sort_by_rank's: each word's rank and place */
    Py_ssize_t keys_size;
    int *cells;                 /* the paths of the words, one after another */
    Py_ssize_t cells_used, cells_size;
} Walk;

/* Back to a Core without a table: every buffer freed, Python's table let go. */
static void forget_table(Core *self) {
    PyMem_Free(self->first);
    PyMem_Free(self->rank);
    PyMem_Free(self->nodes);
    PyMem_Free(self->stamps);
    self->first = self->rank = self->nodes = self->stamps = NULL;
    self->table = NULL;
    if (self->view.obj) PyBuffer_Release(&self->view);
    self->view.obj = NULL;
}

static void forget_required(Core *self) {
    PyMem_Free(self->required);
    PyMem_Free(self->required_slots);
    PyMem_Free(self->tier_of);
    self->required = NULL;
    self->required_slots = NULL;
    self->tier_of = NULL;
    self->required_mask = 0;
}

static void Core_dealloc(Core *self) {
    forget_table(self);
    forget_required(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The rank offset of the entry at `column` of the row at `base`: 0 where the row has no entry there. */
static uint32_t rank_at(const Core *self, Py_ssize_t base, int column) {
    const uint32_t *row = self->table + base;
    if (!row[column]) return 0;
    return self->rank[self->first[base / STRIDE] + place(row[FACES], column)];
}

/* Check every entry and number the words, in one pass over the rows, children first: every
 * row's children lie in earlier rows (the root's anywhere after it), as Trie.build writes them
 * (a node is written once its children are; the root is then copied to row 0). So each row's
 * count of words below it is known when its parents are reached, and no word continues
 * forever. An entry's rank offset is what the words in earlier columns of its row add; a
 * two-letter face's is its first letter's, that letter's own word, and the second letter's
 * below it. A row's bitmask must name exactly its entries: the search skips a row by it, and
 * an entry's rank is found by it. A table that breaks the order, points outside itself or has
 * a bitmask that lies is refused. */
static int number_words(Core *self) {
    Py_ssize_t rows = self->entries / STRIDE;
    const uint32_t *table = self->table;
    uint32_t *below = PyMem_Calloc((size_t)rows, sizeof(uint32_t));
    self->first = PyMem_Malloc((size_t)rows * sizeof(uint32_t));
    if (!below || !self->first) {
        PyMem_Free(below);
        PyErr_NoMemory();
        return 0;
    }
    uint32_t count = 0; /* at most 32 a row: no overflow, as rows <= UINT32_MAX / 2 / STRIDE */
    for (Py_ssize_t row = 0; row < rows; row++) {
        self->first[row] = count;
        count += count_bits(table[row * STRIDE + FACES]);
    }
    /* FACES spare entries at the end: a row whose bitmask undercounts its entries (refused below,
     * or changed after this check) never takes `visit` or this pass past the end. */
    self->rank = PyMem_Calloc((size_t)count + FACES, sizeof(uint32_t));
    if (!self->rank) {
        PyMem_Free(below);
        PyErr_NoMemory();
        return 0;
    }
    int ok = 1;
    for (Py_ssize_t n = 1; ok && n <= rows; n++) {
        Py_ssize_t row = n % rows; /* rows 1, 2, ... and the root, row 0, last */
        Py_ssize_t end = row ? row : rows; /* children lie before this row */
        const uint32_t *entries = table + row * STRIDE;
        uint32_t *ranks = self->rank + self->first[row];
        uint64_t sum = 0;
        uint32_t faces = 0;
        for (int c = 0; c < FACES; c++) {
            uint32_t e = entries[c];
            if (!e) continue;
            Py_ssize_t child = (Py_ssize_t)(e >> 1);
            if (child % STRIDE != 0 || child / STRIDE >= end || child == 0) {
                PyErr_SetString(PyExc_ValueError, child % STRIDE != 0 || child / STRIDE >= rows
                                                      ? "not a trie table: an entry points outside it"
                                                      : "not a trie table: a row's children must come before it");
                ok = 0;
                break;
            }
            if (self->pair_first[c] < 0) { /* two-letter faces: below, once the letters are done */
                ranks[count_bits(faces)] = (uint32_t)sum;
                sum += (e & 1) + below[child / STRIDE];
            }
            faces |= (uint32_t)1 << c;
        }
        if (ok && faces != entries[FACES]) {
            PyErr_SetString(PyExc_ValueError, "not a trie table: a row's bitmask does not name its entries");
            ok = 0;
        }
        if (ok && sum > UINT32_MAX - 1) {
            PyErr_SetString(PyExc_ValueError, "too many words");
            ok = 0;
        }
        if (!ok) break;
        below[row] = (uint32_t)sum;
        for (int c = 0; c < FACES; c++) {
            int a = self->pair_first[c], b = self->pair_second[c];
            if (a < 0) continue;
            uint32_t e1 = entries[a];
            if (!e1 || !entries[c]) continue;
            ranks[place(faces, c)] = rank_at(self, row * STRIDE, a) + (e1 & 1) + rank_at(self, (Py_ssize_t)(e1 >> 1), b);
        }
    }
    if (ok) self->words = below[0];
    PyMem_Free(below);
    return ok;
}

/* The table as the walk reads it: each row a node of its bitmask, then (child, rank offset) for each entry it
 * has, in column order; a child is `node offset << 1 | ends a word`. A step so reads one node's few words
 * together (the row's entry, the child's bitmask beside its entries, the rank offset beside the entry), where the
 * table spread them over a 132-byte row, the child row's far end and two more arrays: rich boards were a third
 * slower than danvk's pointer trie for that (benchmarks/NOTES.md, issue 41). 4 bytes a row and 8 an entry
 * (1.3 MB for enable1's 54,153 rows and 137,609 entries), made once from the checked table (`number_words` first):
 * the walk never reads Python's table, so a table changed after the check cannot take it anywhere. `first` and
 * `rank` are freed once it is made. */
static int build_nodes(Core *self) {
    Py_ssize_t rows = self->entries / STRIDE;
    const uint32_t *table = self->table;
    uint32_t *at = PyMem_Malloc((size_t)rows * sizeof(uint32_t)); /* each row's node offset */
    if (!at) {
        PyErr_NoMemory();
        return 0;
    }
    uint64_t size = 0;
    for (Py_ssize_t row = 0; row < rows; row++) {
        at[row] = (uint32_t)size;
        size += 1 + 2 * (uint64_t)count_bits(table[row * STRIDE + FACES]);
        if (size > (UINT32_MAX >> 1)) { /* a child's offset must fit beside its word bit */
            PyMem_Free(at);
            PyErr_SetString(PyExc_ValueError, "not a trie table: too large");
            return 0;
        }
    }
    self->nodes = PyMem_Malloc((size_t)size * sizeof(uint32_t));
    if (!self->nodes) {
        PyMem_Free(at);
        PyErr_NoMemory();
        return 0;
    }
    for (Py_ssize_t row = 0; row < rows; row++) {
        const uint32_t *entries = table + row * STRIDE;
        uint32_t *node = self->nodes + at[row];
        const uint32_t *ranks = self->rank + self->first[row];
        node[0] = entries[FACES];
        int i = 0;
        for (int c = 0; c < FACES; c++) {
            uint32_t e = entries[c];
            if (!e) continue;
            node[1 + 2 * i] = at[(e >> 1) / STRIDE] << 1 | (e & 1); /* children checked by number_words */
            node[2 + 2 * i] = ranks[i];
            i++;
        }
    }
    PyMem_Free(at);
    PyMem_Free(self->first);
    PyMem_Free(self->rank);
    self->first = self->rank = NULL;
    return 1;
}

/* One face's text: a letter (one character) or a two-letter face (two); count its bytes and letters. */
static int set_face(Core *self, int c, const char *text, Py_ssize_t size) {
    if (size < 0 || size >= FACE_BYTES) {
        PyErr_SetString(PyExc_ValueError, "faces: a face is at most two letters");
        return 0;
    }
    memcpy(self->text[c], text, (size_t)size);
    self->text[c][size] = 0;
    self->bytes[c] = (unsigned char)size;
    int letters = 0;
    for (Py_ssize_t i = 0; i < size; i++) letters += ((unsigned char)text[i] & 0xC0) != 0x80;
    if (letters > 2) {
        PyErr_SetString(PyExc_ValueError, "faces: a face is at most two letters");
        return 0;
    }
    self->letters[c] = (unsigned char)letters;
    self->pair_first[c] = self->pair_second[c] = -1;
    return 1;
}

/* A two-letter face's letters: the columns whose texts are its first and second letter. */
static int pair_faces(Core *self) {
    for (int c = 0; c < FACES; c++) {
        if (self->letters[c] != 2) continue;
        const char *text = self->text[c];
        int split = 1;
        while (((unsigned char)text[split] & 0xC0) == 0x80) split++;
        for (int l = 0; l < FACES; l++) {
            if (self->letters[l] != 1) continue;
            if (self->bytes[l] == split && !memcmp(self->text[l], text, (size_t)split)) self->pair_first[c] = (signed char)l;
            if (self->bytes[l] == self->bytes[c] - split && !strcmp(self->text[l], text + split))
                self->pair_second[c] = (signed char)l;
        }
        if (self->pair_first[c] < 0 || self->pair_second[c] < 0) {
            PyErr_SetString(PyExc_ValueError, "faces: a two-letter face's letters must be faces too");
            return 0;
        }
    }
    return 1;
}

/* The faces' texts from Python (a sequence of at most FACES strings), or English's. */
static int read_faces(Core *self, PyObject *faces) {
    memset(self->text, 0, sizeof self->text);
    memset(self->bytes, 0, sizeof self->bytes);
    memset(self->letters, 0, sizeof self->letters);
    memset(self->pair_first, -1, sizeof self->pair_first);
    memset(self->pair_second, -1, sizeof self->pair_second);
    if (faces == NULL || faces == Py_None) {
        for (int c = 0; c < FACES; c++)
            if (!set_face(self, c, ENGLISH[c], (Py_ssize_t)strlen(ENGLISH[c]))) return 0;
        return pair_faces(self);
    }
    PyObject *seq = PySequence_Fast(faces, "faces must be a sequence of strings");
    if (!seq) return 0;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int ok = n >= 1 && n <= FACES;
    if (!ok) PyErr_Format(PyExc_ValueError, "faces: 1 to %d faces", FACES);
    for (Py_ssize_t c = 0; ok && c < n; c++) {
        Py_ssize_t size;
        const char *text = PyUnicode_AsUTF8AndSize(PySequence_Fast_GET_ITEM(seq, c), &size);
        ok = text != NULL && size > 0 && set_face(self, (int)c, text, size);
        if (text && size == 0) PyErr_SetString(PyExc_ValueError, "faces: a face has a letter");
    }
    Py_DECREF(seq);
    return ok && pair_faces(self);
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"table", "points", "faces", NULL};
    Py_buffer view;
    PyObject *points, *faces = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*O|O", kwlist, &view, &points, &faces)) return -1;
    forget_table(self);
    forget_required(self); /* its tiers are numbered by the old table's ranks */
    if (!read_faces(self, faces)) goto refused;
    if (view.len % (STRIDE * 4) != 0 || view.len == 0) {
        PyErr_SetString(PyExc_ValueError, "not a trie table: its size is not a whole number of rows");
        goto refused;
    }
    if ((uintptr_t)view.buf % sizeof(uint32_t) != 0) {
        PyErr_SetString(PyExc_ValueError, "not a trie table: its buffer is not aligned to 4 bytes");
        goto refused;
    }
    Py_ssize_t entries = view.len / 4;
    if (entries / STRIDE > (Py_ssize_t)(UINT32_MAX >> 1) / STRIDE) {
        PyErr_SetString(PyExc_ValueError, "not a trie table: too large");
        goto refused;
    }
    PyObject *seq = PySequence_Fast(points, "points must be a sequence of integers");
    if (!seq) goto refused;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1 || n > 64) {
        PyErr_SetString(PyExc_ValueError, "points: 1 to 64 lengths");
        Py_DECREF(seq);
        goto refused;
    }
    for (Py_ssize_t i = 0; i < 64; i++) {
        long p = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i < n ? i : n - 1));
        if (p == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            goto refused;
        }
        if (p < 0 || p > 1000000) {
            PyErr_SetString(PyExc_ValueError, "points out of range");
            Py_DECREF(seq);
            goto refused;
        }
        self->points[i] = (int)p;
    }
    Py_DECREF(seq);
    self->view = view; /* held from here: forget_table releases it */
    self->table = view.buf;
    self->entries = entries;
    if (!number_words(self) || !build_nodes(self)) goto failed;
    self->stamps = PyMem_Calloc((size_t)self->words + 1, sizeof(uint32_t));
    if (!self->stamps) {
        PyErr_NoMemory();
        goto failed;
    }
    self->generation = 0;
    return 0;
refused:
    PyBuffer_Release(&view);
    return -1;
failed:
    forget_table(self);
    return -1;
}

/* A new generation of stamps: every word is unfound again. */
static void next_generation(Core *core) {
    if (++core->generation == 0) {
        memset(core->stamps, 0, ((size_t)core->words + 1) * sizeof(uint32_t));
        core->generation = 1;
    }
}

/* Grow a buffer to hold `need` items; a failure is remembered and ends the walk. */
static int grow(Walk *w, void **buffer, Py_ssize_t *size, Py_ssize_t need, size_t item) {
    if (need <= *size) return 1;
    Py_ssize_t wanted = *size ? *size : 256;
    while (wanted < need) wanted *= 2;
    void *bigger = PyMem_Realloc(*buffer, (size_t)wanted * item);
    if (!bigger) {
        w->failed = 1;
        return 0;
    }
    *buffer = bigger;
    *size = wanted;
    return 1;
}

static void found(Walk *w, int depth, int length, uint32_t rank) {
    Core *core = w->core;
    if (length < w->min_length || rank >= core->words || core->stamps[rank] == core->generation) return;
    core->stamps[rank] = core->generation;
    w->total += core->points[length < 64 ? length : 63];
    Py_ssize_t n = w->count++;
    if (!w->keep || w->failed) return;
    if (!grow(w, (void **)&w->words, &w->words_size, n + 1, sizeof(Found)) ||
        !grow(w, (void **)&w->cells, &w->cells_size, w->cells_used + depth + 1, sizeof(int)))
        return;
    w->words[n] = (Found){rank, length, depth + 1, w->cells_used};
    memcpy(w->cells + w->cells_used, w->path, (size_t)(depth + 1) * sizeof(int));
    w->cells_used += depth + 1;
}

/* Whether a step onto a die is worth taking: it ends a word, or a face around the die goes on
 * from it (`around`). */
static inline int worth_visiting(const uint32_t *nodes, uint32_t step, uint32_t around) {
    return (step & 1) || (nodes[step >> 1] & around);
}

/* `step` is the step onto `cell` (at `depth` in the path), one worth taking; `rank` the word's
 * rank so far. */
static void visit(Walk *w, int cell, int depth, int length, uint32_t step, uint32_t rank) {
    length += w->core->letters[w->columns[cell]];
    w->path[depth] = cell;
    if (step & 1) found(w, depth, length, rank);
    const uint32_t *nodes = w->core->nodes;
    const uint32_t *node = nodes + (step >> 1);
    uint32_t faces = node[0];
    if (!(faces & w->around_faces[cell])) return; /* no neighbour goes on */
    rank += step & 1;
    w->used[cell] = 1;
    for (int i = 0; i < w->around_count[cell]; i++) {
        int next = w->around[cell][i];
        if (w->used[next] || !(faces >> w->columns[next] & 1)) continue;
        const uint32_t *entry = node + 1 + 2 * count_bits(faces & w->before[next]);
        if (worth_visiting(nodes, entry[0], w->around_faces[next])) visit(w, next, depth + 1, length, entry[0], rank + entry[1]);
    }
    w->used[cell] = 0;
}

/* The same walk for the usual shapes, one function each, whose neighbour loop is written out cell by cell: a
 * `switch` on the cell, then a test and a step for each neighbour (`STEP`), in row-major order as `visit` takes
 * them. Each step so has a branch of its own, which the processor predicts for that cell and neighbour; the one
 * loop of `visit` shares its few branches among all of them, and rich boards were a third slower than danvk's
 * Boggler, which is written so (benchmarks/NOTES.md, issue 41). The dice used are a bitmask in a register; the
 * blanks are in it from the start, so a step never reaches one. Every word, path and order as `visit` gives. */
#define NEAR(H, W, c, dr, dc) \
    ((c) < (H) * (W) && (c) / (W) + (dr) >= 0 && (c) / (W) + (dr) < (H) && (c) % (W) + (dc) >= 0 && (c) % (W) + (dc) < (W))
#define STEP_TO(H, W, c, dr, dc) \
    if (NEAR(H, W, c, dr, dc)) STEP(H, W, ((c) + (dr) * (W) + (dc)) & 63)
#define CELL(H, W, c)                                                                            \
    case c:                                                                                      \
        STEP_TO(H, W, c, -1, -1); STEP_TO(H, W, c, -1, 0); STEP_TO(H, W, c, -1, 1);              \
        STEP_TO(H, W, c, 0, -1); STEP_TO(H, W, c, 0, 1);                                         \
        STEP_TO(H, W, c, 1, -1); STEP_TO(H, W, c, 1, 0); STEP_TO(H, W, c, 1, 1);                 \
        break;
#define CELLS_0_TO_35(H, W)                                                                                    \
    CELL(H, W, 0) CELL(H, W, 1) CELL(H, W, 2) CELL(H, W, 3) CELL(H, W, 4) CELL(H, W, 5) CELL(H, W, 6)         \
    CELL(H, W, 7) CELL(H, W, 8) CELL(H, W, 9) CELL(H, W, 10) CELL(H, W, 11) CELL(H, W, 12) CELL(H, W, 13)     \
    CELL(H, W, 14) CELL(H, W, 15) CELL(H, W, 16) CELL(H, W, 17) CELL(H, W, 18) CELL(H, W, 19) CELL(H, W, 20) \
    CELL(H, W, 21) CELL(H, W, 22) CELL(H, W, 23) CELL(H, W, 24) CELL(H, W, 25) CELL(H, W, 26) CELL(H, W, 27) \
    CELL(H, W, 28) CELL(H, W, 29) CELL(H, W, 30) CELL(H, W, 31) CELL(H, W, 32) CELL(H, W, 33) CELL(H, W, 34) \
    CELL(H, W, 35)
#define STEP(H, W, n)                                                                                         \
    do {                                                                                                      \
        if (!(used >> (n) & 1) && (faces >> w->columns[n] & 1)) {                                           \
            const uint32_t *entry = node + 1 + 2 * POPCOUNT(faces & w->before[n]);                            \
            if (worth_visiting(nodes, entry[0], w->around_faces[n]))                                           \
                NAME(H, W)(w, n, depth + 1, length, entry[0], rank + entry[1], used);                         \
        }                                                                                                     \
    } while (0)
#define DEFINE_VISIT(H, W)                                                                                    \
    static ATTRIBUTES void NAME(H, W)(Walk *w, int cell, int depth, int length, uint32_t step, uint32_t rank, \
                                      uint64_t used) {                                                        \
        length += w->core->letters[w->columns[cell]];                                                         \
        w->path[depth] = cell;                                                                                \
        if (step & 1) found(w, depth, length, rank);                                                          \
        const uint32_t *nodes = w->core->nodes;                                                               \
        const uint32_t *node = nodes + (step >> 1);                                                           \
        uint32_t faces = node[0];                                                                             \
        if (!(faces & w->around_faces[cell])) return;                                                         \
        rank += step & 1;                                                                                     \
        used |= (uint64_t)1 << cell;                                                                          \
        switch (cell) { CELLS_0_TO_35(H, W) }                                                                 \
    }
#define SHAPES DEFINE_VISIT(3, 3) DEFINE_VISIT(3, 4) DEFINE_VISIT(4, 4) DEFINE_VISIT(5, 5) DEFINE_VISIT(6, 6)
#define ATTRIBUTES
#define POPCOUNT count_bits
#define NAME(H, W) visit_##H##x##W
SHAPES
#undef ATTRIBUTES
#undef POPCOUNT
#undef NAME
/* And again with the processor's popcount instruction, where the compiler can target it while the build does not
 * (no -mpopcnt: the wheel must run on any x86-64): chosen at run time when the processor has it (`visit_for`),
 * 15% off rich boards (benchmarks/NOTES.md). */
#if HAS_POPCNT_CLONES
#define ATTRIBUTES __attribute__((target("popcnt")))
#define POPCOUNT __builtin_popcount
#define NAME(H, W) visit_##H##x##W##_popcnt
SHAPES
#undef ATTRIBUTES
#undef POPCOUNT
#undef NAME
#endif
#undef SHAPES
#undef DEFINE_VISIT
#undef STEP
#undef CELLS_0_TO_35
#undef CELL
#undef STEP_TO
#undef NEAR

typedef void (*Visit)(Walk *w, int cell, int depth, int length, uint32_t step, uint32_t rank, uint64_t used);

/* The walk written out for the board's shape, or NULL for another shape (`visit` walks it). */
static Visit visit_for(int height, int width) {
#if HAS_POPCNT_CLONES
    if (__builtin_cpu_supports("popcnt")) {
        if (height == 4 && width == 4) return visit_4x4_popcnt;
        if (height == 5 && width == 5) return visit_5x5_popcnt;
        if (height == 6 && width == 6) return visit_6x6_popcnt;
        if (height == 3 && width == 3) return visit_3x3_popcnt;
        if (height == 3 && width == 4) return visit_3x4_popcnt;
        return NULL;
    }
#endif
    if (height == 4 && width == 4) return visit_4x4;
    if (height == 5 && width == 5) return visit_5x5;
    if (height == 6 && width == 6) return visit_6x6;
    if (height == 3 && width == 3) return visit_3x3;
    if (height == 3 && width == 4) return visit_3x4;
    return NULL;
}

/* A board whose columns are in `w->columns` (each -1 to FACES - 1; -1 a blank): ready to walk. */
static void prepare_columns(Walk *w, Core *core, int height, int width, int min_length) {
    int cells = height * width;
    w->core = core;
    w->size = cells;
    w->width = width;
    w->min_length = min_length;
    w->total = w->count = 0;
    w->cells_used = 0;
    w->failed = 0;
    for (int i = 0; i < cells; i++) {
        int c = w->columns[i];
        w->before[i] = c < 0 ? 0 : ((uint32_t)1 << c) - 1;
        w->used[i] = 0;
    }
    for (int cell = 0; cell < cells; cell++) {
        int row = cell / width, column = cell % width, n = 0;
        uint32_t faces = 0;
        for (int r = row - 1; r <= row + 1; r++) {
            for (int c = column - 1; c <= column + 1; c++) {
                if (r < 0 || r >= height || c < 0 || c >= width || (r == row && c == column)) continue;
                int next = r * width + c;
                if (w->columns[next] < 0) continue; /* a blank: no word crosses it */
                w->around[cell][n++] = next;
                faces |= (uint32_t)1 << w->columns[next];
            }
        }
        w->around_count[cell] = n;
        w->around_faces[cell] = faces;
    }
}

/* Read a board's columns and shape from Python, checking every value. */
static int prepare(Walk *w, Core *core, PyObject *columns, int height, int width, int min_length) {
    if (!core->nodes) {
        PyErr_SetString(PyExc_ValueError, "the core has no table");
        return 0;
    }
    if (height < 1 || width < 1 || (long)height * width > MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "a board has 1 to %d cells", MAX_CELLS);
        return 0;
    }
    PyObject *seq = PySequence_Fast(columns, "columns must be a sequence of integers");
    if (!seq) return 0;
    int cells = height * width;
    if (PySequence_Fast_GET_SIZE(seq) != cells) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "columns do not fill the board");
        return 0;
    }
    for (int i = 0; i < cells; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return 0;
        }
        if (c < -1 || c >= FACES) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a face column is out of range");
            return 0;
        }
        w->columns[i] = (int)c;
    }
    Py_DECREF(seq);
    prepare_columns(w, core, height, width, min_length);
    return 1;
}

static void walk_board(Walk *w) {
    next_generation(w->core);
    Visit shaped = visit_for(w->size / w->width, w->width);
    uint64_t blanks = 0;
    for (int cell = 0; shaped && cell < w->size; cell++)
        if (w->columns[cell] < 0) blanks |= (uint64_t)1 << cell;
    for (int cell = 0; cell < w->size && !w->failed; cell++) {
        int column = w->columns[cell];
        if (column < 0) continue;
        const uint32_t *root = w->core->nodes; /* row 0, the root, is node 0 */
        if (!(root[0] >> column & 1)) continue;
        const uint32_t *entry = root + 1 + 2 * count_bits(root[0] & w->before[cell]);
        if (!worth_visiting(root, entry[0], w->around_faces[cell])) continue;
        if (shaped) shaped(w, cell, 0, 0, entry[0], entry[1], blanks);
        else visit(w, cell, 0, 0, entry[0], entry[1]);
    }
}

static Walk *new_walk(int keep) {
    Walk *w = PyMem_Malloc(sizeof(Walk));
    if (!w) {
        PyErr_NoMemory();
        return NULL;
    }
    w->keep = keep;
    w->words = w->spare = NULL;
    w->keys = NULL;
    w->cells = NULL;
    w->words_size = w->spare_size = w->keys_size = w->cells_size = 0;
    return w;
}

static void free_walk(Walk *w) {
    PyMem_Free(w->words);
    PyMem_Free(w->spare);
    PyMem_Free(w->keys);
    PyMem_Free(w->cells);
    PyMem_Free(w);
}

/* Sort found words by rank, i.e. alphabetically: a shell sort of one 64-bit key a word (its rank, then its
 * place), then the words put in that order (no qsort: glibc's was a fifth of a solve; keys rather than the
 * 24-byte words themselves: a batch of rolled boards sorted in half the time). 0 when memory runs out. */
static int sort_by_rank(Walk *w) {
    Py_ssize_t n = w->count;
    /* keys holds two arrays of n: a byte of the rank at a time, from the lowest, each pass moves the keys from one to
     * the other by counting (a stable radix sort: a board's few hundred words take a few passes of 256 buckets, where a
     * comparison sort's branches mispredict). Ranks are unique, so the order is the same whatever the sort. */
    if (!grow(w, (void **)&w->keys, &w->keys_size, 2 * n, sizeof(uint64_t)) ||
        !grow(w, (void **)&w->spare, &w->spare_size, n, sizeof(Found)))
        return 0;
    uint64_t *keys = w->keys, *other = w->keys + n;
    for (Py_ssize_t i = 0; i < n; i++) keys[i] = (uint64_t)w->words[i].rank << 32 | (uint64_t)i; /* n < 2^32 words */
    for (int shift = 32; shift < 64 && (w->core->words >> (shift - 32)); shift += 8) {
        Py_ssize_t start[256] = {0};
        for (Py_ssize_t i = 0; i < n; i++) start[(keys[i] >> shift) & 255]++;
        for (Py_ssize_t b = 0, at = 0; b < 256; b++) {
            Py_ssize_t count = start[b];
            start[b] = at, at += count;
        }
        for (Py_ssize_t i = 0; i < n; i++) other[start[(keys[i] >> shift) & 255]++] = keys[i];
        uint64_t *swap = keys;
        keys = other, other = swap;
    }
    for (Py_ssize_t i = 0; i < n; i++) w->spare[i] = w->words[keys[i] & UINT32_MAX];
    Found *sorted = w->spare; /* the words in order; the old array is the next sort's spare */
    w->spare = w->words, w->words = sorted;
    Py_ssize_t size = w->spare_size;
    w->spare_size = w->words_size, w->words_size = size;
    return 1;
}

/* Write a non-negative number; return its length. */
static int write_number(char *at, long value) {
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    for (int i = 0; i < n; i++) at[i] = digits[n - 1 - i];
    return n;
}

/* A found word's letters, spelled from the faces on its path, in UTF-8: its length in bytes. */
static int spell(Walk *w, const Found *f, char *out) {
    int length = 0;
    const Core *core = w->core;
    for (int i = 0; i < f->dice; i++) {
        int column = w->columns[w->cells[f->path + i]];
        memcpy(out + length, core->text[column], core->bytes[column]);
        length += core->bytes[column];
    }
    return length;
}

/* The board named by a method's arguments (columns, height, width, min_length=1), walked:
 * every word kept in alphabetical order when `keep` is set, else only counted. NULL, with
 * an exception set, when an argument is bad or memory runs out; else free it with free_walk. */
static Walk *walk_from_args(Core *self, PyObject *args, PyObject *kwds, int keep) {
    static char *kwlist[] = {"columns", "height", "width", "min_length", NULL};
    PyObject *columns;
    int height, width, min_length = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "Oii|i", kwlist, &columns, &height, &width, &min_length))
        return NULL;
    Walk *w = new_walk(keep);
    if (!w) return NULL;
    if (!prepare(w, self, columns, height, width, min_length)) {
        free_walk(w);
        return NULL;
    }
    walk_board(w);
    if (w->failed) {
        free_walk(w);
        PyErr_NoMemory();
        return NULL;
    }
    if (keep && !sort_by_rank(w)) {
        free_walk(w);
        PyErr_NoMemory();
        return NULL;
    }
    return w;
}

static PyObject *Core_solve(Core *self, PyObject *args, PyObject *kwds) {
    Walk *w = walk_from_args(self, args, kwds, 1);
    if (!w) return NULL;
    PyObject *result = PyList_New(w->count);
    char text[FACE_BYTES * MAX_CELLS + 1];
    for (Py_ssize_t i = 0; result && i < w->count; i++) {
        const Found *f = &w->words[i];
        PyObject *path = PyTuple_New(f->dice);
        PyObject *word = PyUnicode_FromStringAndSize(text, spell(w, f, text));
        PyObject *pair = path && word ? PyTuple_Pack(2, word, path) : NULL;
        for (int d = 0; pair && d < f->dice; d++) {
            PyObject *cell = PyLong_FromLong(w->cells[f->path + d]);
            if (!cell) Py_CLEAR(pair);
            else PyTuple_SET_ITEM(path, d, cell);
        }
        Py_XDECREF(word);
        Py_XDECREF(path);
        if (!pair) Py_CLEAR(result);
        else PyList_SET_ITEM(result, i, pair);
    }
    free_walk(w);
    return result;
}

/* A small text buffer that grows; for solve_json. */
typedef struct {
    char *text;
    size_t used, size;
} Text;

/* Room for `n` more bytes; 0 when memory runs out. */
static int reserve(Text *t, size_t n) {
    if (t->used + n > t->size) {
        size_t wanted = t->size ? t->size : 4096;
        while (wanted < t->used + n) wanted *= 2;
        char *bigger = PyMem_Realloc(t->text, wanted);
        if (!bigger) return 0;
        t->text = bigger;
        t->size = wanted;
    }
    return 1;
}

static int put(Text *t, const char *bytes, size_t n) {
    if (!n) return 1; /* the text may have no buffer yet: memcpy is never given NULL */
    if (!reserve(t, n)) return 0;
    memcpy(t->text + t->used, bytes, n);
    t->used += n;
    return 1;
}

/* Each cell's "[row,column]" for `put_words`, written once per board, not once per step of each path. */
typedef struct {
    char text[MAX_CELLS][24];
    int length[MAX_CELLS];
} Spots;

static void write_spots(Spots *spots, int cells, int width) {
    for (int cell = 0; cell < cells; cell++) {
        char *at = spots->text[cell];
        *at++ = '[';
        at += write_number(at, cell / width);
        *at++ = ',';
        at += write_number(at, cell % width);
        *at++ = ']';
        spots->length[cell] = (int)(at - spots->text[cell]);
    }
}

/* FNV-1a over a word's UTF-8 bytes: the required words' table's hash. */
static uint32_t hash_word(const char *text, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)text[i]) * 16777619u;
    return h;
}

/* Whether the `n` bytes at `text` are a required word (set_required's). */
static int is_required(const Core *core, const char *text, size_t n) {
    for (uint32_t slot = hash_word(text, n) & core->required_mask;; slot = (slot + 1) & core->required_mask) {
        uint32_t start = core->required_slots[slot];
        if (!start) return 0;
        const char *word = core->required + start - 1;
        if (memcmp(word, text, n) == 0 && word[n] == 0) return 1;
    }
}

/* set_required(words): the required words, UTF-8, each followed by a zero byte (None: no tiers are written). */
static PyObject *Core_set_required(Core *self, PyObject *arg) {
    forget_required(self);
    if (arg == Py_None) Py_RETURN_NONE;
    char *data;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(arg, &data, &size) < 0) return NULL;
    if (size >= (Py_ssize_t)UINT32_MAX / 4 || (size && data[size - 1] != 0)) {
        PyErr_SetString(PyExc_ValueError, "set_required: words each ended by a zero byte, under 1 GB");
        return NULL;
    }
    uint32_t count = 0;
    for (Py_ssize_t i = 0; i < size; i++) count += data[i] == 0;
    uint32_t slots = 16;
    while (slots < 2 * count + 2) slots *= 2;
    self->required = PyMem_Malloc((size_t)size + 1);
    self->required_slots = PyMem_Calloc(slots, sizeof(uint32_t));
    self->tier_of = PyMem_Calloc((size_t)self->words + 1, 1);
    if (!self->required || !self->required_slots || !self->tier_of) {
        forget_required(self);
        return PyErr_NoMemory();
    }
    if (size) memcpy(self->required, data, (size_t)size);
    self->required_mask = slots - 1;
    for (Py_ssize_t start = 0; start < size;) {
        size_t n = strlen(data + start);
        uint32_t slot = hash_word(data + start, n) & self->required_mask;
        while (self->required_slots[slot] && !(memcmp(self->required + self->required_slots[slot] - 1, data + start, n + 1) == 0))
            slot = (slot + 1) & self->required_mask;
        self->required_slots[slot] = (uint32_t)start + 1; /* a word given twice takes its first slot again */
        start += (Py_ssize_t)n + 1;
    }
    Py_RETURN_NONE;
}

/* The words of a walk that kept them, as the JSON list `boggle solve --json` prints: each
 * {"word": ..., "score": ..., "tier": ..., "path": [[row, column], ...]}, in alphabetical order, the tier only when
 * the core knows the required words, which `required` and `required_total` then count. 0 when memory runs out. */
static int put_words(Walk *w, Text *out, Spots *spots, long *required, long *required_total) {
    static const char WORD[] = "{\"word\":\"", SCORE[] = "\",\"score\":", PATH[] = ",\"path\":[";
    static const char REQUIRED[] = ",\"tier\":\"required\"", BONUS[] = ",\"tier\":\"bonus\"";
    const Core *core = w->core;
    *required = *required_total = 0;
    write_spots(spots, w->size, w->width);
    if (!put(out, "[", 1)) return 0;
    char points[24];
    for (Py_ssize_t i = 0; i < w->count; i++) {
        const Found *f = &w->words[i];
        int n = write_number(points, core->points[f->length < 64 ? f->length : 63]);
        /* Room for the whole entry at once, then plain copies. */
        size_t most = 64 + (size_t)f->dice * (FACE_BYTES + 25);
        if (!reserve(out, most)) return 0;
        char *at = out->text + out->used;
        if (i) *at++ = ',';
        memcpy(at, WORD, sizeof WORD - 1), at += sizeof WORD - 1;
        char *word = at;
        at += spell(w, f, at);
        size_t word_bytes = (size_t)(at - word);
        memcpy(at, SCORE, sizeof SCORE - 1), at += sizeof SCORE - 1;
        memcpy(at, points, (size_t)n), at += n;
        if (core->required_slots) {
            unsigned char *tier = f->rank < core->words ? &core->tier_of[f->rank] : NULL;
            if (tier && !*tier) *tier = is_required(core, word, word_bytes) ? 2 : 1;
            if (tier ? *tier == 2 : is_required(core, word, word_bytes)) {
                memcpy(at, REQUIRED, sizeof REQUIRED - 1), at += sizeof REQUIRED - 1;
                (*required)++, *required_total += core->points[f->length < 64 ? f->length : 63];
            } else {
                memcpy(at, BONUS, sizeof BONUS - 1), at += sizeof BONUS - 1;
            }
        }
        memcpy(at, PATH, sizeof PATH - 1), at += sizeof PATH - 1;
        for (int d = 0; d < f->dice; d++) {
            int cell = w->cells[f->path + d];
            if (d) *at++ = ',';
            memcpy(at, spots->text[cell], (size_t)spots->length[cell]), at += spots->length[cell];
        }
        *at++ = ']', *at++ = '}';
        out->used = (size_t)(at - out->text);
    }
    return put(out, "]", 1);
}

static PyObject *Core_solve_json(Core *self, PyObject *args, PyObject *kwds) {
    Walk *w = walk_from_args(self, args, kwds, 1);
    if (!w) return NULL;
    PyObject *result = NULL;
    Text out = {NULL, 0, 0};
    Spots *spots = PyMem_Malloc(sizeof(Spots));
    long required, required_total;
    if (!spots || !put_words(w, &out, spots, &required, &required_total)) PyErr_NoMemory();
    else
        result = Py_BuildValue("(Nllll)", PyUnicode_FromStringAndSize(out.text, (Py_ssize_t)out.used), w->count,
                               w->total, required, required_total);
    PyMem_Free(spots);
    PyMem_Free(out.text);
    free_walk(w);
    return result;
}

/* ---- `boggle solve -`: lines of boards in, lines of answers out (solve_lines) ---- */

#define LINE_FORMS 200 /* counted forms given, for 0-199; n >= 200 takes the form of 100 + n % 100 */
#define BLANK_BYTE 255 /* in `letters`: the byte is a blank die */
#define LINES_OUTPUT (1 << 18) /* the answers of one call stop after this many bytes (a rolled 4x4 board's: ~6 KB) */

/* How lines are answered: what Python gives solve_lines, read once per call. */
typedef struct {
    const unsigned char *letters; /* 256: per byte, 0 (not read here), its face's column + 1, or BLANK_BYTE */
    int min_length[33];           /* per side of a square board, 1 to 32 */
    int side;                     /* the side the dice make, or 0 for any */
    int json;
    const char *head, *middle;    /* JSON: after the rows, up to the code's faces; after them, to min_length's value */
    Py_ssize_t head_size, middle_size;
    /* text: the line's parts (a literal, then a field: 'b' board, 'w' words, 'p' points, 'm' min_length, 0 none) */
    const char *part[16];
    Py_ssize_t part_size[16];
    char field[16];
    int parts;
    const char *form[2][LINE_FORMS][2]; /* words, points: before and after the count, by count */
    Py_ssize_t form_size[2][LINE_FORMS][2];
    const char *group;                  /* the digit group separator */
    Py_ssize_t group_size;
} Lines;

/* Split `size` bytes at each zero byte into `most` pieces exactly; 0 if they are not that many. */
static int split_zeros(const char *at, Py_ssize_t size, const char **piece, Py_ssize_t *piece_size, int most) {
    int n = 0;
    Py_ssize_t from = 0;
    for (Py_ssize_t i = 0; i <= size; i++) {
        if (i < size && at[i]) continue;
        if (n == most) return 0;
        piece[n] = at + from, piece_size[n] = i - from, n++;
        from = i + 1;
    }
    return n == most;
}

/* A non-negative number with its digits grouped by three (`{value:,}` with the language's separator). */
static int put_grouped(Text *out, long value, const char *group, Py_ssize_t group_size) {
    char digits[24];
    int n = write_number(digits, value);
    if (!reserve(out, (size_t)n * (1 + (size_t)group_size))) return 0;
    for (int i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0) memcpy(out->text + out->used, group, (size_t)group_size), out->used += (size_t)group_size;
        out->text[out->used++] = digits[i];
    }
    return 1;
}

static int put_number(Text *out, long value) {
    char digits[24];
    return put(out, digits, (size_t)write_number(digits, value));
}

/* One board's answer, as `boggle solve -` writes it; 0 when memory runs out. */
static int answer_board(Walk *w, const Lines *how, Text *out, Spots *spots) {
    const Core *core = w->core;
    int side = w->width;
    if (how->json) {
        if (!put(out, "{\"board\":[", 10)) return 0;
        for (int cell = 0; cell < w->size; cell++) {
            int c = w->columns[cell];
            const char *open = cell % side ? ",\"" : (cell ? "],[\"" : "[\"");
            if (!put(out, open, strlen(open)) || !(c < 0 ? put(out, "#", 1) : put(out, core->text[c], core->bytes[c])) ||
                !put(out, "\"", 1))
                return 0;
        }
        if (!put(out, "]", 1) || !put(out, how->head, (size_t)how->head_size) || !reserve(out, (size_t)w->size)) return 0;
        for (int cell = 0; cell < w->size; cell++) { /* the code's faces: each letter in capitals, a blank `.` */
            int c = w->columns[cell];
            out->text[out->used++] = c < 0 ? '.' : (char)(core->text[c][0] - 'a' + 'A'); /* ASCII letters only */
        }
        long required, required_total;
        return put(out, how->middle, (size_t)how->middle_size) && put_number(out, w->min_length) &&
               put(out, ",\"words\":", 9) && put_words(w, out, spots, &required, &required_total) &&
               put(out, ",\"total_words\":", 15) && put_number(out, w->count) && put(out, ",\"total_score\":", 15) &&
               put_number(out, w->total) &&
               (!core->required_slots || (put(out, ",\"required_words\":", 18) && put_number(out, required) &&
                                          put(out, ",\"required_score\":", 18) && put_number(out, required_total))) &&
               put(out, "}\n", 2);
    }
    for (int i = 0; i < how->parts; i++) {
        if (!put(out, how->part[i], (size_t)how->part_size[i])) return 0;
        char field = how->field[i];
        if (field == 'b') {
            for (int cell = 0; cell < w->size; cell++) {
                int c = w->columns[cell];
                if (!(c < 0 ? put(out, "#", 1) : put(out, core->text[c], core->bytes[c]))) return 0;
            }
        } else if (field == 'w' || field == 'p') {
            int which = field == 'p';
            long n = which ? w->total : w->count;
            int form = n < LINE_FORMS ? (int)n : 100 + (int)(n % 100);
            if (!put(out, how->form[which][form][0], (size_t)how->form_size[which][form][0]) ||
                !put_grouped(out, n, how->group, how->group_size) ||
                !put(out, how->form[which][form][1], (size_t)how->form_size[which][form][1]))
                return 0;
        } else if (field == 'm' && !put_number(out, w->min_length)) {
            return 0;
        }
    }
    return put(out, "\n", 1);
}

/* solve_lines(data, start, final, letters, min_lengths, side, json, head, middle, template, words_forms,
 * points_forms, group) -> (answers, stop, lines): the answers, as UTF-8, to the lines of `data` from `start` that
 * it can answer exactly as boggle_tui/cli/solve.py's `_answer` would (solve.py's `_core_lines` prepares the
 * rest), and where it stopped: at the first other line, at the end of the data, or once LINES_OUTPUT bytes are
 * written. A line ends at a newline; the data's last bytes without one are a line only when `final`. It
 * answers a blank line (nothing, or a CR) and a board written as a run of bytes that `letters` all name, a
 * square number of them, of side `side` when that is not 0, with its solution (JSON when `json`, else the
 * template's text line); it reads nothing else, so Python says whatever is wrong with any other line. */
static PyObject *Core_solve_lines(Core *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"data", "start", "final", "letters", "min_lengths", "side", "json", "head", "middle",
                             "template", "words_forms", "points_forms", "group", NULL};
    Py_buffer data;
    Py_ssize_t start, letters_size, template_size, forms_size[2];
    int final, json;
    PyObject *min_lengths;
    const char *template, *forms[2];
    Lines how;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*npy#Oipy#y#y#y#y#y#", kwlist, &data, &start, &final,
                                     &how.letters, &letters_size, &min_lengths, &how.side, &json, &how.head,
                                     &how.head_size, &how.middle, &how.middle_size, &template, &template_size,
                                     &forms[0], &forms_size[0], &forms[1], &forms_size[1], &how.group, &how.group_size))
        return NULL;
    how.json = json;
    PyObject *result = NULL;
    Walk *w = NULL;
    Spots *spots = NULL;
    Text out = {NULL, 0, 0};
    PyObject *seq = PySequence_Fast(min_lengths, "min_lengths must be a sequence of 33 integers");
    if (!seq) goto done;
    int ok = PySequence_Fast_GET_SIZE(seq) == 33;
    for (int i = 0; ok && i < 33; i++) {
        long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        ok = m >= 1 && m <= INT_MAX;
        how.min_length[i] = (int)m;
    }
    Py_DECREF(seq);
    if (!ok) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "min_lengths: 33 lengths of 1 or more");
        goto done;
    }
    if (!self->nodes || letters_size != 256 || start < 0 || start > data.len || how.side < 0 || how.side > 32) {
        PyErr_SetString(PyExc_ValueError, self->nodes ? "solve_lines: bad arguments" : "the core has no table");
        goto done;
    }
    for (int c = 0; c < 256; c++) {
        unsigned char l = how.letters[c];
        if (l != 0 && l != BLANK_BYTE && (l > FACES || self->letters[l - 1] != 1 || self->bytes[l - 1] != 1 ||
                                          self->text[l - 1][0] < 'a' || self->text[l - 1][0] > 'z')) {
            PyErr_SetString(PyExc_ValueError, "solve_lines: letters name a face that is not an ASCII letter");
            goto done;
        }
    }
    how.parts = 0;
    if (!json) { /* literal, field, literal, field, ..., literal: at most 16 of each */
        const char *piece[33];
        Py_ssize_t piece_size[33];
        int n = 0;
        for (n = 1; n <= 33 && !split_zeros(template, template_size, piece, piece_size, n); n += 2) {}
        if (n > 33) {
            PyErr_SetString(PyExc_ValueError, "solve_lines: a template of at most 16 fields");
            goto done;
        }
        for (int i = 0; i < n; i += 2) {
            how.part[how.parts] = piece[i], how.part_size[how.parts] = piece_size[i];
            how.field[how.parts++] = i + 1 < n ? (piece_size[i + 1] == 1 ? piece[i + 1][0] : '?') : 0;
        }
        for (int which = 0; which < 2; which++) {
            const char *piece2[2 * LINE_FORMS];
            Py_ssize_t size2[2 * LINE_FORMS];
            if (!split_zeros(forms[which], forms_size[which], piece2, size2, 2 * LINE_FORMS)) {
                PyErr_SetString(PyExc_ValueError, "solve_lines: 200 forms, each before and after its count");
                goto done;
            }
            for (int f = 0; f < LINE_FORMS; f++)
                for (int k = 0; k < 2; k++) how.form[which][f][k] = piece2[2 * f + k], how.form_size[which][f][k] = size2[2 * f + k];
        }
    }
    w = new_walk(json);
    spots = PyMem_Malloc(sizeof(Spots));
    if (!w || !spots) {
        PyErr_NoMemory();
        goto done;
    }
    const unsigned char *bytes = data.buf;
    Py_ssize_t at = start, lines = 0;
    while (at < data.len) {
        Py_ssize_t end = at;
        while (end < data.len && bytes[end] != '\n') end++;
        if (end == data.len && !final) break; /* the rest of this line is still to come */
        Py_ssize_t content = end > at && bytes[end - 1] == '\r' ? end - 1 : end;
        int n = 0, fits = 1;
        for (Py_ssize_t i = at; fits && i < content; i++) {
            unsigned char l = how.letters[bytes[i]];
            fits = l != 0 && n < MAX_CELLS;
            if (fits) w->columns[n++] = l == BLANK_BYTE ? -1 : l - 1;
        }
        int side = 0;
        while ((side + 1) * (side + 1) <= n) side++;
        if (!fits || (n && (side * side != n || (how.side && side != how.side)))) break; /* Python says why */
        if (!(n ? (prepare_columns(w, self, side, side, how.min_length[side]), walk_board(w), !w->failed &&
                   (!json || sort_by_rank(w)) && answer_board(w, &how, &out, spots))
                : put(&out, "\n", 1))) { /* a blank line in, a blank line out */
            PyErr_NoMemory();
            goto done;
        }
        at = end < data.len ? end + 1 : end;
        lines++;
        if (out.used >= LINES_OUTPUT) break; /* written out before more: a buffer that stays in the caches */
    }
    result = Py_BuildValue("(Nnn)", PyBytes_FromStringAndSize(out.text ? out.text : "", (Py_ssize_t)out.used), at, lines);
done:
    PyBuffer_Release(&data);
    if (w) free_walk(w);
    PyMem_Free(spots);
    PyMem_Free(out.text);
    return result;
}

/* Walk one board from Python's arguments without keeping its words: its count and points. */
static int count_board(Core *self, PyObject *args, PyObject *kwds, long *count, long *total) {
    Walk *w = walk_from_args(self, args, kwds, 0);
    if (!w) return 0;
    *count = w->count;
    *total = w->total;
    free_walk(w);
    return 1;
}

static PyObject *Core_score(Core *self, PyObject *args, PyObject *kwds) {
    long count, total;
    return count_board(self, args, kwds, &count, &total) ? PyLong_FromLong(total) : NULL;
}

static PyObject *Core_totals(Core *self, PyObject *args, PyObject *kwds) {
    long count, total;
    return count_board(self, args, kwds, &count, &total) ? Py_BuildValue("(ll)", count, total) : NULL;
}

static PyObject *Core_score_many(Core *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"boards", "height", "width", "min_length", NULL};
    PyObject *boards;
    int height, width, min_length = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "Oii|i", kwlist, &boards, &height, &width, &min_length))
        return NULL;
    PyObject *seq = PySequence_Fast(boards, "boards must be a sequence of column lists");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *result = PyList_New(n);
    Walk *w = result ? new_walk(0) : NULL;
    if (!w) {
        Py_XDECREF(result);
        Py_DECREF(seq);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!prepare(w, self, PySequence_Fast_GET_ITEM(seq, i), height, width, min_length)) {
            Py_CLEAR(result);
            break;
        }
        walk_board(w);
        PyObject *total = PyLong_FromLong(w->total);
        if (!total) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, i, total);
    }
    free_walk(w);
    Py_DECREF(seq);
    return result;
}

static PyObject *Core_get_words(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLong(self->words);
}

static PyMethodDef Core_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))Core_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(columns, height, width, min_length=1) -> [(word, path)]: every word once, with its canonical path."},
    {"solve_json", (PyCFunction)(void (*)(void))Core_solve_json, METH_VARARGS | METH_KEYWORDS,
     "solve_json(columns, height, width, min_length=1) -> (JSON list of words with score, tier and path, words, "
     "points, required words, their points): the tiers only once set_required was given the required words."},
    {"set_required", (PyCFunction)Core_set_required, METH_O,
     "set_required(words): the required words, UTF-8, each ended by a zero byte; None: no tiers."},
    {"solve_lines", (PyCFunction)(void (*)(void))Core_solve_lines, METH_VARARGS | METH_KEYWORDS,
     "solve_lines(data, start, final, letters, min_lengths, side, json, head, middle, template, words_forms, "
     "points_forms, group) -> (answers as UTF-8, stop, lines): `boggle solve -`'s answers to the lines it reads here "
     "(boggle_tui/cli/solve.py)."},
    {"score", (PyCFunction)(void (*)(void))Core_score, METH_VARARGS | METH_KEYWORDS,
     "score(columns, height, width, min_length=1) -> total points of the board's words."},
    {"totals", (PyCFunction)(void (*)(void))Core_totals, METH_VARARGS | METH_KEYWORDS,
     "totals(columns, height, width, min_length=1) -> (words, points) of the board."},
    {"score_many", (PyCFunction)(void (*)(void))Core_score_many, METH_VARARGS | METH_KEYWORDS,
     "score_many(boards, height, width, min_length=1) -> [total points], one per board."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"words", (getter)Core_get_words, NULL, "how many words the table holds", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_boggle_core.Core",
    .tp_doc = PyDoc_STR("Core(table, points): a trie table (a buffer of native uint32 rows, e.g. Trie.table, read in place "
                        "and held: it must not change) ready to solve boards."),
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_boggle_core", "The engine's hot paths in C (see trie.py for the table).", -1, NULL, NULL, NULL, NULL, NULL,
};

int add_prover(PyObject *module); /* core/prove.c: the prover's type */

PyMODINIT_FUNC PyInit__boggle_core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(module, "Core", (PyObject *)&CoreType) < 0 ||
        PyModule_AddIntConstant(module, "MAX_CELLS", MAX_CELLS) < 0 ||
        PyModule_AddIntConstant(module, "INTERFACE", INTERFACE) < 0 ||
        PyModule_AddStringConstant(module, "SOURCE_SHA256", SOURCE_SHA256) < 0 || add_prover(module) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
