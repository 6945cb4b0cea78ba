import Testing
@testable import Tabula

@Suite("SectionSnapshot: a section's items as a tree")
struct SectionSnapshotTests {
    typealias Tree = SectionSnapshot<Identified<String>>

    /// Fruit (Apple, Citrus (Lemon, Lime), Pear), Vegetables (Leek).
    func produce() throws -> Tree {
        var tree = Tree()
        try tree.append([Identified("Fruit"), Identified("Vegetables")])
        try tree.append([Identified("Apple"), Identified("Citrus"), Identified("Pear")], to: "Fruit")
        try tree.append([Identified("Lemon"), Identified("Lime")], to: "Citrus")
        try tree.append([Identified("Leek")], to: "Vegetables")
        return tree
    }

    @Test("the documentation's example")
    func documentedExample() throws {
        var fruit = SectionSnapshot<Identified<String>>()
        try fruit.append([Identified("Fruit"), Identified("Vegetables")])
        try fruit.append([Identified("Apple"), Identified("Pear")], to: "Fruit")
        try fruit.expand(["Fruit"])
        #expect(fruit.visibleItems.map(\.value) == ["Fruit", "Apple", "Pear", "Vegetables"])
        #expect(fruit.level(of: "Pear") == 1)
        let state = OutlineState(level: 1, isExpanded: false)
        #expect(state.decorate("Citrus") == "  ▸ Citrus")
        var handlers = SectionSnapshotHandlers<Identified<String>>()
        handlers.shouldCollapse = { $0.value != "Pinned" }
        handlers.willExpand = { folder in print("opening \(folder.value)") }
        #expect(handlers.shouldExpand == nil && handlers.willCollapse == nil)
    }

    @Test("items, visible items, roots, parents, levels and visibility")
    func reading() throws {
        var tree = try produce()
        #expect(tree.items.map(\.value) == ["Fruit", "Apple", "Citrus", "Lemon", "Lime", "Pear", "Vegetables", "Leek"])
        #expect(tree.visibleItems.map(\.value) == ["Fruit", "Vegetables"])
        #expect(tree.rootItems.map(\.value) == ["Fruit", "Vegetables"])
        #expect(tree.parent(of: "Lime")?.value == "Citrus" && tree.parent(of: "Fruit") == nil && tree.parent(of: "Kiwi") == nil)
        #expect(tree.level(of: "Lime") == 2 && tree.level(of: "Fruit") == 0 && tree.level(of: "Kiwi") == nil)
        #expect(tree.contains("Lime") && !tree.contains("Kiwi") && tree.count == 8)
        #expect(!tree.isVisible("Lime") && tree.isVisible("Vegetables") && !tree.isVisible("Kiwi"))
        try tree.expand(["Citrus"])
        #expect(tree.visibleItems.map(\.value) == ["Fruit", "Vegetables"], "Citrus is expanded, but Fruit is not")
        try tree.expand(["Fruit"])
        #expect(tree.visibleItems.map(\.value) == ["Fruit", "Apple", "Citrus", "Lemon", "Lime", "Pear", "Vegetables"])
        #expect(tree.isVisible("Lime") && tree.isExpanded("Citrus") && !tree.isExpanded("Vegetables"))
        try tree.collapse(["Fruit"])
        #expect(tree.visibleItems.map(\.value) == ["Fruit", "Vegetables"])
        try tree.expand(["Fruit"])
        #expect(tree.visibleItems.count == 7, "Citrus kept its expansion while Fruit was collapsed")
        #expect(tree.outlineState(of: "Citrus") == OutlineState(level: 1, isExpanded: true))
        #expect(tree.outlineState(of: "Lemon") == OutlineState(level: 2, isExpanded: nil))
        #expect(tree.outlineState(of: "Vegetables")?.decorate("Vegetables") == "▸ Vegetables")
        #expect(tree.children(of: "Citrus")?.map(\.value) == ["Lemon", "Lime"] && tree.children(of: "Kiwi") == nil)
    }

