import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringyTestSupport
import XCTest

/// Issue 44, item 8: a flow section's header exists only when the layout gives headers a height
/// (UICollectionViewFlowLayout's headerReferenceSize): a mutant that made a 0 pt header survived.
final class FlowHeaderTests: XCTestCase {
    func headers(height: String) throws -> [HeaderState] {
        try frames(
            scene(
                375, 600, time: "fps: 10, duration: 0.1",
                """
                collection:
                  layout: { kind: flow, item_size: [80, 80]\(height) }
                  sections:
                    - { items: 3, header: "Recent" }
                """))[0].headers
    }

    func testAHeaderOfNoHeightIsNoHeaderAndOneOfAPointIs() throws {
        XCTAssertEqual(try headers(height: "").count, 0, "no header_height: no header")
        XCTAssertEqual(try headers(height: ", header_height: 0").count, 0)
        let one = try headers(height: ", header_height: 1")
        XCTAssertEqual(one.count, 1)
        XCTAssertEqual(one.first?.frame.height, 1)
        XCTAssertEqual(one.first?.title, "Recent")
    }
}
