import Foundation
import SpringyGolden
import SpringyTestSupport
import Synchronization
import XCTest

/// Golden review on the command line: a deliberately broken physics parameter fails `check`
/// with an explanation, an HTML report a real browser opens, JUnit a CI parser reads, and JSON.
final class GoldenReviewTests: XCTestCase {
    /// A copy of scenes/springs.yaml with its goldens recorded, then its middle spring's
    /// frequency changed from 2 to 2.2 Hz: the physics is broken on purpose.
    struct Broken: Sendable { var dir: String; var check: RunResult }

    static let cached = Mutex<Broken?>(nil)
    func broken() throws -> Broken {
        if let b = Self.cached.withLock({ $0 }) { return b }
        let dir = temporaryDirectory("broken")
        let scene = try String(contentsOfFile: packageRoot + "/scenes/springs.yaml", encoding: .utf8)
        try scene.write(toFile: "\(dir)/springs.yaml", atomically: true, encoding: .utf8)
        let rec = try springy([
            "check", "--record", "--golden", "\(dir)/golden", "--failures", "\(dir)/failures", "\(dir)/springs.yaml",
        ])
        XCTAssertEqual(rec.status, 0, rec.stderr)
        XCTAssertTrue(rec.stdout.contains("recorded \(dir)/golden/springs/trace.tsv.gz"), rec.stdout)
        try scene.replacingOccurrences(of: "frequency: 2, damping: 0.3", with: "frequency: 2.2, damping: 0.3")
            .write(toFile: "\(dir)/springs.yaml", atomically: true, encoding: .utf8)
        let check = try springy([
            "check", "--golden", "\(dir)/golden", "--failures", "\(dir)/failures", "--report", "\(dir)/report",
            "--junit", "\(dir)/junit.xml", "--json", "\(dir)/check.json", "\(dir)/springs.yaml",
        ])
        let b = Broken(dir: dir, check: check)
        Self.cached.withLock { $0 = b }
        return b
    }

