// Animated GIF: one palette for the whole animation from libimagequant (a histogram of every
// frame's changed rectangle), frames written by giflib as only the rectangle that changed,
// pixels that did not change transparent, identical frames merged into the one before.
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <gif_lib.h>
#include <libimagequant.h>
#include "springy_native.h"

struct springy_gif {
    int width, height;
    liq_attr *attr;
    liq_histogram *histogram;
    liq_result *result;
    int colors;            // palette entries used (the transparent one is index `colors`)
    unsigned char *index;  // the canvas so far, as palette indexes
    int started;           // the first frame has been remapped
    // A frame held back until the next one shows whether it changes anything.
    unsigned char *pending;
    int px, py, pw, ph, pdelay, pvalid, pfirst;
    unsigned char *out;
    size_t length, capacity;
    int failed;
    GifFileType *gif;
};

static int write_bytes(GifFileType *gif, const GifByteType *bytes, int length) {
    struct springy_gif *g = gif->UserData;
    if (g->length + (size_t)length > g->capacity) {
        size_t cap = g->capacity ? g->capacity * 2 : 1 << 16;
        while (cap < g->length + (size_t)length) cap *= 2;
        unsigned char *grown = realloc(g->out, cap);
        if (!grown) { g->failed = 1; return 0; }
        g->out = grown;
        g->capacity = cap;
    }
    memcpy(g->out + g->length, bytes, (size_t)length);
    g->length += (size_t)length;
    return length;
}

springy_gif *springy_gif_new(int width, int height, int maxColors) {
    struct springy_gif *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->width = width;
    g->height = height;
    g->attr = liq_attr_create();
    g->index = malloc((size_t)width * height);
    g->pending = malloc((size_t)width * height);
    if (!g->attr || !g->index || !g->pending) { springy_gif_free(g); return NULL; }
    if (maxColors < 2) maxColors = 2;
    if (maxColors > 255) maxColors = 255;   // one index stays free for "unchanged"
    liq_set_max_colors(g->attr, maxColors);
    liq_set_speed(g->attr, 4);
    g->histogram = liq_histogram_create(g->attr);
    if (!g->histogram) { springy_gif_free(g); return NULL; }
    return g;
}

static void row_pointers(const uint8_t *rgba, int w, int h, int stride, void **rows) {
    for (int y = 0; y < h; ++y) rows[y] = (void *)(rgba + (size_t)y * (size_t)stride);
    (void)w;
}

int springy_gif_add_histogram(springy_gif *g, const uint8_t *rgba, int w, int h, int stride) {
    void **rows = malloc(sizeof(void *) * (size_t)h);
    if (!rows) return -2;
    row_pointers(rgba, w, h, stride, rows);
    liq_image *img = liq_image_create_rgba_rows(g->attr, rows, w, h, 0);
    int rc = img ? (liq_histogram_add_image(g->histogram, g->attr, img) == LIQ_OK ? 0 : -1) : -1;
    if (img) liq_image_destroy(img);
    free(rows);
    return rc;
}

int springy_gif_quantize(springy_gif *g, double dither, int loops) {
    if (liq_histogram_quantize(g->histogram, g->attr, &g->result) != LIQ_OK) return -1;
    liq_set_dithering_level(g->result, (float)dither);
    const liq_palette *pal = liq_get_palette(g->result);
    g->colors = (int)pal->count;
    int error = 0;
    g->gif = EGifOpen(g, write_bytes, &error);
    if (!g->gif) return -2;
    EGifSetGifVersion(g->gif, true);
    ColorMapObject *map = GifMakeMapObject(256, NULL);
    if (!map) return -2;
    for (int i = 0; i < 256; ++i) {
        GifColorType c = {0, 0, 0};
        if (i < (int)pal->count) { c.Red = pal->entries[i].r; c.Green = pal->entries[i].g; c.Blue = pal->entries[i].b; }
        map->Colors[i] = c;
    }
    int ok = EGifPutScreenDesc(g->gif, g->width, g->height, 8, 0, map) == GIF_OK;
    GifFreeMapObject(map);
    if (!ok) return -3;
    // NETSCAPE2.0: loop count (0 = for ever).
    unsigned char app[11] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    unsigned char sub[3] = {1, (unsigned char)(loops & 0xff), (unsigned char)((loops >> 8) & 0xff)};
    if (EGifPutExtensionLeader(g->gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK
        || EGifPutExtensionBlock(g->gif, 11, app) != GIF_OK || EGifPutExtensionBlock(g->gif, 3, sub) != GIF_OK
        || EGifPutExtensionTrailer(g->gif) != GIF_OK) return -3;
    return 0;
}

static int flush_pending(springy_gif *g) {
    if (!g->pvalid) return 0;
    GraphicsControlBlock gcb = {DISPOSE_DO_NOT, false, g->pdelay, g->pfirst ? NO_TRANSPARENT_COLOR : g->colors};
    GifByteType ext[4];
    size_t n = EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(g->gif, GRAPHICS_EXT_FUNC_CODE, (int)n, ext) != GIF_OK) return -3;
    if (EGifPutImageDesc(g->gif, g->px, g->py, g->pw, g->ph, false, NULL) != GIF_OK) return -3;
    for (int y = 0; y < g->ph; ++y) {
        if (EGifPutLine(g->gif, g->pending + (size_t)y * g->pw, g->pw) != GIF_OK) return -3;
    }
    g->pvalid = 0;
    return g->failed ? -2 : 0;
}

