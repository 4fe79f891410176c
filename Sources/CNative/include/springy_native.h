// Native helpers that need C: libpng's setjmp-based error handling, and the
// pinned FreeType font face handed to Cairo.
#ifndef SPRINGY_NATIVE_H
#define SPRINGY_NATIVE_H

#include <stddef.h>
#include <stdint.h>
#include <cairo.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Encodes a Cairo image (CAIRO_FORMAT_ARGB32 / RGB24, native-endian, premultiplied)
/// as PNG into a malloc'ed buffer. `opaque` writes RGB (no alpha channel);
/// otherwise RGBA with alpha un-premultiplied. `filters` is a libpng
/// PNG_FILTER_* mask (0 = libpng's default), `level` the zlib level 0-9,
/// `strategy` a zlib strategy (-1 = libpng's default). No time chunk is written.
/// Returns 0 on success; on failure a message in `error`.
int springy_png_encode(const uint8_t *data, int width, int height, int stride, int opaque,
                       int level, int filters, int strategy,
                       uint8_t **out, size_t *outLength, char *error, size_t errorLength);

/// Decodes a PNG file into 8-bit RGBA (not premultiplied), malloc'ed.
int springy_png_decode_file(const char *path, uint8_t **out, int *width, int *height,
                            char *error, size_t errorLength);
/// Decodes PNG bytes into 8-bit RGBA (not premultiplied), malloc'ed.
int springy_png_decode_memory(const uint8_t *bytes, size_t length, uint8_t **out, int *width, int *height,
                              char *error, size_t errorLength);

/// gzip-compresses `length` bytes at `level` (0-9); *out is malloc'd (springy_free). 0 on success.
int springy_gzip(const uint8_t *in, size_t length, int level, uint8_t **out, size_t *outLength);
/// Raw deflate (no header: a ZIP entry's data) of `length` bytes at `level`; *out is malloc'd.
int springy_deflate_raw(const uint8_t *in, size_t length, int level, uint8_t **out, size_t *outLength);

/// Inflates a gzip stream of at most `maxLength` bytes; *out is malloc'd. 0 on success,
/// -4 when the data would be longer than `maxLength`, other negatives for bad data.
int springy_gunzip(const uint8_t *in, size_t length, size_t maxLength, uint8_t **out, size_t *outLength);

/// Whether the fast path reads this PNG (8-bit RGB or RGBA without colour chunks: what Springy
/// writes), and its size: 0 when it does; non-zero for anything else, which libpng reads.
int springy_png_probe_fast(const uint8_t *bytes, size_t length, int *width, int *height);
/// Reads such a PNG into `pixels` (width × height × 4 bytes, RGBA); non-zero on failure.
int springy_png_decode_fast_into(const uint8_t *bytes, size_t length, uint8_t *pixels);

/// Animated GIF (libimagequant + giflib): add every frame's changed rectangle to the histogram,
/// quantize once, then add the frames (x, y, w, h: the rectangle to remap and write; stride in
/// bytes; delay in hundredths of a second), then finish. Negative on failure.
typedef struct springy_gif springy_gif;
springy_gif *springy_gif_new(int width, int height, int maxColors);
int springy_gif_add_histogram(springy_gif *g, const uint8_t *rgba, int w, int h, int stride);
int springy_gif_quantize(springy_gif *g, double dither, int loops);
int springy_gif_add_frame(springy_gif *g, const uint8_t *rgba, int x, int y, int w, int h, int stride, int delay);
/// The bytes giflib has written so far (a pointer into the writer, valid until the next call),
/// then forgotten by springy_gif_clear: the caller streams them to its file frame by frame.
const uint8_t *springy_gif_buffered(springy_gif *g, size_t *length);
void springy_gif_clear(springy_gif *g);
/// Writes the last frame and the trailer (into the buffer).
int springy_gif_close(springy_gif *g);
void springy_gif_free(springy_gif *g);
/// The same palette machinery for other formats: quantize the histogram (no GIF), read the
/// palette (RGBA, up to 255 entries; index `count` is left for "unchanged"), and remap a
/// frame's rectangle into `out` as indexes, unchanged pixels given index `count`, the changed
/// part's rectangle in rx…rh. 1 when nothing changed.
int springy_gif_quantize_only(springy_gif *g, double dither);
int springy_gif_palette(springy_gif *g, uint8_t *rgba, int *count);
int springy_palette_frame(springy_gif *g, const uint8_t *rgba, int x, int y, int w, int h, int stride,
                          uint8_t *out, int *rx, int *ry, int *rw, int *rh);
/// An 8-bit palette PNG of `indexes` (width × height) with the palette's RGBA (tRNS as needed).
int springy_png_encode_indexed(const uint8_t *indexes, int width, int height, const uint8_t *paletteRGBA, int count,
                               int level, uint8_t **out, size_t *outLength, char *error, size_t errorLength);

/// One WebP picture (a frame's changed rectangle) as a still WebP file in memory (free with
/// springy_free); lossless or lossy at `quality`. 0, or a negative code (-10 - libwebp's error).
int springy_webp_encode(const uint8_t *rgba, int width, int height, int stride, int lossless, double quality,
                        uint8_t **out, size_t *length);

