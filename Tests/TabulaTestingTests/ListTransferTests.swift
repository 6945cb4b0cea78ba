import Tabula
import TabulaTesting
import Testing

/// Drags from one headless list into another, and content dropped from another app: the source
/// hears a ``Removal``, the destination an ``Insertion``, and both models follow.
@MainActor
@Suite("Drags between two lists and drops from other apps")
struct ListTransferTests {
    final class Model {
        var sections: [Section<String, Mixed>]
        init(_ sections: [Section<String, Mixed>]) { self.sections = sections }
        var ids: [[Int]] { sections.map { $0.items.map(\.id) } }
    }

    func shown(_ model: Model) throws -> (HeadlessListView, HeadlessListAdapter<String, Mixed>) {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Mixed>(listView: list, cells: AdapterTests.cells())
        adapter.canMove = { _ in true }
        adapter.onMove = { [model] reorder, _ in
            do { try model.sections.apply(reorder) } catch { Issue.record("could not apply \(reorder): \(error)") }
        }
        adapter.onRemoval = { [model] removal, _ in model.sections.apply(removal) }
        adapter.onInsertion = { [model] insertion, _ in
            do { try model.sections.apply(insertion) } catch { Issue.record("could not apply \(insertion): \(error)") }
        }
        adapter.apply(try Snapshot(model.sections))
        return (list, adapter)
    }

    static func items(_ ids: ClosedRange<Int>) -> [Mixed] { ids.map { .title(id: $0, "t\($0)") } }

    @Test("a drag of two items into another list moves them there, by identity, in both models")
    func twoItemsAcross() throws {
        let a = Model([Section("a", items: Self.items(1...4))]), b = Model([Section("b", items: Self.items(10...11))])
        let (listA, adapterA) = try shown(a)
        let (listB, adapterB) = try shown(b)
        adapterB.acceptDrags(from: adapterA)
        let drag = try #require(try listA.beginDrag(itemsAt: [ItemPath(item: 2, section: 0), ItemPath(item: 0, section: 0)]))
        // A sync removes item 3 (dragged) from the source during the drag.
        a.sections[0].items.removeAll { $0.id == 3 }
        adapterA.apply(try Snapshot(a.sections))
        try listB.drop(drag, at: ItemPath(item: 1, section: 0))
        #expect(a.ids == [[2, 4]])
        #expect(b.ids == [[10, 1, 11]])
        #expect(adapterA.displayedSnapshot.sections.map { $0.items.map(\.id) } == a.ids)
        #expect(adapterB.displayedSnapshot.sections.map { $0.items.map(\.id) } == b.ids)
        #expect(adapterA.driver.diagnostics.contains { "\($0)".contains("no longer in the list") })
        try listA.checkConsistency()
        try listB.checkConsistency()
    }

