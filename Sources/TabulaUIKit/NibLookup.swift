#if canImport(UIKit)
    import UIKit
    import Tabula

    /// Finds the nib named after a cell (or header, footer, supplementary view) class, as table view code has always
    /// do with `Bundle.path(forResource:ofType: "nib")`, in the adapter's bundle (a framework's or a
    /// Swift package module's `Bundle.module`, not only `Bundle.main`), and the class of the view
    /// inside it.
    @MainActor
    package struct NibLookup {
        package let bundle: Bundle
        private var cache: [String: String?] = [:]

        package init(bundle: Bundle) { self.bundle = bundle }

        package mutating func cellClassName(inNibNamed name: String) -> String? {
            if let cached = cache[name] { return cached }
            var result: String? = nil
            if bundle.path(forResource: name, ofType: "nib") != nil {
                let objects = UINib(nibName: name, bundle: bundle).instantiate(withOwner: nil, options: nil)
                if let cell = objects.first(where: { $0 is UITableViewCell || $0 is UICollectionReusableView || $0 is UITableViewHeaderFooterView }) {
                    result = String(reflecting: type(of: cell))
                } else {
                    result = "(no cell)"
                }
            }
            cache[name] = result
            return result
        }
    }

    extension NibLookup {
        /// How each supplementary configurator registers: from the nib named after its class when
        /// there is one (checked to hold that class), otherwise from the class, which `isViewClass`
        /// must accept. Kinds outside `kinds` (when given) are refused.
        ///
        /// - Throws: ``ConfigurationError`` listing every problem; then nothing should be registered.
        package mutating func supplementaryPlan<SectionID>(
            _ configurators: [SupplementaryConfigurator<SectionID>], kinds: Set<SupplementaryKind>? = nil,
            isViewClass: (AnyObject.Type) -> Bool
        ) throws -> [(configurator: SupplementaryConfigurator<SectionID>, fromNib: Bool)] {
            var problems: [ConfigurationError.Problem] = []
            var plan: [(configurator: SupplementaryConfigurator<SectionID>, fromNib: Bool)] = []
            for configurator in configurators {
                if let kinds, !kinds.contains(configurator.kind) {
                    problems.append(.unsupportedSupplementaryKind(configurator.kind.rawValue, viewClass: configurator.viewTypeName))
                } else if let nibClass = cellClassName(inNibNamed: configurator.viewTypeName) {
                    if nibClass == String(reflecting: configurator.viewType) {
                        plan.append((configurator, true))
                    } else {
                        problems.append(.nibClassMismatch(nib: configurator.viewTypeName, nibClass: nibClass, expected: String(reflecting: configurator.viewType)))
                    }
                } else if isViewClass(configurator.viewType) {
                    plan.append((configurator, false))
                } else {
                    problems.append(.notACellClass(configurator.viewTypeName, identifier: configurator.reuseIdentifier))
                }
            }
            guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
            return plan
        }
    }
#endif
