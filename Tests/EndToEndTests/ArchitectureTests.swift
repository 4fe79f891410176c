import Foundation
import SpringyTestSupport
import XCTest

/// The dependency rule of Package.swift and CONTRIBUTING.md, checked against the sources.
final class ArchitectureTests: XCTestCase {
    /// Bottom to top; a module may import only modules of a lower rank.
    static let rank: [String: Int] = [
        "SpringyTypes": -1, "SpringyCore": 0, "SpringyFrame": 1, "SpringyYAML": 1, "SpringyDynamics": 2, "SpringyScene": 3,
        "SpringyLayout": 4, "SpringyAnimation": 4,
        "SpringySimulation": 5, "SpringyUIKit": 5, "SpringyRender": 6, "SpringyOutput": 7, "SpringyGolden": 8,
        "SpringyPipeline": 9,
        "SpringyPreview": 10, "SpringyKit": 11, "SpringySnapshotTesting": 12, "SpringyServer": 12, "SpringyCLI": 13,
    ]
    static let forbidden: [String: Set<String>] = [
        "SpringyRender": ["SpringyLayout", "SpringySimulation", "SpringyDynamics"],
        // Issue 44, item 6: encoders take pixels, not a Cairo canvas; the pipeline reaches the
        // physics through Simulation (Box2D's version included).
        "SpringyOutput": ["SpringyLayout", "SpringySimulation", "SpringyDynamics", "SpringyRender"],
        "SpringyPipeline": ["SpringyDynamics", "SpringyLayout"],
        // A package that only simulates and draws builds no HTTP server: it is SpringyServer's.
        "SpringyKit": ["SpringyPreview"],
        "SpringyGolden": ["SpringyLayout", "SpringySimulation", "SpringyDynamics"],
    ]

