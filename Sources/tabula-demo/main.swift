import Tabula
import TabulaTerminal
import TabulaDemoKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let usage = """
    usage: tabula-demo [--dump SCREEN]
      --dump SCREEN   print one screen as text and exit; SCREEN is one of: \(DemoScreen.allCases.map(\.rawValue).joined(separator: ", "))
      (no argument)   print every screen
    """

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
    print(usage)
    exit(0)
}
if arguments.first == "--dump" {
    guard arguments.count == 2, let screen = DemoScreen(rawValue: arguments[1]) else {
        FileHandle.standardError.write(usage + "\n")
        exit(64)
    }
    print(screen.plainText())
    exit(0)
}
guard arguments.isEmpty else {
    FileHandle.standardError.write("unknown argument \(arguments[0])\n" + usage + "\n")
    exit(64)
}
for screen in DemoScreen.allCases {
    print("=== \(screen.title) ===")
    print(screen.plainText())
    print("")
}

enum FileHandle {
    case standardError
    /// Writes to file descriptor 2 (the C `stderr` global is not concurrency-safe to name).
    func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            #if canImport(Glibc)
                _ = Glibc.write(2, buffer.baseAddress, buffer.count)
            #else
                _ = Darwin.write(2, buffer.baseAddress, buffer.count)
            #endif
        }
    }
}