    func testABrokenSpringFailsAndTheFailureSaysWhatMoved() throws {
        let b = try broken()
        XCTAssertEqual(b.check.status, 1, b.check.stderr)
        XCTAssertTrue(b.check.stderr.contains("what moved at frame 20: item medium: center.y +"), b.check.stderr)
        XCTAssertTrue(b.check.stderr.contains("FAIL \(b.dir)/golden/springs/trace.tsv.gz: the trace departs"), b.check.stderr)
        XCTAssertFalse(
            b.check.stderr.contains("item slow") || b.check.stderr.contains("item fast"), "only the broken spring's view moved")
        let report = try CheckReport.read("\(b.dir)/check.json")
        XCTAssertEqual(report.scenes.count, 1)
        XCTAssertGreaterThanOrEqual(report.summary.failed, 2)
        XCTAssertTrue(
            report.scenes[0].explanation.contains { $0.hasPrefix("item medium: center.y") }, "\(report.scenes[0].explanation)")
        let html = try String(contentsOfFile: "\(b.dir)/report/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("item medium: center.y"))
        // When: the springs start together (the change is the frequency), so no shift; the first
        // differing frame is where the faster spring first leaves the golden's path.
        let timing = try XCTUnwrap(report.scenes[0].timing)
        let first = try XCTUnwrap(timing.firstDifferingFrame)
        XCTAssertNil(timing.shift)
        XCTAssertTrue(timing.perFrame[..<first].allSatisfy { $0 <= 1 } && timing.perFrame[first] > 1)
        XCTAssertTrue(b.check.stderr.contains("  first differs at frame \(first) ("), b.check.stderr)
        XCTAssertTrue(html.contains("<svg class=\"sparkline\"") && html.contains("first differs at frame \(first)"))
        // Each failing frame says its own delta.
        for f in report.scenes[0].frames where f.status == .failed {
            let moved = try XCTUnwrap(f.moved?.first, "frame \(f.frame)")
            XCTAssertTrue(moved.hasPrefix("item medium: center.y ") && !moved.contains("differs by up to"), moved)
            // The changed pixels are the medium spring's, and say by how much it moved there.
            let region = try XCTUnwrap(f.regions?.first, "frame \(f.frame)")
            XCTAssertTrue(region.hasPrefix("changed pixels in ") && region.contains(": \(moved)"), region)
        }
        for f in report.scenes[0].frames where f.status == .failed {
            for path in [f.expected, f.actual, f.diff] {
                XCTAssertNotNil(path)
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: path?.hasPrefix("/") == true ? path! : "\(b.dir)/\(path ?? "")"),
                    "the JSON's paths resolve from its own folder")
            }
        }
    }

    func testJUnitIsReadByACIParser() throws {
        let b = try broken()
        let probe = try runProgram("/usr/bin/env", ["python3", "-c", "import junitparser"])
        guard probe.status == 0 else {
            throw unavailable(
                "python3's junitparser is not installed (scripts/install-deps --tests): \(probe.stderr.suffix(200))")
        }
        let script = """
            import junitparser, sys
            xml = junitparser.JUnitXml.fromfile(sys.argv[1])
            for suite in xml:
                for case in suite:
                    print("case", suite.name, case.name, case.time)
                    for r in case.result:
                        print(case.name, type(r).__name__, r.message)
            """
        let r = try runProgram("/usr/bin/env", ["python3", "-c", script, "\(b.dir)/junit.xml"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        // One test case per golden, in a suite per scene, each with its own time.
        XCTAssertTrue(
            lines.contains {
                $0.contains("springs/frame-00020.png Failure frame 20 differs")
                    && $0.contains("report: \(b.dir)/report/index.html#springs")
            }, r.stdout)
        XCTAssertTrue(lines.contains { $0.contains("springs/trace.tsv.gz Failure the trace departs from its golden") }, r.stdout)
        let cases = lines.filter { $0.hasPrefix("case \(b.dir)/springs.yaml ") }
        XCTAssertEqual(cases.count, 7, "five frames, the trace and the frame hashes: \(r.stdout)")
        XCTAssertTrue(
            lines.contains { $0.contains("springs/frames.tsv Failure ") && $0.contains(" frames differ from their hashes") })
        XCTAssertTrue(cases.contains { $0.contains("/golden/springs/frame-00000.png ") }, "a passing golden is a case too")
        XCTAssertTrue(cases.allSatisfy { Double($0.split(separator: " ").last ?? "") != nil }, "each has a time")
    }

    func testTheReportOpensInChromiumWithItsCountsFailingFramesAndSlider() throws {
        let b = try broken()
        let chromium = try requireTool("chromium", "Debian's chromium (scripts/install-deps --tests): the report was not opened")
        let url = "file://\(b.dir)/report/index.html"
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=2000"]
        let dom = try runProgram(chromium, flags + ["--dump-dom", url])
        XCTAssertEqual(dom.status, 0, dom.stderr.suffix(500).description)
        let report = try CheckReport.read("\(b.dir)/check.json")
        XCTAssertTrue(
            dom.stdout.contains("<span id=\"failed\" class=\"bad\">\(report.summary.failed) failed</span>"),
            dom.stdout.prefix(2000).description)
        XCTAssertTrue(dom.stdout.contains("<span id=\"passed\" class=\"ok\">\(report.summary.passed) passed</span>"))
        for f in report.scenes[0].frames where f.status == .failed {
            XCTAssertTrue(dom.stdout.contains("<div class=\"failure\" data-frame=\"\(f.frame)\""), "frame \(f.frame) is shown")
            XCTAssertTrue(
                dom.stdout.contains("<figure class=\"failing\" data-frame=\"\(f.frame)\">"),
                "frame \(f.frame) is marked in the strip")
        }
        // A user's hand, through the DevTools protocol (scripts/browser-drive.py): a click a fifth
        // of the way along the first slider moves the overlay's edge there; an arrow key moves it
        // one more; a click on the onion skin's range sets the overlay's opacity. Screenshots
        // before and after differ.
        let over = "document.querySelector('input.slider').closest('.compare').querySelector('img.over')"
        let onion = "document.querySelector('input.onion-range').closest('.compare').querySelector('img.over')"
        let steps: [[String: Any]] = [
            ["open": url], ["screenshot": "\(b.dir)/shot-before.png"],
            ["click": "input.slider", "at": [0.2, 0.5]],
            ["eval": "document.querySelector('input.slider').value"], ["eval": "\(over).style.clipPath"],
            ["key": "ArrowRight"],
            ["eval": "document.querySelector('input.slider').value"], ["eval": "\(over).style.clipPath"],
            ["click": "input.onion-range", "at": [0.8, 0.5]],
            ["eval": "document.querySelector('input.onion-range').value"], ["eval": "\(onion).style.opacity"],
            ["screenshot": "\(b.dir)/shot-after.png"],
        ]
        let seen = try browserDrive(chromium, steps)
        XCTAssertEqual(seen.count, 6, "\(seen)")
        guard seen.count == 6, let v1 = Int(seen[0] as? String ?? ""), let v2 = Int(seen[2] as? String ?? ""),
            let o = Int(seen[4] as? String ?? "")
        else { return XCTFail("unexpected answers: \(seen)") }
        XCTAssertTrue((12...28).contains(v1), "a click a fifth of the way along: \(v1)")
        XCTAssertEqual(seen[1] as? String, "inset(0px 0px 0px \(v1)%)", "the overlay's edge follows the slider")
        XCTAssertEqual(v2, v1 + 1, "the arrow key moves it one step")
        XCTAssertEqual(seen[3] as? String, "inset(0px 0px 0px \(v2)%)")
        XCTAssertTrue((70...90).contains(o), "the onion skin's range: \(o)")
        XCTAssertEqual(Double(seen[5] as? String ?? ""), Double(o) / 100, "the overlay's opacity follows it")
        let before = try Data(contentsOf: URL(fileURLWithPath: "\(b.dir)/shot-before.png"))
        let after = try Data(contentsOf: URL(fileURLWithPath: "\(b.dir)/shot-after.png"))
        XCTAssertGreaterThan(before.count, 10_000, "a real picture of the report")
        XCTAssertNotEqual(before, after, "what the page shows moved with the hand")
    }

    /// Pixels that pass while the trace moves: reported, and a failure.
    func testATraceOnlyChangeIsReportedEvenWhenThePixelsPass() throws {
        let dir = temporaryDirectory()
        let yaml = """
            springy: 1
            viewport: { size: [200, 200], scale: 1 }
            time: { fps: 30, duration: 1 }
            golden: { frames: [0] }
            items:
              box: { center: [100, 40], size: [20, 20] }
            behaviors:
              - gravity: { items: [box], magnitude: 0.2 }
            """
        try yaml.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try springy(["check", "--record", "--golden", "\(dir)/g", "\(dir)/s.yaml"]).status, 0)
        try yaml.replacingOccurrences(of: "magnitude: 0.2", with: "magnitude: 0.25").write(
            toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let r = try springy(
            ["check", "--golden", "\(dir)/g", "--failures", "\(dir)/f", "\(dir)/s.yaml"],
            environment: env(["GITHUB_ACTIONS": "true"]))
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("ok \(dir)/g/s/frame-00000.png"), r.stdout)
        XCTAssertTrue(
            r.stderr.contains("the trace departs from its golden (the pixels pass: a change the eye cannot see yet)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("item box: center.y differs by up to "), r.stderr)
        XCTAssertTrue(
            r.stdout.contains("::error file=\(dir)/s.yaml,line=4::trace departs from its golden"),
            "a GitHub annotation at the scene's golden key: \(r.stdout)")
    }

    /// The binary run without CI's environment (these tests record goldens on purpose), plus `environment`.
    func springy(_ args: [String], environment: [String: String]? = nil) throws -> RunResult {
        try runSpringy(args, environment: environment ?? env([:]))
    }

    func env(_ extra: [String: String]) -> [String: String] {
        var e = ProcessInfo.processInfo.environment
        e["CI"] = nil
        for (k, v) in extra { e[k] = v }
        return e
    }

    func testRecordModes() throws {
        let dir = temporaryDirectory()
        let scene = "\(dir)/s.yaml"
        try FileManager.default.copyItem(atPath: packageRoot + "/scenes/falling-box.yaml", toPath: scene)
        func run(_ args: [String], ci: Bool = false) throws -> RunResult {
            try springy(
                ["check"] + args + ["--golden", "\(dir)/g", "--failures", "\(dir)/f", scene],
                environment: env(ci ? ["CI": "true"] : [:]))
        }
        let missing = try run(["--record", "missing"])
        XCTAssertEqual(missing.status, 0, missing.stderr)
        let written = missing.stdout.split(separator: "\n").filter { $0.hasPrefix("recorded ") }.map {
            String($0.dropFirst("recorded ".count))
        }
        let pngs = written.filter { $0.hasSuffix(".png") }
        XCTAssertGreaterThanOrEqual(pngs.count, 2)
        XCTAssertEqual(written.count, pngs.count + 2, "every frame, the trace and the frame hashes: \(missing.stdout)")
        XCTAssertTrue(
            missing.stdout.hasSuffix("check: \(written.count) passed, 0 failed, 0 missing, \(written.count) recorded\n"),
            missing.stdout)
        // Nothing is missing now: `missing` writes nothing, `never` only checks.
        let again = try run(["--record", "missing"])
        XCTAssertFalse(again.stdout.contains("recorded "), again.stdout)
        XCTAssertEqual(try run(["--record", "never"]).status, 0)
        // Break a golden: `failed` re-records it (and only it), saying by how much it changed.
        let golden = pngs[0]
        try FileManager.default.copyItem(atPath: pngs[pngs.count - 1], toPath: golden + ".tmp")
        try FileManager.default.removeItem(atPath: golden)
        try FileManager.default.moveItem(atPath: golden + ".tmp", toPath: golden)
        XCTAssertEqual(try run([]).status, 1)
        let failed = try run(["--record", "failed"])
        XCTAssertEqual(failed.status, 0, failed.stderr)
        let lines = failed.stdout.split(separator: "\n").filter { $0.hasPrefix("replaced ") || $0.hasPrefix("recorded ") }
        XCTAssertEqual(lines.count, 1, failed.stdout)
        XCTAssertTrue(lines[0].hasPrefix("replaced \(golden): ") && lines[0].contains("pixels over tolerance"), String(lines[0]))
        XCTAssertEqual(try run([]).status, 0, "recorded goldens pass")
        // Any mode but never is refused under CI, and writes nothing.
        try FileManager.default.removeItem(atPath: "\(dir)/g/s/trace.tsv.gz")
        let ci = try run(["--record", "missing"], ci: true)
        XCTAssertEqual(ci.status, 2)
        XCTAssertTrue(ci.stderr.contains("refusing to record"), ci.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/g/s/trace.tsv.gz"))
        XCTAssertEqual(try run(["--record", "never"], ci: true).status, 1, "the missing trace golden fails")
        let bad = try run(["--record", "sometimes"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("sometimes"), bad.stderr)
    }

    func testShardsPartitionScenesAndTheirReportsMerge() throws {
        let dir = temporaryDirectory()
        let names = ["falling-box", "gravity", "push"]
        for n in names { try FileManager.default.copyItem(atPath: packageRoot + "/scenes/\(n).yaml", toPath: "\(dir)/\(n).yaml") }
        let paths = names.map { "\(dir)/\($0).yaml" }
        XCTAssertEqual(try springy(["check", "--record", "--golden", "\(dir)/g"] + paths).status, 0)
        // Break one scene's golden, so a shard fails.
        try FileManager.default.removeItem(atPath: "\(dir)/g/gravity/frame-00000.png")
        var seen: [String] = []
        for k in 1...2 {
            let r = try springy(
                ["check", "--shard", "\(k)/2", "--golden", "\(dir)/g", "--failures", "\(dir)/f", "--report", "\(dir)/r\(k)"]
                    + paths)
            seen += r.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") && $0.hasSuffix("trace.tsv.gz") }.map(
                String.init)
            XCTAssertEqual(r.status, k == 2 ? 1 : 0, "shard \(k): \(r.stdout)\(r.stderr)")
        }
        XCTAssertEqual(seen.count, 3, "every scene checked once over the shards: \(seen)")
        let merged = try springy([
            "check", "--merge-reports", "--report", "\(dir)/all", "--junit", "\(dir)/all.xml", "\(dir)/r1", "\(dir)/r2",
        ])
        XCTAssertEqual(merged.status, 1, merged.stderr)
        let report = try CheckReport.read("\(dir)/all/report.json")
        XCTAssertEqual(report.scenes.map { ($0.file as NSString).lastPathComponent }.sorted(), names.map { "\($0).yaml" })
        XCTAssertEqual(report.summary.missing, 1)
        XCTAssertTrue(try String(contentsOfFile: "\(dir)/all.xml", encoding: .utf8).contains("frame-00000.png is missing"))
        let badShard = try springy(["check", "--shard", "3/2"] + paths)
        XCTAssertEqual(badShard.status, 2)
        XCTAssertTrue(badShard.stderr.contains("--shard 3/2"), badShard.stderr)
    }
}
