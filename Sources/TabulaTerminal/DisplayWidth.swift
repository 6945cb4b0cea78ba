/// How many terminal columns text takes: what truncation, padding and wrapping must count
/// instead of characters.
///
/// A terminal gives East Asian wide and fullwidth characters (CJK ideographs, kana, Hangul,
/// fullwidth forms) and emoji two columns, combining marks none, and everything else one. Counted
/// by user-perceived character (`Character`, a grapheme cluster), as terminals draw them:
/// - an emoji with a skin-tone modifier (👍🏽), a ZWJ sequence (👩‍💻) or a flag (🇯🇵) is one
///   picture, two columns;
/// - a character with emoji presentation selected (❤️, 1️⃣) takes two, one with text presentation
///   selected (⌚︎) one;
/// - a letter with combining accents (e + U+0301) takes the columns of the letter;
/// - control characters take none.
///
/// The table of wide characters is Unicode's East Asian Width data (categories W and F, Unicode
/// 14, including the unassigned code points those blocks reserve as wide), together with every
/// character whose default presentation is emoji (`Unicode.Scalar.Properties.isEmojiPresentation`,
/// which follows the standard library's newer Unicode version).
public enum DisplayWidth {
    /// The columns `character` takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // One scalar, the common case.
        if scalars.count == 1 { return of(first) }
        var regionalIndicators = 0
        var emojiPresentation = false
        var textPresentation = false
        for scalar in scalars {
            switch scalar.value {
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            case 0xFE0F: emojiPresentation = true
            case 0xFE0E: textPresentation = true
            default: break
            }
        }
        if regionalIndicators >= 2 { return 2 }  // a flag
        let base = of(first)
        if base == 0 { return 0 }
        if textPresentation { return 1 }
        if emojiPresentation && first.properties.isEmoji { return 2 }
        return base
    }

    /// The columns `scalar` takes on its own: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }  // ASCII
        if value < 0xA0 { return 0 }  // DEL and C1 controls
        if value < 0x300 { return 1 }  // Latin-1 and Latin Extended: narrow
        if isZeroWidth(scalar) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The columns `text` takes.
    public static func of<Text: StringProtocol>(_ text: Text) -> Int {
        // Printable ASCII, the common case: one column a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The longest start of `text` that fits in `columns` columns. A wide character that would
    /// straddle the edge is left out whole, so the result may be one column narrower.
    public static func prefix<Text: StringProtocol>(_ text: Text, columns: Int) -> String {
        var remaining = max(0, columns)
        var end = text.startIndex
        for index in text.indices {
            let width = of(text[index])
            if width > remaining { break }
            remaining -= width
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    /// Marks drawn on the character before them (nonspacing and enclosing marks), invisible
    /// format characters (zero-width space and joiners, bidirectional controls), variation
    /// selectors, and the vowel and final consonant jamo that join a Hangul syllable.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true  // Hangul jungseong and jongseong
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true  // variation selectors
        case 0x200B: return true  // zero-width space
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= wide[0].lowerBound else { return false }
        var low = 0, high = wide.count
        while low < high {
            let mid = (low + high) / 2
            if wide[mid].upperBound < value { low = mid + 1 } else { high = mid }
        }
        return low < wide.count && wide[low].contains(value)
    }

    /// East Asian Width W and F (Unicode 14.0.0, EastAsianWidth.txt), merged into sorted ranges.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x2E99,
        0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFB, 0x3000...0x303E, 0x3041...0x3096, 0x3099...0x30FF,
        0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E3, 0x31F0...0x321E, 0x3220...0x3247, 0x3250...0x4DBF,
        0x4E00...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB,
        0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B150...0x1B152, 0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1F004...0x1F004,
        0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
        0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
        0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7,
        0x1F6DD...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FA74, 0x1FA78...0x1FA7C, 0x1FA80...0x1FA86, 0x1FA90...0x1FAAC,
        0x1FAB0...0x1FABA, 0x1FAC0...0x1FAC5, 0x1FAD0...0x1FAD9, 0x1FAE0...0x1FAE7, 0x1FAF0...0x1FAF6, 0x20000...0x2FFFD,
        0x30000...0x3FFFD
    ]
}

extension StringProtocol {
    /// The terminal columns the text takes (see ``DisplayWidth``).
    public var displayWidth: Int { DisplayWidth.of(self) }

    /// The longest start of the text that fits in `columns` terminal columns (see
    /// ``DisplayWidth/prefix(_:columns:)``).
    public func prefix(columns: Int) -> String { DisplayWidth.prefix(self, columns: columns) }
}
