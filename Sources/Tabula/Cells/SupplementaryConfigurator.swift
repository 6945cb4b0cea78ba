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
    package let kind: SupplementaryKind
    /// The identifier the view is registered and dequeued under; defaults to the class's name.
    package var reuseIdentifier: String
    /// The view class.
    package let viewType: AnyObject.Type
    /// The view class's name: the nib looked for when registering, and what errors name.
    package let viewTypeName: String
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
    func forSections(where predicate: @escaping @MainActor (SectionContext<SectionID>) -> Bool) -> SupplementaryConfigurator {
        var copy = self
        let previous = takesSection
        copy.takesSection = { previous($0) && predicate($0) }
        return copy
    }

    /// A copy for the sections whose identifiers are in `ids` only.
    public func forSections(_ ids: Set<SectionID>) -> SupplementaryConfigurator { forSections { ids.contains($0.id) } }

    /// Whether this configurator's views are for the section `context` describes.
    @MainActor
    func takes(_ context: SectionContext<SectionID>) -> Bool { takesSection(context) }

    /// Whether this configurator can show its sections in a view's standard title view.
    package var describesSections: Bool { describeSection != nil }

    /// Configures `view` for the section `context` describes.
    @MainActor
    package func configure(_ view: AnyObject, for context: SectionContext<SectionID>) { configureView(view, context) }
}

extension Array {
    /// The first configurator for supplementary views of `kind` that takes the section `context`
    /// describes, if any.
    @MainActor
    package func configurator<SectionID>(for kind: SupplementaryKind, in context: SectionContext<SectionID>) -> SupplementaryConfigurator<SectionID>?
    where Element == SupplementaryConfigurator<SectionID> {
        first { $0.kind == kind && $0.takes(context) }
    }
}
