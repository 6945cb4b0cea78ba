// The settings, countries and errands screens in SwiftUI: Tabula lists with SwiftUI rows, inside
// SwiftUI navigation, search, editing and state. Compiled for iOS and macOS by the Apple SDK build.
#if canImport(SwiftUI) && canImport(Observation)
    import Observation
    import SwiftUI
    import Tabula
    import TabulaExamples
    import TabulaSwiftUI

    /// Both screens in tabs: what an app's `WindowGroup { SwiftUIExamples() }` shows.
    @available(iOS 17, macOS 14, *)
    @MainActor
    public struct SwiftUIExamples: View {
        public init() {}

        public var body: some View {
            TabView {
                SettingsScreen().tabItem { Label("Settings", systemImage: "gear") }
                CountriesScreen().tabItem { Label("Countries", systemImage: "globe") }
                ErrandsScreen().tabItem { Label("Errands", systemImage: "checklist") }
            }
        }
    }

    /// The settings in SwiftUI: the shared data source, its rows as SwiftUI views, and the
    /// language screen pushed on a navigation stack.
    @available(iOS 17, macOS 14, *)
    @MainActor
    public struct SettingsScreen: View {
        /// The settings data source, which the UIKit screens use too, with its snapshots observed.
        @State private var settings = SettingsScreenModel()
        @State private var path: [String] = []

        public init() {}

        public var body: some View {
            NavigationStack(path: $path) {
                TabulaList(settings.settings, style: .table(.insetGrouped), cells: settings.cells)
                    .onSelect { setting in
                        if settings.select(setting) { path.append("language") }
                    }
                    .navigationTitle("Settings")
                    .navigationDestination(for: String.self) { _ in
                        TabulaList(settings.languages, style: .table(.insetGrouped), cells: settings.cells)
                            .onSelect { settings.select($0) }
                            .navigationTitle("Language")
                    }
            }
        }
    }

    /// The countries in SwiftUI: a collection list with SwiftUI rows, search, favourites
    /// that move between sections, and the selection bound to the model.
    @available(iOS 17, macOS 14, *)
    @MainActor
    public struct CountriesScreen: View {
        @State private var model = CountriesModel()

        public init() {}

        public var body: some View {
            @Bindable var model = model
            NavigationStack {
                TabulaList(model.snapshot, style: .collection(.insetGrouped), cells: model.cells, selection: $model.selection)
                    .searchable(text: $model.query)
                    .navigationTitle(model.selection.map { "Countries · \($0)" } ?? "Countries")
            }
        }
    }

    /// Errands with what SwiftUI's `List` offers: select several in editing mode and delete them,
    /// drag to reorder, swipe to mark done, a context menu, and sections built without `try`.
    @available(iOS 17, macOS 14, *)
    @MainActor
    public struct ErrandsScreen: View {
        @State private var model = ErrandsModel()

        public init() {}

        public var body: some View {
            @Bindable var model = model
            NavigationStack {
                TabulaList(sections: model.sections, style: .table(.insetGrouped), cells: model.cells, selection: $model.selection)
                    .onDelete { model.delete($0) }
                    .onMove { _, snapshot in model.reorder(to: snapshot) }
                    .swipeActions(edge: .leading) { errand in
                        [ListRowAction(errand.isDone ? "Reopen" : "Done", systemImage: "checkmark") { model.toggleDone(errand) }]
                    }
                    .contextMenu { errand in
                        [
                            ListRowAction("Duplicate", systemImage: "plus.square.on.square") { model.duplicate(errand) },
                            ListRowAction("Delete", systemImage: "trash", isDestructive: true) { model.delete(errand) },
                        ]
                    }
                    .navigationTitle("Errands")
                    .toolbar {
                        #if os(iOS)
                            EditButton()
                        #endif
                        Button("Delete selected", role: .destructive) { model.deleteSelected() }.disabled(model.selection.isEmpty)
                    }
            }
        }
    }
#endif
