/// How a view's row takes Tabula's custom actions and value each time it is configured, beside
/// the app's own: decided here for the UIKit glue, whose reused cells carry what their last row
/// had, so that a test on any platform runs the rule.
package enum RowAccessibilityMerge {
    /// The custom actions and value a row shows once Tabula gives it `added` and `value`:
    ///
    /// - the app's own actions (those of `current` that `isTabulas` does not claim) stay, in
    ///   their order, and `added` follows them; Tabula's earlier actions go. `nil` for none.
    /// - a value Tabula set with an earlier action (`valueOf`) is cleared, a value the app set is
    ///   kept, and `value` is set where the row has none left.
    package static func merge<Action>(
        actions current: [Action], value currentValue: String?, isTabulas: (Action) -> Bool, valueOf: (Action) -> String?,
        adding added: [Action], value: String?
    ) -> (actions: [Action]?, value: String?) {
        var shownValue = currentValue
        for action in current where isTabulas(action) {
            if let earlier = valueOf(action), shownValue == earlier { shownValue = nil }
        }
        if shownValue == nil { shownValue = value }
        let actions = current.filter { !isTabulas($0) } + added
        return (actions.isEmpty ? nil : actions, shownValue)
    }
}
