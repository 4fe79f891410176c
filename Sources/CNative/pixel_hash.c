// A hash of a frame's pixels as drawn, for the pinned table: Cairo's ARGB32 rows (premultiplied,
// native endian), `width` pixels each, stride padding skipped. FNV-1a's step over 64-bit words
// (then the odd bytes), so a 4 MB frame hashes quickly even unoptimised.
#include "springy_native.h"
#include <string.h>

/// FNV-1a's step over `length` bytes from `h`: 64-bit words, then the odd bytes, then an end mark.
static uint64_t fnv_words(uint64_t h, const uint8_t *data, size_t length) {
    const uint64_t prime = 0x100000001b3ULL;
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t w;
        memcpy(&w, data + i, 8);
        h = (h ^ w) * prime;
    }
    for (; i < length; ++i) h = (h ^ data[i]) * prime;
    return (h ^ 0xff) * prime;  // the end of a row (or of the bytes)
}

uint64_t springy_pixel_hash(const uint8_t *data, int width, int height, int stride) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int y = 0; y < height; ++y) h = fnv_words(h, data + (size_t)y * (size_t)stride, (size_t)width * 4);
    return h;
}

uint64_t springy_bytes_hash(uint64_t seed, const uint8_t *data, size_t length) { return fnv_words(seed, data, length); }
