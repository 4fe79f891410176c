import Foundation
import SpringyKit
import SpringyTestSupport
import XCTest

/// Issue 32: the library's own API is enough to load, check, simulate, draw and write a scene,
/// and gives what the command line gives. This target imports SpringyKit alone of Springy's
/// modules (plus the test support); what it compares with the command line is in EndToEndTests'
/// SpringyKitCommandTests.
final class SpringyKitTests: XCTestCase {
    /// A box falling under gravity for a second (SpringyTestSupport).
    let fall = fallingBoxScene

    func testAFallingBoxIsSimulatedAsBox2DIntegratesGravity() throws {
        let scene = try Scene(yaml: fall, file: "fall.yaml")
        XCTAssertEqual(scene.framesPerSecond, 60)
        XCTAssertEqual(scene.width, 200)
        XCTAssertEqual(scene.scale, 2)
        let frames = try scene.simulate()
        XCTAssertEqual(frames.count, 60)
        XCTAssertEqual(frames[30].time, 0.5, accuracy: 1e-9)
        // Semi-implicit Euler at 1/120 s: after n steps g·h²·n(n+1)/2 (DYNAMICS.md), frame k = 2k steps.
        for k in [10, 30, 59] {
            let n = Double(2 * k), h = 1.0 / 120
            let y = try XCTUnwrap(frames[k].item("box")).center.y
            XCTAssertEqual(y, 40 + 1000 * h * h * n * (n + 1) / 2, accuracy: 0.01, "frame \(k)")
        }
    }

    func testProblemsAreLocatedAndValidateFindsThemAll() throws {
        let bad = """
            springy: 1
            viewport: { size: [200, 300], scale: 2 }
            time: { fps: 60, duration: 1 }
            items:
              box: { center: [100, 40], size: [-4, 40] }
            behaviors:
              - gravity: { items: [box], magnitude: nope }
            """
        XCTAssertThrowsError(try Scene(yaml: bad, file: "bad.yaml")) { error in
            let problems = (error as? Problems)?.problems ?? []
            XCTAssertEqual(problems.count, 2, "\(problems)")
            XCTAssertEqual(problems.first?.file, "bad.yaml")
            XCTAssertEqual(problems.first?.line, 5)
            XCTAssertTrue(problems.first?.key.hasPrefix("items.box.size") == true, problems.first?.key ?? "")
            XCTAssertEqual(problems.last?.line, 7)
        }
        let dir = temporaryDirectory()
        try bad.write(toFile: "\(dir)/bad.yaml", atomically: true, encoding: .utf8)
        let v = Scene.validate(file: "\(dir)/bad.yaml")
        XCTAssertEqual(v.problems.map(\.line), [5, 7])
        XCTAssertTrue(v.problems[0].description.hasPrefix("\(dir)/bad.yaml:5:"), v.problems[0].description)
        try fall.write(toFile: "\(dir)/fall.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(Scene.validate(file: "\(dir)/fall.yaml").problems, [])
    }

}

/// The library's documentation: its article's example runs as written, and DocC builds the
/// catalogue from the module's symbols with warnings as errors (every link resolves).
final class SpringyKitDocumentationTests: XCTestCase {
    #if arch(x86_64)
        static let triple = "x86_64-unknown-linux-gnu"
    #else
        static let triple = "aarch64-unknown-linux-gnu"
    #endif

    func testTheArticlesSpringHoldsItsPeriod() throws {
        // As in SpringyKit.docc/TestYourSpringInAUnitTest.md.
        let yaml = """
            springy: 1
            viewport: { size: [400, 600], scale: 1 }
            time: { fps: 120, duration: 3 }
            items:
              bob: { center: [200, 400], size: [20, 20] }
            behaviors:
              - attachment: { item: bob, to: [200, 200], length: 100, frequency: 1.5, damping: 0.2 }
              - item: { items: [bob], resistance: 0, allows_rotation: false }
            """
        let scene = try Scene(yaml: yaml, file: "spring.yaml")
        let ys = try scene.simulate().map { $0.item("bob")!.center.y - 300 }
        var turns: [Double] = []
        for k in 1..<(ys.count - 1) where (ys[k] - ys[k - 1]) * (ys[k + 1] - ys[k]) < 0 {
            turns.append(Double(k) / 120)
        }
        let period = turns[2] - turns[0]
        let expected = 1 / (1.5 * (1 - 0.2 * 0.2).squareRoot())
        XCTAssertEqual(period, expected, accuracy: 0.01)
        let article = try String(
            contentsOfFile: packageRoot + "/Sources/SpringyKit/SpringyKit.docc/TestYourSpringInAUnitTest.md", encoding: .utf8)
        XCTAssertTrue(article.contains("let period = turns[2] - turns[0]"), "the article shows this test's code")
    }

