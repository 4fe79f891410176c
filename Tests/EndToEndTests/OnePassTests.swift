import Foundation
import SpringyTestSupport
import XCTest

/// Issue 29, item 14: `validate` reports every problem of a file in one pass — a typo in
/// `time`, a bad colour, a bad size in another item, a bad behavior value and the script's
/// bad time and unknown item together, in file order; the collection's parts alike.
final class OnePassTests: XCTestCase {
    func lines(_ yaml: String) throws -> [String] {
        let dir = temporaryDirectory()
        try yaml.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let r = try runSpringy(["validate", "\(dir)/s.yaml"])
        XCTAssertEqual(r.status, 2, r.stderr)
        return r.stderr.split(separator: "\n").map { String($0).replacingOccurrences(of: "\(dir)/", with: "") }
    }

    func testFreeItemsBehaviorsAndTheScript() throws {
        let out = try lines(
            """
            springy: 1
            viewport: { size: [375, 667], scale: 2 }
            time: { fps: 60, duraton: 2 }
            items:
              box: { center: [100, 100], size: [5, 40], fill: "#ZZZ" }
              two: { center: [100, 200], size: [-5, 40] }
            behaviors:
              - gravity: { items: [box], magnitude: nope }
            script:
              - { at: -1, tap: { item: box } }
              - { at: 1, tap: { item: nobody } }
            """)
        XCTAssertEqual(
            out.map { $0.prefix { $0 != " " } },
            [
                "s.yaml:3:18:", "s.yaml:5:51:", "s.yaml:6:36:", "s.yaml:8:41:", "s.yaml:10:11:", "s.yaml:11:27:",
            ], out.joined(separator: "\n"))
        XCTAssertTrue(out[0].contains("\"duraton\" (did you mean \"duration\"?)"), out[0])
        XCTAssertTrue(out[1].contains("items.box.fill"), out[1])
        XCTAssertTrue(out[2].contains("items.two.size"), out[2])
        XCTAssertTrue(out[5].contains("no item named \"nobody\""), out[5])
    }

    func testTheCollectionsParts() throws {
        let out = try lines(
            """
            springy: 1
            viewport: { size: [375, 667] }
            style: { cell: "#12" }
            collection:
              layout: { kind: list }
              sections:
                - { items: 3, colums: 2 }
                - { items: -1 }
              scroll: { bounces: maybe }
            """)
        XCTAssertEqual(out.count, 4, out.joined(separator: "\n"))
        XCTAssertTrue(out[0].contains("style.cell"), out[0])
        XCTAssertTrue(out[1].contains("sections[0].colums"), out[1])
        XCTAssertTrue(out[2].contains("sections[1].items"), out[2])
        XCTAssertTrue(out[3].contains("scroll.bounces"), out[3])
    }
}
