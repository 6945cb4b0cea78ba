// The key of a snapshot's update requests (`reloadItems`, `reconfigureItems`): an item identifier
// hashed as the index hashes it, so that marking thousands of rows for reload does not run SipHash
// for each of them (reload-5k-of-10k in `instructions.sh` guards it).

/// An item identifier as the key of a `Dictionary`, hashed with ``_identifierHash(_:_:otherwise:)``
/// mixed with the dictionary's own seed.
@usableFromInline
struct _MarkKey<ID: Hashable & Sendable>: Hashable, Sendable {
    @usableFromInline let id: ID

    @inlinable init(_ id: ID) { self.id = id }

    @inlinable static func == (lhs: _MarkKey, rhs: _MarkKey) -> Bool { lhs.id == rhs.id }

    @inlinable func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }

    // `Dictionary` hashes its keys through this requirement; the default runs SipHash over what
    // `hash(into:)` feeds it.
    @inlinable func _rawHashValue(seed: Int) -> Int {
        let mixed = UInt64(UInt(bitPattern: seed))
        return _identifierHash(id, _HashSeeds(int: mixed, uuid: (mixed, ~mixed)), otherwise: seed)
    }
}
