#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Tabula
import TabulaTesting

typealias SeededGenerator = SeededRandomGenerator
func propertySeed() -> UInt64 { propertyTestSeed() }

/// `count` rounds of a long test, or a quarter of them (at least one) when this process runs
/// under ThreadSanitizer or AddressSanitizer (`swift test --sanitize=…`), whose checks make every
/// step several times slower. Those runs look for races and memory errors, which the first rounds
/// meet as well as the last; the Debug and release runs keep the full count.
func rounds(_ count: Int) -> Int {
    underSanitizer ? max(1, count / 4) : count
}

/// Whether this process runs under ThreadSanitizer or AddressSanitizer.
let underSanitizer = isAddressSanitized || exportsSymbol("__tsan_init")

/// Whether this process runs under AddressSanitizer.
let isAddressSanitized = exportsSymbol("__asan_init")

/// Whether this process exports `name`, as a sanitizer's runtime exports its entry point.
func exportsSymbol(_ name: String) -> Bool {
    #if canImport(Darwin)
    let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(everywhere, name) != nil
}

/// A headless list view seen as `ListViewUpdating`, whose batch completions are held back as long
/// as ``holding`` is set, as an animation holds UIKit's: work that arrives meanwhile lands while an
/// update is in flight. Subclasses are the view's data source.
@MainActor
class HoldingListView: ListViewUpdating {
    let list: HeadlessListView
    var holding: Bool
    private var held: [@MainActor () -> Void] = []
    /// Batches performed so far, and the errors the view raised for any of them.
    private(set) var batches = 0
    private(set) var rejections: [String] = []

    init(flavor: ListFlavor, holding: Bool) {
        list = HeadlessListView(flavor: flavor, viewportHeight: nil)
        list.register(HeadlessCell.self, forCellReuseIdentifier: "cell")
        self.holding = holding
    }

    /// Completes the oldest batch held back (which may start the next one).
    func completeOne() {
        guard !held.isEmpty else { return }
        held.removeFirst()()
    }

    /// Completes batches until none is held back (with ``holding`` set, the batches they start are
    /// held and completed too).
    func completeAll() {
        while !held.isEmpty { completeOne() }
    }

    var flavor: ListFlavor { list.flavor }
    var canAnimateUpdates: Bool { list.hasLoadedData && list.isInWindow }
    func displayedItemCounts() -> [Int] { list.itemCounts }
    func reloadData() { try? list.reloadData() }

    func performBatchUpdates(_ update: BatchUpdate, animated: Bool, updateData: () -> Void, completion: @escaping @MainActor () -> Void) {
        updateData()
        batches += 1
        do {
            try list.performBatchUpdates(update, animated: animated)
        } catch {
            rejections.append("\(error)")
            try? list.reloadData()
        }
        if holding { held.append(completion) } else { completion() }
    }
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
