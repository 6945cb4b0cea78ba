import Tabula
import TabulaTerminal

/// One screen of the demo.
@MainActor
public protocol DemoPage: AnyObject {
    /// The title shown at the top.
    var title: String { get }
    /// The keys this screen understands, shown at the bottom.
    var help: String { get }
    /// The search line, when the screen has one (`nil` otherwise).
    var searchLine: String? { get }
    /// Whether typed characters go to the search line.
    var isTyping: Bool { get }
    /// The list, at most `height` lines of `width` columns.
    func render(width: Int, height: Int, styled: Bool) -> [String]
    /// Handles a key.
    func handle(_ key: Key) -> DemoAction
    /// Re-reads shared models (called after every key, so screens that share a model stay in step).
    func refresh()
    /// Whether something is still changing (marks fading, results loading): keep redrawing.
    var isAnimating: Bool { get }
    /// Moves the screen's own time to `seconds` (a clock that only goes forward); whether the
    /// screen changed. The interactive demo calls it from its loop; tests call a screen's own
    /// steps instead.
    func advance(to seconds: Double) -> Bool
}

extension DemoPage {
    public var searchLine: String? { nil }
    public var isTyping: Bool { false }
    public func refresh() {}
    public func advance(to seconds: Double) -> Bool { false }

    /// The page as plain text: title, search line, every row.
    public func plainText(width: Int = 60) -> String {
        var lines = [title, String(repeating: "═", count: min(width, max(12, title.displayWidth)))]
        if let searchLine { lines.append(searchLine) }
        lines += render(width: width, height: Int.max / 4, styled: false)
        return lines.joined(separator: "\n")
    }
}
