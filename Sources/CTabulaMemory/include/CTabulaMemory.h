#ifndef C_TABULA_MEMORY_H
#define C_TABULA_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/// Asks the processor to bring the cache line at `address` in, without waiting for it.
static inline void tabula_prefetch(const void *address) {
    __builtin_prefetch(address);
}

/// Whether the `count` bytes at `a` and at `b` are the same. One call to the C library's `memcmp`
/// in a Debug build, where Swift would compare through a call for each step; expanded into a few
/// loads in an optimised one when `count` is a constant (an item type's size).
static inline _Bool tabula_same_bytes(const void *a, const void *b, size_t count) {
    return __builtin_memcmp(a, b, count) == 0;
}

// The item index's two mixers (see `Snapshot._hash`). In C, so that a Debug build, which compiles
// Swift without inlining any of the integer operations, hashes in a few instructions too.

/// The hash of a `UUID` given as its two words: the 128-bit product of each word mixed with its
/// seed, folded to one word.
static inline intptr_t tabula_hash_uuid(uint64_t a, uint64_t b, uint64_t seed0, uint64_t seed1) {
#if defined(__SIZEOF_INT128__)
    unsigned __int128 product = (unsigned __int128)(a ^ seed0) * (unsigned __int128)(b ^ seed1);
    return (intptr_t)((uint64_t)(product >> 64) ^ (uint64_t)product);
#else
    uint64_t x = a ^ seed0, y = b ^ seed1;
    uint64_t xl = x & 0xffffffffu, xh = x >> 32, yl = y & 0xffffffffu, yh = y >> 32;
    uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    uint64_t middle = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    uint64_t low = (middle << 32) | (ll & 0xffffffffu);
    uint64_t high = hh + (lh >> 32) + (hl >> 32) + (middle >> 32);
    return (intptr_t)(high ^ low);
#endif
}

/// The hash of an `Int`: murmur3's 64-bit finaliser of the identifier mixed with its seed.
static inline intptr_t tabula_hash_int(uint64_t id, uint64_t seed) {
    uint64_t bits = id ^ seed;
    bits ^= bits >> 33;
    bits *= 0xff51afd7ed558ccdULL;
    bits ^= bits >> 33;
    bits *= 0xc4ceb9fe1a85ec53ULL;
    bits ^= bits >> 33;
    return (intptr_t)bits;
}

#endif
