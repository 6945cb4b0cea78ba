import Tabula
import TabulaTerminal

// The interactive demo needs a terminal: Linux and macOS.
#if os(Linux) || os(macOS)

/// The interactive demo: a stack of screens in the terminal.
@MainActor
public final class DemoApp {
    let screens: DemoScreens
    var stack: [any DemoPage]
    let terminal = Terminal()

    public init(screens: DemoScreens) {
        self.screens = screens
        self.stack = [screens.home()]
    }

    /// Runs until the user quits; the terminal is restored whatever happens.
    public func run() async {
        terminal.start()
        defer { terminal.restore() }
        var dirty = true
        var wasAnimating = false
        while let page = stack.last {
            // Draw after a key, while something changes, once more when it stops, and on resize.
            let animating = page.isAnimating
            if page.advance(to: Double(DispatchTimeLite.nowNanoseconds()) / 1e9) { dirty = true }
            if dirty || animating || wasAnimating || terminal.takeResize() {
                draw(page)
                dirty = false
            }
            wasAnimating = animating
            let keys = terminal.readKeys(timeout: 0)
            if keys.isEmpty {
                // Let loading tasks run on the main actor, then look again.
                try? await Task.sleep(nanoseconds: 30_000_000)
                continue
            }
            for key in keys {
                guard let current = stack.last else { break }
                switch current.handle(key) {
                case .none: break
                case .push(let next): stack.append(next)
                case .pop: if stack.count > 1 { stack.removeLast() }
                case .quit: stack.removeAll()
                }
                for page in stack { page.refresh() }
            }
            dirty = true
        }
    }

    func draw(_ page: any DemoPage) {
        let (columns, rows) = terminal.size()
        terminal.draw(frame(page, columns: columns, rows: rows))
    }

    /// The screen for a window of `columns` × `rows`: never more lines than rows (a taller frame
    /// scrolls the title away), each cut to the width (a line that wraps scrolls too). On small
    /// windows the help line, the rule and the search line give way, in that order; the title
    /// stays.
    public func frame(_ page: any DemoPage, columns: Int, rows: Int) -> [String] {
        let columns = max(1, columns), rows = max(1, rows)
        // Lines are cut to the window before they are styled.
        func fit(_ text: String) -> String { text.prefix(columns: max(0, columns - 2)) }
        var header: [String] = []
        let crumbs = stack.map(\.title).joined(separator: " › ")
        header.append(" " + fit(crumbs).termBold)
        if rows >= 4 { header.append(" " + String(repeating: "─", count: max(0, columns - 2)).termDim) }
        if rows >= 5, let search = page.searchLine { header.append(" " + (page.isTyping ? fit(search).termBold : fit(search).termDim)) }
        let footer = rows >= 3 ? [" " + fit(page.help).termDim] : []
        let gap = rows >= 6 ? 1 : 0
        let listHeight = max(0, rows - header.count - footer.count - gap)
        var lines = header
        lines += page.render(width: max(0, columns - 2), height: listHeight, styled: true).prefix(listHeight).map { " " + $0 }
        while lines.count < rows - footer.count { lines.append("") }
        lines += footer
        return Array(lines.prefix(rows))
    }

    /// The page on top of the stack.
    public var currentPage: (any DemoPage)? { stack.last }
}
#endif
