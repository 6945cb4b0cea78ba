/// A kind of supplementary view: a section header, a section footer, or another kind a collection
/// layout asks for (a badge, a background).
public struct SupplementaryKind: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The element kind string (`UICollectionView`'s).
    public let rawValue: String

    /// A kind named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Section headers (`UICollectionView.elementKindSectionHeader`; a table's section header).
    public static let header = SupplementaryKind(rawValue: "UICollectionElementKindSectionHeader")
    /// Section footers (`UICollectionView.elementKindSectionFooter`; a table's section footer).
    public static let footer = SupplementaryKind(rawValue: "UICollectionElementKindSectionFooter")

    public var description: String { rawValue }
}
