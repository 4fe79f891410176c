import Foundation
import SpringyFrame
import SpringyOutput
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// Issue 46: a trace's `time` is the frame's exact time, not rounded to 4 decimals (comparing at
/// 0.0167 instead of 1/60 cost up to 0.015 pt on fast motion).
final class TraceTimeTests: XCTestCase {
    func testATracesTimeReadsBackAsTheFramesExactTime() throws {
        for fps in [60, 24, 120] {
            let f = try frames(
                scene(200, 200, time: "fps: \(fps), duration: 0.5", "items:\n  box: { center: [100, 100], size: [10, 10] }"))
            for state in f {
                let line = TraceWriter.line(state)
                // Read as a reader's correctly rounded parser does (Swift's Double(String)).
                let field = try XCTUnwrap(line.split(separator: ",").first { $0.hasPrefix(" \"time\": ") })
                let time = try XCTUnwrap(Double(field.dropFirst(" \"time\": ".count)))
                XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "valid JSON")
                XCTAssertEqual(time, state.time, "frame \(state.frame) at \(fps) fps: bit for bit")
                XCTAssertEqual(time, Double(state.frame) / Double(fps), accuracy: 1e-15)
            }
        }
        let one = try frames(
            scene(200, 200, time: "fps: 60, duration: 0.1", "items:\n  box: { center: [100, 100], size: [10, 10] }")
        )
        XCTAssertTrue(TraceWriter.line(one[1]).contains("\"time\": 0.016666666666666666,"), TraceWriter.line(one[1]))
        XCTAssertTrue(TraceWriter.line(one[0]).contains("\"time\": 0.0,"), TraceWriter.line(one[0]))
    }
}