    func testTheCatalogueBuildsWithWarningsAsErrors() throws {
        let docc = try requireTool("docc", "the Swift toolchain's docc: the library's documentation was not built")
        let extract = try requireTool("swift-symbolgraph-extract", "the Swift toolchain's symbol graph extractor")
        let dir = temporaryDirectory()
        // The module as built beside the springy binary, with the C modules it reaches: every
        // module map of the package's C targets (in Sources, or generated in the build folder).
        let build = buildProducts
        var maps: [String] = []
        // (`X-tool.build` is the same module built for the command plugin's tool: skipped.)
        for folder in try FileManager.default.contentsOfDirectory(atPath: build).sorted()
        where folder.hasSuffix(".build") && !folder.hasSuffix("-tool.build") {
            if FileManager.default.fileExists(atPath: "\(build)/\(folder)/module.modulemap") {
                maps.append("\(build)/\(folder)/module.modulemap")
            }
        }
        for target in try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Sources").sorted() {
            let map = packageRoot + "/Sources/\(target)/module.modulemap"
            if FileManager.default.fileExists(atPath: map) { maps.append(map) }
        }
        let cflags = try runProgram("/usr/bin/pkg-config", ["--cflags", "cairo", "libpng"]).stdout
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        var arguments = [
            "-module-name", "SpringyKit", "-I", "\(build)/Modules", "-module-cache-path", "\(dir)/module-cache", "-target",
            Self.triple, "-output-dir", dir,
            "-minimum-access-level", "public",
        ]
        for map in maps { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
        for flag in cflags { arguments += ["-Xcc", flag] }
        let graphs = try runProgram(extract, arguments)
        XCTAssertEqual(graphs.status, 0, graphs.stderr)
        let built = try runProgram(
            docc,
            [
                "convert", packageRoot + "/Sources/SpringyKit/SpringyKit.docc", "--additional-symbol-graph-dir", dir,
                "--output-path", "\(dir)/site", "--fallback-display-name", "SpringyKit", "--fallback-bundle-identifier",
                "org.springy.kit", "--fallback-bundle-version", "1", "--warnings-as-errors",
            ])
        XCTAssertEqual(built.status, 0, built.stdout + built.stderr)
        for page in ["springykit.json", "springykit/scene.json", "springykit/testyourspringinaunittest.json"] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: "\(dir)/site/data/documentation/\(page)"), "\(page) is built")
        }
    }
}

/// Issue 32: a scene built in Swift is the same scene as its YAML — value → YAML → value, and
/// identical frames — for a scene written here and for every scene of the repository.
final class SceneValueTests: XCTestCase {
    let built: SceneValue = [
        "springy": 1,
        "name": "yes: a \"quoted\" name",
        "viewport": ["size": [200, 300], "scale": 2, "background": "#FFFFFF"],
        "time": ["fps": 60, "duration": 1.5],
        "golden": ["frames": [0, "last"]],
        "items": [
            "box": ["center": [100, 40], "size": [40, 40], "label": "0.10"],
            "ball": ["center": [60, 40], "size": [30, 30], "shape": "ellipse"],
        ],
        "behaviors": [
            ["gravity": ["items": ["box", "ball"], "magnitude": 0.8]],
            ["collision": ["items": ["box", "ball"]]],
            ["item": ["items": ["ball"], "elasticity": 0.6, "allows_rotation": false]],
        ],
        "script": [["at": 0.5, "add_velocity": ["item": "box", "linear": [120, -300]]]],
    ]

    func testASceneBuiltInSwiftIsItsYAML() throws {
        let yaml = built.yaml
        XCTAssertEqual(try SceneValue(yaml: yaml), built, "value → YAML → value:\n\(yaml)")
        XCTAssertTrue(yaml.contains("\"label\": \"0.10\""), "text stays text: \(yaml)")
        let fromValue = try Scene(built, file: "built.yaml"), fromText = try Scene(yaml: yaml, file: "built.yaml")
        XCTAssertEqual(fromValue.name, "yes: a \"quoted\" name")
        let frames = try fromValue.simulate()
        XCTAssertEqual(frames, try fromText.simulate())
        XCTAssertEqual(frames.count, 90)
        XCTAssertEqual(try fromValue.image(ofFrame: 60), try fromText.image(ofFrame: 60))
        // A mistake in a value built in code is located in its YAML, key and all.
        var wrong = built
        if case .mapping(var top) = wrong, let i = top.firstIndex(where: { $0.0 == "time" }) {
            top[i].1 = ["fps": 60, "duration": -1]
            wrong = .mapping(top)
        }
        XCTAssertThrowsError(try Scene(wrong, file: "built.yaml")) {
            XCTAssertTrue("\($0)".contains("built.yaml:") && "\($0)".contains("time.duration"), "\($0)")
        }
    }

    func testEveryRepositorySceneSurvivesTheRoundTrip() throws {
        let folder = packageRoot + "/scenes"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThan(names.count, 40)
        for name in names {
            let text = try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
            let value = try SceneValue(yaml: text)
            XCTAssertEqual(try SceneValue(yaml: value.yaml), value, name)
            // The same scene, read from the file and built from the value.
            let file = try Scene(yaml: text, file: name), rebuilt = try Scene(value, file: name)
            XCTAssertEqual(file.name, rebuilt.name, name)
            XCTAssertEqual(file.framesPerSecond, rebuilt.framesPerSecond, name)
            XCTAssertEqual(file.width, rebuilt.width, name)
            // Every frame, for one scene of each kind (a full run of all 52 would take minutes).
            if ["springy-carousel.yaml", "fields.yaml", "swiftui-springs.yaml", "batch-updates.yaml", "gestures.yaml"]
                .contains(name)
            {
                XCTAssertEqual(try file.simulate(), try rebuilt.simulate(), name)
            }
        }
    }
}
