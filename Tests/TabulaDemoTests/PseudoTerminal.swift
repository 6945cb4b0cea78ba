import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program in a pseudo-terminal, types into it and reads its screen.
final class PseudoTerminal {
    let process = Process()
    private let master: Int32
    private(set) var output = ""

    init(executable: URL, arguments: [String] = [], columns: UInt16 = 80, rows: UInt16 = 20) throws {
        #if os(Linux)
            // posix_openpt, grantpt, unlockpt and ptsname are not in the Glibc module; these are
            // what they do on Linux.
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            // _IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int): function-like macros Swift
            // does not import; these values hold on every Linux architecture Swift supports.
            let setLock: UInt = 0x4004_5431, getNumber: UInt = 0x8004_5430
            var unlock: Int32 = 0, number: UInt32 = 0
            guard master >= 0, ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
                throw POSIXError(.ENODEV)
            }
            let name = "/dev/pts/\(number)"
        #else
            master = posix_openpt(O_RDWR | O_NOCTTY)
            guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let pointer = ptsname(master) else {
                throw POSIXError(.ENODEV)
            }
            let name = String(cString: pointer)
        #endif
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw POSIXError(.ENODEV) }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        kill(process.processIdentifier, SIGWINCH)
    }

    /// Types `text` (escape sequences included) and collects output for `seconds`.
    func send(_ text: String, wait seconds: Double = 0.35) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { _ = write(master, $0.baseAddress, $0.count) }
        collect(for: seconds)
    }

    /// Reads whatever arrives for `seconds`.
    func collect(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var data = [UInt8]()
        while Date() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 20) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        output += String(decoding: data, as: UTF8.self)
    }

    /// Reads what arrives until `done` holds, or for `seconds` at most: for what the program does
    /// by itself, which a loaded machine (a sanitizer's build, tests in parallel) may delay.
    func collect(upTo seconds: Double, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() && Date() < deadline { collect(for: 0.1) }
    }

    /// The last frame drawn, without escape sequences.
    var screen: String {
        let frames = output.components(separatedBy: "\u{1B}[H")
        return Self.strip(frames.last ?? "")
    }

    static func strip(_ text: String) -> String {
        var result = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\u{1B}" {
                // Skip a CSI sequence: ESC [ parameters final-byte.
                guard let next = iterator.next() else { break }
                if next == "[" { while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {} }
                continue
            }
            if scalar != "\r" { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { collect(for: 0.05) }
        guard !process.isRunning else { return false }
        // What the process wrote just before it exited may still be in the terminal's buffer.
        collect(for: 0.2)
        return true
    }
}

/// The `tabula-demo` binary built next to the tests.
func demoExecutable() -> URL? {
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [
        here.appendingPathComponent("tabula-demo"),
        here.deletingLastPathComponent().appendingPathComponent("tabula-demo"),
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/tabula-demo"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
