/// Drags in sections shown as outlines (a ``SectionSnapshot`` applied to them): the items move
/// within the tree, with their children, between rows or into a folder item the app allows,
/// each drop one ``OutlineMove`` by identifier that the app applies to its own tree:
///
/// ```swift
/// adapter.canDropInto = { node in node.isFolder }
/// adapter.onOutlineMove = { move, _ in try? files.apply(move) }
/// ```
///
/// A drop between rows puts the items just before the row below the drop (under that row's
/// parent), or at the end of the top level below the last row; a drop onto a folder makes them
/// its last children. The move is applied to the newest tree, animated, without a reload, and
/// kept for ``undo()`` as one "Move", which puts each item back under its old parent, before its
/// old sibling. A drop between an outline section and another section moves nothing and is
/// reported as a ``ListDiagnostic/Kind/refusedMove(item:from:to:)``.
extension ListAdapter {
    /// Whether a drag of this list's items may be dropped into `item`, a row of an outline
    /// section, making them its last children: the standard proposal over such an item is
    /// ``DropProposal/Placement/intoItem``. `nil`, the default: into no item.
    public var canDropInto: ((Item) -> Bool)? {
        get { core.transfers.canDropInto }
        set { core.transfers.canDropInto = newValue }
    }

    /// How long, in seconds, a drag rests over a collapsed folder that ``canDropInto`` allows
    /// before the folder springs open (expands, as a tap on its disclosure does), so the user can
    /// drop among its children; `nil` turns spring loading off. 0.75 by default.
    public var springLoadingDelay: Double? {
        get { core.transfers.springLoadingDelay }
        set { core.transfers.springLoadingDelay = newValue }
    }

    /// Called when the user moved items within an outline section (or an undo or redo did), with
    /// the section's new tree: apply the move to your model (`try tree.apply(move)`).
    public var onOutlineMove: ((OutlineMove<SectionID, Item.ID>, SectionSnapshot<Item>) -> Void)? {
        get { core.transfers.onOutlineMove }
        set { core.transfers.onOutlineMove = newValue }
    }

    /// Applies `move` to its outline section's tree as the user's own edit: animated, kept for
    /// undo, told to ``onOutlineMove``.
    ///
    /// - Throws: ``SnapshotError/unknownSection(_:)`` when the section is not shown as an
    ///   outline, or what ``SectionSnapshot/apply(_:)`` throws; nothing changes then.
    public func outlineMove(_ move: OutlineMove<SectionID, Item.ID>) throws {
        try core.outlineMove(move)
    }
}
