import Foundation
import SeedScenes
import SpringyKit
import XCTest

/// The seed scenes draw byte-identical frames in two processes, on one thread and on two: the
/// shuffled tiles (items and behaviors handed over in a `Set`'s order, seeded per process), the
/// carousel (springs kept in a `Dictionary` by index path) and the expanding list (taps, a batch
/// update in a spring animation, pinned headers).
final class DeterminismTests: XCTestCase {
    static let names = ["springy-carousel-insert", "expand-sticky", "shuffled-tiles"]

    func run(_ threads: Int) throws -> String {
        let binary = Bundle.main.bundleURL.appendingPathComponent("seed-hashes").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = [String(threads)] + Self.names
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTwoProcessesAndTwoThreadCountsDrawTheSameFrames() throws {
        let one = try run(1), two = try run(2), again = try run(1)
        XCTAssertEqual(one.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) }, Self.names)
        XCTAssertEqual(one, two)
        XCTAssertEqual(one, again)
        // And this process, too.
        let h = try SeedScenes.shuffledTiles().hashes(pixels: true, threads: 2)
        XCTAssertEqual(
            one.split(separator: "\n").last.map(String.init),
            "shuffled-tiles trace \(h.trace) pixels \(h.pixels ?? "-") frames \(h.frames)")
    }
}
