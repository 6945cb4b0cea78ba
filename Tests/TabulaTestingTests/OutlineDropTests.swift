import Tabula
import TabulaTesting
import Testing

/// Drags in a section shown as an outline: dropped between rows, the items move within the tree
/// with their children; dropped onto a folder the app allows, they become its last children. Each
/// drop is one `OutlineMove` the app's own tree follows, applied without a reload, undone and
/// redone as one action.
@MainActor
@Suite("Outline sections: drops between rows and into folders, undone as one action")
struct OutlineDropTests {
    /// The list (Inbox in a plain section; the folders of `OutlineAccessibilityTests.tree` in an
    /// outline section, Documents and Work expanded), with the app's tree kept in step.
    @MainActor
    final class Screen {
        let list = HeadlessListView(viewportHeight: nil)
        let adapter: HeadlessListAdapter<String, Node>
        var model: SectionSnapshot<Node>
        var moves: [OutlineMove<String, String>] = []

        init() async throws {
            adapter = try OutlineAccessibilityTests.adapter(list)
            model = try OutlineAccessibilityTests.tree(expanding: ["Documents", "Work"])
            try await OutlineAccessibilityTests.list(adapter, expanding: ["Documents", "Work"])
            adapter.canMove = { _ in true }
            adapter.canDropInto = { ["Documents", "Music", "Photos", "Work", "Personal"].contains($0.id) }
            adapter.onOutlineMove = { [unowned self] move, _ in
                moves.append(move)
                do { try model.apply(move) } catch { Issue.record("the app could not apply \(move): \(error)") }
            }
        }

