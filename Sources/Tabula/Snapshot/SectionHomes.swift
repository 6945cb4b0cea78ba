extension Snapshot {
    /// How the sections of a build correspond to `previous`'s.
    @usableFromInline
    struct _SectionHomes {
        /// Same positions, same identifiers: the previous token tables serve as they are.
        @usableFromInline let positional: Bool
        /// The old section of each new one, or -1.
        @usableFromInline let homes: [Int]
        /// By old token, the new token of its section, or -1.
        @usableFromInline let newTokenOfOld: [Int32]
        /// The new sections' tokens, when not positional.
        @usableFromInline let sectionTokens: [SectionID: Int32]

        /// `nil` when `sections` repeats a section.
        @inlinable
        init?(_ sections: [SectionType], previous: Snapshot) {
            let oldSections = previous._sections
            let oldCount = oldSections.count, newCount = sections.count
            var positional = oldCount == newCount
            if positional {
                for t in 0..<newCount where oldSections[t].id != sections[t].id {
                    positional = false
                    break
                }
            }
            var homes = [Int](repeating: -1, count: newCount)
            var newTokenOfOld = [Int32](repeating: -1, count: previous._tokenIndex.count)
            var sectionTokens = [SectionID: Int32]()
            if positional {
                for t in 0..<newCount {
                    homes[t] = t
                    let token = previous._tokens[t]
                    newTokenOfOld[Int(token)] = token
                }
            } else {
                sectionTokens.reserveCapacity(newCount)
                for t in 0..<newCount {
                    let id = sections[t].id
                    if sectionTokens.updateValue(Int32(truncatingIfNeeded: t), forKey: id) != nil { return nil }
                    let s = (t < oldCount && oldSections[t].id == id) ? t : (previous.sectionIndex(of: id) ?? -1)
                    homes[t] = s
                    if s >= 0 { newTokenOfOld[Int(previous._tokens[s])] = Int32(truncatingIfNeeded: t) }
                }
            }
            self.positional = positional
            self.homes = homes
            self.newTokenOfOld = newTokenOfOld
            self.sectionTokens = sectionTokens
        }
    }
}
