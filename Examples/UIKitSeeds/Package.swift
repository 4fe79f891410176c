// swift-tools-version:6.0
// The write-ups' systems as an iOS engineer writes them in UIKit, compiled on Linux against
// SpringyUIKit (the only change: the import), and tested against the repository's YAML scenes
// of the same systems. It depends on Springy by path (this repository); scripts/test-example
// builds and tests it in CI.
import PackageDescription

let package = Package(
    name: "UIKitSeeds",
    products: [.library(name: "UIKitSeeds", targets: ["UIKitSeeds"])],
    dependencies: [.package(name: "Springy", path: "../..")],
    targets: [
        // The UIKit code: views, view controllers, behaviors, animations. No Springy API but the import.
        .target(name: "UIKitSeeds", dependencies: [.product(name: "SpringyUIKit", package: "Springy")]),
        // The seeds as scenes, with the YAML scenes' scripts.
        .target(name: "SeedScenes", dependencies: ["UIKitSeeds", .product(name: "SpringyKit", package: "Springy")]),
        // Prints the seed scenes' hashes: the tests run it in two processes.
        .executableTarget(
            name: "seed-hashes", dependencies: ["SeedScenes", .product(name: "SpringyKit", package: "Springy")]),
        // Springy's command line with the seed scenes in it by name.
        .executableTarget(
            name: "seed-motion", dependencies: ["SeedScenes", .product(name: "SpringyCLI", package: "Springy")]),
        .testTarget(
            name: "UIKitSeedsTests",
            dependencies: [
                "UIKitSeeds", "SeedScenes", "seed-hashes", "seed-motion",
                .product(name: "SpringyKit", package: "Springy"),
                .product(name: "SpringySnapshotTesting", package: "Springy"),
                .product(name: "SpringyUIKit", package: "Springy"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
