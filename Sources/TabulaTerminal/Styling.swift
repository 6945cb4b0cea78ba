#if canImport(Rainbow)
    @preconcurrency import Rainbow
#endif

// Colours come from Rainbow where it is built (Linux and macOS, where terminals are). On other
// platforms the terminal targets still compile, in plain text: Rainbow builds in Swift 4 mode,
// which the iOS SDK checks here cannot compile. Each property names Rainbow's member only inside
// the `canImport` branch, so nothing is type-checked against a plain `String` without it.
extension String {
    package var termBold: String { styled(.bold) }
    package var termDim: String { styled(.dim) }
    package var termItalic: String { styled(.italic) }
    package var termInverse: String { styled(.inverse) }
    package var termCyan: String { styled(.cyan) }
    package var termGreen: String { styled(.green) }
    package var termYellow: String { styled(.yellow) }
    package var termMagenta: String { styled(.magenta) }

    private enum TerminalStyle { case bold, dim, italic, inverse, cyan, green, yellow, magenta }

    private func styled(_ style: TerminalStyle) -> String {
        #if canImport(Rainbow)
            switch style {
            case .bold: return bold
            case .dim: return dim
            case .italic: return italic
            case .inverse: return swap
            case .cyan: return cyan
            case .green: return green
            case .yellow: return yellow
            case .magenta: return magenta
            }
        #else
            return self
        #endif
    }
}
