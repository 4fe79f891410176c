import Foundation
import SpringyCore
import SpringyPipeline
import SpringyScene
import SpringyTestSupport
import XCTest

/// Issue 33: shards split by what frames (and scenes) cost, as an earlier run measured it.
final class ShardWeightsTests: XCTestCase {
    func testWeightedSharesCoverTheRangeOnceAndCostAlike() {
        var rng = SplitMix64(state: 7)
        for trial in 0..<200 {
            let count = 20 + Int(rng.next() % 400)
            // Costs like a render's: a still stretch (reused frames cost nothing), then motion.
            let still = Int(rng.next() % UInt64(count))
            let costs = (0..<count).map { $0 < still ? 0 : 1 + Double(rng.next() % 1000) / 250 }
            let lower = Int(rng.next() % 10), range = lower...(count - 1)
            let n = 1 + Int(rng.next() % 8)
            var covered: [Int] = []
            var sums: [Double] = []
            for k in 1...n {
                let share = ShardWeights.share(of: range, costs: costs, k: k, n: n)
                if let share { covered += Array(share) }
                sums.append(share.map { $0.map { costs[$0] }.reduce(0, +) } ?? 0)
            }
            XCTAssertEqual(covered, Array(range), "trial \(trial): every frame once, in order")
            let moving = range.filter { costs[$0] > 0 }.count
            if moving >= 40 * n {
                let mean = sums.reduce(0, +) / Double(n)
                XCTAssertLessThanOrEqual(sums.max()! / mean, 1.15, "trial \(trial): \(sums)")
            }
        }
    }

    func testScenesAreDealtByCostEachToOneShard() {
        let paths = (0..<23).map { "scenes/s\($0).yaml" }
        let cwd = FileManager.default.currentDirectoryPath
        var costs: [String: Double] = [:]
        for (i, p) in paths.enumerated() where i != 5 { costs[PathText.absolute(p, cwd: cwd)] = Double((i * 37) % 11 + 1) }
        var all: [String] = []
        var loads: [Double] = []
        for k in 1...4 {
            let mine = ShardWeights.scenes(paths, costs: costs, k: k, n: 4)
            all += mine
            loads.append(mine.map { costs[PathText.absolute($0, cwd: cwd)] ?? 6 }.reduce(0, +))
        }
        XCTAssertEqual(all.sorted(), paths.sorted(), "each scene in exactly one shard")
        XCTAssertLessThanOrEqual(loads.max()! / (loads.reduce(0, +) / 4), 1.15, "\(loads)")
    }

    /// A run measures; shards split by it make one run byte for byte, and the measured costs
    /// of the weighted shards are within 15 % of each other where count shards are not.
    func testWeightedShardsOfARenderEqualOneRunAndBalanceItsCost() throws {
        let dir = temporaryDirectory()
        let path = packageRoot + "/scenes/bench/rest-after-1s.yaml"
        let timings = "\(dir)/timings.tsv"
        let common = ["--scale", "1", "--quiet", "--threads", "1"]
        let r = try runSpringy(["render", path, "--out", "\(dir)/one", "--timings", timings] + common)
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try String(contentsOfFile: timings, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("springy-timings 1\nscene\t\(path)\nframes\t180\n"), String(text.prefix(80)))
        var cost = [Double](repeating: 0, count: 180)
        for line in text.split(separator: "\n").dropFirst(3) {
            let p = line.split(separator: "\t")
            cost[Int(p[0])!] = Double(p[1])!
        }
        let n = 4
        var weighted: [Double] = [], counted: [Double] = []
        for k in 1...n {
            let s = try runSpringy(
                ["render", path, "--out", "\(dir)/weighted", "--shard", "\(k)/\(n)", "--weights", timings] + common)
            XCTAssertEqual(s.status, 0, s.stderr)
            counted.append((180 * (k - 1) / n..<180 * k / n).map { cost[$0] }.reduce(0, +))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/weighted/rest-after-1s").sorted()
        XCTAssertEqual(files, try FileManager.default.contentsOfDirectory(atPath: "\(dir)/one/rest-after-1s").sorted())
        for f in files {
            XCTAssertEqual(
                FileManager.default.contents(atPath: "\(dir)/weighted/rest-after-1s/\(f)"),
                FileManager.default.contents(atPath: "\(dir)/one/rest-after-1s/\(f)"), f)
        }
        let scene = try SceneLoader.load(path: path)
        let costs = try ShardWeights.frameCosts(from: timings, for: scene)
        for k in 1...n {
            weighted.append(
                ShardWeights.share(of: 0...179, costs: costs, k: k, n: n).map { $0.map { costs[$0] }.reduce(0, +) } ?? 0)
        }
        let mean = weighted.reduce(0, +) / Double(n)
        XCTAssertLessThanOrEqual(weighted.max()! / mean, 1.15, "weighted \(weighted)")
        // Measured costs move with the machine's load: the weighted split is never worse than
        // the split by count of the same measurements. The uneven case itself is checked on
        // fixed costs (a second of motion costing ten times a frame at rest), which no load moves.
        XCTAssertLessThanOrEqual(weighted.max()!, counted.max()! + 1e-9, "weighted \(weighted), counted \(counted)")
        let fixed = [Double](repeating: 10, count: 60) + [Double](repeating: 1, count: 120)
        let fixedMean = fixed.reduce(0, +) / Double(n)
        let byCount = (1...n).map { k in (180 * (k - 1) / n..<180 * k / n).map { fixed[$0] }.reduce(0, +) }
        let byCost = (1...n).map { k in
            ShardWeights.share(of: 0...179, costs: fixed, k: k, n: n).map { $0.map { fixed[$0] }.reduce(0, +) } ?? 0
        }
        XCTAssertGreaterThan(byCount.max()! / fixedMean, 1.3, "count shards of motion then rest are uneven: \(byCount)")
        XCTAssertLessThanOrEqual(byCost.max()! / fixedMean, 1.15, "cost shards are even: \(byCost)")

        let bad = try runSpringy([
            "render", packageRoot + "/scenes/falling-box.yaml", "--out", "\(dir)/x", "--shard", "1/2", "--weights", timings,
        ])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("measure it again with render --timings"), bad.stderr)
    }

