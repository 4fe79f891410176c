// What the C heap holds now, for `springy bench` (glibc's mallinfo2).
#include <malloc.h>
#include "springy_native.h"

size_t springy_heap_in_use(void) { return mallinfo2().uordblks; }
