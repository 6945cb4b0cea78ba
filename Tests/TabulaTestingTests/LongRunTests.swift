import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Tabula
import TabulaTesting

/// The stack address of a local in the caller's frame: how deep the stack is right now.
@inline(never)
func stackDepthMarker() -> UInt {
    var marker = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

/// Long-running behaviour: nothing grows with the number of updates (issue 11).
@MainActor
@Suite("Long runs: history and stack stay flat")
struct LongRunTests {
    func snapshot(_ n: Int) -> Snapshot<String, Mixed> {
        try! Snapshot([Section("main", items: [.title(id: 0, "row"), .counter(id: 1, n), .title(id: 2, "end")])])
    }

    @Test("no changeset history by default; the limits bound what is kept; observers see every one")
    func historyIsBounded() async throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        var seen = 0
        adapter.driver.onChangeset = { _ in seen += 1 }
        await adapter.apply(snapshot(0))
        for n in 1...1_000 { await adapter.apply(snapshot(n)) }
        #expect(adapter.driver.appliedChangesets.isEmpty)
        #expect(seen == 1_000)
        adapter.driver.changesetHistoryLimit = 3
        for n in 1_001...1_010 { await adapter.apply(snapshot(n)) }
        #expect(adapter.driver.appliedChangesets.count == 3)
        #expect(adapter.driver.appliedChangesets.last?.target.item(at: ItemPath(item: 1, section: 0)) == .counter(id: 1, 1_010))

        adapter.driver.diagnosticHistoryLimit = 5
        var reported = 0
        adapter.driver.onDiagnostic = { _ in reported += 1 }
        for n in 0..<20 { adapter.driver.report(ListDiagnostic(.viewRejectedBatch("test \(n)"))) }
        #expect(adapter.driver.diagnostics.count == 5 && reported == 20)
        #expect(adapter.driver.diagnostics.last == ListDiagnostic(.viewRejectedBatch("test 19")))
    }

    enum Chain: CaseIterable, Sendable { case reloads, batchUpdates, unchanged }

    @Test("100,000 applies chained from completion handlers run in constant stack: reloads, batch updates, unchanged", arguments: Chain.allCases)
    func chainedApplies(_ chain: Chain) throws {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        adapter.apply(snapshot(0))
        let driver = adapter.driver
        let total = rounds(100_000)
        var done = 0
        var depthAt10 = UInt(0), deepest = UInt(0)
        func next() {
            done += 1
            let depth = stackDepthMarker()
            if done == 10 { depthAt10 = depth }
            if done > 10 { deepest = max(deepest, depthAt10 > depth ? depthAt10 - depth : 0) }
            guard done < total else { return }
            apply(snapshot(done))
        }
        func apply(_ next: Snapshot<String, Mixed>) {
            switch chain {
            case .reloads: driver.applyUsingReloadData(next) { _ in nextStep() }
            case .batchUpdates: driver.apply(next) { _ in nextStep() }
            case .unchanged:
                // Known equal to what is shown: settled before `apply` returns, with the driver
                // busy, so the next apply waits for this completion to return.
                let same = try! Snapshot(driver.latestSnapshot.sections, updating: driver.latestSnapshot)
                driver.apply(same) { result in
                    #expect(result == .unchanged && driver.isUpdating)
                    nextStep()
                }
            }
        }
        func nextStep() { next() }
        apply(snapshot(1))
        #expect(done == total)
        // AddressSanitizer moves locals to a heap-allocated fake stack, where addresses say nothing
        // about depth; there the applies finishing without overflow is the check.
        if !isAddressSanitized {
            #expect(deepest < 16_384, "the stack grew by \(deepest) bytes over \(total) chained applies")
        }
        #expect(list.cellForItem(at: ItemPath(item: 1, section: 0))?.detailText == (chain == .unchanged ? "0" : "\(total - 1)"))
        #expect(!driver.isUpdating)
        #expect(driver.diagnostics.isEmpty, "\(driver.diagnostics)")
    }
}
