// swift-tools-version: 6.1
// Benchmarks live in their own package so the library's manifest stays light.
// Run: swift run -c release --package-path Benchmarks tabula-benchmarks
import Foundation
import PackageDescription

// A path dependency is named after its folder, which differs from clone to clone.
let tabulaPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "TabulaBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The lists the `observe scenario=cell-10k` line times, shared with the executable whose
        // rounds `instructions.sh` counts.
        .target(
            name: "CellObserveLists",
            dependencies: [
                .product(name: "Tabula", package: tabulaPackage),
                .product(name: "TabulaTesting", package: tabulaPackage),
            ]
        ),
        .executableTarget(name: "tabula-observe-instructions", dependencies: ["CellObserveLists"]),
        // The lists of DifferenceKit's and ListKit's published shapes, as identifiers: no dependency,
        // so that a comparison with those libraries (README, "Side by side") builds the same lists.
        .target(name: "BenchmarkShapes"),
        .executableTarget(
            name: "tabula-benchmarks",
            dependencies: [
                "BenchmarkShapes",
                "CellObserveLists",
                .product(name: "Tabula", package: tabulaPackage),
                .product(name: "TabulaTesting", package: tabulaPackage),
                .product(name: "TabulaGRDB", package: tabulaPackage),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
            // Built as an app is built: `-c release` means plain `-O`, nothing more.
        )
    ],
    swiftLanguageModes: [.v6]
)
