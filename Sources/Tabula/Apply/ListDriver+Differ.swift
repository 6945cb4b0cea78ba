extension ListDriver {
    /// Declares that ``updateKind`` compares content as the diff does (`==`, or the same bytes: see
    /// `_sameContent`), a changed item getting `updates`: the specialised diff then calls `==`
    /// inline. For the `Equatable` initialisers of the driver and the adapters.
    @usableFromInline
    package func _comparesWithEquality(updates: UpdateKind) {
        equalityUpdates = updates
    }

    /// How the driver computes changesets: ``Changeset/init(from:to:updateKind:canReconfigure:)``,
    /// compiled for the types of the code that creates the driver.
    ///
    /// The driver is compiled once, in Tabula, for any item type: a diff called from its own code
    /// hashes and compares through witness tables. `specialised` is inlinable and is the default
    /// argument of the driver's and the adapters' initialisers, so it is built where you create
    /// them, for your types, and the diff the driver runs is as fast as one you call yourself. For
    /// `Equatable` items an overload of `specialised` also compiles `==` into the diff, for drivers
    /// that compare content with it.
    public struct Differ: Sendable {
        @usableFromInline let run:
            @Sendable (
                Snapshot<SectionID, Item>, Snapshot<SectionID, Item>, Content, (@Sendable (Item, Item) -> Bool)?
            ) -> Changeset<SectionID, Item>

        /// ``Snapshot/itemCounts``, specialised too: the driver counts every stage's items.
        @usableFromInline let itemCounts: @Sendable (Snapshot<SectionID, Item>) -> [Int]

        // Inlinable, so that `itemCounts` is built for your types where `specialised` is evaluated.
        @inlinable
        init(
            run: @escaping @Sendable (
                Snapshot<SectionID, Item>, Snapshot<SectionID, Item>, Content, (@Sendable (Item, Item) -> Bool)?
            ) -> Changeset<SectionID, Item>
        ) {
            self.run = run
            self.itemCounts = { $0.itemCounts }
        }

        /// How the driver classifies content: its `updateKind`, and, when that is `==`, the kind a
        /// changed item gets.
        @usableFromInline
        struct Content: Sendable {
            @usableFromInline let updateKind: @Sendable (Item, Item) -> UpdateKind?
            @usableFromInline let equalityUpdates: UpdateKind?

            init(updateKind: @escaping @Sendable (Item, Item) -> UpdateKind?, equalityUpdates: UpdateKind?) {
                self.updateKind = updateKind
                self.equalityUpdates = equalityUpdates
            }
        }

        /// The diff, specialised where this is evaluated.
        @inlinable
        public static var specialised: Differ {
            Differ { source, target, content, canReconfigure in
                Changeset(from: source, to: target, updateKind: content.updateKind, canReconfigure: canReconfigure)
            }
        }
    }
}

extension ListDriver where Item: Equatable {
    /// Creates a driver that compares content with `==` and updates changed items with `updates`.
    ///
    /// As in `Changeset(from:to:)`, items with the same bytes are equal without a call to `==`.
    // Inlinable so that `==`, run for every item the diff matches, is specialised for your type.
    @inlinable
    public convenience init(
        snapshot: Snapshot<SectionID, Item> = Snapshot(), updates: UpdateKind = .reload,
        canReconfigure: (@Sendable (Item, Item) -> Bool)? = nil, differ: Differ = .specialised
    ) {
        self.init(snapshot: snapshot, updateKind: { _sameContent($0, $1) ? nil : updates }, canReconfigure: canReconfigure, differ: differ)
        _comparesWithEquality(updates: updates)
    }
}

extension ListDriver.Differ where Item: Equatable {
    /// The diff, specialised where this is evaluated; for a driver that compares content with
    /// `==`, the specialised diff calls `==` inline, not through a closure, for every item it
    /// matches.
    @inlinable
    public static var specialised: ListDriver.Differ {
        ListDriver.Differ { source, target, content, canReconfigure in
            guard let updates = content.equalityUpdates else {
                return Changeset(from: source, to: target, updateKind: content.updateKind, canReconfigure: canReconfigure)
            }
            return Changeset(from: source, to: target, classifier: _EqualityClassifier(updates: updates), canReconfigure: canReconfigure)
        }
    }
}
