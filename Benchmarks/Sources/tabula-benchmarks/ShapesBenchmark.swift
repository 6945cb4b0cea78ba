import BenchmarkShapes
import Foundation
import Tabula

// The shapes other libraries publish their figures for (issue 29): ListKit's (50% overlap at 10k
// and 50k, no change, its shuffle, 20% and 50% churn, build 10k, 50k and 100 × 100 sections, build
// 10k then delete or reload 5,000) and DifferenceKit's (10% deleted, 10% inserted, 2% moved at 10k
// and 100k), on Tabula's side. The lists come from `BenchmarkShapes`; the same lists are what the
// side-by-side comparison gives each library.

/// An item that is its identifier alone: what ListKit's snapshots hold (identifiers) and what
/// DifferenceKit's benchmark diffs (UUIDs), so that every library is given the same data.
struct Identifier<ID: Hashable & Sendable>: Identifiable, Equatable, Sendable {
    var id: ID
}

/// The hash floor of a build: a `Dictionary` from every identifier to its position.
func indexFloor<ID: Hashable>(_ sections: [[ID]]) {
    var dictionary = [ID: Int](minimumCapacity: sections.reduce(0) { $0 + $1.count })
    var position = 0
    for items in sections {
        for id in items {
            dictionary[id] = position
            position += 1
        }
    }
    blackHole(dictionary)
}

/// The sections of an editing shape, as Tabula's sections of identifier items.
func shapeSections(_ items: [[Int]]) -> [Section<Int, Identifier<Int>>] {
    items.enumerated().map { Section($0.offset, items: $0.element.map(Identifier.init)) }
}

/// What an editing shape runs: build the snapshot, then delete or reload the first 5,000 items for
/// those shapes (ListKit times the build with the edit).
@inline(__always)
func editShapeWork(_ name: String, _ sections: [Section<Int, Identifier<Int>>], _ edited: [Int]) {
    var snapshot = try! Snapshot<Int, Identifier<Int>>(sections)
    if name.hasPrefix("delete") {
        try! snapshot.deleteItems(edited)
    } else if name.hasPrefix("reload") {
        try! snapshot.reloadItems(edited)
    }
    blackHole(snapshot)
}

/// The mode an editing shape's line names.
func editShapeMode(_ name: String) -> String {
    name.hasPrefix("delete") ? "build+delete" : name.hasPrefix("reload") ? "build+reload" : "build"
}

/// The `shape` lines: every shape against its hash floor, measured in turn run after run; the diff
/// shapes twice, `diff` (two prebuilt snapshots) and `build+diff` (the app's path: the new snapshot
/// built against the previous one, `Snapshot(_:updating:)`, then `Changeset(from:to:)`).
@MainActor
func shapeLines(runs: Int) -> [String] {
    var lines: [String] = []
    func diffShape<ID: Hashable & Sendable>(_ shape: DiffShape<ID>, ids: String) {
        let old = [Section(0, items: shape.old.map(Identifier.init))], new = [Section(0, items: shape.new.map(Identifier.init))]
        let source = try! Snapshot<Int, Identifier<ID>>(old), target = try! Snapshot<Int, Identifier<ID>>(new)
        let loadBefore = loadAverage()
        let medians = measureInterleaved(runs: runs, [
            { seconds { floorWork(shape.old, shape.new) } },
            { seconds { blackHole(Changeset(from: source, to: target)) } },
            { seconds { blackHole(Changeset(from: source, to: try! Snapshot(new, updating: source))) } },
        ])
        let load = "\(loadBefore)..\(loadAverage())"
        for (mode, time) in [("diff", medians[1]), ("build+diff", medians[2])] {
            let line =
                "shape scenario=\(shape.name) ids=\(ids) mode=\(mode) median_s=\(format(time)) floor_s=\(format(medians[0])) floor_ratio=\(ratio(time / medians[0])) load=\(load) config=release-O"
            print(line)
            lines.append(line)
        }
    }
    for name in diffShapeNames {
        if let shape = intDiffShape(named: name) { diffShape(shape, ids: "int") }
        if let shape = uuidDiffShape(named: name) { diffShape(shape, ids: "uuid") }
    }
    for name in editShapeNames {
        let items = editShapeSections(named: name)!, sections = shapeSections(items)
        let loadBefore = loadAverage()
        let medians = measureInterleaved(runs: runs, [
            { seconds { indexFloor(items) } },
            { seconds { editShapeWork(name, sections, editedIdentifiers) } },
        ])
        let line =
            "shape scenario=\(name) ids=int mode=\(editShapeMode(name)) median_s=\(format(medians[1])) floor_s=\(format(medians[0])) floor_ratio=\(ratio(medians[1] / medians[0])) load=\(loadBefore)..\(loadAverage()) config=release-O"
        print(line)
        lines.append(line)
    }
    return lines
}

/// The `shape-…` scenarios of `instructions.sh`: `shape-NAME` is the line's `build+diff` (or, for
/// an editing shape, its build and edit), `shape-NAME-diff` the diff of two prebuilt snapshots,
/// `shape-NAME-floor` the hash floor. `false` for another name.
@MainActor
func runShapeInstructionScenario(_ name: String) -> Bool {
    guard name.hasPrefix("shape-") else { return false }
    var shapeName = String(name.dropFirst("shape-".count)), part = "app"
    for suffix in ["-diff", "-floor"] where shapeName.hasSuffix(suffix) {
        shapeName = String(shapeName.dropLast(suffix.count))
        part = String(suffix.dropFirst())
    }
    func diffShape<ID: Hashable & Sendable>(_ shape: DiffShape<ID>) {
        let old = [Section(0, items: shape.old.map(Identifier.init))], new = [Section(0, items: shape.new.map(Identifier.init))]
        let source = try! Snapshot<Int, Identifier<ID>>(old)
        switch part {
        case "floor": measuredCall { floorWork(shape.old, shape.new) }
        case "diff":
            let target = try! Snapshot<Int, Identifier<ID>>(new)
            measuredCall { blackHole(Changeset(from: source, to: target)) }
        default: measuredCall { blackHole(Changeset(from: source, to: try! Snapshot(new, updating: source))) }
        }
    }
    if let shape = intDiffShape(named: shapeName) {
        diffShape(shape)
    } else if let shape = uuidDiffShape(named: shapeName) {
        diffShape(shape)
    } else if let items = editShapeSections(named: shapeName), part != "diff" {
        if part == "floor" {
            measuredCall { indexFloor(items) }
        } else {
            let sections = shapeSections(items)
            measuredCall { editShapeWork(shapeName, sections, editedIdentifiers) }
        }
    } else {
        return false
    }
    return true
}
