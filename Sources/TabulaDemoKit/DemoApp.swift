import Tabula
import TabulaTerminal

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
        // Lines are cut to the window before they are styled: a line that wraps scrolls the screen.
        func fit(_ text: String) -> String { String(text.prefix(max(0, columns - 2))) }
        var lines: [String] = []
        let crumbs = stack.map(\.title).joined(separator: " › ")
        lines.append(" " + fit(crumbs).termBold)
        lines.append(" " + String(repeating: "─", count: max(0, columns - 2)).termDim)
        if let search = page.searchLine { lines.append(" " + (page.isTyping ? fit(search).termBold : fit(search).termDim)) }
        let listHeight = max(1, rows - lines.count - 2)
        lines += page.render(width: columns - 2, height: listHeight, styled: true).map { " " + $0 }
        while lines.count < rows - 1 { lines.append("") }
        lines.append(" " + fit(page.help).termDim)
        terminal.draw(lines)
    }
}

