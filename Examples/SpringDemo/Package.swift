// swift-tools-version:6.0
// An app's package that uses Springy as a user would: SpringyKit and its snapshot strategies
// in its tests, the `springy` command plugin for its DocC catalogue. It depends on Springy by
// path (this repository); yours would name Springy's URL. scripts/test-example builds and tests
// it in CI: that is how README's instructions are proved.
import PackageDescription

let package = Package(
    name: "SpringDemo",
    products: [.library(name: "SpringDemo", targets: ["SpringDemo"])],
    dependencies: [.package(name: "Springy", path: "../..")],
    targets: [
        .target(name: "SpringDemo", exclude: ["SpringDemo.docc"]),
        .testTarget(
            name: "SpringDemoTests",
            dependencies: [
                "SpringDemo",
                .product(name: "SpringyKit", package: "Springy"),
                .product(name: "SpringySnapshotTesting", package: "Springy"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
