#if canImport(UIKit)
    import UIKit

    /// Finds the nib named after a cell (or header, footer, supplementary view) class, as the seeds
    /// do with `Bundle.path(forResource:ofType: "nib")`, in the adapter's bundle (a framework's or a
    /// Swift package module's `Bundle.module`, not only `Bundle.main`), and the class of the view
    /// inside it.
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
                if let cell = objects.first(where: { $0 is UITableViewCell || $0 is UICollectionReusableView || $0 is UITableViewHeaderFooterView }) {
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
