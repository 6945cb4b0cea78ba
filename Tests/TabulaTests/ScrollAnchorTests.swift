import Testing
import Tabula

@Suite("Scroll anchor: the offset that keeps a row still, from frames before and after")
struct ScrollAnchorTests {
    typealias Layout = AnchorLayout<String>

    func stack(_ rows: [(String, Double)], offset: Double, viewport: Double = 100) -> Layout {
        Layout(stacking: rows.map { (id: $0.0, height: $0.1) }, contentOffset: offset, viewportHeight: viewport)
    }

    @Test func noneLeavesTheOffset() {
        let before = stack([("a", 50), ("b", 50), ("c", 50)], offset: 20)
        let after = stack([("z", 80), ("a", 50), ("b", 50), ("c", 50)], offset: 20)
        #expect(ScrollAnchor<String>.none.correctedOffset(before: before, after: after) == nil)
    }

    @Test func insertAboveKeepsTheFirstVisibleRow() {
        // "b" is first on screen, 10 points above the viewport's top.
        let before = stack([("a", 50), ("b", 50), ("c", 50), ("d", 50)], offset: 60)
        let after = stack([("x", 33), ("a", 50), ("b", 70), ("c", 50), ("d", 50)], offset: 60)
        let offset = ScrollAnchor<String>.firstVisibleItem.correctedOffset(before: before, after: after)
        #expect(offset == 93)  // b's top is at 83 now, still 10 points above the viewport's top
    }

    @Test func deleteAndMoveAboveKeepTheRow() {
        let before = stack([("a", 50), ("b", 40), ("c", 50), ("d", 50), ("e", 50)], offset: 100)
        let after = stack([("c", 50), ("b", 40), ("d", 50), ("e", 50)], offset: 100)
        // "c" was first on screen at distance -10; now at 0 → offset 10.
        #expect(ScrollAnchor<String>.firstVisibleItem.correctedOffset(before: before, after: after) == 10)
    }

    @Test func chosenItemOffScreen() {
        let before = stack([("a", 50), ("b", 50), ("c", 50), ("d", 50), ("e", 50)], offset: 0)
        let after = stack([("n", 25), ("a", 50), ("b", 50), ("c", 50), ("d", 50), ("e", 50)], offset: 0)
        #expect(ScrollAnchor<String>.item("d").correctedOffset(before: before, after: after) == 25)
        #expect(ScrollAnchor<String>.item("nowhere").correctedOffset(before: before, after: after) == nil)
    }

    @Test func deletedAnchorGivesItsPlaceToTheNextBelow() {
        let before = stack([("a", 50), ("b", 50), ("c", 50), ("d", 50), ("e", 50)], offset: 55)
        // "b" (distance -5) is deleted with "a" above it; "c" takes its place: its top at -5.
        let after = stack([("c", 50), ("d", 50), ("e", 50)], offset: 55)
        #expect(ScrollAnchor<String>.firstVisibleItem.correctedOffset(before: before, after: after) == 5)
    }

    @Test func deletedAnchorAtTheEndGivesItsPlaceToTheOneAbove() {
        let before = stack([("a", 50), ("b", 50), ("c", 50), ("d", 50)], offset: 140, viewport: 50)
        let after = stack([("a", 50), ("b", 50), ("c", 50)], offset: 140, viewport: 50)
        // "d" was 10 points below the top; "c", the nearest above, takes that place.
        #expect(ScrollAnchor<String>.item("d").correctedOffset(before: before, after: after) == 90)
        let hold = ScrollAnchor<String>.item("d").hold(in: before)
        #expect(hold == .row("d", distance: 10, neighbours: ["c", "b", "a"]))
    }

    @Test func bottomFollowsWhileAtTheBottom() {
        let before = stack([("a", 50), ("b", 50), ("c", 50)], offset: 50)  // content 150, viewport 100
        #expect(before.isAtBottom)
        let after = stack([("a", 50), ("b", 50), ("c", 50), ("d", 80)], offset: 50)
        #expect(ScrollAnchor<String>.bottom.correctedOffset(before: before, after: after) == 130)
    }

    @Test func bottomKeepsTheVisibleRowWhenScrolledUp() {
        let before = stack([("a", 50), ("b", 50), ("c", 50), ("d", 50)], offset: 20)
        let after = stack([("o", 40), ("a", 50), ("b", 50), ("c", 50), ("d", 50), ("e", 50)], offset: 20)
        #expect(ScrollAnchor<String>.bottom.correctedOffset(before: before, after: after) == 60)
    }

    @Test func offsetsAreClamped() {
        // "c" at the bottom; everything below it goes, so it cannot keep its distance.
        let before = stack([("a", 50), ("b", 50), ("c", 50), ("d", 50)], offset: 100)
        let after = stack([("a", 50), ("b", 50), ("c", 50)], offset: 100)
        #expect(ScrollAnchor<String>.firstVisibleItem.correctedOffset(before: before, after: after) == 50)
        let shorter = stack([("c", 50)], offset: 100)
        #expect(ScrollAnchor<String>.firstVisibleItem.correctedOffset(before: before, after: shorter) == 0)
    }

    @Test func measuredHeightsAboveAreAbsorbed() {
        // Estimated 44 each, then the rows above are measured taller: the anchor keeps its place.
        let before = stack([("a", 44), ("b", 44), ("c", 44), ("d", 44), ("e", 44)], offset: 88)
        let after = stack([("a", 90), ("b", 120), ("c", 44), ("d", 44), ("e", 44)], offset: 88)
        #expect(ScrollAnchor<String>.firstVisibleItem.correctedOffset(before: before, after: after) == 210)
    }
}
