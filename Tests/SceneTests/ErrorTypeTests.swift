import SpringyCore
import SpringyScene
import SpringyTestSupport
import XCTest

/// One error type: a message, located where it can be.
final class ErrorTypeTests: XCTestCase {
    func testOneTypeLocatedOrNot() {
        let located = SceneError(
            file: "s.yaml", line: 3, column: 5, keyPath: "behaviors[0].snap.damping", message: "must be at most 1")
        XCTAssertEqual(located.description, "s.yaml:3:5: behaviors[0].snap.damping: must be at most 1")
        XCTAssertTrue(located.isLocated)
        let whole = SceneError(file: "s.yaml", line: 0, column: 0, keyPath: "", message: "cannot be read")
        XCTAssertEqual(whole.description, "s.yaml: cannot be read")
        let bare = SpringyError("out/x.png: cannot write")
        XCTAssertFalse(bare.isLocated)
        XCTAssertEqual(bare.description, "out/x.png: cannot write")
        XCTAssertEqual(SpringyError(description: "d"), SpringyError("d"))
        let error: Error = bare
        XCTAssertTrue(error is SceneError, "SceneError and the message errors are one type")
    }

    /// A refusal raised without a place (a batch update's) is located at its script event by the
    /// simulation, once.
    func testARunTimeRefusalIsLocatedAtItsEventOnce() throws {
        let text = """
            springy: 1
            viewport: { size: [300, 400], scale: 1 }
            time: { fps: 30, duration: 1 }
            collection:
              layout: { kind: list, row_height: 44 }
              sections: [{ items: 3 }]
            script:
              - { at: 0.1, update: { delete: ["0.1"] } }
              - { at: 0.2, update: { delete: ["0.2"] } }
            """
        XCTAssertNil(refusal(text))
        do {
            _ = try frames(text)
            XCTFail("deleting a cell that is gone is refused")
        } catch let e as SpringyError {
            XCTAssertTrue(e.isLocated)
            XCTAssertEqual(e.line, 9, "\(e)")
            XCTAssertTrue(e.description.hasPrefix("test.yaml:9:1: script[1].update: "), e.description)
            XCTAssertEqual(e.description.components(separatedBy: "test.yaml").count, 2, "located once: \(e)")
        }
    }
}
