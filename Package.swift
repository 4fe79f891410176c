// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "Springy",
    products: [
        .executable(name: "springy", targets: ["springy"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "5.0.1"),
    ],
    targets: [
        // System libraries, found with pkg-config.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // extern "C" API over Box2D 2.4's C++ classes, so no Swift module needs C++ interop.
        .target(name: "CBox2D",
                cxxSettings: [.define("NDEBUG")],
                linkerSettings: [.linkedLibrary("box2d"), .linkedLibrary("stdc++")]),
        // libpng's setjmp error handling and the FreeType font face live in C.
        .target(name: "CNative", dependencies: ["CCairo", "CPNG"],
                linkerSettings: [.linkedLibrary("freetype"), .linkedLibrary("z")]),

        .target(name: "SpringyCore"),
        .target(name: "SpringyScene", dependencies: ["SpringyCore", .product(name: "Yams", package: "Yams")]),
        .target(name: "SpringyDynamics", dependencies: ["SpringyCore", "CBox2D"]),
        .target(name: "SpringyLayout", dependencies: ["SpringyScene", "SpringyDynamics"]),
        .target(name: "SpringyRender", dependencies: ["SpringyLayout", "CCairo", "CNative"]),
        .target(name: "SpringyOutput", dependencies: ["SpringyRender", "CNative"]),
        .target(name: "SpringyGolden", dependencies: ["SpringyOutput"]),
        .target(name: "SpringyCLI", dependencies: [
            "SpringyScene", "SpringyLayout", "SpringyRender", "SpringyOutput", "SpringyGolden",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "springy", dependencies: ["SpringyCLI"]),
        // libFuzzer target for the scene decoder (scripts/fuzz); a replayer when built normally.
        .executableTarget(name: "springy-fuzz", dependencies: ["SpringyScene", "SpringyLayout"]),
        .testTarget(name: "SpringyTests", dependencies: ["SpringyCLI", "springy"],
                    exclude: ["hostile"]),
    ]
)
