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

/// Adds `row` of `section` to a set of rows kept as bits (the validator's `SectionedRows`): the
/// section's bits start at word `wordStarts[section]` of `words`, it has `rowCounts[section]` rows,
/// and `counts[section]` of them are in the set. Returns whether the row was new; false for a row
/// outside the section.
static inline _Bool tabula_rows_insert(uint64_t *words, const intptr_t *wordStarts, const intptr_t *rowCounts, intptr_t *counts,
    ptrdiff_t section, ptrdiff_t row) {
    if (row < 0 || row >= rowCounts[section]) return 0;
    uint64_t *word = words + wordStarts[section] + (row >> 6);
    uint64_t bit = (uint64_t)1 << (row & 63);
    if (*word & bit) return 0;
    *word |= bit;
    counts[section] += 1;
    return 1;
}

/// Adds the rows of `count` paths (each two words, its section first, as Swift's `ItemPath`) to a
/// set of rows kept as bits (see `tabula_rows_insert`), in order, while each is in one of the
/// `sectionCount` sections, not in a section that `excluded` flags (when given), in its section's
/// rows and new. Returns the number added: the index of the first path that is not, or `count`.
static inline ptrdiff_t tabula_rows_insert_paths(uint64_t *words, const intptr_t *wordStarts, const intptr_t *rowCounts, intptr_t *counts,
    ptrdiff_t sectionCount, const _Bool *excluded, const intptr_t *paths, ptrdiff_t count) {
    for (ptrdiff_t i = 0; i < count; i++) {
        ptrdiff_t section = paths[2 * i], row = paths[2 * i + 1];
        if (section < 0 || section >= sectionCount || (excluded && excluded[section])) return i;
        if (!tabula_rows_insert(words, wordStarts, rowCounts, counts, section, row)) return i;
    }
    return count;
}

/// Whether `row` of `section` is in a set of rows kept as bits (see `tabula_rows_insert`).
static inline _Bool tabula_rows_contain(const uint64_t *words, const intptr_t *wordStarts, const intptr_t *rowCounts, ptrdiff_t section,
    ptrdiff_t row) {
    if (row < 0 || row >= rowCounts[section]) return 0;
    return (words[wordStarts[section] + (row >> 6)] >> (row & 63)) & 1;
}

// The diff's item paths (Swift's `ItemPath`, `@frozen`: its section, then its item, each a word)
// put in order, for the same reason: a Debug build compared each pair through calls.

/// Whether the path at `a` comes before the one at `b`: by section, then by item.
static inline _Bool tabula_path_before(const intptr_t *a, const intptr_t *b) {
    return a[0] != b[0] ? a[0] < b[0] : a[1] < b[1];
}

/// Whether `count` moves (Swift's `BatchUpdate.Move<ItemPath>`: four words, the source path, then
/// the target path, each its section first) are in ascending order of their targets.
static inline _Bool tabula_moves_sorted(const intptr_t *moves, ptrdiff_t count) {
    for (ptrdiff_t k = 1; k < count; k++) {
        if (tabula_path_before(moves + 4 * k + 2, moves + 4 * (k - 1) + 2)) return 0;
    }
    return 1;
}

/// Writes the moves of the stays at `offsets` (`count` of them) of a section's stays, from `start`
/// in `rows` (old rows, of section `home`) and `targets` (target rows, of section `section`): four
/// words each, as Swift's `BatchUpdate.Move<ItemPath>` (see `tabula_moves_sorted`).
static inline void tabula_stay_moves(const intptr_t *offsets, ptrdiff_t count, ptrdiff_t start, const int32_t *rows,
    const int32_t *targets, intptr_t home, intptr_t section, intptr_t *moves) {
    for (ptrdiff_t k = 0; k < count; k++) {
        ptrdiff_t stay = start + offsets[k];
        moves[4 * k] = home;
        moves[4 * k + 1] = rows[stay];
        moves[4 * k + 2] = section;
        moves[4 * k + 3] = targets[stay];
    }
}

/// The end of the run of paths in ascending order (none before the one before it) that starts at
/// `from`, below `count`.
static inline ptrdiff_t tabula_path_run_end(const intptr_t *paths, ptrdiff_t from, ptrdiff_t count) {
    ptrdiff_t end = from + 1;
    while (end < count && !tabula_path_before(paths + 2 * end, paths + 2 * (end - 1))) end++;
    return end < count ? end : count;
}

