import Testing
@testable import Tabula

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

@Suite("Scroll anchor: the correction the UIKit and AppKit glue apply, from frames they read")
struct AnchorCorrectionTests {
    typealias Frames = [String: (minY: Double, height: Double)]

    func frames(_ rows: [(String, Double)]) -> Frames {
        var top = 0.0, result: Frames = [:]
        for (id, height) in rows {
            result[id] = (top, height)
            top += height
        }
        return result
    }

    @Test func visibleRowsOnlyAreEnough() throws {
        // Before: 10 rows of 40, scrolled to 130 in a 120-point viewport; only "r3"…"r6" are read.
        let all = frames((0..<10).map { ("r\($0)", 40) })
        let visible = ["r3", "r4", "r5", "r6"]
        let correction = try #require(AnchorCorrection(
            .firstVisibleItem, visible: visible, frame: { visible.contains($0) ? all[$0] : nil },
            contentOffset: 130, viewportHeight: 120, contentHeight: 400))
        #expect(correction.hold == .row("r3", distance: -10, neighbours: ["r4", "r5", "r6"]))
        // After: three rows of 50 inserted at the top, "r3" measured taller.
        let after = frames([("n0", 50), ("n1", 50), ("n2", 50)] + (0..<10).map { ("r\($0)", $0 == 3 ? 70 : 40) })
        #expect(correction.offset(frame: { after[$0] }, viewportHeight: 120, contentHeight: 580) == 280)
    }

    @Test func deletedAnchorFallsToItsNeighbour() throws {
        let before = frames([("a", 40), ("b", 40), ("c", 40), ("d", 40)])
        let correction = try #require(AnchorCorrection(
            .firstVisibleItem, visible: ["b", "c"], frame: { before[$0] }, contentOffset: 45, viewportHeight: 60, contentHeight: 160))
        let after = frames([("x", 100), ("c", 40), ("d", 40)])
        // "b" is gone: "c" takes its place, 5 points above the top.
        #expect(correction.offset(frame: { after[$0] }, viewportHeight: 60, contentHeight: 180) == 105)
    }

    @Test func bottomAndNone() throws {
        let before = frames([("a", 40), ("b", 40), ("c", 40)])
        #expect(AnchorCorrection(.none, visible: ["a"], frame: { before[$0] }, contentOffset: 0, viewportHeight: 60, contentHeight: 120) == nil)
        let correction = try #require(AnchorCorrection(
            .bottom, visible: ["b", "c"], frame: { before[$0] }, contentOffset: 60, viewportHeight: 60, contentHeight: 120))
        #expect(correction.offset(frame: { _ in nil }, viewportHeight: 60, contentHeight: 200) == 140)
        // An item the view cannot tell the frame of holds nothing.
        #expect(AnchorCorrection(.item("z"), visible: [], frame: { before[$0] }, contentOffset: 0, viewportHeight: 60, contentHeight: 120) == nil)
    }
}

@Suite("Scroll anchor: the doc comments' examples")
struct ScrollAnchorDocExamples {
    @Test func examples() {
        let layout = AnchorLayout(stacking: [("a", 40), ("b", 60)], contentOffset: 10, viewportHeight: 50)
        #expect(layout.rows[1].minY == 40 && layout.contentHeight == 100)
        let before = AnchorLayout(stacking: [("b", 50), ("c", 50)], contentOffset: 50, viewportHeight: 50)
        let after = AnchorLayout(stacking: [("a", 30), ("b", 50), ("c", 50)], contentOffset: 50, viewportHeight: 50)
        #expect(ScrollAnchor<String>.firstVisibleItem.correctedOffset(before: before, after: after) == 80)
    }
}
