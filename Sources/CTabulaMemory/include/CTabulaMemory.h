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

/// The diff walk's runs of items with the same bytes, for a Debug build (`ItemWalk.walkItems`,
/// where an optimised build runs `DiffEngine.runLoop`): from `newItem` on (`newLeft` items), each new item whose first `size` bytes are
/// those of the old item at `row` of `oldItems` (`oldCount` items), or of one of the two after it,
/// is matched with it: its flag in `oldMatched` set, its old row written to `rows` and its target
/// row (`target` on) to `targets`, and the run goes on after it. Items are `stride` bytes apart.
/// Returns the number matched; `*endRow` is the row after the last old item matched (`row` when
/// none is).
static inline ptrdiff_t tabula_match_same_bytes(const void *newItem, ptrdiff_t newLeft, const void *oldItems, ptrdiff_t row, ptrdiff_t oldCount,
    size_t size, size_t stride, _Bool *oldMatched, int32_t *rows, int32_t *targets, int32_t target, ptrdiff_t *endRow) {
    const char *item = (const char *)newItem, *old = (const char *)oldItems;
    ptrdiff_t k = 0, r = row;
    while (k < newLeft && r < oldCount) {
        const char *next = old + (size_t)r * stride;
        if (__builtin_memcmp(item, next, size) != 0) {
            if (r + 1 < oldCount && __builtin_memcmp(item, next + stride, size) == 0) {
                r += 1;
            } else if (r + 2 < oldCount && __builtin_memcmp(item, next + 2 * stride, size) == 0) {
                r += 2;
            } else {
                break;
            }
        }
        oldMatched[r] = 1;
        rows[k] = (int32_t)r;
        targets[k] = (int32_t)((uint32_t)target + (uint32_t)k);
        item += stride;
        k += 1;
        r += 1;
    }
    *endRow = r;
    return k;
}

/// Inserts rows of one section into a narrow item index (`_LocationTable`, one 32-bit word a
/// bucket), for a Debug build: row `r` (from `*row` below `rows`) has the hash `hashes[r]`. Each
/// goes in the first empty bucket of its probe, or the first tombstone met before it, as
/// `fingerprint | tokenField | r`. Returns false once every row is in. Returns true at a row
/// whose fingerprint matches the entry of the bucket at `*bucket`, which the caller confirms by
/// comparing identifiers: `*row` is that row, and `*free` the first tombstone its probe met (or
/// -1); to go on, the caller calls again with `*bucket` at the next bucket. A call with `*bucket`
/// at -1 starts the probe of `*row` afresh. `*added` and `*reused` count the entries written and
/// the tombstones they took.
static inline _Bool tabula_insert_rows(uint32_t *words, intptr_t mask, const intptr_t *hashes, ptrdiff_t rows, unsigned fingerprintShift,
    unsigned locationShift, uint32_t tokenField, ptrdiff_t *row, ptrdiff_t *bucket, ptrdiff_t *free, ptrdiff_t *added, ptrdiff_t *reused) {
    const uint64_t top = (uint64_t)1 << (64 - fingerprintShift);
    const uint32_t fields = ~(uint32_t)(((uint64_t)1 << locationShift) - 1);
    for (ptrdiff_t r = *row; r < rows; r++) {
        uint32_t print = (uint32_t)((((uint64_t)hashes[r] >> fingerprintShift) | top) << locationShift);
        ptrdiff_t b, open;
        if (*bucket >= 0) {
            b = *bucket;
            open = *free;
            *bucket = -1;
        } else {
            b = hashes[r] & mask;
            open = -1;
        }
        for (;;) {
            uint32_t word = words[b];
            if (word == 0) break;
            if (word == 1) {
                if (open < 0) open = b;
            } else if ((word & fields) == print) {
                *row = r;
                *bucket = b;
                *free = open;
                return 1;
            }
            b = (b + 1) & mask;
        }
        if (open >= 0) {
            b = open;
            *reused += 1;
        }
        words[b] = print | tokenField | (uint32_t)r;
        *added += 1;
    }
    *row = rows;
    return 0;
}

