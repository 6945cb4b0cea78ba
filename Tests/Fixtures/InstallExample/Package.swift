// swift-tools-version: 6.1
// README's install snippet, in a manifest `DocsTests` reads with `swift package dump-package`.
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.iOS(.v15), .macOS(.v13)],
    dependencies: [
        // Tabula cloned beside this package, in a folder named Tabula:
        .package(path: "../Tabula"),
        // Once Tabula is published, its address replaces the path:
        // .package(url: "<Tabula's published repository URL>", from: "0.1.0"),
    ],
    targets: [
        .target(name: "MyApp", dependencies: [
            .product(name: "TabulaUIKit", package: "Tabula"),      // UITableView and UICollectionView
        ]),
        .testTarget(name: "MyAppTests", dependencies: [
            "MyApp",
            .product(name: "TabulaTesting", package: "Tabula"),    // the headless list view
        ]),
    ]
)
