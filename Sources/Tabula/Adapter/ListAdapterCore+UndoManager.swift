#if canImport(ObjectiveC)
    import Foundation

    /// The UIKit and AppKit adapters' link to `UndoManager`: each edit the user makes (a move, a
    /// delete, a toggle) is registered as an action named by ``ListAdapter/undoActionName``,
    /// whose undo runs ``ListAdapterCore/undo()`` and registers the redo, so ⌘Z, ⇧⌘Z, the Edit
    /// menu and shake to undo reach the same history as ``ListAdapter/undo()``.
    extension ListAdapterCore {
        /// Registers each undoable edit from now on with the undo manager `manager` returns at
        /// the time (the app's, or the view's window's).
        package func registerUndo(with manager: @escaping @MainActor () -> UndoManager?) {
            onUndoable = { [weak self] name in
                guard let self, let undoManager = manager() else { return }
                Self.register(name, of: self, with: undoManager)
            }
        }

        private static func register(_ name: String, of core: ListAdapterCore, with manager: UndoManager) {
            manager.registerUndo(withTarget: core) { core in
                onMainThread {
                    guard core.undo() else { return }
                    // Registered while undoing: the undo manager keeps it as the redo. The redo
                    // registers the next undo through `onUndoable`.
                    manager.registerUndo(withTarget: core) { core in
                        onMainThread { _ = core.redo() }
                    }
                    manager.setActionName(name)
                }
            }
            manager.setActionName(name)
        }

        /// Runs `body`, isolated to the main actor, from an undo manager's handler, which UIKit
        /// and AppKit call on the main thread (`MainActor.assumeIsolated` before iOS 17 and
        /// macOS 14).
        ///
        /// - Precondition: called on the main thread; an undo manager used from another thread
        ///   is a programmer error.
        private nonisolated static func onMainThread(_ body: @MainActor () -> Void) {
            precondition(Thread.isMainThread, "an undo manager ran a list's undo off the main thread")
            withoutActuallyEscaping(body) { body in
                unsafeBitCast(body, to: (() -> Void).self)()
            }
        }
    }
#endif
