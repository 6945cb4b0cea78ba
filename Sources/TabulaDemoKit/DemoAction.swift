import Tabula
import TabulaTerminal

/// What a key press leads to.
public enum DemoAction {
    case none
    case push(any DemoPage)
    case pop
    case quit
}
