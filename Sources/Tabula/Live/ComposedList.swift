/// One list made of parts that update independently: a static section, a database-backed section
/// and a paginated section, each changing only its own part, all animated through the same diff.
///
/// ```swift
/// let composed = try ComposedList(driver: adapter.driver, parts: ["header", "database", "feed"])
/// composed.update("header", with: staticRows)
/// database.onSnapshot = { composed.update("database", with: $0) }
/// ```
@MainActor
public final class ComposedList<Part: Hashable & Sendable, SectionID: Hashable & Sendable, Item: Identifiable & Sendable>
where Item.ID: Sendable {
    /// The driver the combined snapshot is applied to.
    public let driver: ListDriver<SectionID, Item>
    /// The parts, in display order.
    public let order: [Part]
    /// The most recent error: two parts that share a section or an item identifier. The combined
    /// list keeps its previous state.
    public private(set) var lastError: (any Error)?
    private var parts: [Part: Snapshot<SectionID, Item>] = [:]
    /// The observations parts follow (``follow(_:model:_:)``), kept as long as the list.
    var observations: [Part: any StoppableObservation] = [:]

    /// Creates a list whose parts appear in `order`.
    ///
    /// - Throws: ``ComposedListError/repeatedPart(_:first:second:)`` naming a part listed twice
    ///   (its sections would appear twice, which no snapshot allows: the list would show nothing).
    public init(driver: ListDriver<SectionID, Item>, parts order: [Part]) throws {
        // Untyped `throws`: a class initialiser with typed throws crashes the Swift 6.3
        // compiler when it targets iOS (signal 11 in SILGen).
        self.driver = driver
        self.order = order
        var positions: [Part: Int] = [:]
        for (index, part) in order.enumerated() {
            if let first = positions.updateValue(index, forKey: part) { throw ComposedListError.repeatedPart(part, first: first, second: index) }
        }
    }

    /// Replaces one part and applies the combined list.
    ///
    /// - Precondition: `part` is one of the parts given at creation (a programming error otherwise).
    public func update(_ part: Part, with snapshot: Snapshot<SectionID, Item>) {
        // `fatalError`, not `precondition`: an optimised build drops a precondition's message.
        guard order.contains(part) else { fatalError("ComposedList.update: unknown part \(part); declare it in init(parts:)") }
        parts[part] = snapshot
        do {
            // Built against the driver's latest snapshot: the parts that did not change cost a comparison.
            let combined = try Snapshot(order.flatMap { parts[$0]?.sections ?? [] }, updating: driver.latestSnapshot)
            lastError = nil
            driver.apply(combined, completion: nil)
        } catch {
            lastError = error
        }
    }
}
