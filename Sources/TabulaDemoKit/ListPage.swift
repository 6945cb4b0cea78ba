import Tabula
import TabulaTerminal

/// A screen showing one terminal list, with the cursor keys, Enter, optional search, Esc.
@MainActor
public final class ListPage<SectionID: Hashable & Sendable, Item: Identifiable & Equatable & Sendable>: DemoPage where Item.ID: Sendable {
    public let title: String
    public let list: TerminalListView<SectionID, Item>
    /// What Enter on an item does; `nil`: nothing (and the help line does not offer it).
    public var onEnter: ((Item) -> DemoAction)?
    /// Called with the new query when the search line changes; `nil`: the screen has no search.
    public var onQuery: ((String) -> Void)?
    /// Called after every key.
    public var onRefresh: (() -> Void)?
    /// Extra key bindings (a key → an action), checked before the defaults.
    public var keyBindings: [Character: () -> DemoAction] = [:]
    public var extraHelp = ""
    public private(set) var query = ""
    public private(set) var isTyping = false
    /// Whether something outside the list is still loading.
    public var isLoading = false

    public init(title: String, cells: CellConfigurators<Item>) throws {
        self.title = title
        self.list = try TerminalListView(cells: cells)
    }

    public func show(_ snapshot: Snapshot<SectionID, Item>) {
        list.driver.apply(snapshot)
    }

    public var searchLine: String? {
        guard onQuery != nil else { return nil }
        return isTyping ? "/ \(query)▏" : (query.isEmpty ? "/ to search" : "/ \(query)")
    }

    /// The keys of the screen, short enough for an 80-column window whatever the screen's own
    /// keys (j/k, PgUp/PgDn and Home/End also move; `tabula-demo --help` lists them).
    public var help: String {
        var parts = ["↑↓ move"]
        if onEnter != nil { parts.append("Enter select") }
        if onQuery != nil { parts.append("/ search") }
        parts += ["Esc back", "q quit"]
        // A screen's own keys come last: a narrow window cuts them, not the way out.
        if !extraHelp.isEmpty { parts.append(extraHelp) }
        return parts.joined(separator: " · ")
    }

    public var isAnimating: Bool { list.hasMarks || isLoading }

    public func render(width: Int, height: Int, styled: Bool) -> [String] {
        list.render(width: width, height: height, styled: styled)
    }

    public func refresh() { onRefresh?() }

    public func handle(_ key: Key) -> DemoAction {
        if isTyping {
            switch key {
            case .character(let character):
                query.append(character)
                onQuery?(query)
            case .backspace:
                if !query.isEmpty {
                    query.removeLast()
                    onQuery?(query)
                }
            case .enter, .escape, .down: isTyping = false
            case .interrupt: return .quit
            default: break
            }
            return .none
        }
        switch key {
        case .up, .character("k"): list.moveCursor(by: -1)
        case .down, .character("j"): list.moveCursor(by: 1)
        case .pageUp: list.moveCursor(by: -10)
        case .pageDown: list.moveCursor(by: 10)
        case .home: list.moveCursor(toEnd: false)
        case .end: list.moveCursor(toEnd: true)
        case .enter: return list.selectedItem.flatMap { onEnter?($0) } ?? .none
        case .character("/") where onQuery != nil: isTyping = true
        case .escape, .backspace: return .pop
        case .character("q"), .interrupt: return .quit
        case .character(let character): return keyBindings[character]?() ?? .none
        default: break
        }
        return .none
    }
}
