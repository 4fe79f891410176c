// A hash of a frame's pixels as drawn, for the pinned table: Cairo's ARGB32 rows (premultiplied,
// native endian), `width` pixels each, stride padding skipped. FNV-1a's step over 64-bit words
// (then the odd bytes), so a 4 MB frame hashes quickly even unoptimised.
#include "springy_native.h"
#include <string.h>

/// An 8-byte word read from any address (clang allows this type to be unaligned).
typedef uint64_t __attribute__((aligned(1), may_alias)) unaligned_word;

#define FNV_PRIME 0x100000001b3ULL
#define FNV_WORD(h, w) (((h) ^ (w)) * FNV_PRIME)

/// FNV-1a's step over `length` bytes from `h`: 64-bit words, then the odd bytes, then an end mark.
/// Eight words are one expression, so an unoptimised (debug) build keeps `h` in a register
/// between them instead of storing and loading it for every word: the same value, half the time.
static uint64_t fnv_words(uint64_t h, const uint8_t *data, size_t length) {
    size_t i = 0;
    for (; i + 64 <= length; i += 64) {
        const unaligned_word *w = (const unaligned_word *)(data + i);
        h = FNV_WORD(FNV_WORD(FNV_WORD(FNV_WORD(FNV_WORD(FNV_WORD(FNV_WORD(FNV_WORD(h, w[0]), w[1]), w[2]), w[3]), w[4]), w[5]),
                         w[6]),
                     w[7]);
    }
    for (; i + 8 <= length; i += 8) h = FNV_WORD(h, *(const unaligned_word *)(data + i));
    for (; i < length; ++i) h = FNV_WORD(h, data[i]);
    return FNV_WORD(h, 0xff);  // the end of a row (or of the bytes)
}

uint64_t springy_pixel_hash(const uint8_t *data, int width, int height, int stride) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int y = 0; y < height; ++y) h = fnv_words(h, data + (size_t)y * (size_t)stride, (size_t)width * 4);
    return h;
}

uint64_t springy_bytes_hash(uint64_t seed, const uint8_t *data, size_t length) { return fnv_words(seed, data, length); }
