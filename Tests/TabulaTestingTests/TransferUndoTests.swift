import Tabula
import TabulaTesting
import Testing

/// Undo and redo of drags between two lists and of drops from other apps: one named action, kept
/// by the list the items arrived in, undone by identity on top of both lists' newest snapshots,
/// and refused, reported, when a live change in either list stands in the way.
@MainActor
@Suite("Undo of drags between two lists and of drops from other apps")
struct TransferUndoTests {
    /// A card; `Tag` is the same card in a list of another item and identifier type.
    struct Card: Identifiable, Hashable, Sendable {
        var id: Int
        var title: String
    }

    struct Tag: Identifiable, Hashable, Sendable {
        var id: String
    }

    /// An app's model of one list, kept in step by the adapter's handlers.
    final class Model<Item: Identifiable & Equatable & Sendable> where Item.ID: Sendable {
        var sections: [Section<String, Item>]
        var events: [String] = []
        init(_ sections: [Section<String, Item>]) { self.sections = sections }
        var ids: [[Item.ID]] { sections.map { $0.items.map(\.id) } }
        func snapshot() throws -> Snapshot<String, Item> { try Snapshot(sections) }
    }

    func shown<Item: Identifiable & Equatable & Sendable>(
        _ model: Model<Item>, cells: CellConfigurators<Item>
    ) throws -> (HeadlessListView, HeadlessListAdapter<String, Item>) where Item.ID: Sendable {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter = try HeadlessListAdapter<String, Item>(listView: list, cells: cells)
        adapter.canMove = { _ in true }
        adapter.onRemoval = { [model] removal, _ in
            model.events.append("\(removal)")
            model.sections.apply(removal)
        }
        adapter.onInsertion = { [model] insertion, _ in
            model.events.append("\(insertion)")
            do { try model.sections.apply(insertion) } catch { Issue.record("the app could not apply \(insertion): \(error)") }
        }
        adapter.onReinsert = { [model] reinsertion, _ in
            model.events.append("\(reinsertion)")
            do { try model.sections.apply(reinsertion) } catch { Issue.record("the app could not apply \(reinsertion): \(error)") }
        }
        adapter.apply(try model.snapshot())
        return (list, adapter)
    }

    static let cardCells = CellConfigurators<Card> { CellConfigurator.content { CellContent(text: $0.title) } }
    static let tagCells = CellConfigurators<Tag> { CellConfigurator.content { CellContent(text: $0.id) } }

    static func cards(_ ids: ClosedRange<Int>) -> [Card] { ids.map { Card(id: $0, title: "c\($0)") } }

    static func shownIDs<Item>(_ adapter: HeadlessListAdapter<String, Item>) -> [[Item.ID]] {
        adapter.displayedSnapshot.sections.map { $0.items.map(\.id) }
    }

    @Test("a drag of two items into another list is one Move: undo puts them back where they were, after a sync, and redo moves them again")
    func acrossUndoRedo() throws {
        let a = Model([Section("todo", items: Self.cards(1...4)), Section("later", items: Self.cards(5...6))])
        let b = Model([Section("done", items: Self.cards(10...11))])
        let (listA, adapterA) = try shown(a, cells: Self.cardCells)
        let (listB, adapterB) = try shown(b, cells: Self.cardCells)
        adapterB.acceptDrags(from: adapterA)
        let drag = try #require(try listA.beginDrag(itemsAt: [ItemPath(item: 2, section: 0), ItemPath(item: 1, section: 0), ItemPath(item: 0, section: 1)]))
        try listB.drop(drag, at: ItemPath(item: 1, section: 0))
        #expect(a.ids == [[1, 4], [6]] && b.ids == [[10, 3, 2, 5, 11]])
        #expect(adapterB.nextUndoActionName == "Move" && !adapterA.canUndo)
        // A sync inserts 7 between 1 and 4 in the source, and 12 in the destination.
        a.sections[0].items.insert(Card(id: 7, title: "c7"), at: 1)
        adapterA.apply(try a.snapshot())
        b.sections[0].items.append(Card(id: 12, title: "c12"))
        adapterB.apply(try b.snapshot())

        #expect(adapterB.undo())
        // Back before their old neighbours, by identity: 2 and 3 before 4, 5 before 6.
        #expect(a.ids == [[1, 7, 2, 3, 4], [5, 6]] && b.ids == [[10, 11, 12]])
        #expect(Self.shownIDs(adapterA) == a.ids && Self.shownIDs(adapterB) == b.ids)
        #expect(adapterB.nextRedoActionName == "Move")

        #expect(adapterB.redo())
        #expect(a.ids == [[1, 7, 4], [6]] && b.ids == [[10, 3, 2, 5, 11, 12]])
        #expect(Self.shownIDs(adapterA) == a.ids && Self.shownIDs(adapterB) == b.ids)
        #expect(adapterB.undo())
        #expect(a.ids == [[1, 7, 2, 3, 4], [5, 6]] && b.ids == [[10, 11, 12]])
        try listA.checkConsistency()
        try listB.checkConsistency()
    }

