// A fast path for reading the PNGs Springy writes itself (8-bit RGB or RGBA, not interlaced,
// no colour-space chunks): chunks walked and CRC-checked here, the zlib stream inflated by
// libdeflate (several times faster than zlib on these long runs), rows unfiltered here.
// Anything else is left to libpng (the caller falls back when this returns non-zero).
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <libdeflate.h>
#include "springy_native.h"

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

static uint32_t load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static void store32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }

/// Four bytes added each to each, modulo 256 (no carry from one into the next).
static uint32_t addBytes(uint32_t a, uint32_t b) {
    return ((a & 0x7F7F7F7Fu) + (b & 0x7F7F7F7Fu)) ^ ((a ^ b) & 0x80808080u);
}

/// Unfilters the inflated rows (each a filter byte, then `w` pixels of `channels` bytes) straight
/// into RGBA `pixels`, a pixel at a time: the row above is the RGBA row already written. A
/// `sub`, `up` or unfiltered row (Springy's and the usual fast encoders' filters) is four-byte
/// adds; an `up` row of zeros (a row like the one above) is a copy; `average` and Paeth go
/// byte by byte. 1 when done, 0 on a filter type PNG does not have.
static int unfilter(const uint8_t *raw, uint32_t w, uint32_t h, int channels, uint8_t *pixels) {
    static const uint8_t zeros[4096] = {0};
    static const uint8_t opaqueBytes[4] = {0, 0, 0, 255};
    const size_t stride = (size_t)w * channels, outStride = (size_t)w * 4;
    // RGB: the fourth byte read belongs to the next pixel; the adds carry nothing from byte to
    // byte, so it reaches only the alpha byte, which is then set to 255.
    uint32_t opaque = 0;
    if (channels == 3) memcpy(&opaque, opaqueBytes, 4);
    for (uint32_t y = 0; y < h; ++y) {
        const uint8_t *cur = raw + (size_t)y * (stride + 1) + 1;
        const uint8_t filter = cur[-1];
        uint8_t *o = pixels + (size_t)y * outStride;
        const uint8_t *up = y > 0 ? o - outStride : NULL;
        if (filter == 2 && up) {
            int same = 1;
            for (size_t i = 0; i < stride && same; i += sizeof zeros) {
                size_t n = stride - i < sizeof zeros ? stride - i : sizeof zeros;
                same = memcmp(cur + i, zeros, n) == 0;
            }
            if (same) { memcpy(o, up, outStride); continue; }
        }
        switch (filter == 2 && !up ? 0 : filter) {  // `up` on the first row adds zeros
        case 0:
            for (uint32_t x = 0; x < w; ++x) store32(o + 4 * x, load32(cur + (size_t)x * channels) | opaque);
            break;
        case 1: {
            uint32_t left = 0;
            for (uint32_t x = 0; x < w; ++x) {
                left = addBytes(left, load32(cur + (size_t)x * channels));
                store32(o + 4 * x, left | opaque);
            }
            break;
        }
        case 2:
            for (uint32_t x = 0; x < w; ++x)
                store32(o + 4 * x, addBytes(load32(up + 4 * x), load32(cur + (size_t)x * channels)) | opaque);
            break;
        case 3:
        case 4:
            for (uint32_t x = 0; x < w; ++x) {
                for (int c = 0; c < channels; ++c) {
                    int left = x > 0 ? o[4 * (x - 1) + c] : 0, above = up ? up[4 * x + c] : 0;
                    int corner = up && x > 0 ? up[4 * (x - 1) + c] : 0;
                    int predicted = filter == 3 ? (left + above) >> 1 : paeth(left, above, corner);
                    o[4 * x + c] = (uint8_t)(cur[(size_t)x * channels + c] + predicted);
                }
                if (channels == 3) o[4 * x + 3] = 255;
            }
            break;
        default: return 0;
        }
    }
    return 1;
}

