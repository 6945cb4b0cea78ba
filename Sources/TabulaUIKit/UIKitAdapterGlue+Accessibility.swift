#if canImport(UIKit)
    import UIKit
    import Tabula

    /// The UIKit adapters' side of the core's keyboard and announcement decisions, shared by the
    /// table and the collection adapter: each adds only how a selection reaches its delegate.
    @MainActor
    package protocol UIKitAccessibilityGlue: UIKitAdapterGlue, ListAccessibilityGlue, UIKitFocusGlue where View: UIKitKeyboardView {
        associatedtype SectionID: Hashable & Sendable
        associatedtype Item: Identifiable & Sendable where Item.ID: Sendable
        /// The adapter's core.
        var core: ListAdapterCore<SectionID, Item, UIKitPlatform> { get }
        /// Tells the adapter's own delegate methods that the user selected (or deselected) the
        /// row at `path`, as a tap does.
        func tellSelection(at path: IndexPath, selected: Bool)
    }

    extension UIKitAccessibilityGlue {
        package var selectedPaths: [ItemPath] { listView?.selectedIndexPaths.map(\.itemPath) ?? [] }

        package func setSelectedPaths(_ paths: [ItemPath]) {
            guard let listView else { return }
            let wanted = Set(paths.map(IndexPath.init))
            for path in listView.selectedIndexPaths where !wanted.contains(path) { listView.deselectIndexPath(path) }
            for path in wanted.sorted() where listView.contains(path) { listView.selectIndexPath(path) }
        }

        package func selectAsUser(at path: ItemPath) {
            guard let listView else { return }
            let target = IndexPath(path)
            for other in listView.selectedIndexPaths where other != target {
                listView.deselectIndexPath(other)
                tellSelection(at: other, selected: false)
            }
            guard listView.contains(target), !listView.selectedIndexPaths.contains(target) else { return }
            listView.selectIndexPath(target)
            tellSelection(at: target, selected: true)
        }

        package func post(announcement text: String) { UIKitAnnouncement.post(text) }

        /// Scrolls the row into view and asks the focus engine to focus it: the adapter names it
        /// as the preferred focused row (`indexPathForPreferredFocusedView`).
        package func showKeyboardFocus(at path: ItemPath?) {
            guard let listView, let path, listView.contains(IndexPath(path)) else { return }
            listView.scrollIndexPathToVisible(IndexPath(path))
            (listView as? UIView)?.setNeedsFocusUpdate()
        }

        package func showSwitch(_ isOn: Bool, at path: ItemPath) {
            guard let cell = visibleCell(at: path) as? any ContentCell, let content = core.content(at: path, switchShowing: isOn) else { return }
            cell.apply(content)
        }

        package func keyboardSettingsDidChange(selectionFollowsFocus: Bool) {
            listView?.allowKeyboardFocus(selectionFollowsFocus: selectionFollowsFocus)
        }

        /// The row the focus engine should focus: the item keyboard focus is on, wherever the
        /// list's changes moved it; `nil` leaves the choice to UIKit.
        package var preferredFocusIndexPath: IndexPath? { core.keyboardFocusedPath.map(IndexPath.init) }

        /// The focus engine moved focus to `path` (`nil`: off the list).
        package func focusEngineMoved(to path: IndexPath?) { core.viewMovedKeyboardFocus(to: path?.itemPath) }

        /// Delete and Space as key commands, for the keys that do something now: Delete when
        /// `canDelete` allows the selected or focused item, Space when the focused row shows a
        /// switch. Each is sent up the responder chain and handled by the core, and titled with
        /// the adapter's `accessibilityStrings`.
        package var listKeyCommands: [UIKeyCommand] {
            core.liveCommandKeys.compactMap { key in
                guard let title = core.commandTitle(for: key) else { return nil }
                let input = key == .delete ? UIKeyCommand.inputDelete : " "
                let command = UIKeyCommand(
                    title: title, action: #selector(UIResponder.tabulaHandleListKeyCommand(_:)), input: input,
                    propertyList: ListKeyCommandTargets.register(self, key: key))
                command.wantsPriorityOverSystemBehavior = true
                return command
            }
        }
    }

    /// Where a key command of a list goes: each command carries a token in its `propertyList`
    /// that names the adapter (held weakly) and the key.
    @MainActor
    enum ListKeyCommandTargets {
        private final class Target {
            weak var adapter: AnyObject?
            let handle: @MainActor (ListKey) -> Bool
            init(adapter: AnyObject, handle: @escaping @MainActor (ListKey) -> Bool) {
                self.adapter = adapter
                self.handle = handle
            }
        }
        private static var targets: [ObjectIdentifier: Target] = [:]

        /// Keeps `glue` as the target of its commands; returns the token a command for `key`
        /// carries.
        static func register<Glue: UIKitAccessibilityGlue>(_ glue: Glue, key: ListKey) -> [String: String] {
            let id = ObjectIdentifier(glue)
            if targets[id]?.adapter == nil {
                targets = targets.filter { $0.value.adapter != nil }
                targets[id] = Target(adapter: glue) { [weak glue] key in glue?.core.handleKey(key) ?? false }
            }
            return ["adapter": "\(UInt(bitPattern: id.hashValue))", "key": key == .delete ? "delete" : "space"]
        }

        static func handle(_ command: UIKeyCommand) -> Bool {
            guard let info = command.propertyList as? [String: String], let name = info["adapter"],
                let target = targets.first(where: { "\(UInt(bitPattern: $0.key.hashValue))" == name })?.value
            else { return false }
            return target.handle(info["key"] == "delete" ? .delete : .space)
        }
    }

    extension UIResponder {
        /// The action of a Tabula list's key commands (Delete, Space): hands the key to the list
        /// whose command it is. Any responder answers it, so the command works wherever the
        /// first responder is.
        @objc package func tabulaHandleListKeyCommand(_ command: UIKeyCommand) {
            _ = ListKeyCommandTargets.handle(command)
        }
    }
#endif
