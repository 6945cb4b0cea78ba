#if canImport(SwiftUI)
    import SwiftUI
    import Tabula

    extension TabulaList where SectionID: Codable, Item.ID: Codable {
        /// Keeps the list's ``ListState`` (the selected items, the expanded outline items, and
        /// the first visible item with how far it is scrolled) in `state`, so that it survives a
        /// relaunch: bind it to `@SceneStorage` through `Codable`, as below.
        ///
        /// The list restores the state `state` holds once, after it first shows an item (the
        /// app's data has loaded): matched by identifier, it expands the saved outline items,
        /// selects the saved items that still exist (only with a selection binding, which then
        /// holds them), and scrolls the anchor back. `onRestore` then hears what was applied and
        /// what was skipped because the data no longer has it. From then on the list writes its
        /// state into `state` after each snapshot it shows, each selection the user makes, and
        /// each scroll that brings another item to the top; nothing before the restore, so an
        /// empty list does not overwrite the saved state. Writes come after SwiftUI's update.
        ///
        /// ```swift
        /// struct MailboxView: View {
        ///     let mails: [Note]
        ///     @SceneStorage("mailbox.list") private var saved: Data?
        ///     @State private var selection: Note.ID?
        ///
        ///     var body: some View {
        ///         TabulaList(items: mails, cells: Self.cells, selection: $selection)
        ///             .listState(state) { restoration in
        ///                 if !restoration.isComplete { print("gone:", restoration.skipped) }
        ///             }
        ///     }
        ///
        ///     /// The list's state, kept in scene storage as JSON.
        ///     private var state: Binding<ListState<Int, Note.ID>?> {
        ///         Binding(
        ///             get: { saved.flatMap { try? JSONDecoder().decode(ListState<Int, Note.ID>.self, from: $0) } },
        ///             set: { saved = $0.flatMap { try? JSONEncoder().encode($0) } })
        ///     }
        ///
        ///     static let cells = CellConfigurators<Note> { CellConfigurator.hosting(NoteRow()) }
        /// }
        /// ```
        ///
        /// Use it instead of ``scrollPosition(id:initialAnchor:)``, not with it: both scroll the
        /// list when it first shows its items.
        ///
        /// - Parameters:
        ///   - state: the saved state, read once to restore and written as the list changes;
        ///     `nil` restores nothing.
        ///   - onRestore: called once, after the update that restored the state, with what was
        ///     applied and what was skipped (not called when `state` held nothing).
        public func listState(
            _ state: Binding<ListState<SectionID, Item.ID>?>,
            onRestore: @escaping @MainActor (ListStateRestoration<SectionID, Item.ID>) -> Void = { _ in }
        ) -> Self {
            var copy = self
            copy.content.listState = ListStateBinding<SectionID, Item>(
                get: { state.wrappedValue }, set: { state.wrappedValue = $0 }, onRestore: onRestore)
            return copy
        }
    }
#endif