/// Checks the chunks; gives the size, the channel count and the IDAT length when the fast path can read it.
static int probe(const uint8_t *bytes, size_t length, uint32_t *width, uint32_t *height, int *channelCount, size_t *idatBytes) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (length < 8 + 25 || memcmp(bytes, signature, 8) != 0) return 1;
    size_t pos = 8, idatLength = 0;
    uint32_t w = 0, h = 0;
    int channels = 0, sawIEND = 0, idatState = 0;  // 0: none yet, 1: in the IDATs, 2: past them
    // First pass: check every chunk, measure the IDAT data. What libpng refuses is never read
    // here (returning 1 leaves it to libpng, which then refuses it): chunk types of anything but
    // letters, IDATs that are not consecutive, lengths past 2^31 - 1, other chunks past libpng's
    // 8,000,000-byte limit, and sizes past its 1,000,000 pixels a side.
    while (pos + 12 <= length) {
        uint32_t n = be32(bytes + pos);
        const uint8_t *type = bytes + pos + 4;
        if (n > 0x7FFFFFFFu || n > length - pos - 12) return 1;
        for (int k = 0; k < 4; ++k) {
            uint8_t c = type[k];
            if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return 1;
        }
        int isIDAT = memcmp(type, "IDAT", 4) == 0;
        if (isIDAT) {
            if (idatState == 2) return 1;
            idatState = 1;
        } else {
            if (idatState == 1) idatState = 2;
            if (n > 8000000u) return 1;
        }
        if (crc32(crc32(0, NULL, 0), type, n + 4) != be32(bytes + pos + 8 + n)) return 1;
        if (pos == 8) {
            if (memcmp(type, "IHDR", 4) != 0 || n != 13) return 1;
            const uint8_t *d = bytes + pos + 8;
            w = be32(d); h = be32(d + 4);
            if (d[8] != 8 || d[10] != 0 || d[11] != 0 || d[12] != 0) return 1;
            if (d[9] == 2) channels = 3; else if (d[9] == 6) channels = 4; else return 1;
            if (w == 0 || h == 0 || w > 1000000u || h > 1000000u || (uint64_t)w * h > (1u << 28)) return 1;
        } else if (isIDAT) {
            idatLength += n;
        } else if (memcmp(type, "IEND", 4) == 0) {
            sawIEND = 1;
            break;
        } else if (!(type[0] & 0x20)) {
            return 1;   // another critical chunk (PLTE...): libpng's
        } else if (!memcmp(type, "gAMA", 4) || !memcmp(type, "cHRM", 4) || !memcmp(type, "sRGB", 4) || !memcmp(type, "iCCP", 4)
                   || !memcmp(type, "sBIT", 4) || !memcmp(type, "tRNS", 4)) {
            return 1;   // colour handling: libpng's
        }
        pos += 12 + n;
    }
    if (!sawIEND || idatLength == 0) return 1;
    *width = w; *height = h; *channelCount = channels; *idatBytes = idatLength;
    return 0;
}

int springy_png_probe_fast(const uint8_t *bytes, size_t length, int *width, int *height) {
    uint32_t w, h;
    int channels;
    size_t idatLength;
    if (probe(bytes, length, &w, &h, &channels, &idatLength) != 0) return 1;
    *width = (int)w;
    *height = (int)h;
    return 0;
}

int springy_png_decode_fast_into(const uint8_t *bytes, size_t length, uint8_t *pixels) {
    uint32_t w, h;
    int channels;
    size_t idatLength, pos;
    if (probe(bytes, length, &w, &h, &channels, &idatLength) != 0) return 1;
    uint8_t *idat = malloc(idatLength);
    if (!idat) return 1;
    size_t at = 0;
    for (pos = 8; pos + 12 <= length;) {
        uint32_t n = be32(bytes + pos);
        if (!memcmp(bytes + pos + 4, "IDAT", 4)) { memcpy(idat + at, bytes + pos + 8, n); at += n; }
        if (!memcmp(bytes + pos + 4, "IEND", 4)) break;
        pos += 12 + n;
    }
    size_t stride = (size_t)w * channels, rawSize = (size_t)h * (stride + 1);
    // The inflated rows go in a buffer each thread keeps (up to 64 MB), so a check of many
    // frames does not map and unmap megabytes per frame. Four bytes more than the rows: a
    // pixel of an RGB row is read as four bytes (the fourth reaches only alpha), the last
    // one too.
    static _Thread_local uint8_t *cache = NULL;
    static _Thread_local size_t cacheSize = 0;
    uint8_t *raw;
    int cached = rawSize + 4 <= ((size_t)64 << 20);
    if (cached) {
        if (cacheSize < rawSize + 4) {
            free(cache);
            cache = malloc(rawSize + 4);
            cacheSize = cache ? rawSize + 4 : 0;
        }
        raw = cache;
    } else {
        raw = malloc(rawSize + 4);
    }
    struct libdeflate_decompressor *z = libdeflate_alloc_decompressor();
    size_t got = 0;
    int ok = raw && z
        && libdeflate_zlib_decompress(z, idat, idatLength, raw, rawSize, &got) == LIBDEFLATE_SUCCESS && got == rawSize;
    if (z) libdeflate_free_decompressor(z);
    free(idat);
    if (!ok) { if (!cached) free(raw); return 1; }
    memset(raw + rawSize, 0, 4);
    ok = unfilter(raw, w, h, channels, pixels);
    if (!cached) free(raw);
    return ok ? 0 : 1;
}