/// Encodes straight RGBA rows (stride in bytes) as a PNG: RGB when `opaque`, else RGBA.
int springy_png_encode_rgba(const uint8_t *rgba, int width, int height, int stride, int opaque,
                            int level, int filters, int strategy,
                            uint8_t **out, size_t *outLength, char *error, size_t errorLength);
/// The smallest rectangle holding every pixel that differs between two RGBA images of the same
/// size; 0 (and nothing set) when they are the same.
int springy_changed_rect(const uint8_t *a, const uint8_t *b, int width, int height, int *x, int *y, int *w, int *h);

/// An animated AVIF being encoded (libavif with libaom, one thread): `quality` 0-100 (100:
/// lossless 4:4:4), `speed` libaom's 0 (slowest) to 10, alpha kept unless `opaque`.
struct springy_avif;
/// Frame durations are in ticks of a clock at `timescale` per second (the frame rate's numerator).
struct springy_avif *springy_avif_new(int width, int height, int timescale, int quality, int speed, int opaque);
/// Adds a frame of straight RGBA lasting `ticks` ticks. 0, or negative (springy_avif_message says why).
int springy_avif_add(struct springy_avif *a, const uint8_t *rgba, int stride, int ticks);
/// The whole file (*out malloc'd, springy_free). 0, or negative.
int springy_avif_finish(struct springy_avif *a, uint8_t **out, size_t *length);
const char *springy_avif_message(struct springy_avif *a);
void springy_avif_free(struct springy_avif *a);

void springy_free(void *pointer);

/// Bytes malloc has handed out and not had back (glibc mallinfo2), for the benchmarks.
size_t springy_heap_in_use(void);
/// malloc_trim(0): returns the free pages of every arena to the system.
void springy_heap_trim(void);

/// Makes the pixels of a w×h rectangle (at x, y of a frame `frameWidth` wide) that equal the
/// previous frame's fully transparent.
void springy_clear_unchanged(const uint8_t *previous, int frameWidth, int x, int y, int w, int h, uint8_t *rect);

/// Cairo pixels (native-endian xRGB) to planar Y, Cb, Cr (4:4:4, BT.601 studio range).
void springy_xrgb_to_yuv444(const uint8_t *data, int width, int height, int stride, uint8_t *out);
/* Cairo ARGB32 (premultiplied, native endian) to straight RGBA bytes, width*height*4 of them. */
void springy_argb_to_rgba(const uint8_t *data, int width, int height, int stride, uint8_t *out);
/* Straight RGBA rows (width*4 bytes each) into premultiplied ARGB32 rows of `stride` bytes. */
void springy_rgba_to_argb(const uint8_t *rgba, int width, int height, int stride, uint8_t *data);

/// A 64-bit hash of a frame's pixels as drawn (Cairo ARGB32 rows, stride padding skipped).
uint64_t springy_pixel_hash(const uint8_t *data, int width, int height, int stride);
/// The same FNV-1a step over `length` bytes (64-bit words, then the odd bytes), from `seed`:
/// a state stream's chunk digest.
uint64_t springy_bytes_hash(uint64_t seed, const uint8_t *data, size_t length);

/// zlib's CRC-32 (for the APNG chunks the project assembles).
uint32_t springy_crc32(uint32_t crc, const uint8_t *bytes, size_t length);

/// Loads the font at `path` (one pinned file) as a Cairo font face. Returns
/// NULL with a message when the file is missing or not a font.
cairo_font_face_t *springy_font_face_from_file(const char *path, char *error, size_t errorLength);
/* Whether the font face (made by springy_font_face_from_file) has a glyph for the Unicode code point. */
int springy_font_has_glyph(cairo_font_face_t *face, uint32_t codepoint);

#ifdef __cplusplus
}
#endif
/* "name version" lines for cairo, pixman, FreeType, libpng and zlib as loaded at run time. */
void springy_library_versions(char *out, size_t length);

/* Springy's own PNG encoder (png_runs.c): a row equal to the one above is `up` zeros, any other
   `sub` or `up` (fewer pixels changed); deflated by looking only for runs of the byte before and
   of the row above, in one block with codes made for the frame. `data`: Cairo's premultiplied
   ARGB32 rows, or straight RGBA rows when `straight`; RGB when `opaque` (alpha then ignored).
   0 on success (*out to springy_free), 1 out of memory. */
int springy_png_encode_runs(const uint8_t *data, int width, int height, int stride, int opaque, int straight,
                            uint8_t **out, size_t *outLength);

/* A canvas's pixels exactly as its PNG (springy_png_encode) decodes, as RGBA. */
void springy_canvas_to_png_rgba(const uint8_t *data, int width, int height, int stride, int opaque, uint8_t *out);
/* Pixels of two RGBA images differing by more than `tolerance`, and the largest difference. */
void springy_rgba_compare(const uint8_t *a, const uint8_t *b, size_t pixels, int tolerance, int64_t *over, int *largest);

#endif
