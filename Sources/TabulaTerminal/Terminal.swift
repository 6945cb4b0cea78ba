#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A key the user pressed.
public enum Key: Hashable, Sendable {
    case up, down, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// Ctrl-C (the terminal is in raw mode, so it arrives as a key rather than a signal).
    case interrupt
    case character(Character)
}

// Signal handlers can reach only globals. These are written once, before the handlers are
// installed, and read only by the handlers: the one piece of mutable global state in Tabula, and it
// is confined to this file.
nonisolated(unsafe) private var savedAttributes = termios()
nonisolated(unsafe) private var rawModeActive: sig_atomic_t = 0
nonisolated(unsafe) private var resizePending: sig_atomic_t = 0
private let restoreSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

/// Puts the terminal back as it was: attributes, cursor, main screen. Async-signal-safe.
private func restoreTerminalNow() {
    guard rawModeActive != 0 else { return }
    rawModeActive = 0
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedAttributes)
    restoreSequence.withUnsafeBufferPointer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

/// The terminal the demo draws into: raw mode, the alternate screen, key decoding and its size.
///
/// The terminal is always restored: by ``restore()``, at exit, and on SIGINT, SIGTERM, SIGHUP and
/// the crash signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP), whose handlers restore it and
/// then let the signal take its default course.
@MainActor
public final class Terminal {
    /// Whether standard input and output are both terminals.
    public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    private var active = false

    public init() {}

    /// Enters raw mode and the alternate screen, and hides the cursor.
    public func start() {
        guard !active else { return }
        tcgetattr(STDIN_FILENO, &savedAttributes)
        var raw = savedAttributes
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        rawModeActive = 1
        active = true
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            signal(signalNumber) { received in
                restoreTerminalNow()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
        signal(SIGWINCH) { _ in resizePending = 1 }
        atexit { restoreTerminalNow() }
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Leaves raw mode and the alternate screen, and shows the cursor.
    public func restore() {
        guard active else { return }
        active = false
        restoreTerminalNow()
    }

    /// Whether the window was resized since the last call (SIGWINCH).
    public func takeResize() -> Bool {
        guard resizePending != 0 else { return false }
        resizePending = 0
        return true
    }

    /// The window's size in columns and rows (80×24 when it cannot be read).
    public func size() -> (columns: Int, rows: Int) {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        return (80, 24)
    }

    /// Draws a frame: `lines` from the top, each cleared to the end, the rest of the screen cleared.
    public func draw(_ lines: [String]) {
        // No newline after the last line: on the bottom row it would scroll the screen.
        let frame = "\u{1B}[H" + lines.map { $0 + "\u{1B}[0m\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
        write(frame)
    }

    /// Writes text as it is.
    public func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    let written = Darwin.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written <= 0 { break }
                offset += written
            }
        }
    }

    /// The keys pressed within `milliseconds` (empty when none).
    public func readKeys(timeout milliseconds: Int32) -> [Key] {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else { return [] }
        return Self.decode(Array(buffer[0..<count]))
    }

    /// Decodes raw bytes into keys (public for tests).
    public nonisolated static func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                let rest = Array(bytes[(index + 1)...].prefix(3))
                let sequences: [([UInt8], Key)] = [
                    (Array("[A".utf8), .up), (Array("[B".utf8), .down), (Array("OA".utf8), .up), (Array("OB".utf8), .down),
                    (Array("[5~".utf8), .pageUp), (Array("[6~".utf8), .pageDown), (Array("[H".utf8), .home), (Array("[F".utf8), .end),
                    (Array("[1~".utf8), .home), (Array("[4~".utf8), .end), (Array("OH".utf8), .home), (Array("OF".utf8), .end),
                ]
                if let (sequence, key) = sequences.first(where: { rest.starts(with: $0.0) }) {
                    keys.append(key)
                    index += 1 + sequence.count
                } else {
                    keys.append(.escape)
                    index += rest.first == 0x5B ? 1 + rest.prefix { $0 < 0x40 || $0 == 0x5B }.count + 1 : 1
                }
                continue
            }
            switch byte {
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x09: keys.append(.tab)
            case 0x03: keys.append(.interrupt)
            default:
                // UTF-8: take the whole scalar.
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                let scalarBytes = Array(bytes[index..<min(bytes.count, index + length)])
                let text = String(decoding: scalarBytes, as: UTF8.self)
                if byte >= 0x20, !text.unicodeScalars.contains("\u{FFFD}"), let character = text.first {
                    keys.append(.character(character))
                }
                index += length
                continue
            }
            index += 1
        }
        return keys
    }
}
