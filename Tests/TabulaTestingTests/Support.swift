import Tabula
import TabulaTesting

typealias SeededGenerator = SeededRandomGenerator
func propertySeed() -> UInt64 { propertyTestSeed() }

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
