import Tabula
import TabulaTesting
import Testing

/// Items of another app's drop that do not arrive, because they offer no type the list accepts
/// or their content fails to load: the rest of the drop arrives, and the app hears which item
/// failed, as what type, and why.
@MainActor
@Suite("Drops from other apps: items that fail to load are reported")
struct DropLoadFailureTests {
    typealias Model = ListTransferTests.Model

    @Test("an item that fails to load and one of no accepted type are reported; the rest of the drop arrives")
    func failuresReported() throws {
        let b = Model([Section("b", items: ListTransferTests.items(10...11))])
        let (list, adapter) = try ListTransferTests().shown(b)
        adapter.acceptDrops(ofType: "public.url") { content in [.title(id: 100 + content.bytes.count, content.text)] }
        adapter.acceptDrops(ofType: "public.utf8-plain-text") { content in [.title(id: content.text.count, content.text)] }
        var reported: [[DropLoadError]] = []
        adapter.onDropLoadFailure = { reported.append($0) }
        let broken = HeadlessDroppedItem(offering: ["public.utf8-plain-text", "public.url"], contents: ["public.utf8-plain-text": [1]])
        try list.drop(
            [.text("hello"), HeadlessDroppedItem(offering: ["public.png"]), broken, .text("hi")], at: ItemPath(item: 1, section: 0))
        // 5 and 2 arrive in the drop's order; the failures come once, in the drop's order.
        #expect(b.ids == [[10, 5, 2, 11]])
        #expect(adapter.displayedSnapshot.sections.map { $0.items.map(\.id) } == b.ids)
        #expect(
            reported == [
                [
                    DropLoadError(itemIndex: 1, typeIdentifier: nil, offeredTypes: ["public.png"], reason: .noAcceptedType),
                    DropLoadError(
                        itemIndex: 2, typeIdentifier: "public.url", offeredTypes: ["public.utf8-plain-text", "public.url"],
                        reason: .loadFailed("no data")),
                ]
            ])
        // The drop is one action: its undo takes out what arrived, nothing else.
        #expect(adapter.undo())
        #expect(b.ids == [[10, 11]])
        try list.checkConsistency()
    }

    @Test("a drop none of whose items loads changes nothing and reports every item")
    func nothingLoads() throws {
        let b = Model([Section("b", items: ListTransferTests.items(10...11))])
        let (list, adapter) = try ListTransferTests().shown(b)
        adapter.acceptDrops(ofType: "public.utf8-plain-text") { content in [.title(id: content.text.count, content.text)] }
        var reported: [DropLoadError] = []
        adapter.onDropLoadFailure = { reported += $0 }
        try list.drop([HeadlessDroppedItem(offering: ["public.utf8-plain-text"]), HeadlessDroppedItem(offering: [])], at: ItemPath(item: 0, section: 0))
        #expect(b.ids == [[10, 11]])
        #expect(reported.map(\.itemIndex) == [0, 1])
        #expect(reported.map(\.reason) == [.loadFailed("no data"), .noAcceptedType])
        #expect(!adapter.undo())
    }

    @Test("the load plan: the first registered type each item offers, or a failure naming it")
    func loadPlan() throws {
        let (_, adapter) = try ListTransferTests().shown(Model([Section("b", items: [])]))
        adapter.acceptDrops(ofType: "public.url") { _ in [] }
        adapter.acceptDrops(ofType: "public.utf8-plain-text") { _ in [] }
        let plan = adapter.core.dropLoadPlan(offering: [["public.utf8-plain-text", "public.url"], ["public.png"], ["public.utf8-plain-text"]])
        #expect(
            plan == [
                .load(itemIndex: 0, typeIdentifier: "public.url"),
                .skip(DropLoadError(itemIndex: 1, typeIdentifier: nil, offeredTypes: ["public.png"], reason: .noAcceptedType)),
                .load(itemIndex: 2, typeIdentifier: "public.utf8-plain-text"),
            ])
    }

    @Test("a handler that throws cancels the drop, and the failures are still reported")
    func throwingHandler() throws {
        struct Unreadable: Error {}
        let b = Model([Section("b", items: ListTransferTests.items(10...10))])
        let (list, adapter) = try ListTransferTests().shown(b)
        adapter.acceptDrops(ofType: "public.utf8-plain-text") { _ in throw Unreadable() }
        var reported: [DropLoadError] = []
        adapter.onDropLoadFailure = { reported += $0 }
        #expect(throws: Unreadable.self) { try list.drop([.text("a"), HeadlessDroppedItem(offering: [])], at: ItemPath(item: 0, section: 0)) }
        #expect(b.ids == [[10]])
        #expect(reported.map(\.itemIndex) == [1])
    }
}
