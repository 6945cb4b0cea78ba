import Tabula

/// The resources a ``HeadlessListView`` can load, standing in for a `Bundle`.
///
/// UIKit code decides between a nib and a class with `Bundle.path(forResource:ofType: "nib")`; a
/// catalogue makes that decision testable without files.
public struct ResourceCatalog: Sendable {
    var nibs: [String: HeadlessNib]

    /// A catalogue with the given nibs.
    public init(nibs: [HeadlessNib] = []) {
        self.nibs = Dictionary(nibs.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// An empty catalogue: no nib exists.
    public static let empty = ResourceCatalog()

    /// The nib called `name`, or `nil`.
    public func nib(named name: String) -> HeadlessNib? { nibs[name] }

    /// Mirrors `Bundle.path(forResource:ofType:)`: a path for `name` of type `"nib"` when such a nib
    /// exists, otherwise `nil`.
    public func path(forResource name: String, ofType type: String) -> String? {
        type == "nib" && nibs[name] != nil ? "/HeadlessBundle/\(name).nib" : nil
    }
}
