// The models the docs' Apple-platform code blocks use.

// README: "Your first table".
struct Country: Identifiable, Equatable, Sendable {
    var code: String
    var name: String
    var id: String { code }
}

// The reordering article: a to-do.
struct Todo: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
}
