/// Why a ``ComposedList`` cannot be created.
public enum ComposedListError<Part: Hashable & Sendable>: Error, Hashable, CustomStringConvertible {
    /// `part` is listed twice in `init(driver:parts:)`, at positions `first` and `second`.
    case repeatedPart(Part, first: Int, second: Int)

    public var description: String {
        switch self {
        case .repeatedPart(let part, let first, let second):
            return "part \(part) is listed twice, at \(first) and at \(second); each part appears once"
        }
    }
}
