import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import Synchronization
import XCTest

/// Every file in hostile/ is either rejected with the message its first line expects
/// (`# expect: <fragment>`), located as file:line:column, or simulated without a NaN.
final class HostileSceneTests: XCTestCase {
    let folder = packageRoot + "/Tests/EndToEndTests/hostile"

    func expectation(_ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        if data.isEmpty { return "is empty" }
        let first = String(decoding: data.prefix(200), as: UTF8.self).split(separator: "\n").first ?? ""
        guard first.hasPrefix("# expect: ") else { XCTFail("\(path) has no expectation"); return "" }
        return String(first.dropFirst("# expect: ".count))
    }

    func testEveryHostileSceneIsRejectedClearlyOrSimulatedWithoutNaN() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 40)
        for name in names {
            let path = "\(folder)/\(name)"
            let expect = try expectation(path)
            do {
                let scene = try SceneLoader.load(path: path)
                if expect == "ok" {
                    var frames = 0
                    try Simulation(scene: scene).run { f in
                        frames += 1
                        for it in f.items {
                            XCTAssertTrue(
                                it.center.isFinite && it.velocity.isFinite && it.angle.isFinite,
                                "\(name): \(it.id) at frame \(f.frame)")
                        }
                    }
                    XCTAssertGreaterThan(frames, 0, name)
                } else {
                    // Some refusals come only while running (a `set` after its behavior's `remove`).
                    try Simulation(scene: scene).run { _ in }
                    XCTFail("\(name) was accepted; expected an error containing \"\(expect)\"")
                }
            } catch {
                let message = "\(error)"
                XCTAssertNotEqual(expect, "ok", "\(name): \(message)")
                XCTAssertTrue(message.contains(expect), "\(name): \(message) — expected \"\(expect)\"")
                XCTAssertTrue(message.hasPrefix(path + ":"), "\(name) names the file: \(message)")
                let location = message.dropFirst(path.count + 1).split(separator: ":")
                let wholeFile = message.hasPrefix(path + ": ")  // the file itself: unreadable, not text, too large
                XCTAssertTrue(
                    wholeFile || (location.count >= 2 && Int(location[0]) != nil && Int(location[1]) != nil),
                    "\(name): line and column in \(message)")
                XCTAssertFalse(message.contains("\n"), "\(name): one line")
            }
        }
    }

    /// The same scenes through the command line, as a user or an attacker would run them:
    /// `validate`, `render` of the first frames and `trace` of them each exit 0 (an `ok`
    /// scene) or 2 with the expected located message (file:line:column first), never by a
    /// signal and never past a few seconds. `validate` runs the whole scene, so it gives every
    /// refusal; the first frames may come before one that is met only at run time.
    func testEveryHostileSceneThroughTheCommandLine() throws {
        let folder = self.folder
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
        let out = temporaryDirectory()
        final class Findings: Sendable {
            private let list = Mutex<[String]>([])
            var problems: [String] { list.withLock { $0 } }
            func add(_ p: String) { list.withLock { $0.append(p) } }
        }
        let findings = Findings()
        let expectations = try names.map { try expectation("\(folder)/\($0)") }
        DispatchQueue.concurrentPerform(iterations: names.count) { i in
            let name = names[i], path = "\(folder)/\(name)", expect = expectations[i]
            let commands: [[String]] = [
                ["validate", path],
                ["render", path, "--frames", "0-2", "--out", "\(out)/\(i)", "--threads", "1", "--quiet"],
                ["trace", path, "--frames", "0-2"],
            ]
            for args in commands {
                let started = Date()
                guard let r = try? runSpringy(args, timeout: 20) else {
                    findings.add("\(name) \(args[0]): did not start"); continue
                }
                let seconds = Date().timeIntervalSince(started)
                let firstLine = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
                if r.timedOut { findings.add("\(name) \(args[0]): still running after 20 s"); continue }
                if r.signalled {
                    findings.add("\(name) \(args[0]): killed by signal \(r.status): \(r.stderr.prefix(300))"); continue
                }
                if seconds > 10 { findings.add("\(name) \(args[0]): took \(Int(seconds)) s") }
                if expect == "ok" {
                    if r.status != 0 { findings.add("\(name) \(args[0]): exit \(r.status), expected 0: \(firstLine)") }
                } else if r.status == 0 && args[0] != "validate" {
                    // The first frames may come before a refusal met at run time; validate runs it all.
                } else if r.status != 2 {
                    findings.add("\(name) \(args[0]): exit \(r.status), expected 2 with \"\(expect)\"")
                } else if !firstLine.hasPrefix(path + ":") || !r.stderr.contains(expect) {
                    findings.add("\(name) \(args[0]): \"\(firstLine)\" is not located at the file or lacks \"\(expect)\"")
                }
            }
        }
        XCTAssertEqual(findings.problems.sorted(), [], findings.problems.sorted().joined(separator: "\n"))
    }

    /// Contacts that appear while the scene runs (items stacking up) are held to --max-contacts too:
    /// a clear error, not Box2D eating the machine's memory.
    func testContactsMadeWhileRunningAreHeldToTheLimit() throws {
        var limits = SceneLimits()
        limits.maxContacts = 5
        let scene = try SceneLoader.decode(yaml: stackingScene(), file: "stack.yaml", limits: limits)
        XCTAssertThrowsError(try Simulation(scene: scene).run { _ in }) { error in
            XCTAssertTrue("\(error)".contains("--max-contacts"), "\(error)")
            XCTAssertTrue("\(error)".hasPrefix("stack.yaml:"), "\(error)")
        }
    }
}
