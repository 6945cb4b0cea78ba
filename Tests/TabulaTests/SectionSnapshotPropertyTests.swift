import Testing
import TabulaTesting
@testable import Tabula

/// Random sequences of tree edits applied both to a section snapshot and to a plain model (each
/// parent's list of children); after every step the two must agree on every reading, and a failing
/// edit must change nothing.
@Suite("SectionSnapshot: property test against a model")
struct SectionSnapshotPropertyTests {
    /// The model: children in order by parent (`root` for the top level), and the expanded items.
    struct Model {
        static let root = -1
        var children: [Int: [Int]] = [root: []]
        var parentOf: [Int: Int] = [:]
        var values: [Int: Int] = [:]
        var expanded: Set<Int> = []

        func contains(_ id: Int) -> Bool { parentOf[id] != nil }

        /// Depth first from `parent`, with levels; everything, or the visible items only.
        func walk(from parent: Int = root, level: Int = 0, onlyVisible: Bool) -> [(id: Int, level: Int)] {
            var result: [(id: Int, level: Int)] = []
            for child in children[parent] ?? [] {
                result.append((child, level))
                if !onlyVisible || expanded.contains(child) {
                    result += walk(from: child, level: level + 1, onlyVisible: onlyVisible)
                }
            }
            return result
        }

        func isVisible(_ id: Int) -> Bool {
            guard var parent = parentOf[id] else { return false }
            while parent != Self.root {
                guard expanded.contains(parent) else { return false }
                parent = parentOf[parent]!
            }
            return true
        }

        mutating func add(_ ids: [Int], under parent: Int, at index: Int? = nil) {
            for id in ids {
                parentOf[id] = parent
                children[id] = []
                values[id] = 0
            }
            children[parent]!.insert(contentsOf: ids, at: index ?? children[parent]!.count)
        }

        mutating func remove(_ id: Int) {
            guard let parent = parentOf[id] else { return }
            children[parent]?.removeAll { $0 == id }
            var stack = [id]
            while let next = stack.popLast() {
                stack += children[next] ?? []
                children[next] = nil
                parentOf[next] = nil
                values[next] = nil
                expanded.remove(next)
            }
        }

        /// Whether every id is new and none repeats.
        func allNew(_ ids: [Int]) -> Bool { Set(ids).count == ids.count && !ids.contains(where: contains) }
    }

    typealias Tree = SectionSnapshot<Row>

    static func rows(_ ids: [Int]) -> [Row] { ids.map { Row(id: $0) } }

