#include "springy_native.h"
#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
    int failed;
} Buffer;

typedef struct {
    char *error;
    size_t errorLength;
} ErrorSink;

static void write_bytes(png_structp png, png_bytep bytes, png_size_t length) {
    Buffer *b = (Buffer *)png_get_io_ptr(png);
    if (b->failed) return;
    if (b->length + length > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 65536;
        while (cap < b->length + length) cap *= 2;
        uint8_t *grown = (uint8_t *)realloc(b->data, cap);
        if (!grown) { b->failed = 1; png_error(png, "out of memory"); return; }
        b->data = grown;
        b->capacity = cap;
    }
    memcpy(b->data + b->length, bytes, length);
    b->length += length;
}

static void flush_bytes(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp message) {
    ErrorSink *sink = (ErrorSink *)png_get_error_ptr(png);
    if (sink && sink->error && sink->errorLength) snprintf(sink->error, sink->errorLength, "libpng: %s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static int encode_rows(const uint8_t *data, int width, int height, int stride, int opaque, int straight,
                       int level, int filters, int strategy,
                       uint8_t **out, size_t *outLength, char *error, size_t errorLength);

/// A libpng writer reporting into `sink` (each caller sets its own setjmp: it must be its frame).
static int create_writer(ErrorSink *sink, png_structp *png, png_infop *info) {
    *png = png_create_write_struct(PNG_LIBPNG_VER_STRING, sink, on_error, on_warning);
    if (!*png) { snprintf(sink->error, sink->errorLength, "libpng: cannot create write struct"); return 1; }
    *info = png_create_info_struct(*png);
    if (!*info) { png_destroy_write_struct(png, NULL); snprintf(sink->error, sink->errorLength, "libpng: no info struct"); return 1; }
    return 0;
}

int springy_png_encode(const uint8_t *data, int width, int height, int stride, int opaque,
                       int level, int filters, int strategy,
                       uint8_t **out, size_t *outLength, char *error, size_t errorLength) {
    return encode_rows(data, width, height, stride, opaque, 0, level, filters, strategy, out, outLength, error, errorLength);
}

int springy_png_encode_rgba(const uint8_t *rgba, int width, int height, int stride, int opaque,
                            int level, int filters, int strategy,
                            uint8_t **out, size_t *outLength, char *error, size_t errorLength) {
    return encode_rows(rgba, width, height, stride, opaque, 1, level, filters, strategy, out, outLength, error, errorLength);
}

static int encode_rows(const uint8_t *data, int width, int height, int stride, int opaque, int straight,
                       int level, int filters, int strategy,
                       uint8_t **out, size_t *outLength, char *error, size_t errorLength) {
    ErrorSink sink = {error, errorLength};
    Buffer buffer = {0};
    uint8_t *row = NULL;
    png_structp png;
    png_infop info;
    if (create_writer(&sink, &png, &info) != 0) return 1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer.data);
        free(row);
        return 1;
    }
    png_set_write_fn(png, &buffer, write_bytes, flush_bytes);
    png_set_compression_level(png, level);
    if (strategy >= 0) png_set_compression_strategy(png, strategy);
    if (filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    row = (uint8_t *)malloc((size_t)width * 4);
    if (!row) png_error(png, "out of memory");
    for (int y = 0; y < height; ++y) {
        const uint32_t *src = (const uint32_t *)(data + (size_t)y * (size_t)stride);
        uint8_t *dst = row;
        if (straight) {
            const uint8_t *p = data + (size_t)y * (size_t)stride;
            for (int x = 0; x < width; ++x) {
                *dst++ = p[4 * x]; *dst++ = p[4 * x + 1]; *dst++ = p[4 * x + 2];
                if (!opaque) *dst++ = p[4 * x + 3];
            }
            png_write_row(png, row);
            continue;
        }
        for (int x = 0; x < width; ++x) {
            uint32_t p = src[x];
            uint32_t a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            if (opaque) {
                *dst++ = (uint8_t)r; *dst++ = (uint8_t)g; *dst++ = (uint8_t)b;
            } else {
                if (a != 0 && a != 255) {
                    r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
                }
                *dst++ = (uint8_t)r; *dst++ = (uint8_t)g; *dst++ = (uint8_t)b; *dst++ = (uint8_t)a;
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    *out = buffer.data;
    *outLength = buffer.length;
    return 0;
}

static int finish_read(png_image *image, uint8_t **out, int *width, int *height, char *error, size_t errorLength) {
    image->format = PNG_FORMAT_RGBA;
    size_t size = PNG_IMAGE_SIZE(*image);
    uint8_t *pixels = (uint8_t *)malloc(size ? size : 1);
    if (!pixels) { png_image_free(image); snprintf(error, errorLength, "out of memory"); return 1; }
    if (!png_image_finish_read(image, NULL, pixels, 0, NULL)) {
        snprintf(error, errorLength, "libpng: %s", image->message);
        free(pixels);
        png_image_free(image);
        return 1;
    }
    *out = pixels;
    *width = (int)image->width;
    *height = (int)image->height;
    return 0;
}

int springy_png_decode_file(const char *path, uint8_t **out, int *width, int *height, char *error, size_t errorLength) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) {
        snprintf(error, errorLength, "libpng: %s", image.message);
        return 1;
    }
    return finish_read(&image, out, width, height, error, errorLength);
}

int springy_png_decode_memory(const uint8_t *bytes, size_t length, uint8_t **out, int *width, int *height, char *error, size_t errorLength) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) {
        snprintf(error, errorLength, "libpng: %s", image.message);
        return 1;
    }
    return finish_read(&image, out, width, height, error, errorLength);
}