    /// `--timings` replaces an earlier timings file (measuring again is its job), never a file
    /// of the user's; nothing is rendered when it refuses.
    func testTimingsNeverReplaceAFileThatIsNotTimings() throws {
        let dir = temporaryDirectory()
        let path = packageRoot + "/scenes/falling-box.yaml"
        let mine = "\(dir)/notes.txt"
        try "my notes\n".write(toFile: mine, atomically: true, encoding: .utf8)
        let r = try runSpringy(["render", path, "--out", "\(dir)/out", "--timings", mine, "--frames", "0-3", "--quiet"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("is not a springy timings file"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: mine, encoding: .utf8), "my notes\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out/falling-box/frame-00000.png"))
        let timings = "\(dir)/t.tsv"
        for _ in 0..<2 {
            let ok = try runSpringy([
                "render", path, "--out", "\(dir)/ok", "--timings", timings, "--frames", "0-3", "--quiet", "--overwrite",
            ])
            XCTAssertEqual(ok.status, 0, ok.stderr)
        }
        XCTAssertTrue(try String(contentsOfFile: timings, encoding: .utf8).hasPrefix("springy-timings 1\n"))
    }

    /// Issue 43's attack: costs so large that their sum is infinite (1.7e308, or 0x1p1023, which
    /// Swift's Double() reads) trapped every shard; they are refused with the line, and a cost of
    /// a day a frame (the most a file may say) still shards.
    func testCostsTooLargeToAddUpAreRefusedWithTheirLine() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = packageRoot + "/scenes/falling-box.yaml"
        let frames = try SceneLoader.load(path: path).time.maxFrameCount
        func timings(_ cost: String) throws -> String {
            let file = "\(dir)/t-\(cost).tsv"
            var text = "springy-timings 1\nscene\t\(path)\nframes\t\(frames)\n"
            for f in 0..<frames { text += "\(f)\t\(f == 1 ? cost : "2.0")\n" }
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        for cost in ["1.7e308", "0x1p1023", "86400000.001"] {
            let r = try runSpringy([
                "render", path, "--out", "\(dir)/out", "--shard", "1/2", "--weights", try timings(cost), "--quiet",
            ])
            XCTAssertEqual(r.status, 2, "\(cost): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("t-\(cost).tsv:5: frame 1 costs \(cost) ms, more than a day"), r.stderr)
            XCTAssertFalse(r.stderr.contains("Fatal"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/out/falling-box"), "nothing written")
        }
        let day = try runSpringy([
            "render", path, "--out", "\(dir)/day", "--shard", "2/2", "--weights", try timings("86400000"), "--quiet",
        ])
        XCTAssertEqual(day.status, 0, day.stderr)
        // Costs past what adds up, handed to the split directly, split by count instead of trapping.
        let huge = [Double](repeating: 1.7e308, count: 10)
        XCTAssertEqual(ShardWeights.share(of: 0...9, costs: huge, k: 1, n: 2), 0...4)
        XCTAssertEqual(ShardWeights.share(of: 0...9, costs: huge, k: 2, n: 2), 5...9)
    }

    /// A check's JSON whose scene took longer than a day is not a measure: refused, by file.
    func testACheckJSONWithAnImpossibleSceneCostIsRefused() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = "\(dir)/check.json"
        for (seconds, refused) in [("86400", false), ("86400.5", true), ("1.7e308", true)] {
            try #"{"scenes": [{"file": "a.yaml", "seconds": \#(seconds)}]}"#.write(
                toFile: json, atomically: true, encoding: .utf8)
            do {
                _ = try ShardWeights.sceneCosts(from: json)
                XCTAssertFalse(refused, seconds)
            } catch {
                XCTAssertTrue(refused, "\(seconds): \(error)")
                XCTAssertTrue("\(error)".contains("a.yaml took"), "\(error)")
            }
        }
    }
}