    @Test("600 random sequences of tree edits agree with the model")
    func randomEdits() throws {
        let seed = propertySeed()
        print("SectionSnapshotPropertyTests.randomEdits: TABULA_SEED=\(seed) replays this run")
        var rng = SeededGenerator(seed: seed)
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        var accepted = 0, rejected = 0
        for sequence in 0..<rounds(600) {
            var tree = Tree()
            var model = Model()
            for step in 0..<40 {
                let context = "TABULA_SEED=\(seed) sequence \(sequence) step \(step)"
                let before = tree
                let operation = int(0...9)
                // Mostly identifiers the tree holds for anchors and deletions, any for new items.
                let held = model.parentOf.keys.sorted()
                func someID() -> Int { held.isEmpty || int(0...4) == 0 ? int(0...29) : held[int(0...(held.count - 1))] }
                let ids = (0..<int(1...3)).map { _ in operation < 4 || operation > 6 ? int(0...29) : someID() }
                let anchor = someID()
                let parent: Int? = int(0...3) == 0 ? nil : someID()
                let key = parent ?? Model.root
                var valid = true
                do {
                    switch operation {
                    case 0, 1:
                        valid = (parent == nil || model.contains(key)) && model.allNew(ids)
                        try tree.append(Self.rows(ids), to: parent)
                        model.add(ids, under: key)
                    case 2, 3:
                        valid = model.contains(anchor) && model.allNew(ids)
                        let after = operation == 3
                        if after { try tree.insert(Self.rows(ids), after: anchor) } else { try tree.insert(Self.rows(ids), before: anchor) }
                        let siblingsOf = model.parentOf[anchor]!
                        let index = model.children[siblingsOf]!.firstIndex(of: anchor)!
                        model.add(ids, under: siblingsOf, at: after ? index + 1 : index)
                    case 4:
                        valid = ids.allSatisfy(model.contains)
                        try tree.delete(ids)
                        for id in ids { model.remove(id) }
                    case 5:
                        valid = ids.allSatisfy(model.contains)
                        try tree.expand(ids)
                        model.expanded.formUnion(ids)
                    case 6:
                        valid = ids.allSatisfy(model.contains)
                        try tree.collapse(ids)
                        model.expanded.subtract(ids)
                    case 7:
                        // A small tree of its own: ids[0] with the other ids under it, expanded or not.
                        var other = Tree()
                        let expandOther = int(0...1) == 0
                        if Set(ids).count == ids.count {
                            try other.append(Self.rows([ids[0]]))
                            try other.append(Self.rows(Array(ids.dropFirst())), to: ids[0])
                            if expandOther { try other.expand([ids[0]]) }
                        }
                        valid = (parent == nil || model.contains(key)) && model.allNew(Array(Set(other.items.map(\.id))))
                        try tree.append(other, to: parent)
                        if !other.isEmpty {
                            model.add([ids[0]], under: key)
                            model.add(Array(ids.dropFirst()), under: ids[0])
                            if expandOther { model.expanded.insert(ids[0]) }
                        }
                    case 8:
                        let replacement = Set(ids).count == ids.count ? try Tree(Self.rows(ids)) : Tree()
                        let under = Set(model.walk(from: anchor, onlyVisible: false).map(\.id))
                        valid = model.contains(anchor) && !replacement.items.contains { model.contains($0.id) && !under.contains($0.id) }
                        try tree.replace(childrenOf: anchor, using: replacement)
                        for child in model.children[anchor]! { model.remove(child) }
                        model.add(replacement.items.map(\.id), under: anchor)
                    default:
                        valid = model.contains(anchor)
                        try tree.update([Row(id: anchor, value: step)])
                        model.values[anchor] = step
                    }
                    accepted += 1
                    #expect(valid, "the section snapshot accepted an edit the model rejects: \(context)")
                } catch {
                    rejected += 1
                    #expect(!valid, "the section snapshot rejected a valid edit (\(error)): \(context)")
                    #expect(tree == before, "a failed edit changed the section snapshot: \(context)")
                    let named: Int
                    switch error as? Tree.Failure {
                    case .duplicateItem(let id)?: named = id
                    case .unknownItem(let id)?, .moveIntoOwnSubtree(let id)?: named = id
                    case nil: named = -2
                    }
                    #expect((0...29).contains(named), "the error names an identifier: \(context)")
                }
                try check(tree, against: model, probe: anchor, context)
            }
        }
        // Both kinds of step were exercised, not only one.
        #expect(accepted > rounds(5_000) && rejected > rounds(2_000), "accepted \(accepted), rejected \(rejected)")
    }

    func check(_ tree: Tree, against model: Model, probe: Int, _ context: String) throws {
        let all = model.walk(onlyVisible: false), visible = model.walk(onlyVisible: true)
        #expect(tree.items == all.map { Row(id: $0.id, value: model.values[$0.id]!) }, "\(context)")
        #expect(tree.visibleItems.map(\.id) == visible.map(\.id), "\(context)")
        #expect(tree.rootItems.map(\.id) == model.children[Model.root]!, "\(context)")
        #expect(tree.count == all.count, "\(context)")
        let levels = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.level) })
        for id in 0..<30 {
            #expect(tree.contains(id) == model.contains(id), "\(context) id \(id)")
            #expect(tree.level(of: id) == levels[id], "\(context) id \(id)")
            #expect(tree.isVisible(id) == model.isVisible(id), "\(context) id \(id)")
            #expect(tree.isExpanded(id) == model.expanded.contains(id), "\(context) id \(id)")
            let parent = model.parentOf[id].flatMap { $0 == Model.root ? nil : $0 }
            #expect(tree.parent(of: id)?.id == parent, "\(context) id \(id)")
            #expect(tree.children(of: id)?.map(\.id) == model.children[id], "\(context) id \(id)")
            let state = model.contains(id)
                ? OutlineState(level: levels[id]!, isExpanded: model.children[id]!.isEmpty ? nil : model.expanded.contains(id)) : nil
            #expect(tree.outlineState(of: id) == state, "\(context) id \(id)")
        }
        // A subtree, with and without its parent.
        guard model.contains(probe) else { return }
        let under = model.walk(from: probe, onlyVisible: false)
        let subtree = try tree.snapshot(of: probe)
        #expect(subtree.items.map(\.id) == under.map(\.id), "\(context) subtree of \(probe)")
        #expect(subtree.visibleItems.map(\.id) == model.walk(from: probe, onlyVisible: true).map(\.id), "\(context) subtree of \(probe)")
        let withParent = try tree.snapshot(of: probe, includingParent: true)
        #expect(withParent.items.map(\.id) == [probe] + under.map(\.id), "\(context) subtree with \(probe)")
        #expect(withParent.isExpanded(probe) == model.expanded.contains(probe), "\(context)")
    }
}
