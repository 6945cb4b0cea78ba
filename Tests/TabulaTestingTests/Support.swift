import Tabula
import TabulaTesting

struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func propertySeed() -> UInt64 {
    if let text = getenv("TABULA_SEED").map({ String(cString: $0) }), let seed = UInt64(text) { return seed }
    return UInt64.random(in: 1...UInt64.max)
}

/// A data source over plain strings, one array per section, that the test edits directly.
@MainActor
final class StringsDataSource: HeadlessListDataSource {
    var sections: [[String]]
    var headers: [String?]
    var footers: [String?] = []
    var identifier = "cell"
    var deletable = false
    var movable = false
    var requests: [ItemPath] = []

    init(_ sections: [[String]], headers: [String?] = []) {
        self.sections = sections
        self.headers = headers
    }

    func numberOfSections(in listView: HeadlessListView) -> Int { sections.count }
    func listView(_ listView: HeadlessListView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func listView(_ listView: HeadlessListView, cellForItemAt path: ItemPath) throws -> HeadlessCell {
        requests.append(path)
        let cell = try listView.dequeueReusableCell(withIdentifier: identifier, for: path)
        cell.text = sections[path.section][path.item]
        return cell
    }
    func listView(_ listView: HeadlessListView, titleForHeaderInSection section: Int) -> String? {
        headers.indices.contains(section) ? headers[section] : nil
    }
    func listView(_ listView: HeadlessListView, titleForFooterInSection section: Int) -> String? {
        footers.indices.contains(section) ? footers[section] : nil
    }
    func listView(_ listView: HeadlessListView, canEditItemAt path: ItemPath) -> Bool { deletable }
    func listView(_ listView: HeadlessListView, canMoveItemAt path: ItemPath) -> Bool { movable }
    func listView(_ listView: HeadlessListView, commitDeleteOfItemAt path: ItemPath) throws {
        sections[path.section].remove(at: path.item)
        try listView.performBatchUpdates(BatchUpdate(deletedItems: [path]))
    }
    func listView(_ listView: HeadlessListView, moveItemAt source: ItemPath, to destination: ItemPath) throws {
        let item = sections[source.section].remove(at: source.item)
        sections[destination.section].insert(item, at: destination.item)
    }
}
