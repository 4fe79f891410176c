// Animated AVIF through libavif (Debian's, with libaom as the AV1 encoder): frames are encoded
// as they come; libavif holds the encoded samples and writes the file at the end.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <avif/avif.h>
#include "springy_native.h"

struct springy_avif {
    avifEncoder *encoder;
    avifImage *image;
    int width, height, opaque;
    char message[256];
};

static void note(struct springy_avif *a, avifResult r) {
    snprintf(a->message, sizeof a->message, "%s", avifResultToString(r));
}

struct springy_avif *springy_avif_new(int width, int height, int timescale, int quality, int speed, int opaque) {
    struct springy_avif *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->width = width; a->height = height; a->opaque = opaque;
    int lossless = quality >= 100;
    // 4:4:4 with the identity matrix keeps every colour when lossless; lossy frames use 4:2:0.
    a->image = avifImageCreate(width, height, 8, lossless ? AVIF_PIXEL_FORMAT_YUV444 : AVIF_PIXEL_FORMAT_YUV420);
    a->encoder = avifEncoderCreate();
    if (!a->image || !a->encoder) { springy_avif_free(a); return NULL; }
    // sRGB, as Cairo draws: BT.709 primaries with the sRGB curve, BT.601 (or identity) matrix.
    a->image->yuvRange = AVIF_RANGE_FULL;
    a->image->colorPrimaries = AVIF_COLOR_PRIMARIES_BT709;
    a->image->transferCharacteristics = AVIF_TRANSFER_CHARACTERISTICS_SRGB;
    a->image->matrixCoefficients = lossless ? AVIF_MATRIX_COEFFICIENTS_IDENTITY : AVIF_MATRIX_COEFFICIENTS_BT601;
    a->encoder->codecChoice = AVIF_CODEC_CHOICE_AOM;
    // One thread: the same bytes on every machine and run.
    a->encoder->maxThreads = 1;
    a->encoder->speed = speed;
    a->encoder->timescale = (uint64_t)timescale;
    // quality 0..100 → AV1's quantizer 63..0 (alpha always at the same quality).
    int q = lossless ? 0 : (int)((100 - quality) * 63 / 100.0 + 0.5);
    a->encoder->minQuantizer = q;
    a->encoder->maxQuantizer = q;
    a->encoder->minQuantizerAlpha = lossless ? 0 : q / 2;
    a->encoder->maxQuantizerAlpha = lossless ? 0 : q / 2;
    return a;
}

int springy_avif_add(struct springy_avif *a, const uint8_t *rgba, int stride, int ticks) {
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, a->image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.pixels = (uint8_t *)rgba;
    rgb.rowBytes = (uint32_t)stride;
    rgb.ignoreAlpha = a->opaque ? AVIF_TRUE : AVIF_FALSE;
    avifResult r = avifImageRGBToYUV(a->image, &rgb);
    if (r != AVIF_RESULT_OK) { note(a, r); return -1; }
    r = avifEncoderAddImage(a->encoder, a->image, (uint64_t)ticks, AVIF_ADD_IMAGE_FLAG_NONE);
    if (r != AVIF_RESULT_OK) { note(a, r); return -2; }
    return 0;
}

int springy_avif_finish(struct springy_avif *a, uint8_t **out, size_t *length) {
    avifRWData data = AVIF_DATA_EMPTY;
    avifResult r = avifEncoderFinish(a->encoder, &data);
    if (r != AVIF_RESULT_OK) { note(a, r); avifRWDataFree(&data); return -1; }
    uint8_t *copy = malloc(data.size ? data.size : 1);
    if (!copy) { avifRWDataFree(&data); return -2; }
    memcpy(copy, data.data, data.size);
    *out = copy;
    *length = data.size;
    avifRWDataFree(&data);
    return 0;
}

const char *springy_avif_message(struct springy_avif *a) { return a->message; }

void springy_avif_free(struct springy_avif *a) {
    if (!a) return;
    if (a->encoder) avifEncoderDestroy(a->encoder);
    if (a->image) avifImageDestroy(a->image);
    free(a);
}