int springy_gif_palette(springy_gif *g, uint8_t *rgba, int *count) {
    if (!g->result) return -1;
    const liq_palette *pal = liq_get_palette(g->result);
    for (unsigned i = 0; i < pal->count; ++i) {
        rgba[4 * i] = pal->entries[i].r; rgba[4 * i + 1] = pal->entries[i].g;
        rgba[4 * i + 2] = pal->entries[i].b; rgba[4 * i + 3] = pal->entries[i].a;
    }
    *count = (int)pal->count;
    return 0;
}

int springy_gif_quantize_only(springy_gif *g, double dither) {
    if (liq_histogram_quantize(g->histogram, g->attr, &g->result) != LIQ_OK) return -1;
    liq_set_dithering_level(g->result, (float)dither);
    g->colors = (int)liq_get_palette(g->result)->count;
    return 0;
}

int springy_palette_frame(springy_gif *g, const uint8_t *rgba, int x, int y, int w, int h, int stride,
                          uint8_t *out, int *rx, int *ry, int *rw, int *rh) {
    unsigned char *mapped = malloc((size_t)w * h);
    void **rows = malloc(sizeof(void *) * (size_t)h);
    if (!mapped || !rows) { free(mapped); free(rows); return -2; }
    row_pointers(rgba, w, h, stride, rows);
    liq_image *img = liq_image_create_rgba_rows(g->attr, rows, w, h, 0);
    int rc = img && liq_write_remapped_image(g->result, img, mapped, (size_t)w * h) == LIQ_OK ? 0 : -1;
    if (img) liq_image_destroy(img);
    free(rows);
    if (rc != 0) { free(mapped); return rc; }
    int first = !g->started;
    int minX = w, minY = h, maxX = -1, maxY = -1;
    for (int j = 0; j < h; ++j) {
        const unsigned char *m = mapped + (size_t)j * w, *c = g->index + (size_t)(y + j) * g->width + x;
        for (int i = 0; i < w; ++i) {
            if (first || m[i] != c[i]) {
                if (i < minX) minX = i;
                if (i > maxX) maxX = i;
                if (j < minY) minY = j;
                if (j > maxY) maxY = j;
            }
        }
    }
    if (maxX < 0) { free(mapped); return 1; }
    *rx = x + minX; *ry = y + minY; *rw = maxX - minX + 1; *rh = maxY - minY + 1;
    for (int j = 0; j < *rh; ++j) {
        const unsigned char *m = mapped + (size_t)(minY + j) * w + minX;
        unsigned char *c = g->index + (size_t)(*ry + j) * g->width + *rx;
        unsigned char *p = out + (size_t)j * (*rw);
        for (int i = 0; i < *rw; ++i) {
            p[i] = (!first && m[i] == c[i]) ? (unsigned char)g->colors : m[i];
            c[i] = m[i];
        }
    }
    g->started = 1;
    free(mapped);
    return 0;
}

int springy_gif_add_frame(springy_gif *g, const uint8_t *rgba, int x, int y, int w, int h, int stride, int delay) {
    int first = !g->started && !g->pvalid;
    unsigned char *changed = malloc((size_t)w * h);
    if (!changed) return -2;
    int rx, ry, rw, rh;
    int rc = springy_palette_frame(g, rgba, x, y, w, h, stride, changed, &rx, &ry, &rw, &rh);
    if (rc == 1) {
        // Nothing visible changed: the frame before lasts longer.
        if (g->pvalid) g->pdelay += delay;
        free(changed);
        return 0;
    }
    if (rc == 0) rc = flush_pending(g);
    if (rc != 0) { free(changed); return rc; }
    memcpy(g->pending, changed, (size_t)rw * rh);
    free(changed);
    g->px = rx; g->py = ry; g->pw = rw; g->ph = rh; g->pdelay = delay; g->pfirst = first;
    g->pvalid = 1;
    return 0;
}

const uint8_t *springy_gif_buffered(springy_gif *g, size_t *length) {
    *length = g->length;
    return g->out;
}

void springy_gif_clear(springy_gif *g) { g->length = 0; }

int springy_gif_close(springy_gif *g) {
    int rc = flush_pending(g);
    int error = 0;
    if (g->gif) { if (EGifCloseFile(g->gif, &error) != GIF_OK && rc == 0) rc = -3; g->gif = NULL; }
    if (rc != 0 || g->failed) return rc ? rc : -2;
    return 0;
}

void springy_gif_free(springy_gif *g) {
    if (!g) return;
    if (g->gif) { int e; EGifCloseFile(g->gif, &e); }
    if (g->result) liq_result_destroy(g->result);
    if (g->histogram) liq_histogram_destroy(g->histogram);
    if (g->attr) liq_attr_destroy(g->attr);
    free(g->index);
    free(g->pending);
    free(g->out);
    free(g);
}
