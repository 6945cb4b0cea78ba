/// Turns the bytes a terminal sends into keys, across reads: an escape sequence cut at the end of
/// one read waits for the rest in the next.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether the bytes so far end inside an escape sequence.
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys `bytes` complete; an unfinished escape sequence at the end is kept.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        let input = pending + bytes
        pending = []
        var keys: [Key] = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == 0x1B {
                switch Self.escapeSequence(in: input, at: index) {
                case .incomplete:
                    pending = Array(input[index...])
                    return keys
                case .complete(let length, let key):
                    if let key { keys.append(key) }
                    index += length
                case .lone:
                    keys.append(.escape)
                    index += 1
                }
                continue
            }
            switch byte {
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x09: keys.append(.tab)
            case 0x03: keys.append(.interrupt)
            default:
                // UTF-8: take the whole scalar; one cut at the end of a read waits for the rest.
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                if index + length > input.count, byte >= 0xC0 {
                    pending = Array(input[index...])
                    return keys
                }
                let scalarBytes = Array(input[index..<min(input.count, index + length)])
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

    /// Ends the input: whatever was kept is a lone Esc (and the characters after it).
    public mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
        let rest = pending
        pending = []
        guard rest.first == 0x1B else { return [] }  // half a UTF-8 scalar: nothing to show
        var tail = KeyDecoder()
        return [.escape] + tail.feed(Array(rest.dropFirst())) + tail.flush()
    }

    private enum Sequence {
        case incomplete
        case complete(length: Int, key: Key?)
        case lone
    }

    /// What starts at `start` (an Esc): a known sequence, an unknown but complete one (ignored),
    /// a lone Esc, or the start of a sequence whose end has not arrived.
    private static func escapeSequence(in bytes: [UInt8], at start: Int) -> Sequence {
        let next = start + 1
        guard next < bytes.count else { return .incomplete }
        switch bytes[next] {
        case 0x5B:  // CSI: parameters, then one final byte in 0x40...0x7E
            var end = next + 1
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return .incomplete }
            let body = String(decoding: bytes[(next + 1)...end], as: UTF8.self)
            let keys: [String: Key] = [
                "A": .up, "B": .down, "H": .home, "F": .end, "5~": .pageUp, "6~": .pageDown, "1~": .home, "4~": .end,
                "7~": .home, "8~": .end,
            ]
            return .complete(length: end - start + 1, key: keys[body])
        case 0x4F:  // SS3: one more byte
            guard next + 1 < bytes.count else { return .incomplete }
            let keys: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x48: .home, 0x46: .end]
            return .complete(length: 3, key: keys[bytes[next + 1]])
        default:
            return .lone
        }
    }
}
