// The events feed in UIKit: the feed's rows are `ListItem`s (items that choose their cell), each
// bringing its cell; the table registers each kind's cell the first time one is shown. The rows and
// the pipeline are `EventsFeed`'s, which the headless tests drive.
#if canImport(UIKit)
    import UIKit
    import Tabula
    import TabulaExamples
    import TabulaUIKit

    @MainActor
    public final class EventsViewController: UITableViewController, UISearchBarDelegate {
        private var adapter: TableViewAdapter<String, AnyListItem>?
        private var events = EventsFeed.events
        private var query = ""

        public override func viewDidLoad() {
            super.viewDidLoad()
            title = "Events"
            navigationItem.rightBarButtonItem = UIBarButtonItem(
                systemItem: .add, primaryAction: UIAction { [weak self] _ in self?.addEvent() })
            do {
                let adapter = try TableViewAdapter<String, AnyListItem>(tableView: tableView, cells: EventsFeed.cells)
                adapter.onSelect = { [weak self] row, _ in
                    // The delegate side switches on the row's kind, not on an index.
                    if row.as(AddEventRow.self) != nil { self?.addEvent() }
                }
                self.adapter = adapter
            } catch {
                preconditionFailure("\(error)")  // a registration conflict: a programming error, stop with its message
            }
            show()
        }

        private func addEvent() {
            events.append(Event(id: (events.map(\.id).max() ?? 0) + 1, title: "New event", day: "Sun"))
            show()
        }

        private func show() {
            adapter?.apply(EventsFeed.snapshot(events: events, query: query))
        }
    }
#endif