/// Matches new items with the old items of their home section by looking up their hashes in the
/// old snapshot's narrow item index (`_LocationTable`, one 32-bit word a bucket), for a Debug
/// build's diff (`DiffEngine.ItemWalk.matchByHashes`): item `k` (from `*item` below `newCount`, at
/// `newItems`, `stride` bytes apart) has the hash `hashes[k]`. An entry whose fingerprint matches,
/// of the home section (token `homeToken`, items at `homeItems`), whose item has the same `size`
/// bytes as the new one, is its match (the same bytes are one identifier): its flag in
/// `homeMatched` is set, and its old row and `k` are written to `rows` and `targets` at `*stay`,
/// which then grows by one. Before its lookup, an item is compared with the home's item at
/// `*nextRow` (the row after the last stay, kept up to date here), and is that item's match when
/// it has its bytes. An item whose probe meets an empty bucket before such an entry (no old
/// item has its hash) is inserted: its path (`section`, then `k`, as Swift's `ItemPath`) is
/// written to `inserted` at `*insertedCount`, which grows by one.
///
/// Returns 0 once every item is visited. Returns 1 once `inserted` holds `insertedCapacity` paths:
/// `*item` is the item after the last one inserted, where the walk goes on once the caller has
/// taken the paths. Returns 2 at a fingerprint that matches an entry that is not such
/// a match (another section, other bytes), which the caller confirms by comparing identifiers:
/// `*item` is the item and `*bucket` the entry's bucket; to go on with its probe, the caller calls
/// again with `*bucket` at the next bucket. A call with `*bucket` at -1 starts the probe of
/// `*item` afresh.
static inline int tabula_match_hashed(const uint32_t *words, intptr_t mask, unsigned fingerprintShift, unsigned locationShift,
    unsigned rowShift, const intptr_t *hashes, const void *newItems, ptrdiff_t newCount, int32_t homeToken, const void *homeItems,
    ptrdiff_t homeCount, size_t size, size_t stride, _Bool *homeMatched, int32_t *rows, int32_t *targets, intptr_t section,
    intptr_t *inserted, ptrdiff_t insertedCapacity, ptrdiff_t *insertedCount, ptrdiff_t *item, ptrdiff_t *bucket, ptrdiff_t *stay,
    ptrdiff_t *nextRow) {
    const uint64_t top = (uint64_t)1 << (64 - fingerprintShift);
    const uint32_t fields = ~(uint32_t)(((uint64_t)1 << locationShift) - 1);
    const uint32_t locations = (uint32_t)(((uint64_t)1 << locationShift) - 1);
    const uint32_t rowMask = (uint32_t)(((uint64_t)1 << rowShift) - 1);
    const char *items = (const char *)newItems, *home = (const char *)homeItems;
    ptrdiff_t s = *stay, n = *insertedCount, next = *nextRow;
    for (ptrdiff_t k = *item; k < newCount; k++) {
        ptrdiff_t b;
        if (*bucket >= 0) {
            b = *bucket;
            *bucket = -1;
        } else {
            // Most items are the home's item after the last stay: the same bytes, so the same
            // identifier (no other new item has it), found without a lookup.
            if (next < homeCount && __builtin_memcmp(items + (size_t)k * stride, home + (size_t)next * stride, size) == 0) {
                homeMatched[next] = 1;
                rows[s] = (int32_t)next;
                targets[s] = (int32_t)k;
                s += 1;
                next += 1;
                continue;
            }
            b = hashes[k] & mask;
        }
        uint32_t print = (uint32_t)((((uint64_t)hashes[k] >> fingerprintShift) | top) << locationShift);
        for (;;) {
            uint32_t word = words[b];
            if (word == 0) {
                inserted[2 * n] = section;
                inserted[2 * n + 1] = k;
                n += 1;
                if (n == insertedCapacity) {
                    *item = k + 1;
                    *stay = s;
                    *insertedCount = n;
                    *nextRow = next;
                    return 1;
                }
                break;
            }
            if (word != 1 && (word & fields) == print) {
                int32_t token = (int32_t)((word & locations) >> rowShift);
                ptrdiff_t row = (ptrdiff_t)(word & rowMask);
                if (token == homeToken && row < homeCount && __builtin_memcmp(items + (size_t)k * stride, home + (size_t)row * stride, size) == 0) {
                    homeMatched[row] = 1;
                    rows[s] = (int32_t)row;
                    targets[s] = (int32_t)k;
                    s += 1;
                    next = row + 1;
                    break;
                }
                *item = k;
                *bucket = b;
                *stay = s;
                *insertedCount = n;
                *nextRow = next;
                return 2;
            }
            b = (b + 1) & mask;
        }
    }
    *item = newCount;
    *stay = s;
    *insertedCount = n;
    *nextRow = next;
    return 0;
}

