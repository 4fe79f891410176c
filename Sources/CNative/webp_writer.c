// WebP pictures for an animation that Springy muxes itself, frame by frame, into a file (so an
// animation of any length takes the memory of one frame): each frame's changed rectangle is
// encoded on its own, lossless or lossy, as a still WebP whose chunks become an ANMF frame.
#include <stdlib.h>
#include <string.h>
#include <webp/encode.h>
#include "springy_native.h"

int springy_webp_encode(const uint8_t *rgba, int width, int height, int stride, int lossless, double quality,
                        uint8_t **out, size_t *length) {
    WebPConfig config;
    if (!WebPConfigInit(&config)) return -1;
    config.lossless = lossless ? 1 : 0;
    config.quality = (float)quality;
    config.method = 4;
    config.exact = lossless ? 1 : 0;   // lossless keeps the colours under transparent pixels too
    if (!WebPValidateConfig(&config)) return -1;
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return -1;
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    if (!WebPPictureImportRGBA(&picture, rgba, stride)) { WebPPictureFree(&picture); return -2; }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    int error = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) { WebPMemoryWriterClear(&writer); return -10 - error; }
    uint8_t *copy = malloc(writer.size ? writer.size : 1);
    if (!copy) { WebPMemoryWriterClear(&writer); return -2; }
    memcpy(copy, writer.mem, writer.size);
    *out = copy;
    *length = writer.size;
    WebPMemoryWriterClear(&writer);
    return 0;
}
