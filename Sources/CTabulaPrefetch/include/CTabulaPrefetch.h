#ifndef C_TABULA_PREFETCH_H
#define C_TABULA_PREFETCH_H

/// Asks the processor to bring the cache line at `address` in, without waiting for it.
static inline void tabula_prefetch(const void *address) {
    __builtin_prefetch(address);
}

#endif
