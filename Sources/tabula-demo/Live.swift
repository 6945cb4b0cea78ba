import TabulaDemoKit

/// The live database screen's source; `nil` until the GRDB integration is wired in.
@MainActor
func makeLiveSource() -> (any LiveSource)? { nil }
