/// Options for computing a ``Changeset``.
public struct DiffOptions: Hashable, Sendable {
    /// How items whose content changed are updated: ``UpdateKind/reload`` (the default, replace the
    /// cell) or ``UpdateKind/reconfigure`` (keep it and configure it again). An explicit
    /// ``Snapshot/reloadItems(_:)`` or ``Snapshot/reconfigureItems(_:)`` overrides it per item.
    public var updates: UpdateKind

    /// Creates options.
    public init(updates: UpdateKind = .reload) {
        self.updates = updates
    }
}
