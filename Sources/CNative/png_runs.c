// Springy's own PNG encoder for the frames it draws. A row equal to the one above (compared as
// drawn, before any conversion) is all zeros under `up`; any other row is converted and filtered
// in one pass by `sub` or `up`, whichever leaves fewer pixels changed. The deflate looks only for
// runs — of the byte before and of the row above — instead of searching, parsing each row as soon
// as the next is made (a run may cross into it) in a small window of rows; zero rows between zero
// rows parse alike and are parsed once per offset. One block, with Huffman codes made for the frame.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include "springy_native.h"

typedef struct { uint64_t acc; int n; uint8_t *p; } Bits;

static inline void put_bits(Bits *b, uint32_t v, int n) {
    b->acc |= (uint64_t)v << b->n;
    b->n += n;
    if (b->n >= 32) {
        b->p[0] = (uint8_t)b->acc; b->p[1] = (uint8_t)(b->acc >> 8); b->p[2] = (uint8_t)(b->acc >> 16); b->p[3] = (uint8_t)(b->acc >> 24);
        b->p += 4; b->acc >>= 32; b->n -= 32;
    }
}

static uint32_t reversed(uint32_t c, int n) {
    uint32_t r = 0;
    for (int i = 0; i < n; i++) { r = (r << 1) | (c & 1); c >>= 1; }
    return r;
}

/* Code lengths of at most `maxlen` bits for `freq`, complete (Kraft sum exactly 1) whenever two
   or more symbols occur; 0 for unused symbols. Returns 0, or -1 when no complete code was made
   (the caller then writes a fixed-code block). */
