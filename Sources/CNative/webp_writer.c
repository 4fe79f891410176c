// Animated WebP through libwebp's animation encoder (which finds each frame's changed
// rectangle and blending itself), lossless or lossy.
#include <stdlib.h>
#include <string.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include "springy_native.h"

struct springy_webp {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    int width, height;
};

springy_webp *springy_webp_new(int width, int height, int lossless, double quality, int loops) {
    struct springy_webp *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->width = width;
    w->height = height;
    WebPAnimEncoderOptions options;
    if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&w->config)) { free(w); return NULL; }
    options.anim_params.loop_count = loops;
    options.anim_params.bgcolor = 0x00000000;
    options.allow_mixed = 0;
    w->config.lossless = lossless ? 1 : 0;
    w->config.quality = (float)quality;
    w->config.method = 4;
    w->config.exact = lossless ? 1 : 0;   // lossless keeps the colours under transparent pixels too
    if (!WebPValidateConfig(&w->config)) { free(w); return NULL; }
    w->encoder = WebPAnimEncoderNew(width, height, &options);
    if (!w->encoder) { free(w); return NULL; }
    return w;
}

int springy_webp_add(springy_webp *w, const uint8_t *rgba, int timestampMs) {
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return -1;
    picture.use_argb = 1;
    picture.width = w->width;
    picture.height = w->height;
    if (!WebPPictureImportRGBA(&picture, rgba, w->width * 4)) { WebPPictureFree(&picture); return -2; }
    int ok = WebPAnimEncoderAdd(w->encoder, &picture, timestampMs, &w->config);
    WebPPictureFree(&picture);
    return ok ? 0 : -3;
}

int springy_webp_finish(springy_webp *w, int endMs, uint8_t **out, size_t *length) {
    if (!WebPAnimEncoderAdd(w->encoder, NULL, endMs, NULL)) return -3;
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAssemble(w->encoder, &data)) return -4;
    uint8_t *copy = malloc(data.size ? data.size : 1);
    if (!copy) { WebPDataClear(&data); return -2; }
    memcpy(copy, data.bytes, data.size);
    *out = copy;
    *length = data.size;
    WebPDataClear(&data);
    return 0;
}

const char *springy_webp_error(springy_webp *w) { return w && w->encoder ? WebPAnimEncoderGetError(w->encoder) : "no encoder"; }

void springy_webp_free(springy_webp *w) {
    if (!w) return;
    if (w->encoder) WebPAnimEncoderDelete(w->encoder);
    free(w);
}
