extension AnchorCorrection {
    /// Reads what `anchor` holds from a view that shows `shown` and answers by position: `visible`
    /// are the positions on screen (in any order), and `frame` gives the top and height of the row
    /// at a position as laid out now (`nil`: unknown). What the UIKit glue reads before a reload,
    /// when the driver's snapshot is already the next one and the view still shows `shown`.
    /// `nil` when nothing is to be held.
    package init?<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>(
        _ anchor: ScrollAnchor<ID>, shown: Snapshot<SectionID, Item>, visible: [ItemPath],
        frame: (ItemPath) -> (minY: Double, height: Double)?, contentOffset: Double, viewportHeight: Double, contentHeight: Double
    ) where Item.ID == ID {
        self.init(
            anchor, visible: visible.sorted().compactMap { shown.item(at: $0)?.id }, frame: { shown.itemPath(for: $0).flatMap(frame) },
            contentOffset: contentOffset, viewportHeight: viewportHeight, contentHeight: contentHeight)
    }

    /// The content offset once the view shows `snapshot`, from the frames by position then;
    /// `nil`: leave the offset as it is.
    package func offset<SectionID: Hashable & Sendable, Item: Identifiable & Sendable>(
        showing snapshot: Snapshot<SectionID, Item>, frame: (ItemPath) -> (minY: Double, height: Double)?, viewportHeight: Double,
        contentHeight: Double
    ) -> Double? where Item.ID == ID {
        offset(frame: { snapshot.itemPath(for: $0).flatMap(frame) }, viewportHeight: viewportHeight, contentHeight: contentHeight)
    }
}
