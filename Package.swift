// swift-tools-version:6.0
import PackageDescription

// The dependency rule (CONTRIBUTING.md): every module lists every module it imports, and
// imports only modules below it in this order:
//   Core, Frame, YAML  →  Dynamics  →  Scene  →  Layout, Animation  →  Simulation  →  Render
//   →  Output  →  Golden  →  Pipeline  →  Preview  →  Kit  →  Server, SnapshotTesting  →  CLI
// A behavior kind is one file in Dynamics (its values, its scene keys and reading, its Box2D
// part); the scene model holds those values, so Scene sits over Dynamics.
// The CLI imports only SpringyKit and SpringyServer (public API, text helpers included:
// Wording); SpringyKit does not import Preview (its server is SpringyServer's).
// Render and Output never import Layout, Simulation or Dynamics; Output (bytes and files) does
// not import Render either (encoders take ARGBPixels, which a Canvas is), and Pipeline reaches
// the physics only through Simulation. Tests/ArchitectureTests checks this against the sources.
let package = Package(
    name: "Springy",
    products: [
        .executable(name: "springy", targets: ["springy"]),
        // Springy in a Swift package of one's own: load, validate, simulate, draw, write.
        .library(name: "SpringyKit", targets: ["SpringyKit"]),
        // swift-snapshot-testing strategies for a SpringyKit scene (frames, animation, trace).
        .library(name: "SpringySnapshotTesting", targets: ["SpringySnapshotTesting"]),
        // The live preview and the golden review page on a local port, over SpringyKit (kept apart
        // so that a package that only simulates and draws builds no HTTP server).
        .library(name: "SpringyServer", targets: ["SpringyServer"]),
        // UIKit's own classes and Swift names over Springy's engine: your UIKit motion code (views,
        // UIKit Dynamics, layouts) compiles on Linux with `import SpringyUIKit` and runs as a scene.
        .library(name: "SpringyUIKit", targets: ["SpringyUIKit"]),
        // Springy's command line in your own executable, your Swift scenes in it by name.
        .library(name: "SpringyCLI", targets: ["SpringyCLI"]),
        // `swift package springy render|check|docs ...` in a package that depends on Springy.
        .plugin(name: "SpringyPlugin", targets: ["SpringyPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "5.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.19.0"),
    ],
    targets: [
        // System libraries, found with pkg-config.
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // extern "C" API over Box2D 2.4's C++ classes, so no Swift module needs C++ interop.
        .target(
            name: "CBox2D",
            cxxSettings: [.define("NDEBUG")],
            linkerSettings: [.linkedLibrary("box2d"), .linkedLibrary("stdc++")]),
        // libpng's setjmp error handling and the FreeType font face live in C.
        .target(
            name: "CNative", dependencies: ["CCairo", "CPNG"],
            linkerSettings: [
                .linkedLibrary("freetype"), .linkedLibrary("z"), .linkedLibrary("deflate"), .linkedLibrary("pixman-1"),
                .linkedLibrary("imagequant"), .linkedLibrary("gif"), .linkedLibrary("webp"),
                .linkedLibrary("avif"),
            ]),

        // Geometry, colours, hashes and UIKit Dynamics' vocabulary.
        .target(name: "SpringyCore", dependencies: ["SpringyTypes"]),
        // YAML nodes (Yams) read with typed accessors that fail with located errors, checked
        // against key tables: what the scene decoder and each behavior kind read with.
        .target(name: "SpringyYAML", dependencies: ["SpringyCore", .product(name: "Yams", package: "Yams")]),
        // The seam: FrameState and what it holds, plain values only.
        .target(name: "SpringyFrame", dependencies: ["SpringyCore", "CNative"]),
        // The scene model and its validating YAML decoder.
        .target(
            name: "SpringyScene",
            dependencies: [
                "SpringyDynamics", "SpringyTypes", "SpringyCore", "SpringyFrame", "SpringyYAML",
                .product(name: "Yams", package: "Yams"),
            ]),
        // UIKit Dynamics: each behavior kind in one file (UIKit's properties as plain values, its
        // scene keys and how it is read, its part in the animator; the registrations generated),
        // item properties, the world's settings, and UIDynamicAnimator on Box2D.
        .target(name: "SpringyDynamics", dependencies: ["SpringyTypes", "SpringyCore", "SpringyFrame", "SpringyYAML", "CBox2D"]),
        // View animations (UIView.animate, property animators, SwiftUI's springs) on a clock: model
        // values, running tracks, presentation values. Scene files and SpringyUIKit share it.
        .target(name: "SpringyAnimation", dependencies: ["SpringyCore", "SpringyScene"]),
        // UIKit's classes and Swift names over the engine: a Swift scene's views, UIKit Dynamics and
        // script, run by the Simulation as the scene's program (LiveProgram).
        .target(
            name: "SpringyUIKit",
            dependencies: [
                "SpringyAnimation", "SpringyCore", "SpringyFrame", "SpringyScene", "SpringyDynamics",
                "SpringyLayout",
            ]),
        // Collection layouts, the scroll view, layout-driven dynamics.
        .target(
            name: "SpringyLayout",
            dependencies: ["SpringyCore", "SpringyFrame", "SpringyScene", "SpringyDynamics"]),
        // The clock, the step order, the script player, gestures and frame assembly.
        .target(
            name: "SpringySimulation",
            dependencies: [
                "SpringyAnimation", "SpringyCore", "SpringyFrame", "SpringyScene", "SpringyDynamics",
                "SpringyLayout",
            ]),
        // Every Cairo call: frames, sheets, trails, plots, vector stills, diff images.
        .target(name: "SpringyRender", dependencies: ["SpringyCore", "SpringyFrame", "SpringyScene", "CCairo", "CNative"]),
        // Bytes and files: PNG/APNG/y4m writers, video sinks, the trace writer, atomic files, file
        // names. Encoders read pixels (Core's ARGBPixels), not a Cairo canvas.
        .target(
            name: "SpringyOutput",
            dependencies: [
                "SpringyTypes", "SpringyCore", "SpringyFrame", "SpringyScene", "CNative",
            ]),
        // Image comparison and golden storage (no simulation).
        .target(
            name: "SpringyGolden",
            dependencies: [
                "SpringyTypes", "SpringyCore", "SpringyFrame", "SpringyScene", "SpringyRender", "SpringyOutput", "CNative",
            ]),
        // The only place that runs Scene → Simulation → Render → Output: render jobs, golden
        // checks, traces, plots, the docs gallery, the benchmark.
        // The value types a user holds, public, used by the engine and re-exported by SpringyKit.
        .target(name: "SpringyTypes"),
        .target(
            name: "SpringyPipeline",
            dependencies: [
                "SpringyTypes", "SpringyCore", "SpringyFrame", "SpringyScene", "SpringySimulation", "SpringyRender",
                "SpringyOutput", "SpringyGolden",
            ]),
        // `springy preview`: the scene live in a browser, served on loopback.
        // It never runs the simulation itself: its frames come from Pipeline's FrameWindow.
        .target(
            name: "SpringyPreview",
            dependencies: [
                "SpringyTypes", "SpringyCore", "SpringyFrame", "SpringyScene", "SpringyOutput", "SpringyGolden",
                "SpringyPipeline",
            ]),
        // The command line: flags in, SpringyKit's public API to do the work, text out.
        .target(
            name: "SpringyCLI",
            dependencies: [
                "SpringyKit", "SpringyServer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "springy", dependencies: ["SpringyCLI"]),
        // swift-snapshot-testing's Snapshotting strategies for SpringyKit scenes. Only what uses
        // it builds swift-snapshot-testing (its SnapshotTesting target needs no swift-syntax).
        .target(
            name: "SpringySnapshotTesting",
            dependencies: [
                "SpringyKit", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        // The command plugin: runs the springy tool built from this package, in the asking package.
        .plugin(
            name: "SpringyPlugin",
            capability: .command(
                intent: .custom(verb: "springy", description: "Run springy (render, check, docs, validate, …) in this package"),
                permissions: [
                    .writeToPackageDirectory(reason: "springy writes renders, goldens and documentation into the package")
                ])),
        // The library's deliberate API (its own value types over the pipeline).
        .target(
            name: "SpringyKit",
            dependencies: [
                "SpringyTypes", "SpringyCore", "SpringyFrame", "SpringyScene", "SpringySimulation", "SpringyRender",
                "SpringyOutput", "SpringyGolden", "SpringyPipeline", "SpringyUIKit", .product(name: "Yams", package: "Yams"),
            ]),
        // The preview and review servers (and the preview's benchmark), public, over SpringyKit.
        .target(name: "SpringyServer", dependencies: ["SpringyKit", "SpringyScene", "SpringyPreview"]),
        // Writes the registrations (behavior kinds, output formats) from the kinds' own files:
        // `swift run springy-generate`; GeneratedFilesTests fails when they are not current.
        .executableTarget(name: "springy-generate"),
        // libFuzzer targets for the readers of untrusted bytes: scenes, state streams, PNGs
        // (scripts/fuzz); a replayer when built normally.
        .executableTarget(
            name: "springy-fuzz",
            dependencies: [
                "CNative", "SpringyCore", "SpringyFrame", "SpringyOutput", "SpringyRender", "SpringyScene", "SpringySimulation",
            ]),
        // Helpers shared by the test targets (paths, running the binary, temporary folders).
        .target(
            name: "SpringyTestSupport", dependencies: ["SpringyFrame", "SpringyScene", "SpringySimulation"],
            path: "Tests/SpringyTestSupport"),
        // Tests by module, in process; only EndToEndTests runs the `springy` binary (ArchitectureTests).
        // The snapshot strategies as a user's test uses them (references in __Snapshots__).
        .testTarget(
            name: "SpringySnapshotTestingTests",
            dependencies: [
                "SpringyKit", "SpringySnapshotTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
        // The library as a user sees it: SpringyKit alone, in process.
        .testTarget(name: "SpringyKitTests", dependencies: ["SpringyKit", "SpringyTestSupport"]),
        // UIKit code as a user writes it, run as scenes and held to the YAML scenes of the same systems.
        // Resources: a picture UIImage(named:) finds in the resource bundle beside the test binary.
        // Core and Scene: the Swift steps' ranges are checked against the scene file's key tables.
        .testTarget(
            name: "SpringyUIKitTests",
            dependencies: ["SpringyUIKit", "SpringyKit", "SpringyCore", "SpringyScene", "SpringyTestSupport"],
            resources: [.process("Resources")]),
        // The command line's parsing and validation, in process (ArgumentParser's parseAsRoot).
        .testTarget(
            name: "CLITests",
            dependencies: ["SpringyCLI", "SpringyKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(
            name: "SceneTests",
            dependencies: [
                "SpringyTypes", "SpringyCore", "SpringyDynamics", "SpringyYAML", "SpringyScene", "SpringyTestSupport",
                .product(name: "Yams", package: "Yams"),
            ]),
        .testTarget(
            name: "DynamicsTests",
            dependencies: [
                "SpringyCore", "SpringyDynamics", "SpringyFrame", "SpringyLayout", "SpringyOutput",
                "SpringyPipeline",
                "SpringyScene", "SpringySimulation", "SpringyTestSupport",
            ]),
        .testTarget(
            name: "LayoutTests",
            dependencies: [
                "SpringyCore", "SpringyDynamics", "SpringyFrame", "SpringyLayout", "SpringyOutput", "SpringyPipeline",
                "SpringyScene", "SpringySimulation", "SpringyTestSupport",
            ]),
        .testTarget(
            name: "OutputTests",
            dependencies: [
                "SpringyTypes",
                "CCairo", "SpringyCore", "SpringyFrame", "SpringyGolden", "SpringyLayout", "SpringyOutput", "SpringyPipeline",
                "SpringyRender", "SpringyScene", "SpringySimulation", "SpringyTestSupport",
            ]),
        .testTarget(
            name: "GoldenTests",
            dependencies: [
                "SpringyCore", "SpringyFrame", "SpringyGolden", "SpringyLayout", "SpringyOutput", "SpringyPipeline",
                "SpringyRender", "SpringyScene", "SpringySimulation", "SpringyTestSupport",
            ]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "SpringyCore", "SpringyFrame", "SpringyGolden", "SpringyLayout", "SpringyOutput", "SpringyPipeline",
                "SpringyRender", "SpringyScene", "SpringySimulation", "SpringyTestSupport", "SpringyTypes", "SpringyKit",
                "SpringyUIKit",
                "springy",
                "springy-generate",
                .product(name: "Yams", package: "Yams"),
            ], exclude: ["hostile"]),
    ]
)