    @Test("an undo that meets a sync in either list is reported, and changes neither list")
    func conflicts() throws {
        let a = Model([Section("todo", items: Self.cards(1...3))]), b = Model([Section("done", items: Self.cards(10...10))])
        let (listA, adapterA) = try shown(a, cells: Self.cardCells)
        let (listB, adapterB) = try shown(b, cells: Self.cardCells)
        adapterB.acceptDrags(from: adapterA)
        var reported: [UndoConflict<String, Int>] = []
        adapterB.onUndoConflict = { reported.append($0) }

        // The destination's sync deletes one of the moved items.
        try listB.drop(try #require(try listA.beginDrag(itemsAt: [ItemPath(item: 0, section: 0), ItemPath(item: 1, section: 0)])), at: ItemPath(item: 1, section: 0))
        b.sections[0].items.removeAll { $0.id == 2 }
        adapterB.apply(try b.snapshot())
        #expect(!adapterB.undo())
        #expect(reported.last == UndoConflict(.undo, of: "Move", missingItems: [2]))
        #expect(a.ids == [[3]] && b.ids == [[10, 1]])
        #expect(Self.shownIDs(adapterA) == a.ids && Self.shownIDs(adapterB) == b.ids)
        #expect(!adapterB.canUndo && !adapterB.canRedo)

        // The source's sync brings the moved item back, and deletes the neighbour it stood before.
        try listB.drop(try #require(try listA.beginDrag(itemsAt: [ItemPath(item: 0, section: 0)])), at: ItemPath(item: 0, section: 0))
        #expect(a.ids == [[]] && b.ids == [[3, 10, 1]])
        a.sections[0].items = [Card(id: 3, title: "c3")]
        adapterA.apply(try a.snapshot())
        #expect(!adapterB.undo())
        #expect(reported.last == UndoConflict(.undo, of: "Move", presentItems: [3]))
        #expect(Self.shownIDs(adapterB) == [[3, 10, 1]])
        #expect(adapterB.driver.diagnostics.contains { "\($0)".contains("undo of Move conflicts") })
    }

    @Test("content dropped from another app is one Drop; its redo conflicts when a sync added the item meanwhile")
    func dropFromAnotherApp() throws {
        let b = Model([Section("notes", items: Self.cards(10...11))])
        let (list, adapter) = try shown(b, cells: Self.cardCells)
        adapter.acceptDrops(ofType: "public.utf8-plain-text") { content in [Card(id: content.text.count, title: content.text)] }
        try list.drop([DroppedContent(text: "hi"), DroppedContent(text: "hello")], at: ItemPath(item: 2, section: 0))
        #expect(b.ids == [[10, 11, 2, 5]] && adapter.nextUndoActionName == "Drop")
        #expect(adapter.undo())
        #expect(b.ids == [[10, 11]] && Self.shownIDs(adapter) == b.ids)
        #expect(adapter.redo())
        #expect(b.ids == [[10, 11, 2, 5]] && b.sections[0].items[3].title == "hello")
        #expect(adapter.undo())
        b.sections[0].items.append(Card(id: 5, title: "synced"))
        adapter.apply(try b.snapshot())
        var reported: [UndoConflict<String, Int>] = []
        adapter.onUndoConflict = { reported.append($0) }
        #expect(!adapter.redo())
        #expect(reported == [UndoConflict(.redo, of: "Drop", presentItems: [5])])
        #expect(b.ids == [[10, 11, 5]] && Self.shownIDs(adapter) == b.ids)
    }

    @Test("between lists of different identifier types, a conflict in the source is named in the description")
    func otherTypes() throws {
        let a = Model([Section("cards", items: Self.cards(1...3))]), b = Model([Section("tags", items: [Tag(id: "x")])])
        let (listA, adapterA) = try shown(a, cells: Self.cardCells)
        let (listB, adapterB) = try shown(b, cells: Self.tagCells)
        adapterB.acceptDrags(from: adapterA) { card in Tag(id: "\(card.id)") }
        try listB.drop(try #require(try listA.beginDrag(itemsAt: [ItemPath(item: 1, section: 0)])), at: ItemPath(item: 1, section: 0))
        #expect(a.ids == [[1, 3]] && b.ids == [["x", "2"]])
        // The neighbour the item stood before goes; the undo has nowhere to put it back.
        a.sections[0].items.removeLast()
        adapterA.apply(try a.snapshot())
        var reported: [UndoConflict<String, String>] = []
        adapterB.onUndoConflict = { reported.append($0) }
        #expect(!adapterB.undo())
        #expect(reported.count == 1 && "\(reported[0])".contains("item 3 is no longer in the list it came from"))
        #expect(a.ids == [[1]] && b.ids == [["x", "2"]])

        // Without a conflict the card comes back as it was.
        try listB.drop(try #require(try listA.beginDrag(itemsAt: [ItemPath(item: 0, section: 0)])), at: ItemPath(item: 0, section: 0))
        #expect(adapterB.undo())
        #expect(a.sections == [Section("cards", items: [Card(id: 1, title: "c1")])] && b.ids == [["x", "2"]])
    }
}
