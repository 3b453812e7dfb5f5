// A lean pull reader in C, the twin of LeanReader.swift in reader-ceiling: the same steps, the same
// checks, the same events, so that the two differ only by language and compiler. It is a
// measuring instrument (see include/CLeanReader.h); nothing of XMLCodable's is written in C.
//
// What it checks, like XMLCodable's reader: names byte by byte against a table of ASCII name
// characters; attribute values and text sixteen bytes at a time for the bytes that need a look
// (`<`, `&`, the quote, `]`, controls, non-ASCII), each non-ASCII run as well-formed UTF-8 of XML
// characters, references for their form (`&…;`), `]]>` in text, end tags against their start
// tags, and repeated attribute names (through a 64-bit filter of the names, compared only when
// two names share a bit). What it leaves out is listed in README.md.
//
// Text and attribute values are read by two loops of the same shape, kept apart as in the Swift
// twin (shared functions cost it 1–5% more instructions; see LeanReader.swift).
//
// Worked example: for `<a x="1">t</a>` the events are a start tag (name `a`, one attribute), a
// text (`t`), an end tag (`a`); touching them sums 1 + 'a', 1 + 'x', 1 + '1', 1 + 't' and 1.

#include "CLeanReader.h"
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { EV_NONE, EV_START, EV_END, EV_TEXT, EV_ERROR };
typedef struct { uint32_t s, e, f; } Slice;
typedef struct { Slice name, value; } Attr;
enum { MAX_DEPTH = 256, MAX_ATTRS = 256 };
typedef struct {
    const uint8_t *b;
    long end, pos, error;
    Slice stack[MAX_DEPTH];
    int depth;
    Attr attrs[MAX_ATTRS];
    int nattr;
    int pending_end;
} Reader;

enum { NAME_START = 1, NAME = 2, SPACE = 4 };
static uint8_t table[256];

static void init_table(void) {
    if (table['a']) return;
    for (int c = 'a'; c <= 'z'; c++) table[c] |= NAME_START | NAME;
    for (int c = 'A'; c <= 'Z'; c++) table[c] |= NAME_START | NAME;
    for (int c = '0'; c <= '9'; c++) table[c] |= NAME;
    table['_'] |= NAME_START | NAME;
    table[':'] |= NAME_START | NAME;
    table['-'] |= NAME;
    table['.'] |= NAME;
    table[' '] |= SPACE;
    table['\t'] |= SPACE;
    table['\n'] |= SPACE;
    table['\r'] |= SPACE;
}

int cleanreader_has_sse2(void) {
#if defined(__SSE2__)
    return 1;
#else
    return 0;
#endif
}

/// The end of the run of well-formed UTF-8 XML characters at `p` (a byte from 0x80), or `p`.
static __attribute__((noinline)) long skip_non_ascii(const uint8_t *b, long p0, long end) {
    long p = p0;
    while (p < end && b[p] >= 0x80) {
        uint8_t c = b[p];
        if (c >= 0xC2 && c <= 0xDF) {
            if (p + 1 >= end || (b[p + 1] & 0xC0) != 0x80) return p0;
            p += 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            if (p + 2 >= end || (b[p + 1] & 0xC0) != 0x80 || (b[p + 2] & 0xC0) != 0x80) return p0;
            uint32_t s = ((uint32_t)(c & 0x0F) << 12) | ((uint32_t)(b[p + 1] & 0x3F) << 6) | (b[p + 2] & 0x3F);
            if (s < 0x800 || (s >= 0xD800 && s <= 0xDFFF) || s == 0xFFFE || s == 0xFFFF) return p0;
            p += 3;
        } else if (c >= 0xF0 && c <= 0xF4) {
            if (p + 3 >= end || (b[p + 1] & 0xC0) != 0x80 || (b[p + 2] & 0xC0) != 0x80 || (b[p + 3] & 0xC0) != 0x80) return p0;
            uint32_t s = ((uint32_t)(c & 0x07) << 18) | ((uint32_t)(b[p + 1] & 0x3F) << 12) | ((uint32_t)(b[p + 2] & 0x3F) << 6)
                | (b[p + 3] & 0x3F);
            if (s < 0x10000 || s > 0x10FFFF) return p0;
            p += 4;
        } else {
            return p0;
        }
    }
    return p;
}

/// The end of a reference `&…;` at `p`, or -1.
static inline long reference_end(const uint8_t *b, long p, long end) {
    long q = p + 1;
    while (q < end && q - p < 12 && b[q] != ';') q++;
    if (q >= end || b[q] != ';' || q == p + 1) return -1;
    return q + 1;
}

