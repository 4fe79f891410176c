import SpringyCore
import SpringyDynamics
import SpringyScene
import XCTest

/// Issue 44, item 8: decoder boundaries scripts/mutate's whole-product sample found unguarded
/// (a pin's range in degrees, a compositional item_size's two values, last_line's choice),
/// each on its boundary and one step past it.
final class DecodingBoundaryTests: XCTestCase {
    func attachment(_ body: String) throws -> Scene {
        try decodedScene(
            """
            items:
              a: { center: [200, 200], size: [40, 40] }
              b: { center: [100, 200], size: [10, 10] }
            behaviors:
              - attachment: \(body)
            """)
    }

    func testAPinsRangeIsWithin360DegreesEachWayAndOtherKindsAreNot() throws {
        for ok in ["[-360, 360]", "[0, 360]", "[-360, 0]"] {
            XCTAssertNoThrow(try attachment("{ kind: pin, item: a, to: b, anchor: [150, 200], range: \(ok) }"), ok)
        }
        for bad in ["[-360.5, 0]", "[0, 360.5]"] {
            XCTAssertThrowsError(try attachment("{ kind: pin, item: a, to: b, anchor: [150, 200], range: \(bad) }"), bad) {
                XCTAssertTrue("\($0)".contains("a pin's range is in degrees, within −360…360"), "\($0)")
            }
        }
        // A sliding attachment's range is in points: 400 is no angle.
        let s = try attachment("{ kind: sliding, item: a, to: [200, 200], axis: [1, 0], range: [0, 400] }")
        guard case .attachment(let spec) = s.behaviors.first?.spec else { return XCTFail() }
        XCTAssertEqual(spec.rangeUpper, 400)
    }

    func collection(_ layout: String, sections: String) throws -> Scene {
        try decodedScene(
            """
            collection:
              layout: \(layout)
              sections: \(sections)
            """, width: 375, height: 667)
    }

    func testACompositionalItemSizeIsTwoValues() throws {
        XCTAssertNoThrow(try collection("{ kind: compositional }", sections: "[{ items: 3, item_size: [100, 50] }]"))
        XCTAssertNoThrow(try collection("{ kind: compositional }", sections: "[{ items: 3, item_size: [\"50%\", 50] }]"))
        for bad in ["[100]", "[100, 50, 2]"] {
            XCTAssertThrowsError(try collection("{ kind: compositional }", sections: "[{ items: 3, item_size: \(bad) }]")) {
                XCTAssertTrue("\($0)".contains("expected [width, height]"), "\($0)")
            }
        }
    }

    func testLastLineIsLeadingUnlessItSaysColumns() throws {
        let columns = try collection("{ kind: flow, item_size: [100, 100], last_line: columns }", sections: "[{ items: 5 }]")
        XCTAssertEqual(columns.collection?.layout.lastLineColumns, true)
        let leading = try collection("{ kind: flow, item_size: [100, 100], last_line: leading }", sections: "[{ items: 5 }]")
        XCTAssertEqual(leading.collection?.layout.lastLineColumns, false)
        let unsaid = try collection("{ kind: flow, item_size: [100, 100] }", sections: "[{ items: 5 }]")
        XCTAssertEqual(unsaid.collection?.layout.lastLineColumns, false)
    }

    /// A view's size is greater than 0 each way: 0 in either is said as such (the second
    /// sample's `h <= 0` to `h < 0` survivor fell through to the smallest-length message).
    func testAViewOfNoHeightOrWidthIsRefusedAsSuch() throws {
        for size in ["[40, 0]", "[0, 40]"] {
            XCTAssertThrowsError(try decodedScene("items:\n  a: { center: [200, 200], size: \(size) }"), size) {
                XCTAssertTrue("\($0)".contains("width and height must be greater than 0"), "\($0)")
            }
        }
    }

    /// A direction with a magnitude of its own must have a length to give its angle: length 0 is
    /// refused (it would divide by zero), the least length above it is taken and scaled.
    func testADirectionWithAMagnitudeNeedsALength() throws {
        func gravity(_ direction: String) throws -> Scene {
            try decodedScene(
                """
                items:
                  a: { center: [200, 200], size: [40, 40] }
                behaviors:
                  - gravity: { items: [a], direction: \(direction), magnitude: 2 }
                """)
        }
        XCTAssertThrowsError(try gravity("[0, 0]")) {
            XCTAssertTrue("\($0)".contains("behaviors[0].gravity.direction: a direction of length 0 has no angle"), "\($0)")
        }
        let scene = try gravity("[0, 1e-9]")
        guard case .gravity(let g) = try XCTUnwrap(scene.behaviors.first?.spec) else { return XCTFail("not gravity") }
        XCTAssertEqual(g.vector.x, 0)
        XCTAssertEqual(g.vector.y, 2, accuracy: 1e-9)
    }
}
