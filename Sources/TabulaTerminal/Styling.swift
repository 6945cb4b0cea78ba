#if canImport(Rainbow)
    @preconcurrency import Rainbow
#endif

// Colours come from Rainbow where it is built (Linux and macOS, where terminals are). On other
// platforms the terminal targets still compile, in plain text: Rainbow builds in Swift 4 mode,
// which the iOS SDK checks here cannot compile. Each property names Rainbow's member only inside
// the `canImport` branch, so nothing is type-checked against a plain `String` without it.
extension String {
    #if canImport(Rainbow)
        package var termBold: String { bold }
        package var termDim: String { dim }
        package var termItalic: String { italic }
        package var termInverse: String { swap }
        package var termCyan: String { cyan }
        package var termGreen: String { green }
        package var termYellow: String { yellow }
        package var termMagenta: String { magenta }
    #else
        package var termBold: String { self }
        package var termDim: String { self }
        package var termItalic: String { self }
        package var termInverse: String { self }
        package var termCyan: String { self }
        package var termGreen: String { self }
        package var termYellow: String { self }
        package var termMagenta: String { self }
    #endif
}
