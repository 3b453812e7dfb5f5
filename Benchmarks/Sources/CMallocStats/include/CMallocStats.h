// glibc's heap statistics for the decode-memory tool (Swift's Glibc module does not export
// <malloc.h>). On other C libraries the functions report that they are unavailable.

#ifndef CMALLOCSTATS_H
#define CMALLOCSTATS_H

#include <stddef.h>

/// Bytes the heap has handed out and not yet had back (glibc: mallinfo2 uordblks + hblkhd),
/// or -1 where that is not known.
long long cmallocstats_heap_in_use(void);

/// Gives free heap memory back to the system (glibc: malloc_trim(0)); 1 if memory was released,
/// 0 if not, -1 where that is not supported.
int cmallocstats_trim(void);

#endif
