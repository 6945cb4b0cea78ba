import Testing
@testable import Tabula

/// A view that lays its rows out stacked, each with the height its item's identifier says, and
/// holds the driver's anchor through `reloadData` as the UIKit glue does: the hold read by position
/// against ``ListDriver/shownBeforeReload`` before the reload, the offset computed by position in
/// the new snapshot after it.
@MainActor
private final class StackedView: ListViewUpdating {
    var flavor: ListFlavor { .table }
    var canAnimateUpdates = false
    weak var driver: ListDriver<Int, StackedRow>?
    var shown: Snapshot<Int, StackedRow>
    var offset = 0.0
    let viewport = 100.0
    /// What the driver offered to read the anchor against, at each reload.
    var offered: [Snapshot<Int, StackedRow>?] = []

    init(_ shown: Snapshot<Int, StackedRow>) { self.shown = shown }

    func frames(_ snapshot: Snapshot<Int, StackedRow>) -> [ItemPath: (minY: Double, height: Double)] {
        var top = 0.0, result: [ItemPath: (minY: Double, height: Double)] = [:]
        for (section, items) in snapshot.sections.enumerated() {
            for (index, row) in items.items.enumerated() {
                result[ItemPath(item: index, section: section)] = (top, row.height)
                top += row.height
            }
        }
        return result
    }

    func contentHeight(_ snapshot: Snapshot<Int, StackedRow>) -> Double { snapshot.sections.flatMap(\.items).reduce(0) { $0 + $1.height } }

    func displayedItemCounts() -> [Int] { shown.sections.map(\.items.count) }

    func reloadData() {
        guard let driver else { return }
        offered.append(driver.shownBeforeReload)
        let before = frames(shown)
        let visible = before.filter { $0.value.minY + $0.value.height > offset && $0.value.minY < offset + viewport }.map(\.key)
        let correction = driver.shownBeforeReload.flatMap { shownBefore in
            AnchorCorrection(
                driver.activeScrollAnchor, shown: shownBefore, visible: visible, frame: { before[$0] }, contentOffset: offset,
                viewportHeight: viewport, contentHeight: contentHeight(shown))
        }
        shown = driver.snapshot
        let after = frames(shown)
        let maxOffset = max(0, contentHeight(shown) - viewport)
        offset = min(offset, maxOffset)
        if let corrected = correction?.offset(showing: shown, frame: { after[$0] }, viewportHeight: viewport, contentHeight: contentHeight(shown)) {
            offset = corrected
        }
    }

    func performBatchUpdates(_ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void) {
        Issue.record("a view that cannot animate gets no batch")
    }

    /// The top of the row `id`, from the viewport's top.
    func distance(of id: Int) -> Double? {
        shown.itemPath(for: id).flatMap { frames(shown)[$0] }.map { $0.minY - offset }
    }
}

private struct StackedRow: Identifiable, Hashable, Sendable {
    var id: Int
    var height: Double
}

@MainActor
@Suite("Scroll anchor: held through reloadData, from frames by position before and after")
struct ReloadAnchorTests {
    private func rows(_ ids: some Sequence<Int>, height: Double = 40) -> [StackedRow] { ids.map { StackedRow(id: $0, height: height) } }

    private func setUp(_ items: [StackedRow], offset: Double, anchor: ScrollAnchor<Int>) throws -> (ListDriver<Int, StackedRow>, StackedView) {
        let first = try Snapshot(items: items)
        let view = StackedView(first)
        let driver = ListDriver<Int, StackedRow>(snapshot: first)
        view.driver = driver
        driver.view = view
        driver.scrollAnchor = anchor
        view.offset = offset
        return (driver, view)
    }

    @Test("rows inserted above by a reload do not move the first row on screen; its frame changed too")
    func insertedAbove() async throws {
        let (driver, view) = try setUp(rows(0..<10), offset: 90, anchor: .firstVisibleItem)
        #expect(view.distance(of: 2) == -10)
        await driver.applyUsingReloadData(try Snapshot(items: rows(100..<103, height: 25) + [StackedRow(id: 0, height: 40), StackedRow(id: 1, height: 40), StackedRow(id: 2, height: 70)] + rows(3..<10)))
        #expect(view.offered.last??.itemIdentifiers == Array(0..<10), "the glue reads the anchor against what the view showed")
        #expect(view.distance(of: 2) == -10)
        #expect(view.offset == 165)
    }

    @Test("a fallback reload (the view cannot animate) holds the row too, and so does an edit in place")
    func fallbackReloads() async throws {
        let (driver, view) = try setUp(rows(0..<10), offset: 130, anchor: .firstVisibleItem)
        await driver.apply(try Snapshot(items: rows(-4..<0) + rows(0..<10)))
        #expect(view.offset == 130 + 160 && view.distance(of: 3) == -10)
        driver.scrollAnchorForNextUpdate = .item(5)
        try driver.apply(.delete([0, 1]))
        #expect(view.distance(of: 5) == 70, "the chosen item stays at its distance through an in-place edit's reload")
        #expect(driver.shownBeforeReload == nil, "let go once the view has reloaded")
    }

    @Test("the held row deleted by the reload: its neighbour below takes its place")
    func deletedRow() async throws {
        let (driver, view) = try setUp(rows(0..<10), offset: 85, anchor: .firstVisibleItem)
        await driver.applyUsingReloadData(try Snapshot(items: rows(20..<25) + rows([0, 1, 3, 4, 5, 6, 7, 8, 9])))
        #expect(view.distance(of: 3) == -5, "row 3 is where row 2 was")
    }

    @Test("at the bottom, the bottom anchor stays there through a reload; scrolled up, the row read holds")
    func bottom() async throws {
        let (driver, view) = try setUp(rows(0..<10), offset: 300, anchor: .bottom)
        await driver.applyUsingReloadData(try Snapshot(items: rows(0..<12)))
        #expect(view.offset == 380)
        view.offset = 50
        await driver.applyUsingReloadData(try Snapshot(items: rows(-3..<0) + rows(0..<12)))
        #expect(view.offset == 170 && view.distance(of: 1) == -10)
    }

    @Test("with no anchor, nothing is kept for the glue and the offset is the view's")
    func noAnchor() async throws {
        let (driver, view) = try setUp(rows(0..<10), offset: 90, anchor: .none)
        await driver.applyUsingReloadData(try Snapshot(items: rows(-3..<0) + rows(0..<10)))
        #expect(view.offered.count == 1 && view.offered[0] == nil)
        #expect(view.offset == 90)
    }
}
