import Tabula
import TabulaExamples
import TabulaTerminal

/// A row of the home menu.
public struct MenuRow: Identifiable, Hashable, Sendable {
    public var screen: DemoScreen
    public var id: String { screen.rawValue }
}