    /// The Swift files under `dir`. springy-generate's own source is left out: its text is the
    /// template of code that lands in other modules (as the files it generates).
    func swiftFiles(_ dir: String) -> [String] {
        let root = packageRoot + "/" + dir
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("springy-generate/") }
            .sorted().map { root + "/" + $0 }
    }

    func imports(ofModule module: String, in folder: String = "Sources") throws -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for file in swiftFiles(folder + "/" + module) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let statement = line.hasPrefix("@testable ") ? line.dropFirst(10) : line[...]
                guard statement.hasPrefix("import ") else { continue }
                out[String(statement.dropFirst(7)).trimmingCharacters(in: .whitespaces), default: []].insert(file)
            }
        }
        return out
    }

    /// Each target's declared dependencies, read from Package.swift.
    func declared() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        var out: [String: Set<String>] = [:]
        let pattern = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget|testTarget)\(\s*name: "(\w[\w-]*)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        let ns = text as NSString
        for m in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let name = ns.substring(with: m.range(at: 1))
            var deps: Set<String> = []
            if m.range(at: 2).location != NSNotFound {
                let list = ns.substring(with: m.range(at: 2))
                let quoted = try NSRegularExpression(pattern: #""([\w-]+)""#)
                let ls = list as NSString
                for q in quoted.matches(in: list, range: NSRange(location: 0, length: ls.length)) {
                    deps.insert(ls.substring(with: q.range(at: 1)))
                }
                if list.contains("ArgumentParser") { deps.insert("ArgumentParser") }
            }
            out[name] = deps
        }
        return out
    }

    static let system: Set<String> = [
        "Foundation", "FoundationXML", "FoundationNetworking", "Dispatch", "Glibc", "Synchronization", "XCTest", "Testing",
    ]

    func testEveryModuleImportsOnlyModulesBelowIt() throws {
        for (module, rank) in Self.rank.sorted(by: { $0.key < $1.key }) {
            for (imported, files) in try imports(ofModule: module).sorted(by: { $0.key < $1.key }) {
                guard let r = Self.rank[imported] else { continue }
                XCTAssertLessThan(r, rank, "\(module) imports \(imported), which is not below it (\(files.sorted().first ?? ""))")
                XCTAssertFalse(Self.forbidden[module]?.contains(imported) ?? false, "\(module) must not import \(imported)")
            }
        }
    }

    func testEveryImportIsDeclaredInPackageSwift() throws {
        let deps = try declared()
        for module in Self.rank.keys.sorted() + ["springy", "springy-fuzz"] {
            guard let declared = deps[module] else { XCTFail("\(module) is not a target in Package.swift"); continue }
            for (imported, files) in try imports(ofModule: module).sorted(by: { $0.key < $1.key })
            where !Self.system.contains(imported) {
                XCTAssertTrue(
                    declared.contains(imported) || (imported == "Yams" && declared.contains("Yams")),
                    "\(module) imports \(imported) (\(files.sorted().first ?? "")) without declaring it in Package.swift")
            }
        }
    }

    /// Test targets too: a test that imports a module must say so, not reach it through another.
    func testEveryTestTargetDeclaresWhatItImports() throws {
        let deps = try declared()
        let targets = (try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Tests")).sorted()
        for target in targets where deps[target] != nil {
            let declared = deps[target] ?? []
            for (imported, files) in try imports(ofModule: target, in: "Tests").sorted(by: { $0.key < $1.key })
            where !Self.system.contains(imported) && imported != target {
                XCTAssertTrue(
                    declared.contains(imported),
                    "\(target) imports \(imported) (\(files.sorted().first ?? "")) without declaring it in Package.swift")
            }
        }
        XCTAssertNotNil(deps["EndToEndTests"], "test targets are read from Package.swift")
    }

    /// The lines each type takes, its declaration and every extension of it in its module
    /// together (types nested one level in are counted on their own, as `Outer.Inner`). Top-level
    /// declarations end at a `}` in column 0, nested ones at a `}` indented 4 (scripts/format's
    /// layout).
    func typeSizes() throws -> [String: (lines: Int, files: Set<String>, own: [String: Int])] {
        let head = try NSRegularExpression(
            pattern:
                #"^((?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect|open|nonisolated)\s+)*)(struct|class|enum|actor|protocol|extension)\s+([A-Za-z_][\w.]*)"#
        )
        func declared(_ line: Substring) -> String? {
            let text = String(line)
            guard let m = head.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let r = Range(m.range(at: 3), in: text)
            else { return nil }
            return String(text[r])
        }
        var sizes: [String: (lines: Int, files: Set<String>, own: [String: Int])] = [:]
        func add(_ name: String, _ n: Int, _ file: String) {
            var entry = sizes[name] ?? (0, [], [:])
            entry.lines += n
            entry.files.insert(file)
            entry.own[file, default: 0] += n
            sizes[name] = entry
        }
        for file in swiftFiles("Sources") {
            let module = file.replacingOccurrences(of: packageRoot + "/Sources/", with: "").split(separator: "/")[0]
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            var i = 0
            while i < lines.count {
                guard let name = declared(lines[i]) else { i += 1; continue }
                let outer = "\(module).\(name.split(separator: ".")[0])"
                let oneLine =
                    lines[i].hasSuffix("}") && lines[i].filter { $0 == "{" }.count == lines[i].filter { $0 == "}" }.count
                var end = i
                if !oneLine { end = i + 1; while end < lines.count && lines[end] != "}" { end += 1 } }
                var own = end - i + 1
                var k = i + 1
                while k < end {
                    if lines[k].hasPrefix("    "), !lines[k].hasPrefix("     "), let inner = declared(lines[k].dropFirst(4)) {
                        var e = k
                        let innerOneLine =
                            lines[k].hasSuffix("}") && lines[k].filter { $0 == "{" }.count == lines[k].filter { $0 == "}" }.count
                        if !innerOneLine { e = k + 1; while e < end && lines[e] != "    }" { e += 1 } }
                        add("\(outer).\(inner)", e - k + 1, file)
                        own -= e - k + 1
                        k = e + 1
                    } else {
                        k += 1
                    }
                }
                add(outer, own, file)
                i = end + 1
            }
        }
        return sizes
    }

    /// A type fits its job: at most 600 lines, declaration and extensions together (the old rule
    /// counted files, and large types were cut into extension files to pass it). None is exempt:
    /// the scene decoder (1,860 lines) became one decoder per part of the scene, the animator
    /// (931) its registry, world and per-kind parts, the collection view (881) its runtime over
    /// a scroller and pure layout geometry.
    static let typeLines = 600

    /// Issue 44, item 2: a behavior kind is one new file, `SpringyDynamics/Kinds/<Kind>Spec.swift`:
    /// its spec type, how it is read (`BehaviorCoding`) and its animator part (`AnimatorBehavior`)
    /// are declared there and nowhere else (the switches over kinds are generated), and no
    /// other module declares a part of a kind.
    func testEveryBehaviorKindIsOneFile() throws {
        let kindFiles = swiftFiles("Sources/SpringyDynamics/Kinds")
        var specs: [String: String] = [:]
        let declaration = try NSRegularExpression(pattern: #"(?m)^package struct (\w+Spec): BehaviorKindSpec \{"#)
        for file in kindFiles {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for m in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                specs[(text as NSString).substring(with: m.range(at: 1))] = (file as NSString).lastPathComponent
            }
        }
        XCTAssertGreaterThanOrEqual(specs.count, 9, "\(specs)")
        for (spec, file) in specs.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(file, spec + ".swift", "\(spec) is declared in its own file")
            var parts: [String: [String]] = [:]
            for source in swiftFiles("Sources") {
                let text = try String(contentsOfFile: source, encoding: .utf8)
                for part in ["BehaviorCoding", "AnimatorBehavior"] where text.contains("extension \(spec): \(part) {") {
                    parts[part, default: []].append(source.replacingOccurrences(of: packageRoot + "/", with: ""))
                }
            }
            for part in ["BehaviorCoding", "AnimatorBehavior"] {
                XCTAssertEqual(parts[part] ?? [], ["Sources/SpringyDynamics/Kinds/" + file], "\(spec)'s \(part) is in its file")
            }
        }
    }

    /// Issue 44, item 2: a scripted gesture is one new file, `SpringyScene/Gestures/<Name>.swift`:
    /// its values, how it is read (`GestureDecoding`) and how it plays (`start(on:event:)`, the
    /// input it starts on the simulation's `GestureStage`) are there, and no other file extends it.
    func testEveryGestureIsOneFile() throws {
        var gestures: [String: String] = [:]
        let declaration = try NSRegularExpression(pattern: #"(?m)^package struct (\w+): ScriptedGesture"#)
        for file in swiftFiles("Sources/SpringyScene/Gestures") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for m in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                gestures[(text as NSString).substring(with: m.range(at: 1))] = file
            }
        }
        XCTAssertGreaterThanOrEqual(gestures.count, 7, "\(gestures.keys.sorted())")
        for (gesture, file) in gestures.sorted(by: { $0.key < $1.key }) {
            let own = try String(contentsOfFile: file, encoding: .utf8)
            XCTAssertTrue(own.contains("extension \(gesture): GestureDecoding {"), "\(gesture) is read in its file")
            XCTAssertTrue(
                own.contains("package func start(on stage: any GestureStage, event: ScriptEvent)"), "\(gesture) plays in its file"
            )
            for source in swiftFiles("Sources") where source != file {
                let text = try String(contentsOfFile: source, encoding: .utf8)
                XCTAssertFalse(text.contains("extension \(gesture)"), "\(gesture) is extended in \(source)")
            }
        }
    }

    /// Issue 44, item 7: one concept per type — no type is spread over more than 8 files. A file
    /// counts when the type has lines of its own there (an `extension Springy { struct Render … }`
    /// that only nests a command does not), outside the extension points where each kind,
    /// gesture or format adds its part to a shared type by design (`Kinds/`,
    /// `Gestures/`). The animator was 12 files (its contact events are their own type now).
    static let typeFiles = 8

    func testNoTypeIsSpreadOverMoreFilesThanItsConcept() throws {
        let sizes = try typeSizes()
        func counted(_ files: [String: Int]) -> [String] {
            files.filter { file, lines in
                lines > 2 && !["/Kinds/", "/Gestures/"].contains { file.contains($0) }
            }.keys.sorted()
        }
        // The measure sees the animator's concept files, and not the commands nested in Springy.
        XCTAssertGreaterThanOrEqual(counted(try XCTUnwrap(sizes["SpringyDynamics.Animator"]).own).count, 6)
        XCTAssertLessThan(counted(try XCTUnwrap(sizes["SpringyCLI.Springy"]).own).count, 3)
        for (name, size) in sizes.sorted(by: { $0.key < $1.key }) {
            let files = counted(size.own)
            XCTAssertLessThanOrEqual(
                files.count, Self.typeFiles,
                "\(name) is spread over \(files.count) files (at most \(Self.typeFiles)): \(files.map { ($0 as NSString).lastPathComponent })"
            )
        }
    }

    func testEveryTypeFitsItsJob() throws {
        let sizes = try typeSizes()
        // Animator.swift alone holds about 210 of Animator's lines; the rest are in its extensions.
        let animator = try XCTUnwrap(sizes["SpringyDynamics.Animator"])
        XCTAssertGreaterThan(animator.lines, 400, "the measure sees a type across its extension files")
        XCTAssertGreaterThanOrEqual(animator.files.count, 8)
        XCTAssertNotNil(sizes["SpringyCLI.Springy.Render"], "commands nested in Springy are measured on their own")
        for (name, size) in sizes.sorted(by: { $0.key < $1.key }) {
            let limit = Self.typeLines
            XCTAssertLessThanOrEqual(
                size.lines, limit, "\(name) takes \(size.lines) lines over \(size.files.count) files (at most \(limit))")
        }
    }

    /// Issue 32: the library's API is deliberate. Only the library products (SpringyKit and its
    /// snapshot strategies, SpringySnapshotTesting; SpringyCLI's one entry, SpringyCommand, for
    /// a package's own executable with Swift scenes) declare `public` things; every
    /// other module's declarations are `package` (shared inside this package, invisible to a
    /// package that depends on SpringyKit) or narrower.
    func testOnlyTheLibraryDeclaresPublicThings() throws {
        let modifier = try NSRegularExpression(pattern: "^\\s*(@\\w+(\\([^)]*\\))?\\s+)*public\\b|[;{]\\s*public\\s")
        var found: [String] = []
        var library = 0
        for file in swiftFiles("Sources") + swiftFiles("Tests/SpringyTestSupport") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let s = String(line)
                guard modifier.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil else { continue }
                // The library, and the value types it re-exports (the engine's own, defined once).
                if file.contains("/Sources/SpringyKit/") || file.contains("/Sources/SpringySnapshotTesting/")
                    || file.contains("/Sources/SpringyTypes/") || file.contains("/Sources/SpringyServer/")
                    || file.contains("/Sources/SpringyUIKit/") || file.hasSuffix("/Sources/SpringyCLI/SpringyCommand.swift")
                {
                    library += 1
                } else {
                    found.append("\(file): \(s)")
                }
            }
        }
        XCTAssertEqual(found, [], "public outside SpringyKit")
        XCTAssertGreaterThan(library, 20, "the library's own API is public")
    }

    /// Issue 32: the command line and the snapshot strategies are built on the library's
    /// public API. They import nothing of the package but SpringyKit (issue 44: the CLI's text
    /// helpers — counted nouns, suggestions, CI annotations — are SpringyKit's `Wording`, no
    /// longer SpringyCore's), and SpringyKit declares nothing `package`, so all they can reach
    /// of it is what a user's package reaches.
    func testTheCommandLineAndTheStrategiesUseOnlyThePublicAPI() throws {
        let allowed: [String: Set<String>] = [
            "SpringyCLI": ["SpringyKit", "SpringyServer"], "SpringySnapshotTesting": ["SpringyKit"],
        ]
        for (module, modules) in allowed.sorted(by: { $0.key < $1.key }) {
            let imported = try imports(ofModule: module)
            XCTAssertTrue(imported.keys.contains("SpringyKit"), "\(module) is built on SpringyKit")
            for (name, files) in imported.sorted(by: { $0.key < $1.key }) where Self.rank[name] != nil {
                XCTAssertTrue(modules.contains(name), "\(module) imports \(name) (\(files.sorted()[0])): use SpringyKit's API")
            }
        }
        let packageWord = try NSRegularExpression(pattern: "^\\s*(@\\w+(\\([^)]*\\))?\\s+)*package\\b|[;{]\\s*package\\s")
        for file in swiftFiles("Sources/SpringyKit") + swiftFiles("Sources/SpringyServer") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let s = String(line)
                XCTAssertNil(
                    packageWord.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)),
                    "\(file): SpringyKit declares its API public and the rest internal: \(s)")
            }
        }
    }

    /// The compiler checks every crossing of threads: `@unchecked Sendable` only where a thread
    /// waits on a condition variable (which a Mutex has not), each saying which lock guards what;
    /// none in the tests (their shared values are `Locked`, a Mutex).
    /// Issue 43: a library enum bridged to the engine's by `Type(rawValue: x.rawValue)!` built when
    /// a case was added on one side only, and trapped at run time. No force-unwrapped `rawValue`
    /// initialiser is left, and the shared enums are declared once (SpringyTypes).
    func testNoForceUnwrappedRawValueBridge() throws {
        var found: [String] = []
        for file in swiftFiles("Sources") {
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if line.range(of: #"\(rawValue:[^()]*(\([^()]*\))?[^()]*\)!"#, options: .regularExpression) != nil {
                    found.append("\(file.replacingOccurrences(of: packageRoot + "/", with: "")):\(i + 1)")
                }
            }
        }
        XCTAssertEqual(found, [], "bridge with an exhaustive switch instead")
        // Issue 44, item 1: a value type the library and the engine share is declared once, in
        // SpringyTypes (adding `heic` to OutputFormat is then a compile error in the engine's
        // registration, not a trap at a bridge).
        var declared: [String] = []
        for file in swiftFiles("Sources") {
            for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
            where [
                "enum OutputFormat", "enum RecordMode", "enum PlotQuantity", "enum VideoCodec", "enum PNGFilter",
                "enum PNGStrategy",
                "struct FrameRate", "struct EncoderOptions", "struct VideoOptions", "struct PNGOptions",
                "struct OutputOption", "enum FramePick", "enum FrameNumber", "public struct Limits",
                "struct RenderOptions", "struct Shard:",
            ].contains(where: { line.contains($0) }) {
                declared.append(
                    file.replacingOccurrences(of: packageRoot + "/", with: "") + ": " + line.trimmingCharacters(in: .whitespaces))
            }
        }
        XCTAssertEqual(declared.count, 16, "each declared once: \(declared)")
        XCTAssertTrue(declared.allSatisfy { $0.hasPrefix("Sources/SpringyTypes/") }, "\(declared)")
    }

    /// Issue 44, item 11: the docs say what is. README's module table and CONTRIBUTING's module
    /// diagram name every module the rule ranks (README's had stopped at SpringyCLI), and README
    /// names every executable target.
    func testTheModuleTablesNameEveryModule() throws {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let contributing = try String(contentsOfFile: packageRoot + "/CONTRIBUTING.md", encoding: .utf8)
        for module in Self.rank.keys.sorted() {
            XCTAssertTrue(
                readme.contains("| `\(module)`") || readme.contains(", `\(module)`"), "README's module table lacks \(module)")
            XCTAssertTrue(contributing.contains(" \(module) "), "CONTRIBUTING's module diagram lacks \(module)")
        }
        for executable in ["springy", "springy-fuzz", "springy-generate"] {
            XCTAssertTrue(readme.contains("`\(executable)`"), "README's module table lacks \(executable)")
        }
    }

    /// Issue 44, item 9: a test pyramid. The module-named targets test in process; only
    /// EndToEndTests runs the `springy` binary (exit codes, signals, files) and depends on it, so
    /// a module's tests need no executable linked and no process started.
    func testOnlyTheEndToEndTargetRunsTheBinary() throws {
        var found: [String] = []
        for file in swiftFiles("Tests")
        where !file.contains("/Tests/EndToEndTests/") && !file.contains("/Tests/SpringyTestSupport/") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            if text.contains("runSpringy(") || text.contains("springyBinary") {
                found.append(file.replacingOccurrences(of: packageRoot + "/", with: ""))
            }
        }
        XCTAssertEqual(found, [], "move these tests to EndToEndTests")
        let targets = try declared()
        for (name, deps) in targets.sorted(by: { $0.key < $1.key }) where name.hasSuffix("Tests") && name != "EndToEndTests" {
            XCTAssertFalse(deps.contains("springy"), "\(name) depends on the springy executable")
        }
        XCTAssertTrue(targets["EndToEndTests"]?.contains("springy") ?? false)
        XCTAssertNotNil(targets["CLITests"], "the command line's parsing is tested in process")
    }

    /// Issue 44, item 5: a switch over the project's own enums names every case, so a case added
    /// is a compile error wherever it must be handled (`default:` over ScriptAction, behaviour
    /// parameters, animated properties, frame picks and scene values hid eight of them). A
    /// `default:` is left only over an open set — text from a file, characters, bytes, errors,
    /// other libraries' enums — and says which on its line (`// open set: …`).
    func testADefaultIsOnlyOverAnOpenSetAndSaysWhich() throws {
        var found: [String] = []
        for file in swiftFiles("Sources") {
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                // `default: "…"` is an argument label (a key table's default), not a switch's.
                guard (code.hasPrefix("default:") && !code.hasPrefix("default: \"")) || code == "default" else { continue }
                if !line.contains("// open set: ") {
                    found.append("\(file.replacingOccurrences(of: packageRoot + "/", with: "")):\(i + 1)")
                }
            }
        }
        XCTAssertEqual(found, [], "name every case of a project enum; over an open set, say which: // open set: …")
    }

    /// Issue 44, item 6: `package` is not a second `public`. Each module has a budget of
    /// `package` declarations, what it shares with the modules above it; a change that shares
    /// more raises its module's number here, in the diff, where a reviewer sees it. (Measured
    /// 2026-11-27; splitting SpringyCore by concept and dropping edges will lower them. Core's
    /// 446 became 464 when BehaviorParameter's eleven enum cases, uncounted, became a keyed
    /// value with a constructor beside each kind. Issue 45: Scene +10 for LiveProgram, the seam a
    /// Swift scene's program plugs into; Frame +3 for a view's own corner radius, text colour
    /// and font size; Dynamics +1 for whether a push still acts; SpringyUIKit shares its
    /// runtime with SpringyKit's Scene initialisers; the view animation engine moved out of
    /// Simulation into SpringyAnimation so that SpringyUIKit's blocks run on it too, and Scene +2
    /// for a block's repeat and autoreverse, +1 for a section spec made outside the decoder; Frame +27 and Scene +3 for ViewLook, the
    /// view look (corners, border, shadow, label, clips) scene files' items and SpringyUIKit's views share;
    /// Scene +1 for a script event made by a Swift scene's pans, SpringyUIKit +4 for the touches
    /// the Simulation's gesture player hands a program; Layout +8 for the batch-update checks
    /// UIKit's performBatchUpdates shares with scene files' `update`, Dynamics +2 for the
    /// reference bounds a layout's animator moves with its content, Frame +2 for a label's line
    /// break mode, one look for UILabel and scene files' `line_break`; Frame +22 for a view's
    /// picture (ImagePixels, ViewImage, ContentMode), one for UIImageView and scene files' `image`;
    /// Render +2 and UIKit +1 for TextMeasure, the renderer's text measure UILabel.sizeThatFits uses;
    /// UIKit +1 for the chrome's safe area a scene hands its views; Layout +5 for an orthogonal
    /// row's band, end insets and resting rule, which UIKit's compositional layout's row scroll
    /// views share with scene files' rows; Scene +19 for pinch, rotate, touches, edge_pan and
    /// add_velocity as `ScriptedGesture` files of their own, like tilt and double_tap: each one's
    /// type, action and key table, which Simulation's player and SpringyKit's steps use; Core
    /// +20 for FluidSpring, SwiftUI's 1/300 s spring integrator, which the scene decoder, the
    /// animation engine, the converter and the timing mutations share, +9 for MotionToken, iOS's
    /// own springs by name, which scene files' animators and `springy spring` read. A behavior
    /// kind one file: SpringyBehaviors (234) joined Dynamics (66), +5 for BehaviorReading, what the
    /// scene decoder hands each kind; SpringyYAML's 44 are the YAML reader the scene decoder and
    /// each kind read with (Scene's before, internal there); Core +4 for SceneErrors, which the
    /// reader and the library's Problem share; Dynamics +9 for each kind's `problem`, the ranges
    /// a Swift program's values are held to, which SpringyUIKit asked in a switch over kinds;
    /// Dynamics +10 for `pendulum`, a new kind: the case and the protocol's requirements. A
    /// gesture one file: Scene +14 for GestureStage, ActiveInput and each gesture's `start`;
    /// Simulation +12 for the stage's verbs, which the gesture files call; Scene +7 for `shake`,
    /// a new gesture: its type, action, keys and start, and the motion its tests pin. Core +1 for
    /// SceneKey.upperOpen: a range whose upper end is excluded, as the reader, the docs and the
    /// Swift steps' checks read it.)
    static let packageBudget: [String: Int] = [
        "SpringyCore": 254, "SpringyFrame": 126, "SpringyYAML": 44, "SpringyScene": 496, "SpringyDynamics": 324,
        "SpringyLayout": 228,
        "SpringySimulation": 40, "SpringyRender": 87, "SpringyOutput": 174, "SpringyGolden": 250, "SpringyPipeline": 341,
        "SpringyPreview": 72, "SpringyKit": 0, "SpringySnapshotTesting": 0, "SpringyCLI": 5, "SpringyTypes": 7,
        "SpringyServer": 0, "SpringyUIKit": 17, "SpringyAnimation": 32,
    ]

    func testEveryModuleSharesNoMoreThanItsPackageBudget() throws {
        let declaration = try NSRegularExpression(
            pattern:
                #"(^|[^.\w])package (static |final |private\(set\) |mutating |indirect |override |nonisolated |let |var |func |struct |enum |class |protocol |typealias |init|subscript|extension )"#
        )
        for (module, budget) in Self.packageBudget.sorted(by: { $0.key < $1.key }) {
            var count = 0
            for file in swiftFiles("Sources/" + module) {
                for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") {
                    let text = String(line)
                    count += declaration.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)) > 0 ? 1 : 0
                }
            }
            XCTAssertLessThanOrEqual(
                count, budget, "\(module) shares \(count) package declarations, over its budget of \(budget)")
            XCTAssertGreaterThan(count + 1, budget - 20, "\(module): \(count), well under \(budget): lower its budget")
        }
        XCTAssertEqual(Set(Self.packageBudget.keys), Set(Self.rank.keys), "every module has a budget")
    }

    func testUncheckedSendableOnlyWhereAConditionWaits() throws {
        let allowed = [
            "Sources/SpringyPreview/PreviewHTTP.swift", "Sources/SpringyPipeline/FrameWindow.swift",
            "Sources/SpringyPipeline/FramePipeline.swift",
        ]
        let marker = "@unchecked" + " Sendable"  // split, so this line is not a finding
        var found: [String] = []
        for file in swiftFiles("Sources") + swiftFiles("Tests") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in text.split(separator: "\n")
            where line.contains(": " + marker) || line.contains(", " + marker) {
                let name = file.replacingOccurrences(of: packageRoot + "/", with: "")
                if !allowed.contains(name) || !line.contains("guarded by") { found.append("\(name): \(line)") }
            }
        }
        XCTAssertEqual(found, [])
    }

    /// A test skips only through SpringyTestSupport.unavailable (which fails in CI and logs the
    /// skip for scripts/test): a bare XCTSkip could pass a CI run that did not check.
    func testEverySkipGoesThroughUnavailable() throws {
        let marker = "XCT" + "Skip("  // split, so this line is not a finding
        var found: [String] = []
        for file in swiftFiles("Tests") where !file.hasSuffix("/SpringyTestSupport/Requirements.swift") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains(marker) {
                found.append("\(file.replacingOccurrences(of: packageRoot + "/", with: "")): \(line)")
            }
        }
        XCTAssertEqual(found, [])
    }
}