static int code_lengths(const uint32_t *freq, int n, int maxlen, uint8_t *len) {
    int sym[320], m = 0;
    uint64_t w[640];
    int parent[640], depth[640];
    memset(len, 0, (size_t)n);
    for (int i = 0; i < n; i++) if (freq[i]) sym[m++] = i;
    if (m == 0) return 0;
    if (m == 1) { len[sym[0]] = 1; return 0; }
    /* Sort the used symbols by frequency, then symbol (insertion sort: at most 286). */
    for (int i = 1; i < m; i++) {
        int s = sym[i], j = i - 1;
        while (j >= 0 && (freq[sym[j]] > freq[s] || (freq[sym[j]] == freq[s] && sym[j] > s))) { sym[j + 1] = sym[j]; j--; }
        sym[j + 1] = s;
    }
    for (int i = 0; i < m; i++) w[i] = freq[sym[i]];
    int leaf = 0, inner = m, next = m;
    while (next < 2 * m - 1) {
        int a, b;
        if (leaf < m && (inner >= next || w[leaf] <= w[inner])) a = leaf++; else a = inner++;
        if (leaf < m && (inner >= next || w[leaf] <= w[inner])) b = leaf++; else b = inner++;
        w[next] = w[a] + w[b];
        parent[a] = parent[b] = next;
        next++;
    }
    depth[2 * m - 2] = 0;
    for (int i = 2 * m - 3; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
    /* Cap at maxlen, then lengthen the deepest codes still short of it (the least frequent
       first) until the Kraft sum fits, then shorten the most frequent while it stays within. */
    uint64_t full = 1ull << maxlen, k = 0;
    for (int i = 0; i < m; i++) { if (depth[i] > maxlen) depth[i] = maxlen; k += 1ull << (maxlen - depth[i]); }
    while (k > full) {
        int best = -1;
        for (int i = 0; i < m; i++) if (depth[i] < maxlen && (best < 0 || depth[i] > depth[best])) best = i;
        if (best < 0) return -1;
        k -= 1ull << (maxlen - depth[best] - 1);
        depth[best]++;
    }
    for (int i = m - 1; i >= 0 && k < full; i--) {
        while (depth[i] > 1 && k + (1ull << (maxlen - depth[i])) <= full) { k += 1ull << (maxlen - depth[i]); depth[i]--; }
    }
    if (k != full) return -1;
    for (int i = 0; i < m; i++) len[sym[i]] = (uint8_t)depth[i];
    return 0;
}

static void canonical(const uint8_t *len, int n, uint32_t *code) {
    int count[16] = {0};
    uint32_t next[16], c = 0;
    for (int i = 0; i < n; i++) count[len[i]]++;
    count[0] = 0;
    for (int b = 1; b < 16; b++) { c = (c + count[b - 1]) << 1; next[b] = c; }
    for (int i = 0; i < n; i++) code[i] = len[i] ? reversed(next[len[i]]++, len[i]) : 0;
}

static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                       257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/* Deflate's length code (0-28, for symbols 257-285) of a match of `len` bytes, 3-258. */
static inline int length_code(uint32_t len) {
    if (len == 258) return 28;
    if (len <= 10) return (int)len - 3;
    int c = 8;
    while (length_base[c + 1] <= len) c++;
    return c;
}

static int dist_code(uint32_t d) {
    int c = 0;
    while (c < 29 && dist_base[c + 1] <= d) c++;
    return c;
}

/* The length of the run at `p` of bytes equal to those `d` before, at most `limit`. */
static inline size_t run_length(const uint8_t *p, size_t d, size_t limit) {
    size_t j = 0;
    while (j + 8 <= limit) {
        uint64_t a, b;
        memcpy(&a, p + j, 8);
        memcpy(&b, p + j - d, 8);
        if (a != b) return j + (size_t)(__builtin_ctzll(a ^ b) >> 3);
        j += 8;
    }
    while (j < limit && p[j] == p[j - d]) j++;
    return j;
}

/* The tokens of the frame: a literal byte (below 256), or a match (the top bit, its length from
   bit 16, its distance below), with the symbol counts the Huffman codes are made from. */
typedef struct {
    uint32_t *tokens;
    size_t count, capacity;
    uint32_t lf[286], df[30];
    size_t rowBytes;
    int rowDist;
    int failed;
} Tokens;

static inline int reserve(Tokens *t, size_t more) {
    if (t->count + more <= t->capacity) return 1;
    size_t c = t->capacity * 2 > t->count + more ? t->capacity * 2 : t->count + more;
    uint32_t *p = realloc(t->tokens, c * sizeof(uint32_t));
    if (!p) { t->failed = 1; return 0; }
    t->tokens = p; t->capacity = c;
    return 1;
}

static inline void match(Tokens *t, uint32_t len, uint32_t dist) {
    t->tokens[t->count++] = 0x80000000u | (len << 16) | dist;
    t->lf[257 + length_code(len)]++;
    t->df[dist == 1 ? 0 : t->rowDist]++;
}

/* The greedy parse of the stream from `*pos` up to `end` (both stream positions; the bytes from
   `*pos - rowBytes` up to `avail` are at `at(pos)`): at each byte, the longer of the run of the byte
   before and the run of the row above, when three or more, else a literal. A match may run on
   past `end` (up to `avail`), so `*pos` ends at or after `end`. */
static void parse(Tokens *t, const uint8_t *window, size_t windowStart, size_t *pos, size_t end, size_t avail) {
    const size_t n = t->rowBytes;
    if (*pos >= end) return;
    if (!reserve(t, end - *pos)) return;
    const int byRow = n <= 32768;
    size_t i = *pos;
    while (i < end) {
        const uint8_t *p = window + (i - windowStart);
        size_t limit = avail - i < 258 ? avail - i : 258;
        size_t a = 0, b = 0;
        if (i >= 1 && limit >= 3) a = run_length(p, 1, limit);
        if (byRow && i >= n && limit >= 3 && a < limit) b = run_length(p, n, limit);
        if (a >= 3 && a >= b) { match(t, (uint32_t)a, 1); i += a; }
        else if (b >= 3) { match(t, (uint32_t)b, (uint32_t)n); i += b; }
        else { t->tokens[t->count++] = *p; t->lf[*p]++; i++; }
    }
    *pos = i;
}

/* Writes the tokens as one deflate block (dynamic codes, or the fixed ones when those cost no
   more) at `out`; returns the end. */
static uint8_t *write_block(Tokens *tk, uint8_t *out) {
    uint32_t *lf = tk->lf, *df = tk->df;
    lf[256] = 1;
    /* 288: the fixed code's canonical order counts symbols 286 and 287 too. */
    uint8_t ll[288] = {0}, dl[30], cl[19];
    uint32_t lc[288], dc[30], cc[19];
    int ok = code_lengths(lf, 286, 15, ll) == 0 && code_lengths(df, 30, 15, dl) == 0;
    int hlit = 286, hdist = 30;
    while (hlit > 257 && !ll[hlit - 1]) hlit--;
    while (hdist > 1 && !dl[hdist - 1]) hdist--;
    if (hdist == 1 && !dl[0]) dl[0] = 1;
    /* The code lengths, run-length coded (16: repeat the last 3-6 times, 17/18: zeros). */
    uint8_t all[316], seq[316], extra[316];
    int na = 0, ns = 0;
    for (int k = 0; k < hlit; k++) all[na++] = ll[k];
    for (int k = 0; k < hdist; k++) all[na++] = dl[k];
    uint32_t cf[19] = {0};
    for (int k = 0; k < na;) {
        int r = 1;
        while (k + r < na && all[k + r] == all[k]) r++;
        if (all[k] == 0 && r >= 3) {
            int take = r > 138 ? 138 : r;
            if (take >= 11) { seq[ns] = 18; extra[ns++] = (uint8_t)(take - 11); cf[18]++; }
            else { seq[ns] = 17; extra[ns++] = (uint8_t)(take - 3); cf[17]++; }
            k += take;
        } else if (r >= 4) {
            seq[ns] = all[k]; extra[ns++] = 0; cf[all[k]]++;
            int take = r - 1 > 6 ? 6 : r - 1;
            seq[ns] = 16; extra[ns++] = (uint8_t)(take - 3); cf[16]++;
            k += 1 + take;
        } else {
            seq[ns] = all[k]; extra[ns++] = 0; cf[all[k]]++; k++;
        }
    }
    ok = ok && code_lengths(cf, 19, 7, cl) == 0;
    /* The fixed codes when they cost no more (they bound the output at 9 bits a byte). */
    uint8_t fl[288], fd[30];
    for (int s = 0; s < 288; s++) fl[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
    for (int s = 0; s < 30; s++) fd[s] = 5;
    if (ok) {
        uint64_t dynamic = 17 + 3 * 19, fixed = 3;
        for (int k = 0; k < ns; k++) dynamic += cl[seq[k]] + (seq[k] == 16 ? 2 : seq[k] == 17 ? 3 : seq[k] == 18 ? 7 : 0);
        for (int s = 0; s < 286; s++) { dynamic += (uint64_t)lf[s] * ll[s]; fixed += (uint64_t)lf[s] * fl[s]; }
        for (int s = 0; s < 30; s++) { dynamic += (uint64_t)df[s] * dl[s]; fixed += (uint64_t)df[s] * fd[s]; }
        if (fixed <= dynamic) ok = 0;
    }
    Bits bits = {0, 0, out};
    if (ok) {
        static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
        int hclen = 19;
        while (hclen > 4 && !cl[order[hclen - 1]]) hclen--;
        canonical(ll, 286, lc); canonical(dl, 30, dc); canonical(cl, 19, cc);
        put_bits(&bits, 1, 1); put_bits(&bits, 2, 2);
        put_bits(&bits, (uint32_t)(hlit - 257), 5); put_bits(&bits, (uint32_t)(hdist - 1), 5); put_bits(&bits, (uint32_t)(hclen - 4), 4);
        for (int k = 0; k < hclen; k++) put_bits(&bits, cl[order[k]], 3);
        for (int k = 0; k < ns; k++) {
            put_bits(&bits, cc[seq[k]], cl[seq[k]]);
            if (seq[k] == 16) put_bits(&bits, extra[k], 2);
            else if (seq[k] == 17) put_bits(&bits, extra[k], 3);
            else if (seq[k] == 18) put_bits(&bits, extra[k], 7);
        }
    } else {
        /* The fixed codes of RFC 1951, 3.2.6. */
        memcpy(ll, fl, sizeof ll);
        memcpy(dl, fd, sizeof dl);
        canonical(ll, 288, lc); canonical(dl, 30, dc);
        put_bits(&bits, 1, 1); put_bits(&bits, 1, 2);
    }
    const int rowDist = tk->rowDist;
    const uint32_t rowExtra = (uint32_t)tk->rowBytes - dist_base[rowDist];
    for (size_t k = 0; k < tk->count; k++) {
        uint32_t x = tk->tokens[k];
        if (x & 0x80000000u) {
            uint32_t len = (x >> 16) & 0x7FFF, d = x & 0xFFFF;
            int c = length_code(len);
            put_bits(&bits, lc[257 + c], ll[257 + c]);
            if (length_extra[c]) put_bits(&bits, len - length_base[c], length_extra[c]);
            if (d == 1) put_bits(&bits, dc[0], dl[0]);
            else {
                put_bits(&bits, dc[rowDist], dl[rowDist]);
                if (dist_extra[rowDist]) put_bits(&bits, rowExtra, dist_extra[rowDist]);
            }
        } else {
            put_bits(&bits, lc[x], ll[x]);
        }
    }
    put_bits(&bits, lc[256], ll[256]);
    while (bits.n > 0) { *bits.p++ = (uint8_t)bits.acc; bits.acc >>= 8; bits.n -= 8; }
    return bits.p;
}

static inline uint32_t word(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

/* Whether two rows of `width` 4-byte pixels are equal, alpha ignored when `opaque` (Cairo leaves
   the unused byte of an opaque surface undefined). */
static int rows_equal(const uint8_t *a, const uint8_t *b, int width, int opaque) {
    if (memcmp(a, b, (size_t)width * 4) == 0) return 1;
    if (!opaque) return 0;
    uint32_t diff = 0;
    for (int x = 0; x < width; x++) diff |= (word(a + 4 * (size_t)x) ^ word(b + 4 * (size_t)x)) & 0x00FFFFFFu;
    return diff == 0;
}

/* How many pixels differ from the one before them (what `sub` leaves) and from the one above
   (what `up` leaves): the filter of a row is the one with fewer. */
static void costs(const uint8_t *row, const uint8_t *above, int width, uint32_t mask, size_t *sub, size_t *up) {
    size_t cs = (word(row) & mask) != 0, cu = 0;
    for (int x = 1; x < width; x++) cs += ((word(row + 4 * (size_t)x) ^ word(row + 4 * (size_t)x - 4)) & mask) != 0;
    for (int x = 0; x < width; x++) cu += ((word(row + 4 * (size_t)x) ^ word(above + 4 * (size_t)x)) & mask) != 0;
    *sub = cs; *up = cu;
}

/* Each byte of a less each byte of b, modulo 256 (no borrow between them). */
static inline uint32_t bytes_minus(uint32_t a, uint32_t b) {
    const uint32_t h = 0x80808080u;
    return ((a | h) - (b & ~h)) ^ ((a ^ ~b) & h);
}

/* The filtered bytes of a row of 4-byte pixels less `ref` (the row above, or the pixel before
   when null): ARGB words (Cairo's, opaque) become RGB, RGBA bytes RGB or RGBA by `channels`.
   Each pixel is stored as 4 bytes and the next one `channels` on, so `d` needs a byte to spare. */
static void filter_row(const uint8_t *row, const uint8_t *ref, int width, int argb, int channels, uint8_t *d) {
    for (int x = 0; x < width; x++) {
        uint32_t v = word(row + 4 * (size_t)x);
        uint32_t p = ref ? word(ref + 4 * (size_t)x) : x ? word(row + 4 * (size_t)x - 4) : 0;
        uint32_t f = bytes_minus(v, p);
        if (argb) f = __builtin_bswap32(f) >> 8;
        memcpy(d + (size_t)channels * (size_t)x, &f, 4);
    }
}

/* A premultiplied ARGB row as straight RGBA bytes (unpremultiplied as libpng's path does). */
static void straighten(const uint8_t *s, int width, uint8_t *d) {
    for (int x = 0; x < width; ++x, d += 4) {
        uint32_t v = word(s + 4 * (size_t)x), a = v >> 24, r = (v >> 16) & 0xff, g = (v >> 8) & 0xff, b = v & 0xff;
        if (a != 0 && a != 255) { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a; }
        d[0] = (uint8_t)r; d[1] = (uint8_t)g; d[2] = (uint8_t)b; d[3] = (uint8_t)a;
    }
}

static void be32(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v; }

/* A chunk at `p` (its data already there, `n` bytes after the 8-byte head): length, type, CRC. */
static uint8_t *chunk(uint8_t *p, const char *type, size_t n) {
    be32(p, (uint32_t)n);
    memcpy(p + 4, type, 4);
    be32(p + 8 + n, libdeflate_crc32(0, p + 4, n + 4));
    return p + 12 + n;
}

int springy_png_encode_runs(const uint8_t *data, int width, int height, int stride, int opaque, int straight,
                            uint8_t **out, size_t *outLength) {
    const int channels = opaque ? 3 : 4;
    const size_t bytes = (size_t)width * (size_t)channels, rowBytes = bytes + 1, n = rowBytes * (size_t)height;
    const uint32_t mask = opaque ? 0x00FFFFFFu : 0xFFFFFFFFu;
    /* Premultiplied rows with alpha are made straight first, into `now` (and `last`, the row above). */
    const int unpremultiply = !opaque && !straight, argb = opaque && !straight;
    /* The filtered rows, a window of them: the parse of a row looks back a row and ahead into the
       next (a run may cross rows); when the window is full its last two rows move to its start.
       A zero row is written there only when a parse reads it. */
    size_t slots = (256 * 1024) / rowBytes;
    if (slots < 4) slots = 4;
    uint8_t *window = malloc(slots * rowBytes + 8), *ready = malloc(slots);
    uint8_t *converted = unpremultiply ? malloc(2 * (size_t)width * 4) : NULL;
    uint8_t *zeros = calloc((size_t)height, 1);
    Tokens tk = {0};
    tk.rowBytes = rowBytes;
    tk.rowDist = dist_code(rowBytes > 32768 ? 32768 : (uint32_t)rowBytes);
    tk.capacity = 4096 + rowBytes;
    tk.tokens = malloc(tk.capacity * sizeof(uint32_t));
    /* Per offset the parse of a zero row began at (0-257): how many tokens, where it ended, the tokens. */
    const size_t memoWidth = rowBytes / 258 + 4;
    uint32_t *memo = malloc(258 * memoWidth * sizeof(uint32_t));
    uint16_t memoCount[258] = {0}, memoTo[258];
    if (!window || !ready || (unpremultiply && !converted) || !zeros || !tk.tokens || !memo) goto fail;
    uint8_t *now = converted, *last = converted ? converted + (size_t)width * 4 : NULL;
    size_t windowRow = 0;  /* the first row in the window */
    size_t pos = 0;        /* how far the parse has gone */
    uint32_t s1 = 1, s2 = 0;  /* adler32 of the filtered rows */
    for (size_t y = 0; y <= (size_t)height; ++y) {
        if (y < (size_t)height) {
            if (y - windowRow == slots) {
                memcpy(window, window + (slots - 2) * rowBytes, 2 * rowBytes);
                ready[0] = ready[slots - 2]; ready[1] = ready[slots - 1];
                windowRow += slots - 2;
            }
            const size_t slot = y - windowRow;
            uint8_t *row = window + slot * rowBytes;
            const uint8_t *src = data + y * (size_t)stride;
            if (y > 0 && rows_equal(src, src - stride, width, opaque)) {
                /* `up`: a row equal to the one above is all zeros. */
                zeros[y] = 1;
                ready[slot] = 0;
                s1 = (s1 + 2) % 65521;
                s2 = (uint32_t)(((uint64_t)s2 + s1 + (uint64_t)bytes * s1) % 65521);
            } else {
                const uint8_t *cur = src, *above = y > 0 ? src - stride : NULL;
                if (unpremultiply) {
                    straighten(src, width, now);
                    cur = now; above = y > 0 ? last : NULL;
                    uint8_t *t = now; now = last; last = t;
                }
                /* `sub` turns flat colour into zeros, `up` what repeats the row above: the one
                   that leaves fewer pixels changed (sub on a tie, and on the first row). */
                size_t costSub = 0, costUp = 0;
                if (above) costs(cur, above, width, mask, &costSub, &costUp);
                const int up = above && costUp < costSub;
                row[0] = up ? 2 : 1;
                filter_row(cur, up ? above : NULL, width, argb, channels, row + 1);
                ready[slot] = 1;
                uint32_t adler = libdeflate_adler32((s2 << 16) | s1, row, rowBytes);
                s1 = adler & 0xFFFF; s2 = adler >> 16;
            }
        }
        if (y == 0) continue;
        /* The parse of row y - 1, which may run on into row y. */
        const size_t r = y - 1, start = r * rowBytes, end = start + rowBytes;
        const size_t avail = y < (size_t)height ? end + rowBytes : n;
        const int steady = r >= 1 && zeros[r - 1] && zeros[r] && y < (size_t)height && zeros[y] && rowBytes <= 32768;
        /* A zero row between zero rows parses the same way from the same offset: parsed once. */
        const size_t from = pos - start;
        if (steady && from < 258 && memoCount[from]) {
            const uint32_t *m = memo + from * memoWidth;
            if (!reserve(&tk, memoCount[from])) goto fail;
            for (size_t k = 0; k < memoCount[from]; k++) {
                uint32_t x = m[k];
                tk.tokens[tk.count++] = x;
                tk.lf[257 + length_code((x >> 16) & 0x7FFF)]++;
                tk.df[(x & 0xFFFF) == 1 ? 0 : tk.rowDist]++;
            }
            pos = start + memoTo[from];
        } else if (pos < end) {
            for (size_t k = r == 0 ? r : r - 1; k <= y && k < (size_t)height; k++) {
                const size_t slot = k - windowRow;
                if (!ready[slot]) {
                    uint8_t *row = window + slot * rowBytes;
                    row[0] = 2;
                    memset(row + 1, 0, bytes);
                    ready[slot] = 1;
                }
            }
            size_t first = tk.count;
            parse(&tk, window, windowRow * rowBytes, &pos, end, avail);
            if (steady && from < 258 && !tk.failed && tk.count - first <= memoWidth) {
                memcpy(memo + from * memoWidth, tk.tokens + first, (tk.count - first) * sizeof(uint32_t));
                memoCount[from] = (uint16_t)(tk.count - first);
                memoTo[from] = (uint16_t)(pos - start);
            }
        }
        if (tk.failed) goto fail;
    }
    /* The worst case: every byte a 9-bit literal, plus the block's head and the trailers. */
    size_t capacity = 8 + 25 + 12 + 2 + n + n / 8 + 1024 + 4 + 12 + 16;
    uint8_t *png = malloc(capacity);
    if (!png) goto fail;
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    uint8_t *p = png;
    memcpy(p, signature, 8); p += 8;
    be32(p + 8, (uint32_t)width); be32(p + 12, (uint32_t)height);
    p[16] = 8; p[17] = opaque ? 2 : 6; p[18] = 0; p[19] = 0; p[20] = 0;
    p = chunk(p, "IHDR", 13);
    uint8_t *z = p + 8;
    z[0] = 0x78; z[1] = 0x01;
    uint8_t *e = write_block(&tk, z + 2);
    be32(e, (s2 << 16) | s1);
    p = chunk(p, "IDAT", (size_t)(e + 4 - z));
    p = chunk(p, "IEND", 0);
    free(window); free(ready); free(converted); free(zeros); free(tk.tokens); free(memo);
    *out = png;
    *outLength = (size_t)(p - png);
    return 0;
fail:
    free(window); free(ready); free(converted); free(zeros); free(tk.tokens); free(memo);
    return 1;
}
