/* Python's random.Random, bit for bit (Mersenne Twister MT19937).
 *
 * The generator, seeding and state layout of CPython's Modules/_randommodule.c,
 * and randrange(n) as Random._randbelow_with_getrandbits draws it: k =
 * n.bit_length() bits from one 32-bit word (n < 2**32), again until below n.
 * A playout that draws here makes exactly the choices that the same
 * random.Random would make in Python, and leaves it in the same state.
 */
#include "_cengine.h"

#define MT_N 624
#define MT_M 397
#define MATRIX_A 0x9908b0dfU
#define UPPER_MASK 0x80000000U
#define LOWER_MASK 0x7fffffffU

static void mt_init(MT *mt, uint32_t s) {
    uint32_t *m = mt->state;
    m[0] = s;
    for (int i = 1; i < MT_N; i++) m[i] = 1812433253U * (m[i - 1] ^ (m[i - 1] >> 30)) + (uint32_t)i;
    mt->index = MT_N;
}

void mt_seed_words(MT *mt, const uint32_t *key, int length) {
    uint32_t *m = mt->state;
    mt_init(mt, 19650218U);
    int i = 1, j = 0;
    for (int k = MT_N > length ? MT_N : length; k; k--) {
        m[i] = (m[i] ^ ((m[i - 1] ^ (m[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            m[0] = m[MT_N - 1];
            i = 1;
        }
        if (j >= length) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        m[i] = (m[i] ^ ((m[i - 1] ^ (m[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            m[0] = m[MT_N - 1];
            i = 1;
        }
    }
    m[0] = 0x80000000U;
}

uint32_t mt_next(MT *mt) {
    static const uint32_t mag01[2] = {0x0U, MATRIX_A};
    uint32_t *m = mt->state, y;
    if (mt->index >= MT_N) {
        int k;
        for (k = 0; k < MT_N - MT_M; k++) {
            y = (m[k] & UPPER_MASK) | (m[k + 1] & LOWER_MASK);
            m[k] = m[k + MT_M] ^ (y >> 1) ^ mag01[y & 1U];
        }
        for (; k < MT_N - 1; k++) {
            y = (m[k] & UPPER_MASK) | (m[k + 1] & LOWER_MASK);
            m[k] = m[k + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1U];
        }
        y = (m[MT_N - 1] & UPPER_MASK) | (m[0] & LOWER_MASK);
        m[MT_N - 1] = m[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1U];
        mt->index = 0;
    }
    y = m[mt->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

uint32_t mt_below(MT *mt, uint32_t n) {
    int k = 0;
    while (k < 32 && (n >> k)) k++; /* n.bit_length() */
    uint32_t r = mt_next(mt) >> (32 - k);
    while (r >= n) r = mt_next(mt) >> (32 - k);
    return r;
}

/* random.Random(seed) for an int seed: the 32-bit words of |seed|, lowest first. */
int mt_from_seed(MT *mt, PyObject *seed) {
    PyObject *n = PyNumber_Absolute(seed);
    if (!n) return -1;
    int overflow = 0;
    unsigned long long small = PyLong_AsUnsignedLongLong(n);
    if (small == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) {
            Py_DECREF(n);
            return -1;
        }
        PyErr_Clear();
        overflow = 1;
    }
    if (!overflow) {
        Py_DECREF(n);
        uint32_t key[2] = {(uint32_t)small, (uint32_t)(small >> 32)};
        mt_seed_words(mt, key, key[1] ? 2 : 1);
        return 0;
    }
    PyObject *bits = PyObject_CallMethod(n, "bit_length", NULL);
    long count = bits ? PyLong_AsLong(bits) : -1;
    Py_XDECREF(bits);
    if (count < 0) {
        Py_DECREF(n);
        return -1;
    }
    long words = (count - 1) / 32 + 1;
    PyObject *raw = PyObject_CallMethod(n, "to_bytes", "ls", words * 4, "little");
    Py_DECREF(n);
    if (!raw) return -1;
    const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(raw);
    uint32_t *key = PyMem_Malloc(sizeof(uint32_t) * (size_t)words);
    if (!key) {
        Py_DECREF(raw);
        PyErr_NoMemory();
        return -1;
    }
    for (long i = 0; i < words; i++)
        key[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
                 (uint32_t)b[4 * i + 3] << 24;
    mt_seed_words(mt, key, (int)words);
    PyMem_Free(key);
    Py_DECREF(raw);
    return 0;
}

/* The state of a random.Random: getstate() is (3, 624 words + index, gauss_next). */
int mt_from_python(MT *mt, PyObject *rng) {
    PyObject *state = PyObject_CallMethod(rng, "getstate", NULL);
    if (!state) return -1;
    PyObject *words = PyTuple_Check(state) && PyTuple_GET_SIZE(state) == 3
                          ? PyTuple_GET_ITEM(state, 1)
                          : NULL;
    if (!words || !PyTuple_Check(words) || PyTuple_GET_SIZE(words) != MT_N + 1) {
        Py_DECREF(state);
        PyErr_SetString(PyExc_ValueError, "not the state of a random.Random");
        return -1;
    }
    for (int i = 0; i < MT_N; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(words, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(state);
            return -1;
        }
        mt->state[i] = (uint32_t)v;
    }
    long index = PyLong_AsLong(PyTuple_GET_ITEM(words, MT_N));
    Py_DECREF(state);
    if (index == -1 && PyErr_Occurred()) return -1;
    if (index < 0 || index > MT_N) {
        PyErr_SetString(PyExc_ValueError, "random.Random state index out of range");
        return -1;
    }
    mt->index = (int)index;
    return 0;
}

/* Put the generator back into the random.Random (its gauss_next is kept). */
int mt_to_python(const MT *mt, PyObject *rng) {
    PyObject *old = PyObject_CallMethod(rng, "getstate", NULL);
    if (!old) return -1;
    PyObject *words = PyTuple_New(MT_N + 1);
    if (!words) {
        Py_DECREF(old);
        return -1;
    }
    for (int i = 0; i < MT_N; i++) {
        PyObject *v = PyLong_FromUnsignedLong(mt->state[i]);
        if (!v) {
            Py_DECREF(words);
            Py_DECREF(old);
            return -1;
        }
        PyTuple_SET_ITEM(words, i, v);
    }
    PyObject *index = PyLong_FromLong(mt->index);
    if (!index) {
        Py_DECREF(words);
        Py_DECREF(old);
        return -1;
    }
    PyTuple_SET_ITEM(words, MT_N, index);
    PyObject *state = Py_BuildValue("(ONO)", PyTuple_GET_ITEM(old, 0), words,
                                    PyTuple_GET_ITEM(old, 2));
    Py_DECREF(old);
    if (!state) return -1;
    PyObject *done = PyObject_CallMethod(rng, "setstate", "(O)", state);
    Py_DECREF(state);
    if (!done) return -1;
    Py_DECREF(done);
    return 0;
}
