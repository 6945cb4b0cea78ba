import Tabula

/// One item of a drop from another app, as a test describes it to a ``HeadlessListView``: the
/// content types it offers, and the bytes each of them loads as. A type it offers without bytes
/// here fails to load, as an item provider or a pasteboard item that cannot deliver does.
///
/// ```swift
/// try list.drop([.text("milk"), HeadlessDroppedItem(offering: ["public.utf8-plain-text"])], at: ItemPath(item: 0, section: 0))
/// ```
public struct HeadlessDroppedItem: Hashable, Sendable {
    /// The content types the item offers, in its order of preference.
    public var offeredTypes: [String]
    /// The bytes of each type that loads.
    public var contents: [String: [UInt8]]

    /// An item offering `offeredTypes`, of which those in `contents` load as their bytes.
    public init(offering offeredTypes: [String], contents: [String: [UInt8]] = [:]) {
        self.offeredTypes = offeredTypes
        self.contents = contents
    }

    /// Plain text that loads, as UTF-8 (`"public.utf8-plain-text"` unless another type is given).
    public static func text(_ text: String, typeIdentifier: String = "public.utf8-plain-text") -> HeadlessDroppedItem {
        HeadlessDroppedItem(offering: [typeIdentifier], contents: [typeIdentifier: Array(text.utf8)])
    }

    /// The item loaded as `typeIdentifier`, or the failure of the item at `itemIndex` to load.
    package func load(as typeIdentifier: String, itemIndex: Int) -> Result<DroppedContent, DropLoadError> {
        guard let bytes = contents[typeIdentifier] else {
            return .failure(
                DropLoadError(itemIndex: itemIndex, typeIdentifier: typeIdentifier, offeredTypes: offeredTypes, reason: .loadFailed("no data")))
        }
        return .success(DroppedContent(typeIdentifier: typeIdentifier, bytes: bytes))
    }
}
