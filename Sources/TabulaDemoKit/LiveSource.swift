import Tabula
import TabulaExamples
import TabulaTerminal

/// Where the live database screen gets its page (the GRDB integration provides one).
@MainActor
public protocol LiveSource: AnyObject {
    func makePage() -> any DemoPage
}
