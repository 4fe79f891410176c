// Springy's own PNG encoder for the frames it draws: rows filtered by a cheap rule (a row equal to
// the one above is all zeros under `up`, any other row takes `sub`, which turns flat colour into
// zeros), then a deflate that looks only for runs — of the byte before, and of the row above —
// instead of searching, in one block with Huffman codes made for the frame.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include "springy_native.h"

typedef struct { uint64_t acc; int n; uint8_t *p; } Bits;

static inline void put_bits(Bits *b, uint32_t v, int n) {
    b->acc |= (uint64_t)v << b->n;
    b->n += n;
    while (b->n >= 8) { *b->p++ = (uint8_t)b->acc; b->acc >>= 8; b->n -= 8; }
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
static uint8_t length_code[259];

static void init_tables(void) {
    if (length_code[3]) return;
    for (int c = 0; c < 29; c++) {
        int hi = c == 28 ? 258 : (c == 27 ? 257 : length_base[c + 1] - 1);
        for (int l = length_base[c]; l <= hi; l++) length_code[l] = (uint8_t)c;
    }
    length_code[258] = 28;
}

static int dist_code(uint32_t d) {
    int c = 0;
    while (c < 29 && dist_base[c + 1] <= d) c++;
    return c;
}

/* The length of the run at `i` of bytes equal to those `d` before, at most `limit`. */
static inline size_t run_length(const uint8_t *in, size_t i, size_t d, size_t limit) {
    size_t j = 0;
    while (j + 8 <= limit) {
        uint64_t a, b;
        memcpy(&a, in + i + j, 8);
        memcpy(&b, in + i + j - d, 8);
        if (a != b) return j + (size_t)(__builtin_ctzll(a ^ b) >> 3);
        j += 8;
    }
    while (j < limit && in[i + j] == in[i + j - d]) j++;
    return j;
}

/* Deflates `in` (PNG's filtered rows, `rowBytes` each with its filter byte) into `out` as one
   zlib stream; returns its length. `tokens` holds one uint32 per byte of `in`. */
size_t springy_deflate_runs(const uint8_t *in, size_t n, size_t rowBytes, uint8_t *out, uint32_t *tokens) {
    init_tables();
    uint32_t lf[286] = {0}, df[30] = {0};
    size_t t = 0, i = 0;
    const int rowDist = dist_code((uint32_t)rowBytes);
    while (i < n) {
        size_t limit = n - i < 258 ? n - i : 258;
        size_t a = 0, b = 0;
        if (i >= 1 && limit >= 3) a = run_length(in, i, 1, limit);
        if (i >= rowBytes && rowBytes <= 32768 && limit >= 3 && a < 258) b = run_length(in, i, rowBytes, limit);
        if (a >= 3 && a >= b) {
            tokens[t++] = 0x80000000u | ((uint32_t)a << 16) | 1u;
            lf[257 + length_code[a]]++; df[0]++;
            i += a;
        } else if (b >= 3) {
            tokens[t++] = 0x80000000u | ((uint32_t)b << 16) | (uint32_t)rowBytes;
            lf[257 + length_code[b]]++; df[rowDist]++;
            i += b;
        } else {
            tokens[t++] = in[i]; lf[in[i]]++; i++;
        }
    }
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
    uint8_t *p = out;
    *p++ = 0x78; *p++ = 0x01;
    Bits bits = {0, 0, p};
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
    for (size_t k = 0; k < t; k++) {
        uint32_t x = tokens[k];
        if (x & 0x80000000u) {
            uint32_t len = (x >> 16) & 0x7FFF, d = x & 0xFFFF;
            int c = length_code[len];
            put_bits(&bits, lc[257 + c], ll[257 + c]);
            if (length_extra[c]) put_bits(&bits, len - length_base[c], length_extra[c]);
            int dcd = d == 1 ? 0 : rowDist;
            put_bits(&bits, dc[dcd], dl[dcd]);
            if (dist_extra[dcd]) put_bits(&bits, d - dist_base[dcd], dist_extra[dcd]);
        } else {
            put_bits(&bits, lc[x], ll[x]);
        }
    }
    put_bits(&bits, lc[256], ll[256]);
    if (bits.n) put_bits(&bits, 0, 8 - bits.n);
    p = bits.p;
    uint32_t adler = libdeflate_adler32(1, in, n);
    *p++ = (uint8_t)(adler >> 24); *p++ = (uint8_t)(adler >> 16); *p++ = (uint8_t)(adler >> 8); *p++ = (uint8_t)adler;
    return (size_t)(p - out);
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
    const size_t rowBytes = (size_t)width * (size_t)channels + 1, n = rowBytes * (size_t)height;
    uint8_t *rows = malloc(n), *previous = malloc(rowBytes), *current = malloc(rowBytes);
    uint32_t *tokens = malloc(sizeof(uint32_t) * (n + 1));
    /* The worst case: every byte a 9-bit literal, plus the block's head and the trailers. */
    size_t capacity = 8 + 25 + 12 + n + n / 8 + 1024 + 12;
    uint8_t *png = malloc(capacity);
    if (!rows || !previous || !current || !tokens || !png) {
        free(rows); free(previous); free(current); free(tokens); free(png);
        return 1;
    }
    uint8_t *f = rows;
    for (int y = 0; y < height; ++y) {
        /* The row as PNG stores it: RGB, or straight RGBA (unpremultiplied as libpng's path does). */
        uint8_t *d = current + 1;
        if (straight) {
            const uint8_t *s = data + (size_t)y * (size_t)stride;
            for (int x = 0; x < width; ++x) {
                d[0] = s[4 * x]; d[1] = s[4 * x + 1]; d[2] = s[4 * x + 2];
                if (!opaque) d[3] = s[4 * x + 3];
                d += channels;
            }
        } else {
            const uint32_t *s = (const uint32_t *)(data + (size_t)y * (size_t)stride);
            for (int x = 0; x < width; ++x) {
                uint32_t p = s[x], a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
                if (!opaque && a != 0 && a != 255) {
                    r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
                }
                d[0] = (uint8_t)r; d[1] = (uint8_t)g; d[2] = (uint8_t)b;
                if (!opaque) d[3] = (uint8_t)a;
                d += channels;
            }
        }
        const size_t bytes = rowBytes - 1;
        if (y > 0 && memcmp(current + 1, previous + 1, bytes) == 0) {
            /* `up`: a row equal to the one above is all zeros. */
            *f++ = 2;
            memset(f, 0, bytes);
        } else {
            /* `sub`: flat colour becomes zeros. */
            *f++ = 1;
            const uint8_t *row = current + 1;
            size_t lead = (size_t)channels < bytes ? (size_t)channels : bytes;
            memcpy(f, row, lead);
            for (size_t i = lead; i < bytes; i++) f[i] = (uint8_t)(row[i] - row[i - (size_t)channels]);
        }
        f += bytes;
        uint8_t *t = previous; previous = current; current = t;
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    uint8_t *p = png;
    memcpy(p, signature, 8); p += 8;
    be32(p + 8, (uint32_t)width); be32(p + 12, (uint32_t)height);
    p[16] = 8; p[17] = opaque ? 2 : 6; p[18] = 0; p[19] = 0; p[20] = 0;
    p = chunk(p, "IHDR", 13);
    size_t z = springy_deflate_runs(rows, n, rowBytes, p + 8, tokens);
    p = chunk(p, "IDAT", z);
    p = chunk(p, "IEND", 0);
    free(rows); free(previous); free(current); free(tokens);
    *out = png;
    *outLength = (size_t)(p - png);
    return 0;
}
