import SpringyCore
import SpringyYAML
import XCTest
import Yams

/// A key's range as the reader holds a number to it: each end on its boundary and one step
/// past, open ends excluded; and as SCENE-FORMAT writes it.
final class KeyRangeTests: XCTestCase {
    func read(_ text: String, _ key: SceneKey) throws -> Double {
        let context = DecodeContext(file: "k.yaml", nodeBudget: 10)
        return try YAMLValue(node: try XCTUnwrap(try Yams.compose(yaml: text)), path: "k", context: context).double(key)
    }

    func testEachEndOnItsBoundaryAndOneStepPast() throws {
        let closed = SceneKey("k", "number", range: 0...1, "")
        XCTAssertEqual(try read("0", closed), 0)
        XCTAssertEqual(try read("1", closed), 1)
        XCTAssertThrowsError(try read("1.000001", closed))
        XCTAssertThrowsError(try read("-0.000001", closed))
        let open = SceneKey("k", "number", range: 0...1, lowerOpen: true, upperOpen: true, "")
        XCTAssertEqual(try read("0.000001", open), 0.000001)
        XCTAssertEqual(try read("0.999999", open), 0.999999)
        XCTAssertThrowsError(try read("0", open)) { XCTAssertTrue("\($0)".contains("must be greater than 0"), "\($0)") }
        XCTAssertThrowsError(try read("1", open)) { XCTAssertTrue("\($0)".contains("must be less than 1, found 1"), "\($0)") }
    }

    func testOpenEndsAreWrittenAsSuch() {
        let table = KeyTable(
            "t",
            [
                SceneKey("a", "number", range: 0...1, ""), SceneKey("b", "number", range: 0...1, lowerOpen: true, ""),
                SceneKey("c", "number", range: 0...1, lowerOpen: true, upperOpen: true, ""),
            ])
        XCTAssertTrue(table.markdown.contains("| `a` | number | 0 … 1 |"), table.markdown)
        XCTAssertTrue(table.markdown.contains("| `b` | number | > 0 … 1 |"), table.markdown)
        XCTAssertTrue(table.markdown.contains("| `c` | number | > 0 … < 1 |"), table.markdown)
    }
}

/// The reader's node budget (--max-nodes) takes exactly its nodes: the last one is read, one
/// more is refused.
final class NodeBudgetTests: XCTestCase {
    func testTheBudgetTakesExactlyItsNodes() throws {
        let context = DecodeContext(file: "k.yaml", nodeBudget: 2)
        let node = try XCTUnwrap(try Yams.compose(yaml: "1"))
        XCTAssertNoThrow(try YAMLValue(node: node, path: "a", context: context))
        XCTAssertNoThrow(try YAMLValue(node: node, path: "b", context: context))
        XCTAssertThrowsError(try YAMLValue(node: node, path: "c", context: context)) {
            XCTAssertTrue("\($0)".contains("the document expands to more than 2 nodes"), "\($0)")
        }
    }
}