/// The end of the ASCII name at `p`, or -1 (no name, or a name the lean reader does not read).
static inline long name_end(const Reader *r, long p) {
    const uint8_t *b = r->b;
    if (p >= r->end || !(table[b[p]] & NAME_START)) return -1;
    p++;
    while (p < r->end && (table[b[p]] & NAME)) p++;
    if (p >= r->end || b[p] >= 0x80) return -1;
    return p;
}

/// The first of the next sixteen bytes from `p` that is `a`, `b2`, `c` or a control or non-ASCII
/// byte (below 0x20 when read as signed), or 16.
static inline int first_stop(const uint8_t *b, long p, uint8_t a, uint8_t b2, uint8_t c) {
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128((const __m128i *)(b + p));
    __m128i m = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)a)), _mm_cmpeq_epi8(v, _mm_set1_epi8((char)b2))),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)c)), _mm_cmplt_epi8(v, _mm_set1_epi8(0x20))));
    int mask = _mm_movemask_epi8(m);
    return mask ? __builtin_ctz((unsigned)mask) : 16;
#else
    for (int i = 0; i < 16; i++) {
        uint8_t x = b[p + i];
        if (x == a || x == b2 || x == c || x < 0x20 || x >= 0x80) return i;
    }
    return 16;
#endif
}

static inline int fail(Reader *r, long at) {
    r->error = at;
    return EV_ERROR;
}

static inline int next_event(Reader *r, Slice *out) {
    const uint8_t *b = r->b;
    long end = r->end;
    if (r->pending_end) {
        r->pending_end = 0;
        *out = r->stack[--r->depth];
        return EV_END;
    }
    long p = r->pos;
    if (p + 1 >= end) return r->depth ? fail(r, p) : EV_NONE;
    if (b[p] == '<') {
        if (b[p + 1] == '/') {
            if (!r->depth) return fail(r, p);
            Slice open = r->stack[r->depth - 1];
            long n = (long)open.e - (long)open.s, after = p + 2 + n;
            if (after >= end || b[after] != '>' || memcmp(b + p + 2, b + open.s, (size_t)n) != 0) return fail(r, p);
            r->pos = after + 1;
            r->depth--;
            *out = open;
            return EV_END;
        }
        r->nattr = 0;
        long name_start = p + 1;
        p = name_end(r, name_start);
        if (p < 0) return fail(r, name_start);
        Slice name = {(uint32_t)name_start, (uint32_t)p, 0};
        uint64_t bits = 0;
        int may_repeat = 0;
        for (;;) {
            if (p + 1 >= end) return fail(r, p);  // a start tag ends before the root's end
            uint8_t c = b[p];
            int had_space = 0;
            if (c == ' ') {
                p++;
                c = b[p];
                had_space = 1;
            }
            if (table[c] & SPACE) {
                while (p < end && (table[b[p]] & SPACE)) p++;
                if (p >= end) return fail(r, p);
                c = b[p];
                had_space = 1;
            }
            if (c == '>') {
                p++;
                break;
            }
            if (c == '/') {
                if (p + 1 >= end || b[p + 1] != '>') return fail(r, p);
                p += 2;
                r->pending_end = 1;
                break;
            }
            if (!had_space) return fail(r, p);
            long attribute_start = p;
            p = name_end(r, p);
            if (p < 0) return fail(r, attribute_start);
            long length = p - attribute_start;
            uint64_t bit = 1ull << ((uint64_t)(length * 31 + b[attribute_start] + b[p - 1] * 7) & 63);
            if (bits & bit) may_repeat = 1;
            bits |= bit;
            if (p + 1 >= end || b[p] != '=') return fail(r, p);
            uint8_t quote = b[p + 1];
            if (quote != '"' && quote != '\'') return fail(r, p);
            p += 2;
            long value_start = p;
            uint32_t flags = 0;
            for (;;) {
                uint8_t v;
                if (p + 16 <= end) {
                    int first = first_stop(b, p, '<', '&', quote);
                    if (first == 16) {
                        p += 16;
                        continue;
                    }
                    p += first;
                    v = b[p];
                } else {
                    if (p >= end) return fail(r, p);
                    v = b[p];
                    if (v >= 0x20 && v < 0x80 && v != '<' && v != '&' && v != quote) {
                        p++;
                        continue;
                    }
                }
                if (v == quote) break;
                if (v >= 0x80) {
                    long q = skip_non_ascii(b, p, end);
                    if (q == p) return fail(r, p);
                    p = q;
                    continue;
                }
                if (v == '&') {
                    long q = reference_end(b, p, end);
                    if (q < 0) return fail(r, p);
                    flags |= 1;
                    p = q;
                    continue;
                }
                if (v == '<') return fail(r, p);
                if (v == '\t' || v == '\n' || v == '\r') {
                    flags |= 4;
                    p++;
                    continue;
                }
                return fail(r, p);
            }
            if (r->nattr >= MAX_ATTRS) return fail(r, p);
            r->attrs[r->nattr].name = (Slice){(uint32_t)attribute_start, (uint32_t)(attribute_start + length), 0};
            r->attrs[r->nattr].value = (Slice){(uint32_t)value_start, (uint32_t)p, flags};
            r->nattr++;
            p++;
        }
        if (may_repeat) {
            for (int i = 0; i < r->nattr; i++) {
                for (int j = 0; j < i; j++) {
                    Slice x = r->attrs[i].name, y = r->attrs[j].name;
                    if (x.e - x.s == y.e - y.s && memcmp(b + x.s, b + y.s, x.e - x.s) == 0) return fail(r, x.s);
                }
            }
        }
        if (r->depth >= MAX_DEPTH) return fail(r, p);
        r->pos = p;
        r->stack[r->depth++] = name;
        *out = name;
        return EV_START;
    }
    uint32_t flags = 0;
    for (;;) {
        uint8_t c;
        if (p + 16 <= end) {
            int first = first_stop(b, p, '<', '&', ']');
            if (first == 16) {
                p += 16;
                continue;
            }
            p += first;
            c = b[p];
        } else {
            if (p >= end) break;
            c = b[p];
            if (c >= 0x20 && c < 0x80 && c != '<' && c != '&' && c != ']') {
                p++;
                continue;
            }
        }
        if (c == '<') break;
        if (c == '\n' || c == '\t') {
            p++;
            continue;
        }
        if (c >= 0x80) {
            long q = skip_non_ascii(b, p, end);
            if (q == p) return fail(r, p);
            p = q;
            continue;
        }
        if (c == '&') {
            long q = reference_end(b, p, end);
            if (q < 0) return fail(r, p);
            flags |= 1;
            p = q;
            continue;
        }
        if (c == ']') {
            if (p + 2 < end && b[p + 1] == ']' && b[p + 2] == '>') return fail(r, p);
            p++;
            continue;
        }
        if (c == '\r') {
            flags |= 2;
            p++;
            continue;
        }
        return fail(r, p);
    }
    *out = (Slice){(uint32_t)r->pos, (uint32_t)p, flags};
    r->pos = p;
    return EV_TEXT;
}