    @Test("insert before and after a sibling, at any level")
    func inserting() throws {
        var tree = try produce()
        try tree.insert([Identified("Banana")], before: "Citrus")
        try tree.insert([Identified("Grapefruit")], after: "Lime")
        try tree.insert([Identified("Grains")], after: "Fruit")
        #expect(tree.items.map(\.value) == [
            "Fruit", "Apple", "Banana", "Citrus", "Lemon", "Lime", "Grapefruit", "Pear", "Grains", "Vegetables", "Leek",
        ])
        #expect(tree.parent(of: "Grapefruit")?.value == "Citrus" && tree.parent(of: "Grains") == nil)
    }

    @Test("delete takes the items' subtrees and their expansion with them")
    func deleting() throws {
        var tree = try produce()
        try tree.expand(["Fruit", "Citrus"])
        try tree.delete(["Citrus", "Lime", "Leek"])
        #expect(tree.items.map(\.value) == ["Fruit", "Apple", "Pear", "Vegetables"])
        #expect(!tree.contains("Lemon") && !tree.isExpanded("Citrus"))
        try tree.append([Identified("Citrus")], to: "Vegetables")
        #expect(!tree.isExpanded("Citrus"), "a new item with an old identifier starts collapsed")
        tree.deleteAll()
        #expect(tree.isEmpty && tree.items.isEmpty)
    }

    @Test("bad identifiers are errors naming them, and leave the tree as it was")
    func errors() throws {
        var tree = try produce()
        let before = tree
        #expect(throws: Tree.Failure.duplicateItem("Apple")) { try tree.append([Identified("Kiwi"), Identified("Apple")]) }
        #expect(throws: Tree.Failure.duplicateItem("Kiwi")) { try tree.append([Identified("Kiwi"), Identified("Kiwi")], to: "Fruit") }
        #expect(throws: Tree.Failure.unknownItem("Nuts")) { try tree.append([Identified("Kiwi")], to: "Nuts") }
        #expect(throws: Tree.Failure.unknownItem("Nuts")) { try tree.insert([Identified("Kiwi")], before: "Nuts") }
        #expect(throws: Tree.Failure.duplicateItem("Lime")) { try tree.insert([Identified("Lime")], after: "Lime") }
        #expect(throws: Tree.Failure.unknownItem("Nuts")) { try tree.delete(["Apple", "Nuts"]) }
        #expect(throws: Tree.Failure.unknownItem("Nuts")) { try tree.expand(["Fruit", "Nuts"]) }
        #expect(throws: Tree.Failure.unknownItem("Nuts")) { try tree.collapse(["Nuts"]) }
        #expect(throws: Tree.Failure.unknownItem("Nuts")) { try tree.snapshot(of: "Nuts") }
        #expect(throws: Tree.Failure.unknownItem("Nuts")) { try tree.update([Identified("Nuts")]) }
        #expect(throws: Tree.Failure.duplicateItem("Leek")) { try tree.append(try Tree([Identified("Leek")]), to: "Fruit") }
        #expect(throws: Tree.Failure.duplicateItem("Fruit")) { try tree.replace(childrenOf: "Citrus", using: try Tree([Identified("Fruit")])) }
        #expect(tree == before)
        #expect("\(Tree.Failure.duplicateItem("Apple"))".contains("Apple"))
        #expect("\(Tree.Failure.unknownItem("Nuts"))".contains("Nuts"))
    }

    @Test("a subtree, with or without its parent, keeps its expansion")
    func subtrees() throws {
        var tree = try produce()
        try tree.expand(["Citrus"])
        let fruit = try tree.snapshot(of: "Fruit")
        #expect(fruit.rootItems.map(\.value) == ["Apple", "Citrus", "Pear"])
        #expect(fruit.visibleItems.map(\.value) == ["Apple", "Citrus", "Lemon", "Lime", "Pear"])
        #expect(fruit.parent(of: "Citrus") == nil && fruit.level(of: "Lime") == 1 && !fruit.contains("Fruit"))
        let withParent = try tree.snapshot(of: "Citrus", includingParent: true)
        #expect(withParent.items.map(\.value) == ["Citrus", "Lemon", "Lime"] && withParent.isExpanded("Citrus"))
        #expect(withParent.level(of: "Lime") == 1)
    }

    @Test("append and replace whole subtrees")
    func snapshots() throws {
        var tree = try produce()
        var berries = try Tree([Identified("Berries")])
        try berries.append([Identified("Raspberry")], to: "Berries")
        try berries.expand(["Berries"])
        try tree.append(berries, to: "Fruit")
        #expect(tree.children(of: "Fruit")?.map(\.value) == ["Apple", "Citrus", "Pear", "Berries"])
        #expect(tree.isExpanded("Berries") && tree.level(of: "Raspberry") == 2)
        try tree.replace(childrenOf: "Citrus", using: try Tree([Identified("Lemon"), Identified("Orange")]))
        #expect(tree.children(of: "Citrus")?.map(\.value) == ["Lemon", "Orange"] && !tree.contains("Lime"))
        try tree.update([Identified("Orange")])
        #expect(tree.count == 10)
        #expect(tree.description.contains("    • Orange"))
    }

    @Test("a tree 200,000 deep: no walk recurses")
    func deepTree() throws {
        var tree = SectionSnapshot<Identified<Int>>()
        try tree.append([Identified(0)])
        for depth in 1..<200_000 { try tree.append([Identified(depth)], to: depth - 1) }
        try tree.expand(Array(0..<200_000))
        #expect(tree.visibleItems.count == 200_000)
        #expect(tree.items.last?.value == 199_999 && tree.level(of: 199_999) == 199_999 && tree.isVisible(199_999))
        #expect(try tree.snapshot(of: 0).count == 199_999)
        try tree.delete([1])
        #expect(tree.count == 1)
    }

    @Test("Sendable when its items are: built in a detached task")
    func sendable() async throws {
        let tree = try await Task.detached { () throws -> SectionSnapshot<Identified<Int>> in
            var tree = try SectionSnapshot([Identified(1)])
            try tree.append([Identified(2)], to: 1)
            return tree
        }.value
        #expect(tree.parent(of: 2)?.value == 1)
    }
}
