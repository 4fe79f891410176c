// gzip streams through zlib, for the compact trace goldens. Deterministic: the gzip header
// zlib writes carries no file name and a zero time.
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "springy_native.h"

static int deflate_with(const uint8_t *in, size_t length, int level, int windowBits, uint8_t **out, size_t *outLength) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, level, Z_DEFLATED, windowBits, 9, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
    uLong bound = deflateBound(&z, (uLong)length) + 32;
    uint8_t *buffer = malloc(bound);
    if (!buffer) { deflateEnd(&z); return -2; }
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)length;
    z.next_out = buffer;
    z.avail_out = (uInt)bound;
    int rc = deflate(&z, Z_FINISH);
    if (rc != Z_STREAM_END) { free(buffer); deflateEnd(&z); return -3; }
    *outLength = z.total_out;
    *out = buffer;
    deflateEnd(&z);
    return 0;
}

int springy_gzip(const uint8_t *in, size_t length, int level, uint8_t **out, size_t *outLength) {
    return deflate_with(in, length, level, 31, out, outLength);
}

int springy_deflate_raw(const uint8_t *in, size_t length, int level, uint8_t **out, size_t *outLength) {
    return deflate_with(in, length, level, -15, out, outLength);
}

int springy_gunzip(const uint8_t *in, size_t length, size_t maxLength, uint8_t **out, size_t *outLength) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 31) != Z_OK) return -1;
    size_t capacity = length * 4 + 1024;
    if (capacity > maxLength) capacity = maxLength;
    uint8_t *buffer = malloc(capacity);
    if (!buffer) { inflateEnd(&z); return -2; }
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)length;
    for (;;) {
        z.next_out = buffer + z.total_out;
        z.avail_out = (uInt)(capacity - z.total_out);
        int rc = inflate(&z, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) break;
        if (rc != Z_OK && rc != Z_BUF_ERROR) { free(buffer); inflateEnd(&z); return -3; }
        if (z.avail_out == 0) {
            if (capacity >= maxLength) { free(buffer); inflateEnd(&z); return -4; }
            size_t next = capacity * 2 > maxLength ? maxLength : capacity * 2;
            uint8_t *grown = realloc(buffer, next);
            if (!grown) { free(buffer); inflateEnd(&z); return -2; }
            buffer = grown;
            capacity = next;
        } else if (rc == Z_BUF_ERROR) {
            free(buffer); inflateEnd(&z); return -5;   // truncated input
        }
    }
    *outLength = z.total_out;
    *out = buffer;
    inflateEnd(&z);
    return 0;
}
