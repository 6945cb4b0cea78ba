#if canImport(UIKit)
    import UIKit
    import Tabula

    /// A section header or footer of a collection view, showing a title.
    open class TabulaTitleView: UICollectionReusableView, TitleShowingView {
        /// The label showing the title.
        public let label = UILabel()

        /// Creates the view and its subviews.
        public override init(frame: CGRect) {
            super.init(frame: frame)
            setUpLabel()
        }

        /// Creates the view from an archive (a nib), with its subviews.
        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            setUpLabel()
        }

        private func setUpLabel() {
            label.font = .preferredFont(forTextStyle: .headline)
            label.adjustsFontForContentSizeCategory = true
            label.translatesAutoresizingMaskIntoConstraints = false
            addSubview(label)
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
                label.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
                label.topAnchor.constraint(equalTo: topAnchor, constant: 8),
                label.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
            ])
        }

        /// Shows `title`.
        public func showTitle(_ title: String?) { label.text = title }
    }
#endif
