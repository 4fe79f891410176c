import Foundation
import SpringyGolden
import SpringyTestSupport
import XCTest

/// Issue 31's "done when": a reviewer fixes a broken-physics change end to end. `check` fails;
/// `springy review` serves the report with when and whose the changes are; in Chromium, with
/// real keys and clicks, a reject writes nothing, an accept of a render that changed since is
/// refused, and accepting the three failing goldens writes exactly those three files with the
/// hashes the page showed; a second `check` passes.
final class ReviewTests: XCTestCase {
    /// FNV-1a 64, written here: the content hash a review binds an accept to.
    func fnv(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let s = String(h, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    func files(_ folder: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            out[name] = fnv(Array(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))))
        }
        return out
    }

    func testAReviewerAcceptsThreeGoldensInChromiumAndTheNextCheckPasses() throws {
        let chromium = try requireTool("chromium", "Debian's chromium (scripts/install-deps --tests): the review was not opened")
        let dir = temporaryDirectory()
        let original = try String(contentsOfFile: packageRoot + "/scenes/springs.yaml", encoding: .utf8)
        let golden = original.replacingOccurrences(
            of: "golden: { frames: [0, 20, 45, 90, last], hashes: true }", with: "golden: { frames: [0, 20, 45, 90, last] }")
        XCTAssertNotEqual(golden, original, "the scene's golden line as this test expects it")
        try golden.write(toFile: "\(dir)/springs.yaml", atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        XCTAssertEqual(try runSpringy(["check", "--record", "springs.yaml"], cwd: dir, environment: env).status, 0)
        let broken = golden.replacingOccurrences(of: "frequency: 2, damping: 0.3", with: "frequency: 2.2, damping: 0.3")
        try broken.write(toFile: "\(dir)/springs.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try runSpringy(["check", "-q", "springs.yaml"], cwd: dir, environment: env).status, 1)
        let before = try files("\(dir)/golden/springs")

        // The review, on a free port.
        let review = try XCTUnwrap(
            try PreviewProcess.start(["review", "--port", "0", "springs.yaml"], cwd: dir, environment: env, wait: 60))
        defer { review.process.terminate(); review.process.waitUntilExit() }
        XCTAssertTrue(review.printed.contains("check: 3 passed, 3 failed, 0 missing"), review.printed)
        let url = review.base

        let failures = "[...document.querySelectorAll('.failure')]"
        let current = "document.querySelector('.failure.current')"
        let values = try browserDrive(
            chromium,
            [
                ["open": url],
                // When and whose: the timing and the regions are on the page.
                ["eval": "document.body.innerText.includes('first differs at frame 1')"],
                [
                    "eval":
                        "document.body.innerText.includes('changed pixels in ') && document.body.innerText.includes('item medium: center.y +15.28 pt')"
                ],
                ["eval": "\(failures).map(f => f.querySelector('.decide').dataset.accept)"],
                // j: the first failure; r rejects it (nothing is written).
                ["key": "j"], ["key": "r"],
                ["until": "\(current).querySelector('.decide').classList.contains('rejected')"],
                ["eval": "\(current).querySelector('.verdict').textContent"],
                // j, b: the next failure (a frame); b blinks the actual over the expected.
                ["key": "j"], ["key": "b"],
                ["eval": "\(current).querySelector('img.onion').style.opacity"],
                ["key": "b"], ["eval": "\(current).querySelector('img.onion').style.opacity"],
            ])
        XCTAssertEqual(values.count, 6, "\(values)")
        XCTAssertEqual(values[0] as? Bool, true, "the first differing frame is shown")
        XCTAssertEqual(values[1] as? Bool, true, "the changed pixels are attributed to the medium spring")
        let tokens = try XCTUnwrap(values[2] as? [String])
        XCTAssertEqual(tokens.count, 3)
        XCTAssertEqual(
            tokens.map { String($0.split(separator: "@")[0]) }.sorted(),
            [
                "springs/frame-00020.png", "springs/frame-00045.png", "springs/trace.tsv.gz",
            ])
        XCTAssertEqual(values[3] as? String, "rejected: the golden stays")
        XCTAssertEqual(values[4] as? String, "1")
        XCTAssertEqual(values[5] as? String, "0")
        XCTAssertEqual(try files("\(dir)/golden/springs"), before, "a reject writes nothing")

        // The scene changes under the review: an accept of what the page shows is refused.
        try broken.replacingOccurrences(of: "frequency: 2.2", with: "frequency: 2.3").write(
            toFile: "\(dir)/springs.yaml", atomically: true, encoding: .utf8)
        let refused = try browserDrive(
            chromium,
            [
                ["open": url], ["key": "j"], ["key": "a"],
                ["until": "\(current).querySelector('.decide').classList.contains('refused')"],
                ["eval": "\(current).querySelector('.verdict').textContent"],
            ])
        XCTAssertTrue((refused.first as? String)?.contains("is no longer what was reviewed") == true, "\(refused)")
        XCTAssertEqual(try files("\(dir)/golden/springs"), before, "a refused accept writes nothing")

        // Put back as reviewed: accept two by keys and the third with the mouse.
        try broken.write(toFile: "\(dir)/springs.yaml", atomically: true, encoding: .utf8)
        let accepted = try browserDrive(
            chromium,
            [
                ["open": url],
                ["key": "j"], ["key": "a"], ["until": "\(failures)[0].querySelector('.decide').classList.contains('accepted')"],
                ["key": "j"], ["key": "a"], ["until": "\(failures)[1].querySelector('.decide').classList.contains('accepted')"],
                ["click": ".failure[data-index=\"2\"] button.accept"],
                ["until": "\(failures)[2].querySelector('.decide').classList.contains('accepted')"],
                ["eval": "\(failures).map(f => f.querySelector('.verdict').textContent)"],
                // Issue 43: the header's counts follow the accepts ("3 failed" stayed).
                ["eval": "document.querySelector('p.summary').innerText"],
            ])
        let verdicts = try XCTUnwrap(accepted.first as? [String], "\(accepted)")
        let header = try XCTUnwrap(accepted.last as? String, "\(accepted)")
        XCTAssertTrue(header.contains("0 failed") && header.contains("3 accepted"), header)
        XCTAssertTrue(header.contains("3 passed"), header)
        XCTAssertEqual(verdicts.count, 3)
        XCTAssertTrue(verdicts.allSatisfy { $0.hasPrefix("accepted: replaced golden/springs/") }, "\(verdicts)")
        // Exactly those three files changed, each to the hash the page showed.
        let after = try files("\(dir)/golden/springs")
        let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
        XCTAssertEqual(changed, ["frame-00020.png", "frame-00045.png", "trace.tsv.gz"])
        for token in tokens {
            let parts = token.split(separator: "@")
            let name = String(parts[0].split(separator: "/")[1])
            XCTAssertEqual(after[name], String(parts[1]), "\(name) holds what the page showed")
        }
        XCTAssertEqual(
            try runSpringy(["check", "-q", "springs.yaml"], cwd: dir, environment: env).status, 0, "the next check passes")
    }

    /// Offline: the static report writes the `check --accept` command for the ticked goldens;
    /// run, it writes exactly those; a stale or malformed one, or one in CI, writes nothing.
    func testTheStaticReportsCommandAcceptsTheTickedGoldens() throws {
        let chromium = try requireTool("chromium", "Debian's chromium (scripts/install-deps --tests): the report was not opened")
        let dir = temporaryDirectory()
        let original = try String(contentsOfFile: packageRoot + "/scenes/springs.yaml", encoding: .utf8)
        try original.write(toFile: "\(dir)/springs.yaml", atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        XCTAssertEqual(try runSpringy(["check", "--record", "springs.yaml"], cwd: dir, environment: env).status, 0)
        try original.replacingOccurrences(of: "frequency: 2, damping: 0.3", with: "frequency: 2.2, damping: 0.3")
            .write(toFile: "\(dir)/springs.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try runSpringy(["check", "-q", "--report", "rep", "springs.yaml"], cwd: dir, environment: env).status, 1)
        let before = try files("\(dir)/golden/springs")
        // Untick the first failure (the trace) with the keyboard: the command names the other three.
        let values = try browserDrive(
            chromium,
            [
                ["open": "file://\(dir)/rep/index.html"],
                ["eval": "document.getElementById('accept-command').textContent"],
                ["key": "j"], ["key": "a"],
                ["eval": "document.getElementById('accept-command').textContent"],
            ])
        let all = try XCTUnwrap(values.first as? String), picked = try XCTUnwrap(values.last as? String)
        XCTAssertEqual(all.components(separatedBy: "--accept").count - 1, 4, all)
        XCTAssertEqual(picked.components(separatedBy: "--accept").count - 1, 3, picked)
        XCTAssertFalse(picked.contains("trace.tsv.gz"), picked)
        XCTAssertTrue(picked.hasPrefix("springy check --accept '") && picked.hasSuffix(" springs.yaml"), picked)
        // Run as printed (with this build's springy).
        let command = springyBinary + picked.dropFirst("springy".count)
        let run = try runProgram("/bin/sh", ["-c", command], cwd: dir, environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        let after = try files("\(dir)/golden/springs")
        XCTAssertEqual(
            after.keys.filter { after[$0] != before[$0] }.sorted(), ["frame-00020.png", "frame-00045.png", "frames.tsv"])
        // The trace is still to accept: a wrong hash, a bad name or CI refuses and writes nothing.
        let token = try XCTUnwrap(all.components(separatedBy: "'").first { $0.hasPrefix("springs/trace.tsv.gz@") })
        for (args, environment, why) in [
            (["--accept", "springs/trace.tsv.gz@0000000000000000"], env, "is no longer what was reviewed"),
            (["--accept", "springs/../x@0000000000000000"], env, "expected SLUG/FILE@HASH"),
            (["--accept", token], env.merging(["CI": "true"]) { $1 }, "refusing to record golden images with CI set"),
            (["--accept", token, "--record", "all"], env, "use it without --record"),
        ] {
            let r = try runSpringy(["check"] + args + ["springs.yaml"], cwd: dir, environment: environment)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains(why), "\(args): \(r.stderr)")
        }
        XCTAssertEqual(try files("\(dir)/golden/springs"), after)
        XCTAssertEqual(try runSpringy(["check", "--accept", token, "springs.yaml"], cwd: dir, environment: env).status, 0)
        XCTAssertEqual(try runSpringy(["check", "-q", "springs.yaml"], cwd: dir, environment: env).status, 0)
    }
}
