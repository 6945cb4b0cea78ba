import Tabula

#if canImport(UIKit)
    import SwiftUI
    import UIKit
#elseif canImport(AppKit)
    import AppKit
    import SwiftUI
#endif

/// Puts a ``HostedRow``'s view into a cell: `UIHostingConfiguration` in UIKit cells (iOS 16 and
/// later), an `NSHostingView` filling AppKit cell views. Returns `false` for any other cell, which
/// then shows the row's description.
@MainActor
enum RowHosting {
    static func host<Row: HostedRow, Identity: Hashable>(_ row: Row, _ item: Row.Item, identity: Identity, in cell: AnyObject) -> Bool {
        #if canImport(UIKit)
            guard #available(iOS 16, tvOS 16, visionOS 1, *) else { return false }
            let root = HostedRowView(row: row, item: item, identity: identity)
            if let cell = cell as? UITableViewCell {
                cell.contentConfiguration = UIHostingConfiguration { root }
                return true
            }
            if let cell = cell as? UICollectionViewCell {
                cell.contentConfiguration = UIHostingConfiguration { root }
                return true
            }
            return false
        #elseif canImport(AppKit)
            guard let cell = cell as? NSView else { return false }
            let root = HostedRowView(row: row, item: item, identity: identity)
            for case let hosting as NSHostingView<HostedRowView<Row, Identity>> in cell.subviews {
                hosting.rootView = root
                return true
            }
            // First use of this cell view: the hosting view fills it, and the standard cell's own
            // subviews (never used under this reuse identifier) step aside.
            for subview in cell.subviews { subview.isHidden = true }
            let hosting = NSHostingView(rootView: root)
            hosting.translatesAutoresizingMaskIntoConstraints = false
            cell.addSubview(hosting)
            NSLayoutConstraint.activate([
                hosting.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
                hosting.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
                hosting.topAnchor.constraint(equalTo: cell.topAnchor),
                hosting.bottomAnchor.constraint(equalTo: cell.bottomAnchor),
            ])
            return true
        #else
            return false
        #endif
    }
}

#if canImport(SwiftUI)
    /// A row's view with the identity of its item: `@State` inside belongs to one item, survives
    /// its reconfigures, and does not follow the cell to another item.
    fileprivate struct HostedRowView<Row: HostedRow, Identity: Hashable>: View {
        let row: Row
        let item: Row.Item
        let identity: Identity

        var body: some View { row.body(for: item).id(identity) }
    }

    /// The row of a configurator declared with closures (``CellConfigurator/swiftUI(reuseIdentifier:describe:content:)``).
    fileprivate struct ClosureRow<Item, Content: View>: HostedRow {
        let describeItem: @MainActor (Item) -> CellContent
        let content: @MainActor (Item) -> Content

        func describe(_ item: Item) -> CellContent { describeItem(item) }
        func body(for item: Item) -> Content { content(item) }
    }

    extension CellConfigurator where Item: Identifiable & Sendable {
        /// A configurator that shows every item in the SwiftUI view `content` builds, and as
        /// `describe`'s content where SwiftUI cannot host it (the headless view, the terminal,
        /// iOS 15).
        ///
        /// ```swift
        /// CellConfigurator.swiftUI(describe: { CellContent(text: $0.name) }) { country in
        ///     HStack { Text(country.name); Spacer(); Text(country.capital).foregroundStyle(.secondary) }
        /// }
        /// ```
        ///
        /// To drive the same row in tests on Linux, declare it as a ``HostedRow`` instead.
        public static func swiftUI<Content: View>(
            reuseIdentifier: String? = nil, describe: @escaping @MainActor (Item) -> CellContent,
            @ViewBuilder content: @escaping @MainActor (Item) -> Content
        ) -> CellConfigurator {
            hosting(
                ClosureRow(describeItem: describe, content: content),
                reuseIdentifier: reuseIdentifier ?? "TabulaHostedRow.\(Item.self)")
        }
    }
#endif