        var rows: [String] { adapter.displayedSnapshot.items(inSection: "folders")?.map(\.id) ?? [] }
        var tree: SectionSnapshot<Node>? { adapter.sectionSnapshot(for: "folders") }
        func path(_ id: String) throws -> ItemPath { try #require(adapter.itemPath(for: id)) }
        func drag(_ ids: String...) throws -> HeadlessDrag { try #require(try list.beginDrag(itemsAt: ids.map(path))) }
    }

    @Test("dropped onto a folder, the items become its last children, with their own children, by identifier")
    func intoFolder() async throws {
        let screen = try await Screen()
        #expect(screen.rows == ["Documents", "Work", "Reports", "Personal", "Music", "Photos"])
        let reloads = screen.list.counters.reloads
        try screen.list.drop(try screen.drag("Work", "Music"), into: try screen.path("Photos"))
        await screen.adapter.driver.waitUntilIdle()
        #expect(screen.moves == [OutlineMove(["Work", "Music"], in: "folders", to: .lastChildren(of: "Photos"))])
        let tree = try #require(screen.tree)
        #expect(tree.parent(of: "Work")?.id == "Photos" && tree.parent(of: "Reports")?.id == "Work")
        #expect(tree.children(of: "Photos")?.map(\.id) == ["Trips", "Work", "Music"])
        #expect(tree == screen.model, "the app's tree follows")
        // Photos is collapsed: the moved rows are under it now, out of sight.
        #expect(screen.rows == ["Documents", "Personal", "Photos"])
        #expect(screen.list.counters.reloads == reloads, "an animated update, not a reload")
        try screen.list.checkConsistency()
    }

    @Test("a drop onto an item the app does not allow, or into a dragged item's own subtree, moves nothing and is reported")
    func refusedInto() async throws {
        let screen = try await Screen()
        let before = screen.tree
        try screen.list.drop(try screen.drag("Personal"), into: try screen.path("Reports"))
        try screen.list.drop(try screen.drag("Documents"), into: try screen.path("Work"))
        try screen.list.drop(try screen.drag("Music"), into: ItemPath(item: 0, section: 0))
        #expect(screen.moves.isEmpty && screen.tree == before)
        #expect(screen.adapter.driver.diagnostics.filter { if case .refusedMove = $0.kind { true } else { false } }.count == 3)
    }

    @Test("dropped between rows, the items go before the row below, under its parent, with their children; the tree is kept")
    func betweenRows() async throws {
        let screen = try await Screen()
        // Photos, above Personal: a child of Documents now.
        try screen.list.drop(try screen.drag("Photos"), at: try screen.path("Personal"))
        await screen.adapter.driver.waitUntilIdle()
        #expect(screen.moves.last == OutlineMove(["Photos"], in: "folders", to: .before("Personal")))
        #expect(screen.tree?.parent(of: "Photos")?.id == "Documents" && screen.tree?.children(of: "Photos")?.map(\.id) == ["Trips"])
        // Work, with Reports, below the last row: the end of the top level.
        try screen.list.drop(try screen.drag("Work"), at: ItemPath(item: screen.rows.count, section: 1))
        await screen.adapter.driver.waitUntilIdle()
        #expect(screen.moves.last == OutlineMove(["Work"], in: "folders", to: .endOfTopLevel))
        #expect(screen.rows == ["Documents", "Photos", "Personal", "Music", "Work", "Reports"])
        #expect(screen.tree == screen.model)
        // A drop between the outline and the plain section moves nothing.
        try screen.list.drop(try screen.drag("Music"), at: ItemPath(item: 0, section: 0))
        #expect(screen.moves.count == 2 && screen.adapter.displayedSnapshot.items(inSection: "recent")?.map(\.id) == ["Inbox"])
        try screen.list.checkConsistency()
    }

    @Test("undo puts every moved item back under its old parent, before its old sibling, as one action; redo moves them again")
    func undoAndRedo() async throws {
        let screen = try await Screen()
        let start = try #require(screen.tree)
        try screen.list.drop(try screen.drag("Reports", "Personal", "Music"), into: try screen.path("Photos"))
        await screen.adapter.driver.waitUntilIdle()
        let moved = try #require(screen.tree)
        #expect(screen.adapter.nextUndoActionName == "Move")
        #expect(screen.adapter.undo())
        await screen.adapter.driver.waitUntilIdle()
        #expect(screen.tree == start && screen.model == start)
        #expect(screen.adapter.redo())
        await screen.adapter.driver.waitUntilIdle()
        #expect(screen.tree == moved && screen.model == moved)
        #expect(screen.adapter.undo())
        await screen.adapter.driver.waitUntilIdle()
        #expect(screen.tree == start)
    }

    @Test("an undo whose old parent a later change removed is a conflict: reported, not applied")
    func undoConflict() async throws {
        let screen = try await Screen()
        var conflicts: [UndoConflict<String, String>] = []
        screen.adapter.onUndoConflict = { conflicts.append($0) }
        try screen.list.drop(try screen.drag("Reports"), into: try screen.path("Music"))
        await screen.adapter.driver.waitUntilIdle()
        var tree = try #require(screen.tree)
        try tree.delete(["Work"])
        screen.adapter.apply(tree, to: "folders")
        await screen.adapter.driver.waitUntilIdle()
        #expect(!screen.adapter.undo())
        #expect(conflicts.map(\.missingItems) == [["Work"]])
        #expect(screen.tree?.parent(of: "Reports")?.id == "Music")
    }

    @Test("the standard proposal over a folder the app allows goes into it; elsewhere between rows")
    func proposal() async throws {
        let screen = try await Screen()
        let core = screen.adapter.core
        #expect(core.dropProposal(from: core.dragSource, at: try screen.path("Photos")) == DropProposal(.move, placement: .intoItem))
        #expect(core.dropProposal(from: core.dragSource, at: try screen.path("Reports")) == DropProposal(.move))
        #expect(core.dropProposal(from: core.dragSource, at: ItemPath(item: 0, section: 0)) == DropProposal(.move))
        #expect(core.performDrop(of: [AnyHashable("Music")], from: core.dragSource, at: try screen.path("Documents"), into: true))
        #expect(!core.performDrop(of: [AnyHashable("Work")], from: core.dragSource, at: try screen.path("Reports"), into: true))
        #expect(screen.tree?.children(of: "Documents")?.map(\.id) == ["Work", "Personal", "Music"])
    }
}

/// ``SectionSnapshot/apply(_:)`` and the moves that undo it, on the tree alone.
@MainActor
@Suite("Outline moves on a section snapshot")
struct OutlineMoveTreeTests {
    @Test("every destination, subtrees travelling, and the inverse that puts each item back")
    func applyAndInverse() throws {
        let start = try OutlineAccessibilityTests.tree(expanding: ["Documents"])
        let moves: [OutlineMove<String, String>] = [
            OutlineMove(["Work", "Music"], in: "s", to: .lastChildren(of: "Photos")),
            OutlineMove(["Trips", "Reports"], in: "s", to: .before("Documents")),
            OutlineMove(["Personal", "Documents"], in: "s", to: .endOfTopLevel),
            OutlineMove(["Reports", "Work"], in: "s", to: .before("Personal")),
        ]
        for move in moves {
            var tree = start
            let inverse = try tree.inverse(of: move)
            try tree.apply(move)
            for id in move.items { #expect(tree.contains(id)) }
            #expect(tree.items.count == start.items.count)
            for back in inverse { try tree.apply(back) }
            #expect(tree == start, "\(move), undone by \(inverse)")
        }
        var tree = start
        try tree.apply(moves[0])
        #expect(tree.children(of: "Photos")?.map(\.id) == ["Trips", "Work", "Music"] && tree.parent(of: "Reports")?.id == "Work")
        #expect(throws: SectionSnapshotError<String>.moveIntoOwnSubtree("Documents")) {
            var copy = start
            try copy.apply(OutlineMove<String, String>(["Documents"], in: "s", to: .lastChildren(of: "Reports")))
        }
        #expect(throws: SectionSnapshotError<String>.unknownItem("Nope")) {
            var copy = start
            try copy.apply(OutlineMove<String, String>(["Music"], in: "s", to: .before("Nope")))
        }
    }
}
