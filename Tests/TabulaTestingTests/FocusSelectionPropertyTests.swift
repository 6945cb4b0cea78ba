import Foundation
import Tabula
import TabulaTesting
import Testing

/// VoiceOver focus, keyboard focus and the selection, all on one item, across random updates:
/// they stay on it while it survives and land together on its neighbour when it goes.
@MainActor
@Suite("Focus, keyboard focus and selection keep their item together")
struct FocusSelectionPropertyTests {
    typealias Model = AccessibilityFocusTests.Model

    /// Sequences run: `TABULA_SEQUENCES` overrides; few enough in Debug to stay quick.
    static var sequences: Int {
        if let text = ProcessInfo.processInfo.environment["TABULA_SEQUENCES"], let count = Int(text) { return count }
        #if DEBUG
        return 1_500
        #else
        return 20_000
        #endif
    }

    @Test("after every random update (animated, interrupted, reloadData, in place) the three are on the same item, else on the documented neighbour")
    func keptTogether() async throws {
        let seed = propertyTestSeed()
        print("FocusSelectionPropertyTests.keptTogether seed \(seed) (TABULA_SEED=\(seed) replays it)")
        var random = SeededRandomGenerator(seed: seed)
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        // The synchronous calls, as an app's code makes them (in this async test the `async`
        // overloads would be chosen).
        let apply: (Model) throws -> Void = { adapter.apply(try AccessibilityFocusTests.snapshot($0)) }
        let reload: (Model) throws -> Void = { adapter.applyUsingReloadData(try AccessibilityFocusTests.snapshot($0)) }
        var kinds = [Int](repeating: 0, count: 5)
        var kept = 0, neighbours = 0, interruptions = 0
        for sequence in 0..<Self.sequences {
            var next = 100
            var model: Model = (0..<Int.random(in: 1...3, using: &random)).map { s in
                ("s\(s)", (0..<Int.random(in: 0...4, using: &random)).map { s * 10 + $0 })
            }
            try reload(model)
            guard let start = model.indices.first(where: { !model[$0].items.isEmpty }) else { continue }
            let path = ItemPath(item: Int.random(in: model[start].items.indices, using: &random), section: start)
            adapter.focus(at: path)
            try adapter.focusKeyboard(on: adapter.focusedItem)
            try adapter.selectItem(try #require(adapter.focusedItem))
            for step in 0..<4 {
                guard let focused = adapter.focusedItem else { break }
                var new = model
                let kind = Int.random(in: 0..<5, using: &random)
                kinds[kind] += 1
                switch kind {
                case 0, 1:
                    new = AccessibilityFocusTests.changed(model, next: &next, using: &random)
                    try apply(new)
                case 2:
                    // Interrupted: a second update arrives as the first one's changeset is made,
                    // before the view shows it; focus goes from the list before to the last.
                    let first = AccessibilityFocusTests.changed(model, next: &next, using: &random)
                    new = AccessibilityFocusTests.changed(first, next: &next, using: &random)
                    let last = new
                    var interrupted = false
                    adapter.driver.onChangeset = { [unowned adapter] _ in
                        adapter.driver.onChangeset = nil
                        interrupted = true
                        try? apply(last)
                    }
                    try apply(first)
                    adapter.driver.onChangeset = nil
                    if interrupted { interruptions += 1 } else { try apply(last) }  // the first changed nothing
                    await adapter.driver.waitUntilIdle()
                case 3:
                    new = AccessibilityFocusTests.changed(model, next: &next, using: &random)
                    try reload(new)
                default:
                    let gone = model.flatMap(\.items).filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
                    for s in new.indices { new[s].items.removeAll(where: gone.contains) }
                    try adapter.driver.apply(.delete(gone))
                }
                let expected = AccessibilityFocusTests.expectedFocus(focused, old: model, new: new)
                let shown = adapter.displayedSnapshot
                let expectedPath = expected.flatMap { shown.itemPath(for: $0) }
                // Plain comparisons in the loop: `#expect` per step would dominate a Debug run.
                guard shown.sections.map({ $0.items.map(\.id) }) == new.map(\.items),
                    adapter.focusedItem == expected, adapter.keyboardFocusedItem == expected,
                    adapter.selectedItems.map(\.id) == (expected.map { [$0] } ?? []),
                    adapter.focusedPath == expectedPath, adapter.keyboardFocusedPath == expectedPath,
                    list.indexPathsForSelectedItems == (expectedPath.map { [$0] } ?? [])
                else {
                    Issue.record(
                        """
                        TABULA_SEED=\(seed) sequence \(sequence) step \(step) (kind \(kind)): after \(focused) in \(model) → \(new), \
                        expected \(String(describing: expected)); VoiceOver on \(String(describing: adapter.focusedItem)), \
                        keyboard on \(String(describing: adapter.keyboardFocusedItem)), selected \(adapter.selectedItems.map(\.id)); \
                        shown \(shown.sections.map { $0.items.map(\.id) }), paths \(String(describing: adapter.focusedPath)) \
                        \(String(describing: adapter.keyboardFocusedPath)) \(list.indexPathsForSelectedItems), expected \(String(describing: expectedPath))
                        """)
                    return
                }
                if expected == focused { kept += 1 } else if expected != nil { neighbours += 1 }
                model = new
            }
        }
        // Every kind of update ran, and both halves of the rule were exercised.
        #expect(kinds.allSatisfy { $0 > 0 } && kept > 0 && neighbours > 0 && interruptions > 0)
    }
}
