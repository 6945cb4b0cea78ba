/// An item that is its own identifier, as the items of Apple's diffable data sources are: an
/// enum of a screen's rows, a string, a value with nothing that changes while it is shown.
///
/// Conform instead of `Hashable`, and write nothing else: `id` is the item itself.
///
/// ```swift
/// enum SettingsRow: SelfIdentifiable { case airplaneMode, wifi, bluetooth }
///
/// var snapshot = Snapshot<String, SettingsRow>()
/// try snapshot.appendSections(["Connectivity"])
/// try snapshot.appendItems([.airplaneMode, .wifi, .bluetooth])
/// ```
///
/// Two equal values are one item, so a list must not repeat one (the snapshot reports a duplicate
/// identifier). An item whose content changes while its identity stays (a row with a count, a
/// name being edited) is `Identifiable` with an `id` of its own, so the diff updates its cell
/// instead of deleting and inserting it.
public protocol SelfIdentifiable: Identifiable, Hashable, Sendable where ID == Self {}

extension SelfIdentifiable {
    /// The item itself.
    @inlinable
    public var id: Self { self }
}
