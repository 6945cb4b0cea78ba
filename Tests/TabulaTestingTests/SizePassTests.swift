#if canImport(Observation)
    import Observation
    import Testing
    import TabulaTesting
    @testable import Tabula

    /// Which rows the view measures again after their cells were configured in place: decided by
    /// the core, done by the glue (`noteHeightOfRows(withIndexesChanged:)` in AppKit, a self-sizing
    /// invalidation or a layout pass in UIKit), counted by the headless view.
    @MainActor
    @Suite("Size passes after cells are configured in place")
    struct SizePassTests {
        let chores = (0..<8).map { Chore(id: $0, title: "chore \($0)") }

        func make(viewport: Int?) async throws -> (HeadlessListView, HeadlessListAdapter<Int, Chore>) {
            let list = HeadlessListView(viewportHeight: viewport)
            let cells = CellConfigurators<Chore> { CellConfigurator.content { CellContent(text: $0.title) } }
            let adapter = try HeadlessListAdapter<Int, Chore>(listView: list, cells: cells, updateKind: { _, _ in nil })
            await adapter.apply(try Snapshot(items: chores))
            return (list, adapter)
        }

        func settle(_ adapter: HeadlessListAdapter<Int, Chore>) async {
            await settleObservation { adapter.core.observer.hasPendingChanges }
        }

        @Test("an observed change: one size pass a turn, naming the rows configured again, none for rows off screen")
        func observedChanges() async throws {
            let (list, adapter) = try await make(viewport: 4)
            #expect(list.counters.sizePasses == 0)
            chores[1].title = "a much longer title that wraps"
            chores[3].title = "longer"
            chores[3].isDone = true
            chores[6].title = "off screen"
            await settle(adapter)
            #expect(list.counters.sizePasses == 1)
            #expect(list.lastResizedItems.sorted() == [ItemPath(item: 1, section: 0), ItemPath(item: 3, section: 0)])
            chores[6].title = "still off screen"
            await settle(adapter)
            #expect(list.counters.sizePasses == 1, "no cell configured, no pass")
        }

        @Test("after a batch: reconfigured items at their new rows, reloads only where asked, removed items left out")
        func afterBatch() async throws {
            let (_, adapter) = try await make(viewport: nil)
            let shown = adapter.displayedSnapshot
            var order = chores
            order.remove(at: 2)
            order.insert(order.remove(at: 3), at: 0)  // item 4 first
            await adapter.apply(try Snapshot(items: order))
            let update = BatchUpdate(
                reloadedItems: [ItemPath(item: 1, section: 0)],
                reconfiguredItems: [ItemPath(item: 4, section: 0), ItemPath(item: 2, section: 0)])
            let before = ReplacedSnapshot(shown, before: update)
            #expect(adapter.core.rowsNeedingSizePass(after: update, before: before, includingReloads: false) == [ItemPath(item: 0, section: 0)])
            #expect(
                adapter.core.rowsNeedingSizePass(after: update, before: before, includingReloads: true)
                    == [ItemPath(item: 0, section: 0), ItemPath(item: 2, section: 0)])
            #expect(adapter.core.rowsNeedingSizePass(after: BatchUpdate(), before: before, includingReloads: true).isEmpty)
        }
    }
#endif
