import TabulaDemoKit
import TabulaTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let usage = """
    usage: tabula-demo [--dump SCREEN]
      (no argument)   the interactive demo (in a terminal); prints every screen when output is not a terminal
      --dump SCREEN   print one screen as text and exit; SCREEN is one of: \(DemoScreen.allCases.map(\.rawValue).joined(separator: ", "))
    keys: ↑↓ or j/k move, PgUp/PgDn, Home/End, Enter select, / search, Esc or Backspace back, q quit
    """

func fail(_ message: String) -> Never {
    let bytes = Array((message + "\n").utf8)
    bytes.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
    exit(64)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let screens = DemoScreens(live: makeLiveSource())

switch arguments.first {
case "--help", "-h":
    print(usage)
case "--dump":
    guard arguments.count == 2 else { fail("--dump takes one SCREEN\n" + usage) }
    guard let screen = DemoScreen(rawValue: arguments[1]) else {
        fail("unknown screen '\(arguments[1])': SCREEN is one of \(DemoScreen.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    print(await dumpText(screens.page(screen)))
case nil:
    if Terminal.isInteractive {
        await DemoApp(screens: screens).run()
    } else {
        for screen in DemoScreen.allCases {
            print(await dumpText(screens.page(screen)))
            print("")
        }
    }
default:
    fail("unknown argument \(arguments[0])\n" + usage)
}

/// A page's text once whatever it loads at start has arrived.
@MainActor
func dumpText(_ page: any DemoPage) async -> String {
    for _ in 0..<100 where page.isAnimating { try? await Task.sleep(for: .milliseconds(20)) }
    return page.plainText()
}
