#ifndef C_TABULA_MEMORY_H
#define C_TABULA_MEMORY_H

#include <stddef.h>

/// Asks the processor to bring the cache line at `address` in, without waiting for it.
static inline void tabula_prefetch(const void *address) {
    __builtin_prefetch(address);
}

/// Whether the `count` bytes at `a` and at `b` are the same: the C library's `memcmp`, which Swift
/// has no portable spelling of without Foundation.
static inline _Bool tabula_same_bytes(const void *a, const void *b, size_t count) {
    return __builtin_memcmp(a, b, count) == 0;
}

#endif