void springy_free(void *pointer) { free(pointer); }

uint32_t springy_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
    return (uint32_t)crc32((uLong)crc, bytes, (uInt)length);
}

void springy_xrgb_to_yuv444(const uint8_t *data, int width, int height, int stride, uint8_t *out) {
    size_t plane = (size_t)width * (size_t)height;
    for (int y = 0; y < height; ++y) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; ++x) {
            uint32_t p = row[x];
            int r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            size_t i = (size_t)y * (size_t)width + (size_t)x;
            out[i] = (uint8_t)(((66 * r + 129 * g + 25 * b + 128) >> 8) + 16);
            out[i + plane] = (uint8_t)(((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128);
            out[i + 2 * plane] = (uint8_t)(((112 * r - 94 * g - 18 * b + 128) >> 8) + 128);
        }
    }
}

void springy_argb_to_rgba(const uint8_t *data, int width, int height, int stride, uint8_t *out) {
    for (int y = 0; y < height; ++y) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * (size_t)stride);
        uint8_t *o = out + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; ++x) {
            uint32_t p = row[x];
            unsigned a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            if (a != 0 && a != 255) {
                r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
                if (r > 255) r = 255; if (g > 255) g = 255; if (b > 255) b = 255;
            }
            o[4 * x] = (uint8_t)r; o[4 * x + 1] = (uint8_t)g; o[4 * x + 2] = (uint8_t)b; o[4 * x + 3] = (uint8_t)a;
        }
    }
}

