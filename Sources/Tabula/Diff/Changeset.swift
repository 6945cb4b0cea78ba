/// The updates that animate one snapshot into another, split into stages UIKit accepts.
///
/// Apply the stages in order. Before each stage's batch update, make the stage's ``Stage/snapshot``
/// the data source's answer; then perform ``Stage/update`` inside one `performBatchUpdates`. After
/// the last stage the data source shows the target snapshot.
///
/// ```swift
/// let changeset = Changeset(from: onScreen, to: next)   // off the main actor if large
/// for stage in changeset.stages {
///     tableView.performBatchUpdates {
///         dataSource.snapshot = stage.snapshot
///         tableView.deleteRows(at: stage.update.deletedItems.map(IndexPath.init), with: .fade)
///         tableView.insertRows(at: stage.update.insertedItems.map(IndexPath.init), with: .fade)
///         // … moves, reloads and reconfigures the same way
///     }
/// }
/// ```
///
/// ``ListDriver`` (behind every adapter) does this for you, checking each stage first.
///
/// A changeset is a `Sendable` value when its items are, so it can be computed in a background task
/// and applied on the main actor.
///
/// ## The staging rules
/// Each rule prevents a specific `NSInternalInconsistencyException`:
/// 1. Deletes, reloads, reconfigures and move sources address the stage's *before* state; inserts and
///    move destinations its *after* state ("attempt to delete row 5 from section 0 which only contains
///    5 rows before the update").
/// 2. An item whose content changed and that also moves is moved first and updated in a later stage
///    at its new path: a reload and a move of one index path in one batch is rejected ("attempt to
///    perform a delete and a move from the same index path").
/// 3. An item never moves out of a section that is deleted or into one that is inserted: it is
///    deleted and inserted instead ("cannot move a row from a deleted section", "cannot move a row
///    into a newly inserted section").
/// 4. When sections are inserted, deleted or moved, the update is split: removals (section and item
///    deletes, reloads of items that stay), then sections (inserts and moves, items travelling with
///    their section), then items (inserts and moves). Mixing section moves with item moves across
///    them in one batch is where UIKit's bookkeeping is least reliable.
/// 5. A reload or reconfigure never shares a batch with item or section moves. UIKit performs a
///    reload as a delete at the old path and an insert at the path the batch's deletes and inserts
///    alone give it; it does not count the moves. A move that shifts the reloaded row makes UIKit
///    raise ("attempt to perform an insert and a move to the same index path", "attempt to insert
///    row 1 into section 0, but there are only 1 rows in section 0 after the update") or, with no
///    exception, put the new cell on another row, so the screen shows a stale cell (IGListKit #690
///    and PR #948, YapDatabase #489, session-ios PR #412). No public source says where UIKit
///    resolves a reconfigure's path in such a batch, so reconfigures follow the same, safer rule.
///    When sections are stable and anything moves, updates of items that stay wait for a last
///    stage, at their target paths, with the updates of moved items.
/// 6. When sections are stable and nothing moves, deletes, inserts and updates share one batch
///    (but see rule 7); when they are stable and something moves, deletes, inserts and moves share
///    one batch and the updates follow (rule 5).
/// 7. A reconfigure stays in a batch only where that batch does not shift its row. No public source
///    says whether `reconfigureRows(at:)` inside `performBatchUpdates` reads its index paths before
///    or after the batch (Apple documents it for deletes, inserts and reloads only), so each one
///    addresses the same item under both readings: a reconfigure whose row the batch's deletes or
///    inserts shift (a row or section removed or inserted above it) follows in the last stage, at
///    its target path, in a batch of updates only, which shifts nothing. Reloads address the state
///    before the batch, as documented, and stay in it.
/// 8. A change of a section's header or footer is reported in ``BatchUpdate/updatedSectionTitles``,
///    never as a section reload, which would conflict with the row operations of the same batch.
///    The stages before the one that reports it keep the old titles in their snapshots, so a diff
///    from any stage's snapshot (an update interrupted there) reports the change again.
/// 9. A reconfigure is only asked for an item that keeps its cell type: given `canReconfigure`
///    (adapters pass ``CellConfigurators/canReconfigure``), any other becomes a reload.
/// 10. Only non-empty stages are emitted; an unchanged pair of snapshots gives no stage at all.
///
/// Each stage passes ``BatchUpdate/validate(before:after:flavor:mapItems:shiftedReloads:)``, and the
/// property tests replay every stage through the headless list view, which places reloads as UIKit
/// does.
public struct Changeset<SectionID: Hashable & Sendable, Item: Identifiable> where Item.ID: Sendable {
    /// The snapshot type the changeset goes between.
    public typealias SnapshotType = Snapshot<SectionID, Item>

    /// One batch update and the state it leads to.
    public struct Stage {
        /// The index operations of this stage.
        public var update: BatchUpdate
        /// What the data source must report during and after this stage's batch.
        public var snapshot: SnapshotType

        /// Creates a stage.
        ///
        /// - Complexity: O(1).
        @usableFromInline package init(update: BatchUpdate, snapshot: SnapshotType) {
            self.update = update
            self.snapshot = snapshot
        }
    }

    /// Counts that describe the change, for logs, tests and benchmarks.
    public struct Statistics: Hashable, Sendable {
        /// Sections deleted, inserted, moved, and whose titles changed.
        public var deletedSections = 0, insertedSections = 0, movedSections = 0, updatedSectionTitles = 0
        /// Items deleted, inserted, moved (the fewest moves possible) and updated (reloaded or
        /// reconfigured).
        public var deletedItems = 0, insertedItems = 0, movedItems = 0, updatedItems = 0
        /// Items that kept their identity but had to be deleted and inserted because their section
        /// was deleted or inserted (staging rule 3).
        public var reinsertedItems = 0

        /// All zero.
        @usableFromInline init() {}

        /// How many operations the change takes: sections and items deleted, inserted and moved,
        /// items updated, section titles changed, and items re-inserted with their sections.
        var changeCount: Int {
            deletedSections + insertedSections + movedSections + updatedSectionTitles
                + deletedItems + insertedItems + movedItems + updatedItems + reinsertedItems
        }
    }

    /// The snapshot the changeset starts from.
    public let source: SnapshotType
    /// The snapshot the changeset ends at.
    public let target: SnapshotType
    /// The stages, in the order they must be applied. Empty when nothing changed.
    public var stages: [Stage]
    /// What changed, counted.
    public var statistics: Statistics

    /// Whether the two snapshots show the same thing.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { stages.isEmpty }
}

extension Changeset: Sendable where Item: Sendable {}
extension Changeset.Stage: Sendable where Item: Sendable {}
extension Changeset.Stage: Equatable where Item: Equatable {}
