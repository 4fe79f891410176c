import Foundation
import SpringyTestSupport
import XCTest

/// A half-second scene of a falling box (15 frames), small enough to bench in a test.
func smallScene(in dir: String, scale: Int) throws -> String {
    let path = "\(dir)/small.yaml"
    try scene(
        120, 160, scale: scale, background: "#FFFFFF", time: "fps: 30, duration: 0.5",
        items: [##"box: { center: [60, 40], size: [40, 40], fill: "#FF9500", label: "B" }"##],
        behaviors: ["gravity: { items: [box] }"]
    ).write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// `springy bench` prints what it measured, every figure a real one, and leaves nothing behind:
/// its timings are never asserted (they belong to the machine), only their presence and sense.
final class BenchOutputTests: XCTestCase {
    func testJSONHasEveryFigureAndTheTemporaryFramesAreGone() throws {
        let dir = temporaryDirectory()
        let tmp = "\(dir)/tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        let scene = try smallScene(in: dir, scale: 2)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = tmp
        let r = try runSpringy(["bench", "--json", "--threads", "2", scene], environment: environment, timeout: 300)
        XCTAssertEqual(r.status, 0, r.stderr)
        let line = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.hasPrefix("{") })
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(json["frames"] as? Int, 15)
        XCTAssertEqual(json["threads"] as? Int, 2)
        for key in ["fps_1", "fps_n", "scaling_n", "scaling_side_by_side", "encode_ms", "draw_ms", "pipeline_ms_1"] {
            let value = try XCTUnwrap(json[key] as? Double, key)
            XCTAssertTrue(value.isFinite && value > 0, "\(key) = \(value)")
        }
        // scaling_n is fps_n / fps_1, as printed.
        let (one, many, scaling) = (json["fps_1"] as! Double, json["fps_n"] as! Double, json["scaling_n"] as! Double)
        XCTAssertEqual(scaling, many / one, accuracy: 0.01 * scaling)
        XCTAssertGreaterThan(json["bytes_per_frame"] as? Int ?? 0, 0)
        // Issue 44, item 7: the solver step's named stages, each timed, in the order they run.
        let stages = try XCTUnwrap(json["stages_ms"] as? [String: Double], "\(json)")
        XCTAssertEqual(
            Set(stages.keys),
            [
                "script events", "animations begin", "scroll", "touches", "layout", "layout dynamics", "free dynamics", "program",
                "clock", "animations apply", "headers", "contacts",
            ])
        XCTAssertTrue(stages.values.allSatisfy { $0 >= 0 }, "\(stages)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "bench removes its frames")
        // The table says the same, with the machine's own ceiling beside it.
        let table = try runSpringy(["bench", "--threads", "2", scene], environment: environment, timeout: 300)
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("frames/s on 2 ("), table.stdout)
        XCTAssertTrue(table.stdout.contains("2 one-thread renders at once: "), table.stdout)
        XCTAssertTrue(table.stdout.contains("step stages, ms per frame: script events "), table.stdout)
        // The solver's real-time factor is its ms per frame seen from the other side: at 30 fps,
        // 1000 / (30 × ms) (scripts/mutate found the factor's guard untested).
        let solver = try XCTUnwrap(table.stdout.split(separator: "\n").first { $0.contains("solver (animator steps): ") })
        let parts = solver.components(separatedBy: "solver (animator steps): ")[1].components(separatedBy: " ms per frame, ")
        let ms = try XCTUnwrap(Double(parts[0])), factor = try XCTUnwrap(Double(parts[1].components(separatedBy: "×")[0]))
        if ms >= 0.01 { XCTAssertEqual(factor, 1000 / (30 * ms), accuracy: 0.1 * factor + 0.1, String(solver)) }
        XCTAssertLessThan(factor, 1e7, "a finite, measured factor: \(solver)")
    }
}

/// `bench --formats`: a row for each encoder, the GIFs' quality on the GIF rows (measured by
/// ffmpeg), none on the PNG rows (lossless: nothing to measure).
final class FormatBenchOutputTests: XCTestCase {
    func testEachRowHasItsOwnFigures() throws {
        _ = try requireTool("ffmpeg", "bench --formats makes its GIF and measures both with ffmpeg")
        let dir = temporaryDirectory()
        let scene = try smallScene(in: dir, scale: 1)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = dir
        let r = try runSpringy(["bench", "--formats", scene], environment: environment, timeout: 300)
        XCTAssertEqual(r.status, 0, r.stderr)
        // | name | bytes | ms/frame | PSNR | SSIM |
        var rows: [String: [String]] = [:]
        for line in r.stdout.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| format") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            rows[cells[1]] = Array(cells.dropFirst(2).dropLast())
        }
        for name in [
            "png frames, springy", "png frames, libpng 3/up/rle (before)", "springy gif", "springy apng", "ffmpeg palettegen gif",
        ] {
            let cells = try XCTUnwrap(rows[name], "\(name) in \(r.stdout)")
            XCTAssertTrue(cells[0].hasSuffix(" kB"), "\(name): \(cells)")
        }
        for png in ["png frames, springy", "png frames, libpng 3/up/rle (before)"] {
            XCTAssertEqual(rows[png]?[2], "", "\(png) is lossless: no PSNR")
        }
        for gif in ["springy gif", "ffmpeg palettegen gif"] {
            let psnr = rows[gif]?[2] ?? ""
            XCTAssertTrue(psnr == "inf (identical)" || Double(psnr).map { $0 > 20 } == true, "\(gif) has its PSNR: \(r.stdout)")
        }
    }

    /// `--compare A B`: each scene's time per frame, simulate and draw, and B's as a multiple of
    /// A's — what the printed figures say, not how fast they are; one scene or three is refused.
    func testCompareSaysEachScenesTimeAndTheirRatio() throws {
        let dir = temporaryDirectory()
        let a = try smallScene(in: dir, scale: 1)
        let b = "\(dir)/big.yaml"
        try String(contentsOfFile: a, encoding: .utf8).replacingOccurrences(of: "scale: 1", with: "scale: 3")
            .write(toFile: b, atomically: true, encoding: .utf8)
        let r = try runSpringy(["bench", "--compare", a, b], timeout: 300)
        XCTAssertEqual(r.status, 0, r.stderr)
        func perFrame(_ path: String) throws -> (total: Double, simulate: Double, draw: Double) {
            let line = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.contains("\(path): 15 frames, ") }, r.stdout)
            let numbers = line.split(whereSeparator: { " (),".contains($0) }).compactMap { Double($0) }
            XCTAssertEqual(numbers.count, 4, String(line))  // frames, total, simulate, draw
            return (numbers[1], numbers[2], numbers[3])
        }
        let (x, y) = (try perFrame(a), try perFrame(b))
        for t in [x, y] {
            XCTAssertGreaterThan(t.total, 0)
            XCTAssertEqual(t.total, t.simulate + t.draw, accuracy: 0.002)
        }
        let ratio = try XCTUnwrap(
            r.stdout.split(separator: "\n").first { $0.contains("takes") }.flatMap { line in
                line.split(separator: " ").first { $0.hasSuffix("×") }.flatMap { Double($0.dropLast()) }
            }, r.stdout)
        XCTAssertEqual(ratio, y.total / x.total, accuracy: 0.02 * ratio + 0.01)
        for scenes in [[a], [a, b, a]] {
            let refused = try runSpringy(["bench", "--compare"] + scenes)
            XCTAssertEqual(refused.status, 2)
            XCTAssertTrue(
                refused.stderr.contains("--compare takes two scenes (the first the baseline), not \(scenes.count)"),
                refused.stderr)
        }
    }
}
