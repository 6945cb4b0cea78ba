// The SwiftUI code blocks of README.md and TabulaSwiftUI's landing page, compiled for iOS and macOS.
#if canImport(SwiftUI)
    import Foundation
    import SwiftUI
    import Tabula
    import TabulaSwiftUI

    struct Note: Identifiable, Hashable, Sendable {
        var id: Int
        var title: String
    }

    struct NoteRow: HostedRow {
        func describe(_ note: Note) -> CellContent { CellContent(text: note.title) }

        #if canImport(SwiftUI)
            func body(for note: Note) -> some View { Label(note.title, systemImage: "note.text") }
        #endif
    }

    @MainActor
    struct NotesScreen: View {
        @State private var notes: [Note] = []
        @State private var selection: Note.ID?

        var body: some View {
            TabulaList(items: notes, cells: NotesScreen.cells, selection: $selection)
                .onDelete { note in notes.removeAll { $0.id == note.id } }
        }

        static let cells = CellConfigurators<Note> { CellConfigurator.hosting(NoteRow()) }
    }

    // TabulaSwiftUI's landing page, README, and `TabulaList.scrollPosition(id:initialAnchor:)`.
    @MainActor
    struct ChatView: View {
        let messages: [Note]
        @State private var reading: Note.ID?

        var body: some View {
            TabulaList(items: messages, cells: Self.cells)
                .scrollPosition(id: $reading, initialAnchor: .bottom)
                .scrollAnchor(.bottom)
        }

        static let cells = CellConfigurators<Note> { CellConfigurator.hosting(NoteRow()) }

        /// Setting the position scrolls there.
        func showLatest() { reading = messages.last?.id }
    }

    // `TabulaList.listState(_:onRestore:)`.
    @MainActor
    struct MailboxView: View {
        let mails: [Note]
        @SceneStorage("mailbox.list") private var saved: Data?
        @State private var selection: Note.ID?

        var body: some View {
            TabulaList(items: mails, cells: Self.cells, selection: $selection)
                .listState(state) { restoration in
                    if !restoration.isComplete { print("gone:", restoration.skipped) }
                }
        }

        /// The list's state, kept in scene storage as JSON.
        private var state: Binding<ListState<Int, Note.ID>?> {
            Binding(
                get: { saved.flatMap { try? JSONDecoder().decode(ListState<Int, Note.ID>.self, from: $0) } },
                set: { saved = $0.flatMap { try? JSONEncoder().encode($0) } })
        }

        static let cells = CellConfigurators<Note> { CellConfigurator.hosting(NoteRow()) }
    }
#endif

#if canImport(SwiftUI) && canImport(UIKit)
    import UIKit
    import TabulaUIKit

    @MainActor
    func showNotes(in tableView: UITableView) throws -> TableViewAdapter<Int, Note> {
        let cells = CellConfigurators<Note> { CellConfigurator.hosting(NoteRow()) }
        let adapter = try TableViewAdapter<Int, Note>(tableView: tableView, cells: cells)
        return adapter
    }
#endif
