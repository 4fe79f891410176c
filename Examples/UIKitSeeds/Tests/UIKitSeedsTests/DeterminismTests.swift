import Foundation
import SpringyKit
import UIKitSeeds
import XCTest

/// A UIKit scene whose code hands items and behaviors over in a `Set`'s order (seeded per
/// process) draws byte-identical frames in two processes, on one thread and on two.
final class DeterminismTests: XCTestCase {
    func run(_ threads: Int) throws -> String {
        let binary = Bundle.main.bundleURL.appendingPathComponent("seed-hashes").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = [String(threads)]
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
        XCTAssertTrue(one.hasPrefix("shuffled-tiles trace "), one)
        XCTAssertEqual(one.split(separator: "\n").map { $0.split(separator: " ").first }, ["shuffled-tiles", "expanding-list"])
        XCTAssertEqual(one, two)
        XCTAssertEqual(one, again)
        // And this process, too.
        let scene = try Scene(named: "shuffled-tiles", duration: 2) { ShuffledTilesViewController() }
        let h = try scene.hashes(pixels: true, threads: 2)
        XCTAssertEqual(
            one.split(separator: "\n").first.map(String.init),
            "shuffled-tiles trace \(h.trace) pixels \(h.pixels ?? "-") frames \(h.frames)")
    }
}
