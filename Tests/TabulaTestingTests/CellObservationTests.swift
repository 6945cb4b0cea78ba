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
            return (list, adapter)
        }

        /// Lets the main actor run the turns in which changes are delivered.
        func settle() async {
            for _ in 0..<6 { await Task.yield() }
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
                if round % 4 == 3 { await settle() }
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

    /// Which items' cells were configured, in order.
    @MainActor
    final class ConfigurationLog {
        var ids: [Int] = []
    }
#endif
