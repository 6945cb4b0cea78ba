#if canImport(Observation)
    import Observation

    /// A list that follows `@Observable` models: the list is a function of the models, and Tabula
    /// evaluates it again when, and only when, something it read changes.
    ///
    /// Start one with ``ListAdapter/follow(_:animatingDifferences:_:)``, or, for a driver of your
    /// own, with ``init(driving:animatingDifferences:_:)``:
    ///
    /// ```swift
    /// @Observable final class Inbox { var messages: [Message] = []; var showsArchived = false }
    ///
    /// let observation = adapter.follow(inbox) { inbox in
    ///     try Snapshot(items: inbox.messages.filter { inbox.showsArchived || !$0.isArchived })
    /// }
    /// inbox.messages.append(message)   // the list animates the insert; no snapshot code
    /// ```
    ///
    /// - Fine-grained: Observation records what the closure read; a change to anything else causes
    ///   no evaluation.
    /// - Coalesced: every change made in one turn of the main actor leads to one evaluation and one
    ///   apply, after that turn. A change during an animated update is applied after it, latest
    ///   wins, through the same ``ListDriver`` as every snapshot (large diffs run off the main actor).
    /// - Safe: a closure that throws is reported as a ``ListDiagnostic`` and the last good list
    ///   stays; what it read before throwing is still followed.
    /// - No cycles: the observation refers to the driver weakly; one started through an adapter
    ///   is kept by it and ends with the adapter, with ``stop()``, or when the adapter shows
    ///   another source. Keep one you start yourself, and stop it when you are done.
    ///   The model is held strongly (a model does not hold its views); pass it as the closure's
    ///   argument rather than capturing `self`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public final class ListObservation {
        /// How many times the closure ran.
        public private(set) var evaluations = 0
        /// Whether the observation has ended.
        public private(set) var isStopped = false
        /// Runs the closure (the part that is tracked) and returns what to do with its result
        /// (applying it, which is not tracked: cells configured during an apply may read models
        /// too, and those reads must not cause evaluations).
        private let produce: @MainActor () -> @MainActor () -> Void
        private var scheduled = false

        init(produce: @escaping @MainActor () -> @MainActor () -> Void) {
            self.produce = produce
        }

        /// An observation whose tracked work is `make`, and which hands each value to `deliver`, or
        /// each error to `report` as ``ListDiagnostic/Kind/observedListFailed(_:)``.
        convenience init<Value>(
            tracking make: @escaping @MainActor () throws -> Value, report: @escaping @MainActor (ListDiagnostic) -> Void,
            deliver: @escaping @MainActor (Value) -> Void
        ) {
            self.init {
                let result = Result { try make() }
                return {
                    switch result {
                    case .success(let value): deliver(value)
                    case .failure(let error): report(ListDiagnostic(.observedListFailed("\(error)")))
                    }
                }
            }
        }

        /// Stops following the models; what is on screen stays.
        public func stop() { isStopped = true }

        /// Applies the snapshot `makeSnapshot` builds through `driver`, now and whenever what it
        /// read changes. A closure that throws is reported to the driver as a ``ListDiagnostic``.
        ///
        /// ```swift
        /// let observation = ListObservation(driving: driver) { try Snapshot(items: inbox.messages) }
        /// ```
        public convenience init<SectionID, Item>(
            driving driver: ListDriver<SectionID, Item>, animatingDifferences: Bool = true,
            _ makeSnapshot: @escaping @MainActor () throws -> Snapshot<SectionID, Item>
        ) {
            self.init(tracking: makeSnapshot, report: { [weak driver] in driver?.report($0) }) { [weak driver] snapshot in
                driver?.apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
            }
            evaluate()
        }

        /// Evaluates now, and again after the turn in which anything it read changes.
        func evaluate() {
            scheduled = false
            guard !isStopped else { return }
            evaluations += 1
            let deliver = withObservationTracking {
                produce()
            } onChange: { [weak self] in
                // Called once, synchronously, on the first change to anything read; later changes
                // in the same turn find the tracking gone, and the evaluation scheduled here, after
                // the turn, sees them all.
                Task { @MainActor in self?.schedule() }
            }
            deliver()
        }

        private func schedule() {
            guard !isStopped, !scheduled else { return }
            scheduled = true
            evaluate()
        }
    }

    extension ListAdapter {
        /// Shows the snapshot `makeSnapshot` builds from `model`, and follows the `@Observable`
        /// models it reads: every change is animated, with no snapshot code in the screen. See
        /// ``ListObservation``.
        ///
        /// As with ``apply(_:animatingDifferences:)``, an item no configurator takes gets a
        /// placeholder cell and a ``ListDiagnostic``.
        @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
        @discardableResult
        public func follow<Model: AnyObject>(
            _ model: Model, animatingDifferences: Bool = true, _ makeSnapshot: @escaping @MainActor (Model) throws -> Snapshot<SectionID, Item>
        ) -> ListObservation {
            follow(animatingDifferences: animatingDifferences) { try makeSnapshot(model) }
        }

        /// Shows the snapshot `makeSnapshot` builds, and follows the `@Observable` models it reads.
        /// See ``ListObservation``.
        @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
        @discardableResult
        public func follow(animatingDifferences: Bool = true, _ makeSnapshot: @escaping @MainActor () throws -> Snapshot<SectionID, Item>) -> ListObservation {
            core.stopCurrentSource?()
            let observation = ListObservation(driving: driver, animatingDifferences: animatingDifferences, makeSnapshot)
            core.stopCurrentSource = { observation.stop() }
            return observation
        }
    }

    extension ComposedList {
        /// Makes `part` follow the `@Observable` models `makeSnapshot` reads from `model`: a section
        /// that follows its own model, composed with the other parts. The list keeps the
        /// observation until you stop the returned observation, follow `part` again, or the list
        /// goes away.
        @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
        @discardableResult
        public func follow<Model: AnyObject>(
            _ part: Part, model: Model, _ makeSnapshot: @escaping @MainActor (Model) throws -> Snapshot<SectionID, Item>
        ) -> ListObservation {
            let observation = ListObservation(tracking: { try makeSnapshot(model) }, report: { [weak self] in self?.driver.report($0) }) {
                [weak self] snapshot in self?.update(part, with: snapshot)
            }
            observations[part]?.stop()
            observations[part] = observation
            observation.evaluate()
            return observation
        }
    }
#endif
