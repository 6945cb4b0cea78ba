/// Type-select: the row a person means by typing the first letters of its label.
package enum TypeSelect {
    /// The first row, from `start` on (it included, so that typing more letters of the focused
    /// row's label keeps it) and then from the top, whose label starts with `typed`, ignoring case
    /// and leading spaces; `nil` when no label does or `typed` is empty. Rows are numbered
    /// `0..<count` in display order; `label` gives a row's label, `nil` for one that has none.
    ///
    /// - Complexity: O(*n*) labels read, at most.
    package static func match(_ typed: String, count: Int, from start: Int, label: (Int) -> String?) -> Int? {
        let prefix = typed.lowercased()
        guard !prefix.isEmpty, count > 0 else { return nil }
        let first = min(max(start, 0), count - 1)
        for offset in 0..<count {
            let row = (first + offset) % count
            guard let text = label(row) else { continue }
            if text.drop(while: { $0 == " " }).lowercased().hasPrefix(prefix) { return row }
        }
        return nil
    }
}
