#if canImport(UIKit)
    import UIKit

    /// Finds the nib named after a cell class, as the seeds do with
    /// `Bundle.path(forResource:ofType: "nib")`, and the class of the cell inside it.
    @MainActor
    struct NibLookup {
        let bundle: Bundle
        private var cache: [String: String?] = [:]

        init(bundle: Bundle) { self.bundle = bundle }

        mutating func cellClassName(inNibNamed name: String) -> String? {
            if let cached = cache[name] { return cached }
            var result: String? = nil
            if bundle.path(forResource: name, ofType: "nib") != nil {
                let objects = UINib(nibName: name, bundle: bundle).instantiate(withOwner: nil, options: nil)
                if let cell = objects.first(where: { $0 is UITableViewCell || $0 is UICollectionViewCell }) {
                    result = String(describing: type(of: cell))
                } else {
                    result = "(no cell)"
                }
            }
            cache[name] = result
            return result
        }
    }
#endif
