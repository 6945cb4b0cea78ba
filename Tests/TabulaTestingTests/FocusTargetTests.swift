import Testing
import Tabula

/// Where focus goes when the list changes under it: the same item wherever it moved, else a
/// documented neighbour.
@Suite("Focus target: the same item, else its documented neighbour")
struct FocusTargetTests {
    typealias Shot = Snapshot<String, Identified<String>>

    static func shot(_ sections: [(String, [String])]) throws -> Shot {
        try Shot(sections.map { Section($0.0, items: $0.1.map(Identified.init)) })
    }

    static func target(_ id: String, _ old: [(String, [String])], _ new: [(String, [String])]) throws -> String? {
        try Shot.focusTarget(after: Identified(id).id, from: shot(old), to: shot(new))
    }

    @Test("a surviving item keeps focus, moved within or across sections")
    func survives() throws {
        #expect(try Self.target("b", [("s", ["a", "b", "c"])], [("s", ["c", "a", "b"])]) == "b")
        #expect(try Self.target("b", [("s", ["a", "b"]), ("t", [])], [("t", ["b"]), ("s", ["a"])]) == "b")
    }

    @Test("a deleted item hands focus to the first survivor after it in its old section")
    func followingNeighbour() throws {
        #expect(try Self.target("b", [("s", ["a", "b", "c", "d"])], [("s", ["d", "a"])]) == "d")
        // The follower may have moved to another section; it is still the one chosen.
        #expect(try Self.target("b", [("s", ["a", "b", "c"]), ("t", ["x"])], [("s", ["a"]), ("t", ["x", "c"])]) == "c")
    }

    @Test("with no survivor after it, the nearest survivor before it in its old section")
    func precedingNeighbour() throws {
        #expect(try Self.target("c", [("s", ["a", "b", "c", "d"])], [("s", ["a", "b"])]) == "b")
    }

    @Test("with its old section emptied, the first item of the nearest surviving section after, then before")
    func sectionNeighbours() throws {
        let old = [("p", ["p1", "p2"]), ("s", ["a", "b"]), ("t", []), ("u", ["u1"])]
        // "t" is empty, so "u" is the nearest section after with an item.
        #expect(try Self.target("a", old, [("p", ["p1", "p2"]), ("t", []), ("u", ["u1", "u0"])]) == "u1")
        #expect(try Self.target("a", old, [("u", ["u0", "u1"]), ("p", ["p2"])]) == "u0")
        #expect(try Self.target("a", old, [("p", ["p2", "p1"])]) == "p2")
        #expect(try Self.target("a", old, [("q", ["q1"])]) == nil)
        #expect(try Self.target("zz", old, [("p", ["p1"])]) == nil)
    }
}