/// Merges the ascending runs `paths[0..<split]` and `paths[split..<count]` into `merged`; of two
/// equal paths, the first run's goes first.
static inline void tabula_merge_paths(const intptr_t *paths, ptrdiff_t split, ptrdiff_t count, intptr_t *merged) {
    ptrdiff_t a = 0, b = split, k = 0;
    while (a < split && b < count) {
        const intptr_t *next = tabula_path_before(paths + 2 * b, paths + 2 * a) ? paths + 2 * b++ : paths + 2 * a++;
        merged[2 * k] = next[0];
        merged[2 * k + 1] = next[1];
        k++;
    }
    for (; a < split; a++, k++) {
        merged[2 * k] = paths[2 * a];
        merged[2 * k + 1] = paths[2 * a + 1];
    }
    for (; b < count; b++, k++) {
        merged[2 * k] = paths[2 * b];
        merged[2 * k + 1] = paths[2 * b + 1];
    }
}

// The longest increasing run of the diff's moves (see `elementsOffLongestIncreasingSubsequence` in
// Swift). In C, so that a Debug build, which compiles Swift without inlining a buffer's subscript or
// a loop's iterator, runs these loops over integers in a few instructions an element too. Negative
// elements are placeholders: skipped, never part of a run.

/// Whether the elements other than placeholders are strictly increasing. `*placeholders` is set
/// when an element read is a placeholder; the scan stops at the first element not above the one
/// before.
static inline _Bool tabula_increasing_scan(const int32_t *values, ptrdiff_t count, _Bool *placeholders) {
    int32_t last = INT32_MIN;
    *placeholders = 0;
    for (ptrdiff_t i = 0; i < count; i++) {
        int32_t value = values[i];
        if (value < 0) {
            *placeholders = 1;
        } else if (last >= value) {
            return 0;
        } else {
            last = value;
        }
    }
    return 1;
}

/// The patience sort: for each element other than a placeholder, writes in `previous` the element
/// before it in the longest increasing run that ends with it (-1 at a run's start); `tails` is
/// scratch room for `count` elements. Returns the last element of a longest run (-1 when every
/// element is a placeholder), its length in `*length`, and the number of elements that are not
/// placeholders in `*present`. Each element goes on the first pile whose
/// tail is not below it, as the textbook sort places it: the run is the one that sort reads back.
static inline ptrdiff_t tabula_increasing_chain(const int32_t *values, ptrdiff_t count, int32_t *previous, int32_t *tails, ptrdiff_t *length, ptrdiff_t *present) {
    ptrdiff_t piles = 0, placeholders = 0;
    // values[tails[piles - 1]] and tails[piles - 1], once there is a pile.
    int32_t lastValue = INT32_MIN, lastTail = -1;
    for (ptrdiff_t i = 0; i < count; i++) {
        int32_t value = values[i];
        if (value < 0) {
            placeholders++;
            continue;
        }
        // Extends the longest run: most elements of a mostly ordered list do.
        if (piles > 0 && lastValue < value) {
            previous[i] = lastTail;
            lastTail = (int32_t)i;
            tails[piles++] = lastTail;
            lastValue = value;
            continue;
        }
        // Next commonest: the element after one that jumped ahead (a moved item) goes on the last
        // pile, as the search would find.
        ptrdiff_t low = 0, high = piles;
        if (piles >= 2 && values[tails[piles - 2]] < value) low = high = piles - 1;
        while (low < high) {
            ptrdiff_t mid = (low + high) >> 1;
            if (values[tails[mid]] < value) low = mid + 1; else high = mid;
        }
        previous[i] = low > 0 ? tails[low - 1] : -1;
        tails[low] = (int32_t)i;
        if (low == piles) piles++;
        if (low == piles - 1) {
            lastValue = value;
            lastTail = (int32_t)i;
        }
    }
    *length = piles;
    *present = count - placeholders;
    return piles > 0 ? tails[piles - 1] : -1;
}

/// Writes to `off`, in ascending order, the positions of the elements that are neither
/// placeholders nor in the run that ends at `last` (`previous` as `tabula_increasing_chain` wrote
/// it); `off` has room for exactly those, `offCount`. Only the elements between two of the run's
/// are read, and a stretch of consecutive ones is passed over.
static inline void tabula_off_chain(const int32_t *values, ptrdiff_t count, const int32_t *previous, ptrdiff_t last, intptr_t *off, ptrdiff_t offCount) {
    ptrdiff_t next = offCount;  // filled from the end, walking the run back
    ptrdiff_t high = count, cursor = last;
    for (;;) {
        for (ptrdiff_t k = high - 1; k > cursor; k--) {
            if (values[k] >= 0) off[--next] = k;
        }
        if (cursor < 0) break;
        while (cursor > 0 && previous[cursor] == cursor - 1) cursor--;
        high = cursor;
        cursor = previous[cursor];
    }
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