void springy_rgba_to_argb(const uint8_t *rgba, int width, int height, int stride, uint8_t *data) {
    /* The inverse of springy_argb_to_rgba on every premultiplied value Cairo makes: (u·a + 127) / 255. */
    for (int y = 0; y < height; ++y) {
        uint32_t *row = (uint32_t *)(data + (size_t)y * (size_t)stride);
        const uint8_t *p = rgba + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; ++x) {
            unsigned r = p[4 * x], g = p[4 * x + 1], b = p[4 * x + 2], a = p[4 * x + 3];
            if (a != 255) { r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255; }
            row[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
}

int springy_changed_rect(const uint8_t *a, const uint8_t *b, int width, int height, int *x, int *y, int *w, int *h) {
    size_t rowBytes = (size_t)width * 4;
    int top = -1, bottom = -1;
    for (int j = 0; j < height; ++j) {
        if (memcmp(a + (size_t)j * rowBytes, b + (size_t)j * rowBytes, rowBytes) != 0) { top = j; break; }
    }
    if (top < 0) return 0;
    for (int j = height - 1; j >= top; --j) {
        if (memcmp(a + (size_t)j * rowBytes, b + (size_t)j * rowBytes, rowBytes) != 0) { bottom = j; break; }
    }
    int left = width, right = -1;
    for (int j = top; j <= bottom; ++j) {
        const uint32_t *pa = (const uint32_t *)(a + (size_t)j * rowBytes), *pb = (const uint32_t *)(b + (size_t)j * rowBytes);
        for (int i = 0; i < left; ++i) if (pa[i] != pb[i]) { left = i; break; }
        for (int i = width - 1; i > right; --i) if (pa[i] != pb[i]) { right = i; break; }
    }
    *x = left; *y = top; *w = right - left + 1; *h = bottom - top + 1;
    return 1;
}

int springy_png_encode_indexed(const uint8_t *indexes, int width, int height, const uint8_t *paletteRGBA, int count,
                               int level, uint8_t **out, size_t *outLength, char *error, size_t errorLength) {
    ErrorSink sink = {error, errorLength};
    Buffer buffer = {0};
    png_structp png;
    png_infop info;
    if (create_writer(&sink, &png, &info) != 0) return 1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer.data);
        return 1;
    }
    png_set_write_fn(png, &buffer, write_bytes, flush_bytes);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_PALETTE,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_color colors[256];
    png_byte alpha[256];
    int lastTranslucent = -1;
    for (int i = 0; i < count; ++i) {
        colors[i].red = paletteRGBA[4 * i]; colors[i].green = paletteRGBA[4 * i + 1]; colors[i].blue = paletteRGBA[4 * i + 2];
        alpha[i] = paletteRGBA[4 * i + 3];
        if (alpha[i] != 255) lastTranslucent = i;
    }
    png_set_PLTE(png, info, colors, count);
    if (lastTranslucent >= 0) png_set_tRNS(png, info, alpha, lastTranslucent + 1, NULL);
    png_write_info(png, info);
    for (int y = 0; y < height; ++y) png_write_row(png, (png_const_bytep)(indexes + (size_t)y * width));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = buffer.data;
    *outLength = buffer.length;
    return 0;
}

/* A canvas's pixels exactly as its PNG decodes (springy_png_encode, then any PNG decoder):
   opaque — R, G, B and 255; else straight R, G, B, A, unpremultiplied as the encoder does. A
   check compares its golden with this instead of encoding and decoding the frame again. */
void springy_canvas_to_png_rgba(const uint8_t *data, int width, int height, int stride, int opaque, uint8_t *out) {
    for (int y = 0; y < height; ++y) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * (size_t)stride);
        uint8_t *o = out + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; ++x) {
            uint32_t p = row[x];
            uint32_t a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            if (opaque) {
                a = 255;
            } else if (a != 0 && a != 255) {
                r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
            }
            o[4 * x] = (uint8_t)r; o[4 * x + 1] = (uint8_t)g; o[4 * x + 2] = (uint8_t)b; o[4 * x + 3] = (uint8_t)a;
        }
    }
}

/* Compares two RGBA images of `pixels` pixels: how many differ by more than `tolerance` in
   some channel, and the largest channel difference. Equal 4 KiB blocks are passed over by
   memcmp, so a frame with a few changed pixels costs little more than a memcmp. */
void springy_rgba_compare(const uint8_t *a, const uint8_t *b, size_t pixels, int tolerance, int64_t *over, int *largest) {
    const size_t block = 4096, bytes = pixels * 4;
    int64_t count = 0;
    int most = 0;
    for (size_t start = 0; start < bytes; start += block) {
        size_t n = bytes - start < block ? bytes - start : block;
        if (memcmp(a + start, b + start, n) == 0) continue;
        for (size_t i = start; i < start + n; i += 4) {
            int d = 0;
            for (int c = 0; c < 4; ++c) {
                int e = (int)a[i + c] - (int)b[i + c];
                if (e < 0) e = -e;
                if (e > d) d = e;
            }
            if (d > tolerance) ++count;
            if (d > most) most = d;
        }
    }
    *over = count;
    *largest = most;
}
