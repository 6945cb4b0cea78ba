/// What an adapter knows of its view's `dataSource` and `delegate` properties: a screen written
/// for Apple's diffable data sources sets `tableView.delegate = self` (Apple's data sources never
/// take the delegate), which, kept in a port, replaces the adapter (set before it is made) or cuts
/// it off (set after). ``ListAdapterCore/checkConnection()`` reports each replacement once.
struct ConnectionWatch {
    /// A role the adapter plays for its view.
    enum Role: Hashable {
        case dataSource, delegate

        /// The property's name.
        var property: String { self == .delegate ? "delegate" : "dataSource" }
    }

    /// What was found when the adapter was made, reported at its first apply or callback (the
    /// app sets ``ListDriver/onDiagnostic`` after making it).
    var pending: [ListDiagnostic] = []
    /// The object last reported in each role (`.some(nil)`: the property was set to `nil`), so
    /// that a replacement is reported once, however many callbacks notice it.
    var reported: [Role: ObjectIdentifier?] = [:]
    /// Whether a callback has asked for a check on the main actor's next turn.
    var checkScheduled = false
}
