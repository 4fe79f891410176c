import Foundation
import SpringyCore
import SpringyScene
import SpringyTestSupport
import XCTest

/// Issue 30, item 7: one table from UIKit's and SwiftUI's API names to Springy's keys, used for
/// the hint an unknown key gets and shown in SCENE-FORMAT (generated from the table).
final class UIKitNamesTests: XCTestCase {
    var formatPath: String { packageRoot + "/docs/SCENE-FORMAT.md" }

    func testEveryNameLeadsToAKeyTheFormatHas() {
        let tables = SceneFormat.tables
        for e in UIKitNames.all {
            if e.context == "script[]" {
                XCTAssertTrue(tables.contains { $0.path == "script[].\(e.key)" }, "\(e.api): no script action \(e.key)")
                continue
            }
            let table = tables.first { $0.path == e.context }
            XCTAssertNotNil(table, "\(e.api): no table \(e.context)")
            XCTAssertTrue(table?.names.contains(e.key) == true, "\(e.api): \(e.context) has no key \(e.key)")
        }
        let apis = UIKitNames.all.map(\.api)
        XCTAssertEqual(Set(apis).count, apis.count, "a name listed twice")
    }

    func testTheDocumentShowsTheTable() throws {
        var text = try String(contentsOfFile: formatPath, encoding: .utf8)
        let open = "<!-- uikit-names -->", close = "<!-- end uikit-names -->"
        let a = try XCTUnwrap(text.range(of: open)), b = try XCTUnwrap(text.range(of: close))
        let block = "\n\n" + UIKitNames.markdown + "\n"
        if ProcessInfo.processInfo.environment["SPRINGY_RECORD_REFERENCE"] == "1" {
            text.replaceSubrange(a.upperBound..<b.lowerBound, with: block)
            try text.write(toFile: formatPath, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(String(text[a.upperBound..<b.lowerBound]), block, "SPRINGY_RECORD_REFERENCE=1 rewrites it")
    }

    func testUnknownAPINamesGetTheirSpringyKey() {
        func why(_ body: String) -> String { refusal(scene(300, 400, body)) ?? "accepted" }
        let collection = "collection:\n  layout: { kind: flow }\n  sections: [{ items: 3 }]\n"
        XCTAssertTrue(
            why(collection + "  scroll: { isPagingEnabled: true }").contains("(`isPagingEnabled` is `paging: true` here)"),
            why(collection + "  scroll: { isPagingEnabled: true }"))
        let misplaced = why("collection:\n  layout: { kind: flow, isPagingEnabled: true }\n  sections: [{ items: 3 }]")
        XCTAssertTrue(misplaced.contains("`isPagingEnabled` is `paging: true` in `collection.scroll`"), misplaced)
        let spacing = why("collection:\n  layout: { minimumLineSpacing: 4 }\n  sections: [{ items: 3 }]")
        XCTAssertTrue(spacing.contains("`minimumLineSpacing` is `line_spacing` here"), spacing)
        let delete = why(collection + "script:\n  - { at: 1, deleteItems: [\"0.1\"] }")
        XCTAssertTrue(delete.contains("`deleteItems` is `delete: [...]` in `script[].update`"), delete)
        let inUpdate = why(collection + "script:\n  - { at: 1, update: { deleteItems: [\"0.1\"] } }")
        XCTAssertTrue(inUpdate.contains("`deleteItems` is `delete: [...]` here"), inUpdate)
        let shape = why("items:\n  box: { center: [10, 10], size: [5, 5], collisionBoundsType: ellipse }")
        XCTAssertTrue(shape.contains("`collisionBoundsType` is `shape` here"), shape)
        let range = why(
            "items:\n  box: { center: [10, 10], size: [5, 5] }\nbehaviors:\n  - attachment: { item: box, to: [0, 0], kind: sliding, attachmentRange: [0, 5] }"
        )
        XCTAssertTrue(range.contains("`attachmentRange` is `range` here"), range)
        // A near spelling that is no API name still gets the did-you-mean.
        XCTAssertTrue(why(collection + "  scroll: { pagin: true }").contains("did you mean \"paging\""))
    }
}
