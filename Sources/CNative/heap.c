// Small helpers for the animation writers and the benchmarks.
#include <malloc.h>
#include "springy_native.h"

size_t springy_heap_in_use(void) { return mallinfo2().uordblks; }

// Gives the pages malloc holds free back to the system (glibc's malloc_trim releases free pages
// inside every arena too, not only at the top of the main heap).
void springy_heap_trim(void) { malloc_trim(0); }

// An animation frame's changed rectangle, pixels that are as they were made transparent: blended
// over the canvas they leave it as it is, and runs of them compress to almost nothing.
void springy_clear_unchanged(const uint8_t *previous, int frameWidth, int x, int y, int w, int h, uint8_t *rect) {
    for (int j = 0; j < h; ++j) {
        const uint32_t *p = (const uint32_t *)(previous + ((size_t)(y + j) * (size_t)frameWidth + (size_t)x) * 4);
        uint32_t *r = (uint32_t *)(rect + (size_t)j * (size_t)w * 4);
        for (int i = 0; i < w; ++i) if (r[i] == p[i]) r[i] = 0;
    }
}