long long cleanreader_touch(const uint8_t *bytes, long count, long *error_offset) {
    init_table();
    static _Thread_local Reader reader;
    Reader *r = &reader;
    r->b = bytes;
    r->end = count;
    r->pos = 0;
    r->error = -1;
    r->depth = 0;
    r->nattr = 0;
    r->pending_end = 0;
    // The XML declaration, then white space: the lean reader reads nothing else before the root.
    if (count > 1 && bytes[0] == '<' && bytes[1] == '?') {
        long p = 2;
        while (p + 1 < count && !(bytes[p] == '?' && bytes[p + 1] == '>')) p++;
        r->pos = p + 2;
    }
    while (r->pos < count && (table[bytes[r->pos]] & SPACE)) r->pos++;
    long long sum = 0;
    Slice s;
    int event;
    while ((event = next_event(r, &s)) != EV_NONE) {
        switch (event) {
        case EV_START:
            sum += (long long)(s.e - s.s) + (s.e > s.s ? bytes[s.s] : 0);
            for (int i = 0; i < r->nattr; i++) {
                Attr a = r->attrs[i];
                sum += (long long)(a.name.e - a.name.s) + (a.name.e > a.name.s ? bytes[a.name.s] : 0);
                sum += (long long)(a.value.e - a.value.s) + (a.value.e > a.value.s ? bytes[a.value.e - 1] : 0);
            }
            break;
        case EV_END:
            sum += (long long)(s.e - s.s);
            break;
        case EV_TEXT:
            sum += (long long)(s.e - s.s) + (s.e > s.s ? bytes[s.e - 1] : 0);
            break;
        default:
            *error_offset = r->error;
            return -1;
        }
    }
    return sum;
}
