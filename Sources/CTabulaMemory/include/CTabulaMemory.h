#ifndef C_TABULA_MEMORY_H
#define C_TABULA_MEMORY_H

#include <stddef.h>

/// Asks the processor to bring the cache line at `address` in, without waiting for it.
static inline void tabula_prefetch(const void *_Nonnull address) {
    __builtin_prefetch(address);
}

/// Whether the `count` bytes at `a` and at `b` are the same: the C library's `memcmp`, which Swift
/// has no portable spelling of without Foundation.
static inline _Bool tabula_same_bytes(const void *_Nonnull a, const void *_Nonnull b, size_t count) {
    return __builtin_memcmp(a, b, count) == 0;
}

/// The pointer at `slot`, read with acquire ordering: what `tabula_publish` stored is seen whole.
static inline const void *_Nullable tabula_load(const void *_Nullable const *_Nonnull slot) {
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/// Stores `value` at `slot` if `slot` holds null, with release ordering; returns what `slot` holds
/// then (`value`, or what another thread stored first). Swift has no atomics of its own before
/// iOS 18 and macOS 15 without a package.
static inline const void *_Nonnull tabula_publish(const void *_Nullable *_Nonnull slot, const void *_Nonnull value) {
    const void *expected = 0;
    if (__atomic_compare_exchange_n(slot, &expected, value, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return value;
    return expected;
}

#endif
