import SpringyCore
import SpringyScene
import SpringyTypes
import XCTest

/// Issue 29, item 20: `--fps 29.97`. A rate is an exact fraction; whole rates keep today's
/// numbers to the bit.
final class FrameRateTests: XCTestCase {
    func testParsing() {
        XCTAssertEqual(FrameRate.parse("60"), FrameRate(60))
        XCTAssertEqual(FrameRate.parse("29.97")?.numerator, 30000)
        XCTAssertEqual(FrameRate.parse("29.97")?.denominator, 1001)
        XCTAssertEqual(FrameRate.parse("30000/1001"), FrameRate.parse("29.97"))
        XCTAssertEqual(FrameRate.parse("23.976")?.numerator, 24000)
        XCTAssertEqual(FrameRate.parse("59.94")?.numerator, 60000)
        for bad in ["0", "241", "29.9", "30.0", "-1", "", "1/0", "30000/1000", "nan"] {
            XCTAssertNil(FrameRate.parse(bad), bad)
        }
        XCTAssertEqual(FrameRate.parse("29.97")?.description, "29.97")
        XCTAssertEqual(FrameRate(24).description, "24")
    }

    func testWholeRatesGiveTheNumbersTheyAlwaysGave() {
        var t = TimeSpec(rate: FrameRate(60), stepRate: 120, duration: 2, untilRest: false, maxDuration: 10)
        for fps in 1...240 {
            t.fps = fps
            for i in stride(from: 0, through: 2000, by: 7) {
                XCTAssertEqual(t.steps(forFrame: i), i * 120 / fps)
                XCTAssertEqual(t.rate.seconds(i).bitPattern, (Double(i) / Double(fps)).bitPattern)
            }
            for d in [0.5, 1.0 / 3, 2.483, 7.25] {
                t.duration = d
                XCTAssertEqual(t.maxFrameCount, max(1, Int((d * Double(fps)).rounded())))
                XCTAssertEqual(t.frame(atTime: d), Int((d * Double(fps) + 1e-9).rounded(.down)))
            }
        }
    }

    func testNTSCFramesAreAtTheirExactTimes() throws {
        let ntsc = try XCTUnwrap(FrameRate.parse("29.97"))
        var t = TimeSpec(rate: ntsc, stepRate: 120, duration: 10, untilRest: false, maxDuration: 10)
        XCTAssertEqual(t.maxFrameCount, 300, "10 s × 29.97 = 299.7 frames, rounded")
        XCTAssertEqual(ntsc.seconds(30000), 1001, "30000 frames last exactly 1001 s")
        // Frame i shows the last 1/120 s step at or before i × 1001/30000 s: 4i steps until the
        // 0.1 % drift adds up to a whole step at frame 250 (1001 steps, where 30 fps has 1000).
        XCTAssertEqual(t.steps(forFrame: 249), 996)
        XCTAssertEqual(t.steps(forFrame: 250), 1001)
        XCTAssertEqual(t.frame(atTime: 1001.0 / 30000 * 250), 250)
        XCTAssertEqual(t.frame(atTime: 8.34), 249, "frame 250 starts at 8.3417 s")
        t.duration = 1.5
        XCTAssertEqual(t.frame(atTime: 1.5, count: t.maxFrameCount), 44, "the end is the last frame")
    }
}
