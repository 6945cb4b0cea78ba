/// One item dropped from another app, in the representation a list accepts: its content type
/// (a uniform type identifier such as `"public.utf8-plain-text"` or `"public.url"`) and its bytes.
///
/// The UIKit and AppKit adapters load it from the drag (an `NSItemProvider`, a pasteboard item)
/// for the first type the list registered with ``ListAdapter/acceptDrops(ofType:makeItems:)``
/// that the item offers; a test makes one directly.
public struct DroppedContent: Hashable, Sendable {
    /// The content type, a uniform type identifier.
    public var typeIdentifier: String
    /// The content's bytes.
    public var bytes: [UInt8]

    /// Content of `typeIdentifier` holding `bytes`.
    public init(typeIdentifier: String, bytes: [UInt8]) {
        self.typeIdentifier = typeIdentifier
        self.bytes = bytes
    }

    /// Plain text, as UTF-8 (`"public.utf8-plain-text"` unless another type is given).
    public init(text: String, typeIdentifier: String = "public.utf8-plain-text") {
        self.init(typeIdentifier: typeIdentifier, bytes: Array(text.utf8))
    }

    /// The bytes read as UTF-8 text (a malformed sequence reads as U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
