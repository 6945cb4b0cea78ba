// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Tabula",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "Tabula", targets: ["Tabula"]),
        .library(name: "TabulaTesting", targets: ["TabulaTesting"]),
        .library(name: "TabulaTerminal", targets: ["TabulaTerminal"]),
        .library(name: "TabulaUIKit", targets: ["TabulaUIKit"]),
        .library(name: "TabulaAppKit", targets: ["TabulaAppKit"]),
        .library(name: "TabulaSwiftUI", targets: ["TabulaSwiftUI"]),
        .library(name: "TabulaGRDB", targets: ["TabulaGRDB"]),
        .library(name: "TabulaCoreData", targets: ["TabulaCoreData"]),
        .library(name: "TabulaSnapshotTesting", targets: ["TabulaSnapshotTesting"]),
        .executable(name: "tabula-demo", targets: ["tabula-demo"]),
    ],
    traits: [
        .trait(
            name: "Invariants",
            description: "Check the snapshot's index after every edit (O(n) each) in Debug builds; CI turns it on for one test run"),
    ],
    dependencies: [
        // Colours for the terminal list view.
        .package(url: "https://github.com/onevcat/Rainbow", from: "4.2.2"),
        // SQLite, for the TabulaGRDB product only: apps that do not use that product never build it.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Lock-free flags shared with the terminal's signal handlers (TabulaTerminal, on Linux and
        // macOS, where terminals are).
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        // `swift package generate-documentation --target NAME`: the DocC catalogues, built locally.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Snapshot strategies for the headless view, for the TabulaSnapshotTesting product only:
        // its SnapshotTesting library has no dependencies of its own, so apps that do not use the
        // product build none of it (SwiftPM still resolves the package and its swift-syntax).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // The inline C functions Swift cannot say without Foundation or a package: a prefetch, which
        // lets the build of a large snapshot's index fetch buckets ahead of the rows that fill
        // them; `memcmp`, which compares items' bytes; an atomic load and compare-and-swap, which
        // publish an index built on first need (see CONTRIBUTING).
        .target(name: "CTabulaMemory"),
        // The platform-agnostic core: no UI import, no dependency beyond the standard library (and
        // Foundation's UUID, whose hash the item index computes itself) and the C functions above.
        .target(
            name: "Tabula",
            dependencies: ["CTabulaMemory"],
            // O(n) checks of the snapshot's tables after every edit, in Debug builds with the
            // `Invariants` trait only (`swift test --traits Invariants`): off for apps by default.
            swiftSettings: [.define("TABULA_INVARIANTS", .when(configuration: .debug, traits: ["Invariants"]))]
        ),
        // A headless list view with UIKit's contract, for tests on any platform.
        .target(name: "TabulaTesting", dependencies: ["Tabula"]),
        // swift-snapshot-testing strategies for the headless view (its rendered text, its structure).
        .target(
            name: "TabulaSnapshotTesting",
            dependencies: ["Tabula", "TabulaTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        // Thin adapters; their code is behind `#if canImport(UIKit)` / `canImport(AppKit)`.
        .target(name: "TabulaUIKit", dependencies: ["Tabula"]),
        .target(name: "TabulaAppKit", dependencies: ["Tabula"]),
        // SwiftUI rows in Tabula lists and Tabula lists in SwiftUI screens; the SwiftUI code is
        // behind `#if canImport(SwiftUI)`, and a row's description (what tests read) builds everywhere.
        .target(name: "TabulaSwiftUI", dependencies: ["Tabula", "TabulaUIKit", "TabulaAppKit"]),
        // Core Data's fetched results, on Apple platforms (behind `#if canImport(CoreData)`).
        .target(name: "TabulaCoreData", dependencies: ["Tabula"]),
        // Live data from SQLite through GRDB, in its own product.
        .target(name: "TabulaGRDB", dependencies: ["Tabula", .product(name: "GRDB", package: "GRDB.swift")]),
        // A list view that draws into a terminal (and prints plain text when output is not one).
        .target(
            name: "TabulaTerminal",
            dependencies: [
                "Tabula", .product(name: "Atomics", package: "swift-atomics", condition: .when(platforms: [.linux, .macOS])),
                .product(name: "Rainbow", package: "Rainbow", condition: .when(platforms: [.linux, .macOS])),
            ]
        ),
        // Worked examples of common list screens, written with Tabula; tested against the headless view.
        .target(name: "TabulaExamples", dependencies: ["Tabula", "TabulaTesting"], path: "Examples", exclude: ["SwiftUI"]),
        // The settings and countries examples with SwiftUI rows and in SwiftUI screens: the rows and
        // models build and are tested everywhere, the screens on Apple platforms.
        .target(
            name: "TabulaSwiftUIExamples", dependencies: ["Tabula", "TabulaSwiftUI", "TabulaExamples"], path: "Examples/SwiftUI"),
        // The examples' screens in UIKit (view controllers, cells, navigation) over the same data
        // sources as `TabulaExamples`; compiled for iOS by the Apple SDK build (behind
        // `#if canImport(UIKit)`, so empty elsewhere).
        .target(
            name: "TabulaUIKitExamples", dependencies: ["Tabula", "TabulaUIKit", "TabulaExamples", "TabulaSwiftUI", "TabulaSwiftUIExamples"],
            path: "ExamplesUIKit"),
        // The UIKit, AppKit and Core Data code blocks of README.md and the DocC articles, compiled
        // for iOS and macOS the same way (behind `#if canImport`, so empty elsewhere);
        // `Tests/DocSnippetsTests` checks that every block of the docs stands in compiled code.
        .target(
            name: "TabulaDocSnippetsApple", dependencies: ["Tabula", "TabulaUIKit", "TabulaAppKit", "TabulaSwiftUI", "TabulaCoreData", "TabulaTesting"],
            path: "DocSnippetsApple"),
        // A sample UIKit app's screens, one per adapter feature (delegate forwarding, apply results,
        // commands by identity, supplementary views, collection editing), and README's port of a
        // diffable-data-source screen; compiled for iOS by the Apple SDK build.
        .target(name: "TabulaSampleApp", dependencies: ["Tabula", "TabulaUIKit", "TabulaExamples"], path: "SampleApp"),
        // The demo's screens, as a library so tests can check what each one shows.
        .target(name: "TabulaDemoKit", dependencies: ["Tabula", "TabulaTerminal", "TabulaExamples"]),
        .executableTarget(
            name: "tabula-demo",
            dependencies: ["Tabula", "TabulaTerminal", "TabulaDemoKit", "TabulaGRDB", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "TabulaTests", dependencies: ["Tabula", "TabulaTesting"],
            // Tells the tests whether this build should check invariants (the same condition as Tabula's).
            swiftSettings: [.define("EXPECT_TABULA_INVARIANTS", .when(configuration: .debug, traits: ["Invariants"]))]),
        .testTarget(name: "TabulaTestingTests", dependencies: ["Tabula", "TabulaTesting", "TabulaTerminal"]),
        .testTarget(
            name: "TabulaSnapshotTestingTests", dependencies: ["TabulaSnapshotTesting", "Tabula", "TabulaTesting"],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "TabulaGRDBTests", dependencies: ["TabulaGRDB", "Tabula", "TabulaTesting"]),
        .testTarget(name: "TabulaCoreDataTests", dependencies: ["TabulaCoreData", "Tabula", "TabulaTesting"]),
        .testTarget(
            name: "TabulaSwiftUITests",
            dependencies: ["TabulaSwiftUI", "TabulaSwiftUIExamples", "TabulaExamples", "Tabula", "TabulaTesting", "TabulaTerminal"]),
        .testTarget(name: "TabulaExamplesTests", dependencies: ["TabulaExamples", "Tabula", "TabulaTesting"]),
        .testTarget(
            name: "DocSnippetsTests",
            dependencies: ["Tabula", "TabulaTesting", "TabulaTerminal", "TabulaGRDB", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "TabulaDemoTests", dependencies: ["TabulaDemoKit", "Tabula", "TabulaTesting", "TabulaTerminal", "TabulaExamples"]),
    ],
    swiftLanguageModes: [.v6]
)
