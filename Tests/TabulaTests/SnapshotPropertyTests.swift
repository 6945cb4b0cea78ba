import Testing
@testable import Tabula

/// Random sequences of edits applied both to a snapshot and to a plain array of arrays; after every
/// step, counts, lookups and the identifier index must agree, and a failing edit must change nothing.
@Suite("Snapshot: property test against a reference model")
struct SnapshotPropertyTests {
    struct Reference {
        var sections: [(id: String, items: [Row])] = []
        func path(of id: Int) -> ItemPath? {
            for (s, section) in sections.enumerated() {
                if let i = section.items.firstIndex(where: { $0.id == id }) { return ItemPath(item: i, section: s) }
            }
            return nil
        }
        func sectionIndex(_ id: String) -> Int? { sections.firstIndex { $0.id == id } }
    }

    @Test("2,000 random edit sequences agree with an array of arrays")
    func randomEdits() throws {
        let seed = propertySeed()
        print("SnapshotPropertyTests.randomEdits seed: \(seed)  (replay with TABULA_SEED=\(seed))")
        var rng = SeededGenerator(seed: seed)
        for sequence in 0..<rounds(2_000) {
            var snapshot = RowSnapshot()
            var reference = Reference()
            for step in 0..<30 {
                let context = "seed \(seed) sequence \(sequence) step \(step)"
                let before = snapshot
                let itemID = Int.random(in: 0..<40, using: &rng)
                let otherID = Int.random(in: 0..<40, using: &rng)
                let sectionID = "s\(Int.random(in: 0..<6, using: &rng))"
                let otherSection = "s\(Int.random(in: 0..<6, using: &rng))"
                var referenceSaysValid = true
                do {
                    switch Int.random(in: 0..<9, using: &rng) {
                    case 0:
                        referenceSaysValid = reference.sectionIndex(sectionID) == nil
                        try snapshot.appendSections([sectionID])
                        reference.sections.append((sectionID, []))
                    case 1:
                        referenceSaysValid = reference.path(of: itemID) == nil && reference.sectionIndex(sectionID) != nil
                        try snapshot.appendItems([Row(id: itemID)], toSection: sectionID)
                        reference.sections[reference.sectionIndex(sectionID)!].items.append(Row(id: itemID))
                    case 2:
                        let anchor = reference.path(of: otherID)
                        referenceSaysValid = reference.path(of: itemID) == nil && anchor != nil
                        try snapshot.insertItems([Row(id: itemID)], beforeItem: otherID)
                        reference.sections[anchor!.section].items.insert(Row(id: itemID), at: anchor!.item)
                    case 3:
                        let path = reference.path(of: itemID)
                        referenceSaysValid = path != nil
                        try snapshot.deleteItems([itemID])
                        reference.sections[path!.section].items.remove(at: path!.item)
                    case 4:
                        let index = reference.sectionIndex(sectionID)
                        referenceSaysValid = index != nil
                        try snapshot.deleteSections([sectionID])
                        reference.sections.remove(at: index!)
                    case 5:
                        let from = reference.path(of: itemID), anchor = reference.path(of: otherID)
                        referenceSaysValid = from != nil && anchor != nil && itemID != otherID
                        try snapshot.moveItem(itemID, afterItem: otherID)
                        let row = reference.sections[from!.section].items.remove(at: from!.item)
                        let newAnchor = reference.path(of: otherID)!
                        reference.sections[newAnchor.section].items.insert(row, at: newAnchor.item + 1)
                    case 6:
                        let from = reference.sectionIndex(sectionID), anchor = reference.sectionIndex(otherSection)
                        referenceSaysValid = from != nil && anchor != nil && sectionID != otherSection
                        try snapshot.moveSection(sectionID, beforeSection: otherSection)
                        let section = reference.sections.remove(at: from!)
                        reference.sections.insert(section, at: reference.sectionIndex(otherSection)!)
                    case 7:
                        let anchor = reference.sectionIndex(otherSection)
                        referenceSaysValid = anchor != nil && reference.sectionIndex(sectionID) == nil
                        try snapshot.insertSections([sectionID], afterSection: otherSection)
                        reference.sections.insert((sectionID, []), at: anchor! + 1)
                    default:
                        let path = reference.path(of: itemID)
                        referenceSaysValid = path != nil
                        try snapshot.updateItems([Row(id: itemID, value: step)])
                        reference.sections[path!.section].items[path!.item].value = step
                    }
                    #expect(referenceSaysValid, "snapshot accepted an edit the reference rejects: \(context)")
                } catch {
                    #expect(!referenceSaysValid, "snapshot rejected a valid edit (\(error)): \(context)")
                    #expect(snapshot == before, "a failed edit changed the snapshot: \(context)")
                }
                // Agreement.
                snapshot._checkInvariantsNow()
                #expect(snapshot.sectionIdentifiers == reference.sections.map(\.id), "\(context)")
                #expect(snapshot.sections.map(\.items) == reference.sections.map(\.items), "\(context)")
                #expect(snapshot.numberOfItems == reference.sections.reduce(0) { $0 + $1.items.count }, "\(context)")
                for probe in 0..<40 {
                    #expect(snapshot.itemPath(for: probe) == reference.path(of: probe), "\(context) probe \(probe)")
                }
                for (s, section) in reference.sections.enumerated() {
                    #expect(snapshot.numberOfItems(inSectionAt: s) == section.items.count)
                    #expect(snapshot.sectionIndex(of: section.id) == s)
                }
            }
        }
    }
}
