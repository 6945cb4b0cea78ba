#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The terminal itself exists where terminals are: Linux and macOS. (Keys and their decoding
// compile everywhere.)
#if os(Linux) || os(macOS)
import Atomics

// Signal handlers can reach only globals, and run on whichever thread receives the signal. So
// what they share with the rest of the program is either a lock-free atomic or written once, before
// any handler is installed, and never freed; everything they call is async-signal-safe.
private let rawModeActive = ManagedAtomic<Bool>(false)
private let resizePending = ManagedAtomic<Bool>(false)
/// The attributes to restore, and the raw ones to return to after a suspend (Ctrl-Z). On the heap,
/// with room to spare: Swift's `termios` can be smaller than what `tcgetattr` writes
/// (AddressSanitizer saw 60 bytes written into a 57-byte global).
/// `nonisolated(unsafe)`: the pointers never change; what they point to is written by `start()` on
/// the main actor before any handler is installed, and afterwards only read (by handlers and
/// `restoreTerminalNow`), except by the suspend handler, which the kernel never runs twice at once.
#if canImport(Darwin)
    // Apple's SDK interfaces here declare pointers Sendable; the annotation would be an error.
    private let savedAttributes = allocateAttributes()
    private let rawAttributes = allocateAttributes()
#else
    nonisolated(unsafe) private let savedAttributes = allocateAttributes()
    nonisolated(unsafe) private let rawAttributes = allocateAttributes()
#endif
private let restoreSequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
private let enterSequence: StaticString = "\u{1B}[?1049h\u{1B}[?25l"

private func allocateAttributes() -> UnsafeMutablePointer<termios> {
    let size = max(MemoryLayout<termios>.stride, 256)
    let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    return raw.bindMemory(to: termios.self, capacity: 1)
}

private func writeAll(_ sequence: StaticString) {
    _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
}

/// Puts the terminal back as it was: attributes, cursor, main screen. Async-signal-safe.
private func restoreTerminalNow() {
    guard rawModeActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, savedAttributes)
    writeAll(restoreSequence)
}

/// Signals whose default action ends the process: the terminal is restored first, then the signal
/// takes its course (so SIGQUIT's core dump, or the runtime's crash report, lands on the main screen).
private let terminatingSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
]

private func installSuspendHandler() {
    // Ctrl-Z or `kill -TSTP`: restore the terminal, stop; once continued, back to raw mode and the
    // alternate screen, and redraw.
    signal(SIGTSTP) { _ in
        restoreTerminalNow()
        signal(SIGTSTP, SIG_DFL)
        // The signal is blocked while its handler runs: unblock it, or raising it would only leave
        // it pending and bring this handler straight back.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(SIGTSTP)
        // Execution resumes here after SIGCONT.
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, rawAttributes)
        rawModeActive.store(true, ordering: .releasing)
        writeAll(enterSequence)
        resizePending.store(true, ordering: .releasing)
        installSuspendHandler()
    }
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

    /// Creates a terminal session; nothing changes until ``start()``.
    public init() {}

    /// Enters raw mode and the alternate screen, and hides the cursor.
    public func start() {
        guard !active else { return }
        tcgetattr(STDIN_FILENO, savedAttributes)
        rawAttributes.pointee = savedAttributes.pointee
        rawAttributes.pointee.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        rawAttributes.pointee.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        rawAttributes.pointee.c_oflag &= ~tcflag_t(OPOST)
        rawAttributes.pointee.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &rawAttributes.pointee.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, rawAttributes)
        // Touch every global the handlers use, so none is first initialised inside a handler.
        _ = (restoreSequence, enterSequence, terminatingSignals, resizePending)
        rawModeActive.store(true, ordering: .releasing)
        active = true
        for signalNumber in terminatingSignals {
            signal(signalNumber) { received in
                restoreTerminalNow()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
        installSuspendHandler()
        // Continued after a stop we did not see (SIGSTOP): redraw.
        signal(SIGCONT) { _ in resizePending.store(true, ordering: .releasing) }
        signal(SIGWINCH) { _ in resizePending.store(true, ordering: .releasing) }
        atexit { restoreTerminalNow() }
        writeAll(enterSequence)
    }

    /// Leaves raw mode and the alternate screen, and shows the cursor.
    public func restore() {
        guard active else { return }
        active = false
        restoreTerminalNow()
    }

    /// Whether the window was resized (SIGWINCH), or the program continued after a stop, since the
    /// last call: the screen must be drawn again.
    public func takeResize() -> Bool {
        resizePending.exchange(false, ordering: .acquiringAndReleasing)
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
    ///
    /// An escape sequence can arrive split across two reads (a held arrow key fills the input
    /// faster than it is read): its start is kept and completed by the next bytes, which are waited
    /// for briefly, so it never decodes as a lone Esc.
    public func readKeys(timeout milliseconds: Int32) -> [Key] {
        var keys: [Key] = []
        guard let bytes = readBytes(timeout: milliseconds) else { return decoder.hasPending ? decoder.flush() : [] }
        keys += decoder.feed(bytes)
        // An unfinished sequence: its remaining bytes are normally microseconds behind.
        while decoder.hasPending, let more = readBytes(timeout: 30) { keys += decoder.feed(more) }
        if decoder.hasPending { keys += decoder.flush() }
        return keys
    }

    private var decoder = KeyDecoder()

    private func readBytes(timeout milliseconds: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return Array(buffer[0..<count])
    }

    /// Decodes raw bytes into keys; an unfinished escape sequence at the end is a lone Esc (public
    /// for tests).
    public nonisolated static func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }
}
#endif
