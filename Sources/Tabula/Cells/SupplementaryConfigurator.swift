/// The section a header, a footer or another supplementary view shows.
public struct SectionContext<SectionID: Hashable & Sendable>: Hashable, Sendable {
    /// The section's identifier.
    public let id: SectionID
    /// The section's index.
    public let index: Int
    /// The section's header title.
    public let header: String?
    /// The section's footer title.
    public let footer: String?
    /// How many items the section has.
    public let numberOfItems: Int

    /// Creates a context.
    public init(id: SectionID, index: Int, header: String?, footer: String?, numberOfItems: Int) {
        self.id = id
        self.index = index
        self.header = header
        self.footer = footer
        self.numberOfItems = numberOfItems
    }
}

extension Snapshot {
    /// The context of the section at `index`, for supplementary views, or `nil` when there is none.
    ///
    /// - Complexity: O(1).
    public func sectionContext(at index: Int) -> SectionContext<SectionID>? {
        guard let section = section(at: index) else { return nil }
        return SectionContext(id: section.id, index: index, header: section.header, footer: section.footer, numberOfItems: section.items.count)
    }
}

/// A kind of supplementary view: a section header, a section footer, or another kind a collection
/// layout asks for (a badge, a background).
public struct SupplementaryKind: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The element kind string (`UICollectionView`'s).
    public let rawValue: String

    /// A kind named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Section headers (`UICollectionView.elementKindSectionHeader`; a table's section header).
    public static let header = SupplementaryKind(rawValue: "UICollectionElementKindSectionHeader")
    /// Section footers (`UICollectionView.elementKindSectionFooter`; a table's section footer).
    public static let footer = SupplementaryKind(rawValue: "UICollectionElementKindSectionFooter")

    public var description: String { rawValue }
}

/// A view that can show a section's title: the standard header and footer views of every Tabula
/// view conform, which is how a supplementary configurator with `describe:` shows in the headless
/// view and the terminal.
@MainActor
public protocol TitleShowingView: AnyObject {
    /// Shows `title`.
    func showTitle(_ title: String?)
}

/// How sections become supplementary views: custom header and footer views of a table, or any
/// supplementary kind of a collection layout, registered like cells (from a nib named after the
/// class when one exists, otherwise the class) and configured with the section.
///
/// ```swift
/// try adapter.registerSupplementaryViews([
///     .view(CountHeader.self, kind: .header, describe: { "\($0.header ?? "") (\($0.numberOfItems))" }) { view, section in
///         view.titleLabel.text = section.header
///         view.countLabel.text = "\(section.numberOfItems)"
///     },
/// ])
/// ```
///
/// When a section's header or footer title changes, the visible views of that section are
/// configured again in place, as titles are.
public struct SupplementaryConfigurator<SectionID: Hashable & Sendable>: Sendable {
    /// The kind of view.
    public let kind: SupplementaryKind
    /// The identifier the view is registered and dequeued under; defaults to the class's name.
    public var reuseIdentifier: String
    /// The view class.
    public let viewType: AnyObject.Type
    /// The view class's name: the nib looked for when registering, and what errors name.
    public let viewTypeName: String
    /// Whether ``reuseIdentifier`` is the class's name because the app named none (then another
    /// class of the same name makes it the class's fully qualified name).
    package var identifierIsDefault = false
    let configureView: @MainActor (AnyObject, SectionContext<SectionID>) -> Void
    let describeSection: (@MainActor (SectionContext<SectionID>) -> String?)?
    /// Which sections this configurator's views are for (all, unless narrowed with
    /// ``forSections(where:)``).
    var takesSection: @MainActor (SectionContext<SectionID>) -> Bool = { _ in true }

    /// A configurator of views of class `View` for supplementary views of `kind`.
    ///
    /// - Parameters:
    ///   - viewType: the view class, registered from a nib named after it when one exists.
    ///   - kind: the kind of supplementary view (default: section headers).
    ///   - reuseIdentifier: defaults to the class's name.
    ///   - describe: the text the view stands for where `View` cannot be shown (the headless view,
    ///     the terminal); without it, those views report `notACellClass`.
    ///   - configure: configures the view for a section.
    public static func view<View: AnyObject>(
        _ viewType: View.Type, kind: SupplementaryKind = .header, reuseIdentifier: String? = nil,
        describe: (@MainActor (SectionContext<SectionID>) -> String?)? = nil,
        configure: @escaping @MainActor (View, SectionContext<SectionID>) -> Void
    ) -> SupplementaryConfigurator {
        let name = String(describing: viewType)
        var configurator = SupplementaryConfigurator(
            kind: kind, reuseIdentifier: reuseIdentifier ?? name, viewType: viewType, viewTypeName: name,
            configureView: { view, context in
                if let typed = view as? View {
                    configure(typed, context)
                } else if let describe, let titled = view as? any TitleShowingView {
                    titled.showTitle(describe(context))
                }
            },
            describeSection: describe)
        configurator.identifierIsDefault = reuseIdentifier == nil
        return configurator
    }

    /// A configurator of views of class `View` for supplementary views of `kind`, configured with
    /// the kind too (one configurator for headers and footers, say).
    public static func view<View: AnyObject>(
        _ viewType: View.Type, kind: SupplementaryKind = .header, reuseIdentifier: String? = nil,
        describe: (@MainActor (SectionContext<SectionID>) -> String?)? = nil,
        configure: @escaping @MainActor (View, SupplementaryKind, SectionContext<SectionID>) -> Void
    ) -> SupplementaryConfigurator {
        view(viewType, kind: kind, reuseIdentifier: reuseIdentifier, describe: describe) { view, section in configure(view, kind, section) }
    }

    /// A copy for the sections `predicate` accepts only: sections of a list can have headers of
    /// different classes, or none. The first configurator of a kind that takes a section is used;
    /// a section that none takes shows its title (a table asks your delegate's
    /// `viewForHeaderInSection` first).
    ///
    /// ```swift
    /// try adapter.registerSupplementaryViews([
    ///     .view(FavouritesHeader.self) { header, section in header.show(section) }.forSections { $0.id == "favourites" },
    ///     .view(PlainHeader.self) { header, section in header.title = section.header },
    /// ])
    /// ```
    public func forSections(where predicate: @escaping @MainActor (SectionContext<SectionID>) -> Bool) -> SupplementaryConfigurator {
        var copy = self
        let previous = takesSection
        copy.takesSection = { previous($0) && predicate($0) }
        return copy
    }

    /// A copy for the sections whose identifiers are in `ids` only.
    public func forSections(_ ids: Set<SectionID>) -> SupplementaryConfigurator { forSections { ids.contains($0.id) } }

    /// Whether this configurator's views are for the section `context` describes.
    @MainActor
    public func takes(_ context: SectionContext<SectionID>) -> Bool { takesSection(context) }

    /// Whether this configurator can show its sections in a view's standard title view.
    public var describesSections: Bool { describeSection != nil }

    /// Configures `view` for the section `context` describes.
    @MainActor
    public func configure(_ view: AnyObject, for context: SectionContext<SectionID>) { configureView(view, context) }
}

extension Array {
    /// The first configurator for supplementary views of `kind` that takes the section `context`
    /// describes, if any.
    @MainActor
    public func configurator<SectionID>(for kind: SupplementaryKind, in context: SectionContext<SectionID>) -> SupplementaryConfigurator<SectionID>?
    where Element == SupplementaryConfigurator<SectionID> {
        first { $0.kind == kind && $0.takes(context) }
    }
}
