import Tabula

extension HeadlessListView {
    // MARK: Selection and editing

    /// Taps `path`, as a user would: in single selection, selects it (deselecting the row selected
    /// before, and telling the delegate of both); in multiple selection (``allowsMultipleSelection``,
    /// or ``allowsMultipleSelectionDuringEditing`` while ``isEditing``), a tap on a selected row
    /// deselects it instead, and other rows stay selected.
    public func tapItem(at path: ItemPath) throws {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "select") }
        let multiple = isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
        if multiple, selected.contains(path) {
            deselectItem(at: path)
            delegate?.listView(self, didDeselectItemAt: path)
            return
        }
        if !multiple {
            for other in selected.sorted() where other != path {
                deselectItem(at: other)
                delegate?.listView(self, didDeselectItemAt: other)
            }
        }
        selected.insert(path)
        visibleCells[path]?.isSelected = true
        delegate?.listView(self, didSelectItemAt: path)
    }

    /// Selects `path` without telling the delegate, as `selectRow(at:animated:scrollPosition:)`:
    /// in single selection, the row selected before is deselected.
    public func selectItem(at path: ItemPath) throws {
        guard contains(path) else { throw ListViewError.itemPathOutOfRange(path, operation: "select") }
        if !(isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection) {
            for other in selected where other != path { deselectItem(at: other) }
        }
        selected.insert(path)
        visibleCells[path]?.isSelected = true
    }

    /// Deselects `path` without telling the delegate, as `deselectRow(at:animated:)`.
    public func deselectItem(at path: ItemPath) {
        guard selected.remove(path) != nil else { return }
        visibleCells[path]?.isSelected = false
    }

    /// Flips the switch of the visible cell at `path` as a user would: the cell's
    /// ``HeadlessCell/Accessory/toggle(isOn:)`` changes and its ``HeadlessCell/onToggle`` is called.
    ///
    /// - Throws: ``ListViewError/itemPathOutOfRange(_:operation:)`` when no visible cell at `path`
    ///   shows a switch.
    public func flipToggle(at path: ItemPath) throws {
        guard let cell = visibleCells[path], case .toggle(let isOn) = cell.accessory else {
            throw ListViewError.itemPathOutOfRange(path, operation: "flip the switch of")
        }
        cell.accessory = .toggle(isOn: !isOn)
        cell.onToggle?(!isOn)
    }
}
