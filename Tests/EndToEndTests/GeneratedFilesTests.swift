import Foundation
import SpringyTestSupport
import XCTest

/// Issue 44: registrations write themselves. Behavior kinds and output formats are each their
/// own file; springy-generate writes the enums and the one switch per module from them, and
/// this test fails when the committed files are not what the sources generate (swift-format's
/// generated-files test is the model).
final class GeneratedFilesTests: XCTestCase {
    let generator = URL(fileURLWithPath: springyBinary).deletingLastPathComponent().appendingPathComponent(
        "springy-generate"
    ).path

    static let generated = [
        "Sources/SpringyDynamics/Kinds/BehaviorKind+Generated.swift",
        "Sources/SpringyTypes/OutputFormat+Generated.swift",
        "Sources/SpringyPipeline/Outputs/OutputKind+Generated.swift",
        "Sources/SpringyScene/ScriptedGestures+Generated.swift",
    ]

    func testTheGeneratedFilesAreCurrent() throws {
        let r = try runProgram(generator, ["--check", packageRoot])
        XCTAssertEqual(r.status, 0, "run `swift run springy-generate` and commit the result:\n\(r.stderr)")
    }

    /// A copy of the folders the generator reads and writes, in a folder of the test's own.
    func copyOfTheSources() throws -> String {
        let root = temporaryDirectory()
        for folder in Set(Self.generated.map { ($0 as NSString).deletingLastPathComponent }) + [
            "Sources/SpringyDynamics/Kinds", "Sources/SpringyPipeline/Outputs", "Sources/SpringyScene/Gestures",
        ] {
            try FileManager.default.createDirectory(
                atPath: root + "/" + (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: root + "/" + folder) {
                try FileManager.default.copyItem(atPath: packageRoot + "/" + folder, toPath: root + "/" + folder)
            }
        }
        return root
    }

    func write(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// A new kind's (format's, gesture's) file is all it takes: the generator lists it in every registration, and
    /// --check names each file that is then out of date.
    func testANewKindAndANewFormatAreEachOneFile() throws {
        let root = try copyOfTheSources()
        XCTAssertEqual(try runProgram(generator, ["--check", root]).status, 0)
        try write(
            """
            /// UIKit's spin (a made-up kind for this test).
            package struct SpinSpec: BehaviorKindSpec {
                package static var kind: BehaviorKind { .spinAround }
            }
            """, root + "/Sources/SpringyDynamics/Kinds/SpinSpec.swift")
        try write(
            """
            /// `--format qoi`: a made-up format for this test.
            enum QOIOutput: OutputKind {
                static var format: OutputFormat { .qoi }
                static var isVideo: Bool { false }
            }
            """, root + "/Sources/SpringyPipeline/Outputs/QOISink.swift")
        try write(
            """
            /// A made-up gesture for this test.
            package struct ShakeMotion: ScriptedGesture {
                package static var action: ScriptGestureName { .shakeTwice }
            }
            """, root + "/Sources/SpringyScene/Gestures/ShakeMotion.swift")
        let check = try runProgram(generator, ["--check", root])
        XCTAssertEqual(check.status, 1)
        for path in Self.generated { XCTAssertTrue(check.stderr.contains(path), "\(path) in \(check.stderr)") }

        XCTAssertEqual(try runProgram(generator, [root]).status, 0)
        let kinds = try read(root + "/" + Self.generated[0])
        XCTAssertTrue(kinds.contains("    case spinAround = \"spin_around\"\n"), kinds)
        XCTAssertTrue(kinds.contains("        case .spinAround: return SpinSpec.self\n"))
        XCTAssertTrue(kinds.contains("    /// UIKit's spin (a made-up kind for this test).\n    case spinAround(SpinSpec)\n"))
        XCTAssertTrue(kinds.contains("        case .spinAround(let s): return s\n"))
        // Listed by name: after snap, before sticky_corners.
        let snap = try XCTUnwrap(kinds.range(of: "    case snap\n")),
            sticky = try XCTUnwrap(kinds.range(of: "    case stickyCorners"))
        let spin = try XCTUnwrap(kinds.range(of: "    case spinAround"))
        XCTAssertTrue(snap.lowerBound < spin.lowerBound && spin.lowerBound < sticky.lowerBound)
        // The kind's reading and its animator part, from the same file.
        XCTAssertEqual(kinds.components(separatedBy: "        case .spinAround: return SpinSpec.self\n").count, 3, kinds)
        XCTAssertEqual(kinds.components(separatedBy: "        case .spinAround(let s): return s\n").count, 3, kinds)
        let formats = try read(root + "/" + Self.generated[1])
        XCTAssertTrue(formats.contains("    /// `--format qoi`: a made-up format for this test.\n    case qoi\n"), formats)
        XCTAssertTrue(formats.contains("        case .mov, .mp4, .webm: true\n"), "a trait that is false is not one")
        XCTAssertTrue(formats.contains(".png, .qoi, .sheet"))
        XCTAssertTrue(try read(root + "/" + Self.generated[2]).contains("case .qoi: return QOIOutput.self"))
        let gestures = try read(root + "/" + Self.generated[3])
        XCTAssertTrue(gestures.contains("    case shakeTwice = \"shake_twice\"\n"), gestures)
        XCTAssertTrue(gestures.contains("        case .shakeTwice: return ShakeMotion.self\n"))
        XCTAssertEqual(try runProgram(generator, ["--check", root]).status, 0, "current once written")
    }

    func testTwoKindsOfOneNameAndAStrayDeclarationAreRefused() throws {
        let root = try copyOfTheSources()
        let before = try read(root + "/" + Self.generated[0])
        try write(
            "package struct OtherGravitySpec: BehaviorKindSpec {\n    package static var kind: BehaviorKind { .gravity }\n}\n",
            root + "/Sources/SpringyDynamics/Kinds/OtherGravity.swift")
        var r = try runProgram(generator, [root])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("OtherGravitySpec and GravitySpec"), r.stderr)
        XCTAssertTrue(r.stderr.contains("are both .gravity"), r.stderr)
        XCTAssertEqual(try read(root + "/" + Self.generated[0]), before, "nothing is written on an error")

        try FileManager.default.removeItem(atPath: root + "/Sources/SpringyDynamics/Kinds/OtherGravity.swift")
        try write(
            "struct Helper {\n    static var kind: BehaviorKind { .helper }\n}\n",
            root + "/Sources/SpringyDynamics/Kinds/Helper.swift")
        r = try runProgram(generator, [root])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(
            r.stderr.contains(
                "Kinds/Helper.swift:2: `static var kind` is declared outside a type conforming to BehaviorKindSpec"),
            r.stderr)
        XCTAssertEqual(try runProgram(generator, ["--check", "--bogus"]).status, 2)
    }
}
