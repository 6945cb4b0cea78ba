#if canImport(Observation)
    import Observation
    import Testing
    import TabulaTesting
    @testable import Tabula

    /// An item that is an `@Observable` object: the list holds the objects, cells read their
    /// properties.
    @Observable
    @MainActor
    final class Chore: Identifiable {
        let id: Int
        var title: String
        var isDone = false
        init(id: Int, title: String) {
            self.id = id
            self.title = title
        }
    }

    @MainActor
    @Suite("Cells that follow their @Observable item: one cell, once a turn, no snapshot")
    struct CellObservationTests {
        let chores = (0..<10).map { Chore(id: $0, title: "chore \($0)") }

        /// Which items' cells were configured, in order (one log per test: tests run side by side).
        let log = ConfigurationLog()

        func adapter(viewport: Int?) async throws -> (HeadlessListView, HeadlessListAdapter<Int, Chore>) {
            let log = self.log
            let list = HeadlessListView(viewportHeight: viewport)
            let cells = CellConfigurators<Chore> {
                CellConfigurator.content { chore in
                    log.ids.append(chore.id)
                    return CellContent(text: chore.title + (chore.isDone ? " ✓" : ""))
                }
            }
            let adapter = try HeadlessListAdapter<Int, Chore>(listView: list, cells: cells, updateKind: { _, _ in nil })
            await adapter.apply(try Snapshot(items: chores))
            log.ids = []
            log.pending = { [weak adapter] in adapter?.core.observer.hasPendingChanges ?? false }
            return (list, adapter)
        }

        /// Lets the main actor run the turns in which changes are delivered: at least a few, and
        /// until the adapter's observer has nothing pending (under a loaded test run, other tests'
        /// jobs share the main actor).
        func settle() async {
            for _ in 0..<6 { await Task.yield() }
            await settleObservation(log.pending)
        }

        @Test("changing one visible item's property configures that cell alone, in place, without a snapshot")
        func oneChange() async throws {
            let (list, adapter) = try await adapter(viewport: 4)
            let cell = list.cellForItem(at: ItemPath(item: 1, section: 0))
            let requests = list.counters.cellRequests
            chores[1].title = "renamed"
            #expect(list.renderedText().contains("chore 1"), "not before the turn ends")
            await settle()
            #expect(list.cellForItem(at: ItemPath(item: 1, section: 0))?.text == "renamed")
            #expect(list.cellForItem(at: ItemPath(item: 1, section: 0)) === cell, "the same cell, configured again")
            #expect(log.ids == [1], "that cell alone")
            #expect(adapter.core.observedReconfigurations == 1)
            #expect(list.counters.cellRequests == requests && adapter.driver.appliedChangesets.isEmpty, "no cell requested, no snapshot applied")
        }

        @Test("1,000 changes in one turn configure the cell once")
        func coalesced() async throws {
            let (list, adapter) = try await adapter(viewport: 4)
            for round in 0..<1_000 {
                chores[2].title = "title \(round)"
                chores[2].isDone.toggle()
            }
            await settle()
            #expect(log.ids == [2])
            #expect(adapter.core.observedReconfigurations == 1)
            #expect(list.cellForItem(at: ItemPath(item: 2, section: 0))?.text == "title 999")
        }

        @Test("changes to several visible items in one turn configure each cell once, in one flush")
        func severalCellsOneFlush() async throws {
            let (list, adapter) = try await adapter(viewport: 4)
            for round in 0..<10 {
                for index in 0..<4 { chores[index].title = "item \(index), round \(round)" }
            }
            await settle()
            #expect(log.ids.sorted() == [0, 1, 2, 3])
            #expect(adapter.core.observedReconfigurations == 4)
            if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *) {
                #expect(adapter.core.observer.flushes == 1, "one hop for the turn, not one per cell")
            }
            #expect(list.cellForItem(at: ItemPath(item: 3, section: 0))?.text == "item 3, round 9")
        }

        @Test("an item moved since its cell was configured is found where it is now")
        func movedItem() async throws {
            let (list, adapter) = try await adapter(viewport: 6)
            var order = chores
            order.swapAt(1, 4)
            await adapter.apply(try Snapshot(items: order))
            log.ids = []
            chores[1].title = "moved"
            await settle()
            #expect(list.cellForItem(at: ItemPath(item: 4, section: 0))?.text == "moved")
            #expect(list.cellForItem(at: ItemPath(item: 1, section: 0))?.text == "chore 4")
            #expect(log.ids == [1])
            #expect(adapter.core.observedReconfigurations == 1)
        }

        @Test("an item scrolled off screen, or one whose cell was reused, updates nothing")
        func offScreenAndReused() async throws {
            let (list, adapter) = try await adapter(viewport: 3)
            chores[8].title = "far below"
            await settle()
            #expect(log.ids.isEmpty && adapter.core.observedReconfigurations == 0)

            let firstCell = list.cellForItem(at: ItemPath(item: 0, section: 0))
            try list.scroll(by: 5)  // item 0's cell goes back to its pool and shows another item
            #expect(list.cellForItem(at: ItemPath(item: 0, section: 0)) == nil)
            log.ids = []
            chores[0].title = "gone"
            await settle()
            #expect(log.ids.isEmpty, "the reused cell does not follow its old item")
            #expect(!list.renderedText().contains("gone"))
            _ = firstCell
            try list.scrollToTop()
            #expect(list.renderedText().contains("gone"), "scrolled back, the row is configured with the object as it is")
        }

        @Test("100,000 changes: every one reaches the cell, and what is followed stays one entry per cell")
        func flatOverManyChanges() async throws {
            let (list, adapter) = try await adapter(viewport: 4)
            for round in 0..<100_000 {
                chores[round % 4].title = "t\(round)"
                // The observer's flush, called here rather than waited for: 25,000 waits for the
                // main actor's turn cost minutes when the rest of the suite shares it. The tasks
                // that would have flushed find nothing left (the other tests wait for them).
                if round % 4 == 3 { adapter.core.observer.flush() }
            }
            await settle()
            #expect(adapter.core.observedReconfigurations == 100_000)
            #expect(adapter.core.observer.followedCells <= list.counters.cellsCreated)
            #expect(list.cellForItem(at: ItemPath(item: 3, section: 0))?.text == "t99999")
        }

        @Test("no cycle: the adapter goes with its screen while the items live on")
        func noRetainCycle() async throws {
            weak var weakAdapter: HeadlessListAdapter<Int, Chore>?
            weak var weakList: HeadlessListView?
            do {
                let (list, adapter) = try await adapter(viewport: 4)
                weakAdapter = adapter
                weakList = list
            }
            #expect(weakAdapter == nil && weakList == nil)
            chores[0].title = "after the screen"  // nothing left to reconfigure: no crash, no work
            await settle()
        }

        @Test("switched off, cells show what the last snapshot gave them until the next one")
        func optOut() async throws {
            let (list, adapter) = try await adapter(viewport: 4)
            adapter.cellsFollowTheirItems = false
            chores[1].title = "quiet"
            await settle()
            #expect(list.cellForItem(at: ItemPath(item: 1, section: 0))?.text == "chore 1")
            #expect(adapter.core.observedReconfigurations == 0)
        }
    }

    /// A model object every row reads (a theme, a unit setting).
    @Observable
    @MainActor
    final class SharedStyle {
        var suffix = ""
    }

    @MainActor
    @Suite("Cells that follow their @Observable items keep one registration a cell, and end current")
    struct CellObservationBoundsTests {
        @Test("100,000 scroll rounds over cells reading one shared object: registrations stay at the visible cells, a change costs the same")
        func scrollingLeavesNoRegistrations() async throws {
            let style = SharedStyle()
            let chores = (0..<50).map { Chore(id: $0, title: "chore \($0)") }
            let list = HeadlessListView(viewportHeight: 5)
            let cells = CellConfigurators<Chore> {
                CellConfigurator.content { chore in CellContent(text: chore.title + style.suffix) }
            }
            let adapter = try HeadlessListAdapter<Int, Chore>(listView: list, cells: cells, updateKind: { _, _ in nil })
            await adapter.apply(try Snapshot(items: chores))
            let observer = adapter.core.observer

            /// What one change of the shared object costs: the trackings that report it, and the
            /// cells configured again.
            func costOfOneChange(_ text: String) async -> (reports: Int, reconfigurations: Int) {
                let reports = observer.reports
                let reconfigurations = adapter.core.observedReconfigurations
                style.suffix = text
                await settleObservation { observer.hasPendingChanges }
                return (observer.reports - reports, adapter.core.observedReconfigurations - reconfigurations)
            }

            #expect(adapter.core.observedCellRegistrations == 5)
            let atStart = await costOfOneChange(" (a)")
            #expect(atStart.reports == 5 && atStart.reconfigurations == 5)
            var most = 0
            for round in 0..<100_000 {
                if round % 45 == 44 { try list.scrollToTop() } else { try list.scroll(by: 1) }
                most = max(most, adapter.core.observedCellRegistrations)
            }
            print("registrations after 100,000 scroll rounds: \(adapter.core.observedCellRegistrations), at most \(most); cells made: \(list.counters.cellsCreated)")
            #expect(most <= list.indexPathsForVisibleItems.count + 1, "one tracking a visible cell (the incoming cell is configured before the outgoing one leaves)")
            #expect(adapter.core.observedCellRegistrations == list.indexPathsForVisibleItems.count)
            #expect(observer.followedCells <= list.indexPathsForVisibleItems.count)
            let afterScrolling = await costOfOneChange(" (b)")
            #expect(afterScrolling.reports == atStart.reports && afterScrolling.reconfigurations == atStart.reconfigurations)
            #expect(list.renderedText().contains("(b)") && !list.renderedText().contains("(a)"))
            #expect(adapter.core.observedCellRegistrations == 5)
        }

        @Test("configuring a cell again ends its previous tracking: a change reported to it once")
        func reconfigureEndsTheTracking() async throws {
            let style = SharedStyle()
            let chores = (0..<3).map { Chore(id: $0, title: "chore \($0)") }
            let list = HeadlessListView(viewportHeight: nil)
            let cells = CellConfigurators<Chore> {
                CellConfigurator.content { chore in CellContent(text: chore.title + style.suffix) }
            }
            let adapter = try HeadlessListAdapter<Int, Chore>(listView: list, cells: cells, updateKind: { _, _ in nil })
            await adapter.apply(try Snapshot(items: chores))
            for round in 0..<100 {
                chores[1].title = "round \(round)"
                await settleObservation { adapter.core.observer.hasPendingChanges }
            }
            #expect(adapter.core.observedReconfigurations == 100)
            #expect(adapter.core.observedCellRegistrations == 3)
            let reports = adapter.core.observer.reports
            style.suffix = "!"
            await settleObservation { adapter.core.observer.hasPendingChanges }
            #expect(adapter.core.observer.reports - reports == 3, "one report a cell, none left from the 100 configurations before")
            #expect(list.renderedText().contains("round 99!"))
        }

        @Test("eight tasks change 200 items off the main actor: every visible cell ends current, every run")
        func offMainChangesEndCurrent() async throws {
            let runs = 30
            var staleCells = 0
            var confirmations = 0
            var raced = 0
            for _ in 0..<runs {
                let tallies = (0..<200).map { Tally(id: $0) }
                let list = HeadlessListView(viewportHeight: 60)
                let cells = CellConfigurators<Tally> {
                    CellConfigurator.content { tally in CellContent(text: "\(tally.id): \(tally.value)") }
                }
                let adapter = try HeadlessListAdapter<Int, Tally>(listView: list, cells: cells, updateKind: { _, _ in nil })
                await adapter.apply(try Snapshot(items: tallies))
                await withTaskGroup(of: Void.self) { group in
                    for task in 0..<8 {
                        group.addTask {
                            for _ in 0..<40 {
                                for tally in tallies where tally.id % 8 == task { tally.increment() }
                            }
                        }
                    }
                }
                // Every change is made; the flushes and confirmations they started run on the
                // main actor's next turns.
                await settleObservation { adapter.core.observer.hasPendingChanges }
                for path in list.indexPathsForVisibleItems {
                    let tally = tallies[path.item]
                    if list.cellForItem(at: path)?.text != "\(tally.id): \(tally.value)" { staleCells += 1 }
                }
                #expect(tallies.allSatisfy { $0.value == 40 })
                confirmations += adapter.core.observer.confirmations
                raced += adapter.core.observer.racedReports
            }
            print("stale visible cells over \(runs) runs: \(staleCells); confirmations: \(confirmations), reports that raced an end: \(raced)")
            #expect(staleCells == 0)
        }
    }

    /// An `@Observable` counter that any thread may change: its value is kept behind a lock, and
    /// Observation hears of each change before the value is stored, as with the macro.
    final class Tally: Identifiable, Observable, Sendable {
        let id: Int
        private let registrar = ObservationRegistrar()
        private let storage = Locked(0)

        init(id: Int) { self.id = id }

        var value: Int {
            registrar.access(self, keyPath: \.value)
            return storage.withLock { $0 }
        }

        func increment() {
            registrar.withMutation(of: self, keyPath: \.value) { storage.withLock { $0 += 1 } }
        }
    }

    /// Lets the main actor run until `pending` says no flush or confirmation is due: a few
    /// yields, then short sleeps, which leave the main actor to jobs of a lower priority than the
    /// test's (a flush started by a change made off the main actor), at most 20,000 times (a count
    /// of waits; nothing is asserted about time).
    @MainActor
    func settleObservation(_ pending: () -> Bool) async {
        var waits = 0
        while pending() && waits < 20_000 {
            if waits < 10 { await Task.yield() } else { try? await Task.sleep(nanoseconds: 1_000_000) }
            waits += 1
        }
    }

    /// Which items' cells were configured, in order.
    @MainActor
    final class ConfigurationLog {
        var ids: [Int] = []
        /// Whether the adapter's observer has changes to deliver.
        var pending: () -> Bool = { false }
    }
#endif
