#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import Tabula

    /// Tabula's standard `NSTableView` cell: shows ``CellContent`` with a text field, a secondary
    /// label and, for toggles, a switch.
    open class TabulaTableCellView: NSTableCellView, ContentCell, TogglingCell {
        /// The secondary text, on the trailing side.
        public let secondaryField = NSTextField(labelWithString: "")
        /// The switch shown for toggle accessories.
        public let toggle = NSSwitch()
        /// Called when the user flips the switch (the adapter's `onToggle`).
        public var onToggle: ((Bool) -> Void)?

        /// Creates the view and its subviews.
        public override init(frame frameRect: NSRect) {
            super.init(frame: frameRect)
            setUpSubviews()
        }

        /// Creates the view from an archive (a nib), with its subviews: a text field the nib
        /// connected is kept.
        public required init?(coder: NSCoder) {
            super.init(coder: coder)
            setUpSubviews()
        }

        private func setUpSubviews() {
            let field = textField ?? NSTextField(labelWithString: "")
            var added: [NSView] = [secondaryField, toggle]
            if textField == nil {
                textField = field
                added.insert(field, at: 0)
            }
            for view in added {
                view.translatesAutoresizingMaskIntoConstraints = false
                addSubview(view)
            }
            secondaryField.textColor = .secondaryLabelColor
            toggle.target = self
            toggle.action = #selector(toggled)
            var constraints = [
                toggle.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -4),
                toggle.centerYAnchor.constraint(equalTo: centerYAnchor),
                secondaryField.trailingAnchor.constraint(equalTo: toggle.leadingAnchor, constant: -4),
                secondaryField.centerYAnchor.constraint(equalTo: centerYAnchor),
            ]
            if added.contains(field) {
                constraints += [
                    field.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 4),
                    field.centerYAnchor.constraint(equalTo: centerYAnchor),
                ]
            }
            NSLayoutConstraint.activate(constraints)
        }

        @objc private func toggled() { onToggle?(toggle.state == .on) }

        /// Shows `content`: text, secondary text, accessory and style.
        public func apply(_ content: CellContent) {
            textField?.stringValue = content.text ?? ""
            var secondary = content.secondaryText ?? ""
            if content.accessory.isDisclosureIndicator { secondary += secondary.isEmpty ? "›" : "  ›" }
            if content.accessory.isCheckmark { secondary += secondary.isEmpty ? "✓" : "  ✓" }
            secondaryField.stringValue = secondary
            toggle.isHidden = content.accessory.toggleState == nil
            toggle.state = content.accessory.toggleState == true ? .on : .off
            textField?.textColor = content.style.isSubdued ? .secondaryLabelColor : .labelColor
        }
    }
#endif
