#include "CMallocStats.h"
#include <stdlib.h> /* defines __GLIBC__ on glibc */

#if defined(__GLIBC__)
#include <malloc.h>

long long cmallocstats_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (long long)(info.uordblks + info.hblkhd);
}

int cmallocstats_trim(void) {
    return malloc_trim(0);
}
#else
long long cmallocstats_heap_in_use(void) { return -1; }
int cmallocstats_trim(void) { return -1; }
#endif