    @Test("a list that does not accept another's drags leaves both lists as they were")
    func refused() throws {
        let a = Model([Section("a", items: Self.items(1...2))]), b = Model([Section("b", items: Self.items(10...10))])
        let (listA, adapterA) = try shown(a)
        let (listB, adapterB) = try shown(b)
        defer { withExtendedLifetime((adapterA, adapterB)) {} }
        try listB.drop(try #require(try listA.beginDrag(itemsAt: [ItemPath(item: 0, section: 0)])), at: ItemPath(item: 0, section: 0))
        #expect(a.ids == [[1, 2]] && b.ids == [[10]])
        #expect(adapterB.core.dropProposal(from: adapterA.core.dragSource, at: ItemPath(item: 0, section: 0)) == .forbidden)
        adapterB.acceptDrags(from: adapterA)
        #expect(adapterB.core.dropProposal(from: adapterA.core.dragSource, at: ItemPath(item: 0, section: 0)) == DropProposal(.move))
    }

    @Test("content from another app goes through the handler for its type; other types are left out")
    func externalContent() throws {
        let b = Model([Section("b", items: Self.items(10...11))])
        let (list, adapter) = try shown(b)
        adapter.acceptDrops(ofType: "public.utf8-plain-text") { content in [.title(id: content.text.count, content.text)] }
        #expect(adapter.core.dropProposal(from: nil, typeIdentifiers: ["public.url"], at: ItemPath(item: 0, section: 0)) == .forbidden)
        #expect(adapter.core.dropProposal(from: nil, typeIdentifiers: ["public.utf8-plain-text"], at: ItemPath(item: 0, section: 0)) == DropProposal(.copy))
        try list.drop([DroppedContent(text: "hello"), DroppedContent(typeIdentifier: "public.url", bytes: [1])], at: ItemPath(item: 1, section: 0))
        #expect(b.ids == [[10, 5, 11]])
        #expect(adapter.displayedSnapshot.sections.map { $0.items.map(\.id) } == b.ids)
    }

    @Test("the decisions the UIKit and AppKit glue ask for: the type to load, a drop fixed by identity, which drop moves, what a drag describes")
    func glueDecisions() throws {
        let a = Model([Section("a", items: Self.items(1...3))]), b = Model([Section("b", items: Self.items(10...12))])
        let (_, adapterA) = try shown(a)
        let (_, adapterB) = try shown(b)
        adapterB.acceptDrops(ofType: "public.url") { content in [.title(id: 100 + content.bytes.count, content.text)] }
        adapterB.acceptDrops(ofType: "public.utf8-plain-text") { content in [.title(id: content.text.count, content.text)] }
        // The first type the list registered that the item offers.
        #expect(adapterB.core.dropType(offering: ["public.utf8-plain-text", "public.url"]) == "public.url")
        #expect(adapterB.core.dropType(offering: ["public.png"]) == nil)
        // Another app's content is placed by identity when dropped, before 11; a sync inserts 13
        // before 11 while it loads: it still lands before 11.
        let target = try #require(adapterB.core.dropDestination(for: ItemPath(item: 1, section: 0)))
        #expect(adapterB.core.dropDestination(for: ItemPath(item: 9, section: 0)) == nil)
        b.sections[0].items.insert(.title(id: 13, "t13"), at: 1)
        adapterB.apply(try Snapshot(b.sections))
        try adapterB.core.receive([DroppedContent(text: "hey")], to: target)
        #expect(b.ids == [[10, 13, 3, 11, 12]])
        // A drag of a list B does not accept moves nothing; once accepted, it moves; B's own drag reorders.
        #expect(!adapterB.core.performDrop(of: [AnyHashable(1)], from: adapterA.core.dragSource, at: nil))
        adapterB.acceptDrags(from: adapterA)
        #expect(adapterB.core.performDrop(of: [AnyHashable(1)], from: adapterA.core.dragSource, at: nil))
        #expect(adapterB.core.performDrop(of: [AnyHashable(10)], from: adapterB.core.dragSource, at: nil))
        #expect(a.ids == [[2, 3]])
        #expect(b.ids == [[13, 3, 11, 12, 1, 10]])
        #expect(adapterB.core.draggedItem(AnyHashable(11)) == .title(id: 11, "t11") && adapterB.core.draggedItem(AnyHashable("11")) == nil)
        // The app's proposal per destination: into a folder-like item, or nothing at the top.
        adapterB.dropProposal = { request in
            if request.position.item == 0 { return .forbidden }
            return request.item?.id == 11 ? DropProposal(.move, placement: .intoItem) : nil
        }
        let source = adapterA.core.dragSource
        #expect(adapterB.core.dropProposal(from: source, at: ItemPath(item: 0, section: 0)) == .forbidden)
        #expect(adapterB.core.dropProposal(from: source, at: ItemPath(item: 2, section: 0)) == DropProposal(.move, placement: .intoItem))
        #expect(adapterB.core.dropProposal(from: nil, typeIdentifiers: ["public.url"], at: nil) == DropProposal(.copy))
    }
}
