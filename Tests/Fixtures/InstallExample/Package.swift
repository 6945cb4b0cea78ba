// swift-tools-version: 6.1
// README's install snippet, in a manifest `DocsTests` reads with `swift package dump-package`.
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.iOS(.v15), .macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/tabula-swift/Tabula", from: "0.1.0"),
        // Or, with Tabula cloned beside your package:
        // .package(path: "../Tabula"),
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
