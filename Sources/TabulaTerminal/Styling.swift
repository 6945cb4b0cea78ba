#if canImport(Rainbow)
    @preconcurrency import Rainbow
#endif

// Colours come from Rainbow where it is built (Linux and macOS, where terminals are). On other
// platforms the terminal targets still compile, in plain text: Rainbow builds in Swift 4 mode,
// which the iOS SDK checks here cannot compile.
extension String {
    package var termBold: String { style { $0.bold } }
    package var termDim: String { style { $0.dim } }
    package var termItalic: String { style { $0.italic } }
    package var termInverse: String { style { $0.swap } }
    package var termCyan: String { style { $0.cyan } }
    package var termGreen: String { style { $0.green } }
    package var termYellow: String { style { $0.yellow } }
    package var termMagenta: String { style { $0.magenta } }

    private func style(_ apply: (String) -> String) -> String {
        #if canImport(Rainbow)
            return apply(self)
        #else
            return self
        #endif
    }
}