/// Gives new items the hashes of old items with the same bytes, for a Debug build's full build
/// against a previous snapshot that kept its hashes (`Snapshot._identifierHashes`): the same
/// `size` bytes are one identifier, so one hash. The new items (`newCount` at `newItems`) are
/// walked in order, following the old ones (`oldCount` at `oldItems`, whose hashes are
/// `oldHashes`): each is compared with the next old item and the two after it; when the item
/// before it found none, also with the 61 after those, while `budget` comparisons are left for
/// that search (each spends one). A match writes its hash to `hashes` and the walk goes on after it; an item that
/// matches none has its index written to `unknown`, for the caller to hash. Items are `stride`
/// bytes apart. Returns the number of items written to `unknown`.
static inline ptrdiff_t tabula_reuse_hashes(const void *newItems, ptrdiff_t newCount, const void *oldItems, ptrdiff_t oldCount,
    size_t size, size_t stride, const intptr_t *oldHashes, intptr_t *hashes, intptr_t *unknown, ptrdiff_t budget) {
    // Pointers advanced as the walk goes, next to their indices, not products of them: a Debug
    // build compiles this without optimisation, where each product is a few instructions more.
    const char *item = (const char *)newItems;
    const char *next = (const char *)oldItems;  // the old item after the last one matched
    ptrdiff_t r = 0, missing = 0;  // `next`'s index
    _Bool lost = 0;
    for (ptrdiff_t i = 0; i < newCount; i++, item += stride) {
        // Most items are the next old item.
        if (r < oldCount && __builtin_memcmp(item, next, size) == 0) {
            hashes[i] = oldHashes[r];
            next += stride;
            r += 1;
            lost = 0;
            continue;
        }
        ptrdiff_t limit = r + (lost ? 64 : 3), hit = -1;
        if (limit > oldCount) limit = oldCount;
        const char *candidate = next;
        for (ptrdiff_t k = r + 1; k < limit; k++) {
            candidate += stride;
            if (k >= r + 3) {
                if (budget <= 0) break;
                budget -= 1;
            }
            if (__builtin_memcmp(item, candidate, size) == 0) {
                hit = k;
                break;
            }
        }
        if (hit >= 0) {
            hashes[i] = oldHashes[hit];
            next = candidate + stride;
            r = hit + 1;
            lost = 0;
        } else {
            unknown[missing] = i;
            missing += 1;
            lost = 1;
        }
    }
    return missing;
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

/// Sets `count` flags (a `Bool` is one byte, 0 when false) to false.
static inline void tabula_clear_flags(_Bool *flags, ptrdiff_t count) {
    __builtin_memset(flags, 0, (size_t)count);
}

/// The first position from `from` on, below `count`, whose flag is false (a `Bool` is one byte, 0
/// or 1), or `count` when there is none: eight flags read at once, the zero bytes of a word being
/// its unset flags.
static inline ptrdiff_t tabula_next_unset(const _Bool *flags, ptrdiff_t from, ptrdiff_t count) {
    const unsigned char *bytes = (const unsigned char *)flags;
    ptrdiff_t r = from;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    while (r + 8 <= count) {
        uint64_t word;
        __builtin_memcpy(&word, bytes + r, 8);
        uint64_t unset = ~word & 0x0101010101010101ULL;
        if (unset) return r + (__builtin_ctzll(unset) >> 3);
        r += 8;
    }
#endif
    while (r < count && bytes[r]) r++;
    return r;
}

/// Writes the paths of the positions from `*from` on, below `count`, whose flag is false (see
/// `tabula_next_unset`) to `paths`, each as two words (`section`, then the position, as Swift's
/// `ItemPath`), at most `capacity` of them; `*from` ends after the last one written, or at `count`.
/// Returns the number written.
static inline ptrdiff_t tabula_unset_paths(const _Bool *flags, ptrdiff_t *from, ptrdiff_t count, intptr_t section, intptr_t *paths,
    ptrdiff_t capacity) {
    ptrdiff_t r = *from, n = 0;
    while (n < capacity) {
        r = tabula_next_unset(flags, r, count);
        if (r >= count) break;
        paths[2 * n] = section;
        paths[2 * n + 1] = r;
        n += 1;
        r += 1;
    }
    *from = r < count ? r : count;
    return n;
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
