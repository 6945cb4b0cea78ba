// TabulaCoreData's landing page, compiled for iOS and macOS.
#if canImport(CoreData) && canImport(UIKit)
    import CoreData
    import Tabula
    import TabulaCoreData
    import TabulaUIKit

    final class NoteObject: NSManagedObject {
        @NSManaged var title: String?
        @NSManaged var folder: String?
    }

    struct NoteValue: Identifiable, Equatable, Sendable {
        var id: URL
        var title: String
    }

    @MainActor
    func showNotes(in adapter: TableViewAdapter<String, NoteValue>, context: NSManagedObjectContext) throws -> FetchedResultsList<NoteObject, String, NoteValue> {
        let request = NSFetchRequest<NoteObject>(entityName: "Note")
        request.sortDescriptors = [NSSortDescriptor(key: "folder", ascending: true), NSSortDescriptor(key: "title", ascending: true)]
        let list = FetchedResultsList(fetchRequest: request, context: context, sectionNameKeyPath: "folder", sectionID: { $0 }) { note in
            NoteValue(id: note.objectID.uriRepresentation(), title: note.title ?? "")
        }
        try list.start(driving: adapter.driver)   // keep `list` as long as the screen shows it
        return list
    }
#endif
