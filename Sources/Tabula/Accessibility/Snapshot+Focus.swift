extension Snapshot {
    /// The item that focus, selection or an assistive technology's cursor moves to when the list
    /// changes from `old` to `new` while it is on `focused`.
    ///
    /// The rule, in order:
    /// 1. If `new` still contains `focused`, focus stays on it, wherever it moved (another section
    ///    too).
    /// 2. Otherwise, the first item that followed `focused` in its section of `old` and is still in
    ///    `new`.
    /// 3. Otherwise, the nearest item that preceded `focused` in that section of `old` and is still
    ///    in `new`.
    /// 4. Otherwise, the first item (in `new`) of the nearest section after `focused`'s section in
    ///    `old` that still exists in `new` and is not empty there; then, the same looking at the
    ///    sections before it, nearest first.
    /// 5. Otherwise `nil`: nothing is left to focus near the item.
    ///
    /// An item that `old` does not contain and `new` does not contain either has no neighbour, so
    /// the result is `nil`.
    ///
    /// - Complexity: O(*n*) in the number of items of the focused item's old section, plus the
    ///   number of sections of `old`; O(1) when the item survives.
    public static func focusTarget(after focused: Item.ID, from old: Snapshot, to new: Snapshot) -> Item.ID? {
        if new.contains(focused) { return focused }
        guard let path = old.itemPath(for: focused) else { return nil }
        let items = old._sections[path.section].items
        for row in (path.item + 1)..<items.count where new.contains(items[row].id) {
            return items[row].id
        }
        for row in stride(from: path.item - 1, through: 0, by: -1) where new.contains(items[row].id) {
            return items[row].id
        }
        let sections = old._sections
        let firstItem: (Int) -> Item.ID? = { index in
            guard let found = new.items(inSection: sections[index].id) else { return nil }
            return found.first?.id
        }
        for index in (path.section + 1)..<sections.count {
            if let id = firstItem(index) { return id }
        }
        for index in stride(from: path.section - 1, through: 0, by: -1) {
            if let id = firstItem(index) { return id }
        }
        return nil
    }
}
