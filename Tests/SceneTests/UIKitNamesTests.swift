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
        let places = UIKitNames.all.map { "\($0.api) in \($0.context)" }
        XCTAssertEqual(Set(places).count, places.count, "a name listed twice for one context")
        for a in UIKitNames.absent {
            XCTAssertFalse(UIKitNames.all.contains { $0.api == a.api && $0.context != "style" }, "\(a.api): absent, and listed")
        }
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
        // The API name in another case is still recognised (scripts/mutate: untested).
        let lower = why("collection:\n  layout: { kind: flow, itemsize: [10, 10] }\n  sections: [{ items: 3 }]")
        XCTAssertTrue(lower.contains("(`itemSize` is `item_size` here)"), lower)
        // A near spelling that is no API name still gets the did-you-mean.
        XCTAssertTrue(why(collection + "  scroll: { pagin: true }").contains("did you mean \"paging\""))
    }

    /// Issue 43: a new user writing a scene as a UIKit hand would made seven mistakes, surfaced
    /// over three validate runs (4, then 2, then 1), two of them with a hint naming another
    /// context's key. One run now reports all seven, each with its own context's key or a plain
    /// word that Springy has no such property.
    func testOneRunReportsEveryUIKitSpellingWithItsOwnContextsKey() {
        let text = scene(
            300, 400,
            """
            collection:
              layout: { kind: flow, itemSize: [100, 100], scrollDirection: horizontal }
              scroll: { isPagingEnabled: true, decelerationRate: fast }
              sections: [{ items: 3 }]
            style: { cornerRadius: 12 }
            items:
              box: { center: [150, 300], size: [40, 40], backgroundColor: "#FF0000" }
            behaviors:
              - attachment: { item: box, to: [150, 200], dampingRatio: 0.5 }
            """)
        let r = refusal(text) ?? "accepted"
        for expected in [
            "collection.layout.itemSize: unknown key \"itemSize\" (`itemSize` is `item_size` here)",
            "collection.layout.scrollDirection: unknown key \"scrollDirection\" (`scrollDirection` is `direction` here)",
            "collection.scroll.isPagingEnabled: unknown key \"isPagingEnabled\" (`isPagingEnabled` is `paging: true` here)",
            "collection.scroll.decelerationRate: unknown key \"decelerationRate\" (`decelerationRate` is `deceleration_rate` here)",
            "style.cornerRadius: unknown key \"cornerRadius\" (`cornerRadius` is `corner_radius` here)",
            "items.box.backgroundColor: unknown key \"backgroundColor\" (`backgroundColor` is `fill` here)",
            "behaviors[0].attachment.dampingRatio: unknown key \"dampingRatio\" (`dampingRatio` is `damping` here)",
        ] {
            XCTAssertTrue(r.contains(expected), "\(expected)\n in: \(r)")
        }
        XCTAssertEqual(r.components(separatedBy: "unknown key").count - 1, 7, r)
        // The other spellings the new user met: each its own context's key, or a plain word.
        func why(_ body: String) -> String { refusal(scene(300, 400, body)) ?? "accepted" }
        let collection = "collection:\n  layout: { kind: flow }\n  sections: [{ items: 3 }]\n"
        let cases: [(String, String)] = [
            (
                collection
                    + "script:\n  - { at: 0.1, animator: { name: a, views: [\"0.0\"], dampingRatio: 0.5, to: { alpha: 0 } } }",
                "`dampingRatio` is `damping_ratio` here"
            ),
            (
                collection + "script:\n  - { at: 0.1, scroll_to: { contentOffset: [0, 10] } }",
                "`contentOffset` is `offset: [x, y]` here"
            ),
            (
                collection + "script:\n  - { at: 0.1, animate: { views: [\"0.0\"], duration: 1, options: x, to: { alpha: 0 } } }",
                "`options` is `curve: ease_in_out | ease_in | ease_out | linear` here"
            ),
            (
                "collection:\n  layout: { kind: flow, estimatedItemSize: [1, 1] }\n  sections: [{ items: 3 }]",
                "`estimatedItemSize` is `item_size: [w, h] (cells are not self-sizing)` here"
            ),
            (
                "items:\n  box: { center: [10, 10], size: [5, 5], cornerRadius: 3 }",
                "Springy has no `cornerRadius`: Springy's views"
            ),
            (
                "collection:\n  layout: { kind: flow }\n  scroll: { scrollsToTop: true }\n  sections: [{ items: 3 }]",
                "Springy has no `scrollsToTop`"
            ),
            (
                "collection:\n  layout: { kind: flow }\n  scroll: { contentInsetAdjustmentBehavior: never }\n  sections: [{ items: 3 }]",
                "Springy has no `contentInsetAdjustmentBehavior`"
            ),
            (
                collection
                    + "script:\n  - { at: 0.1, animator: { name: a, views: [\"0.0\"], duration: 1, isReversed: true, to: { alpha: 0 } } }",
                "Springy has no `isReversed`: reverse a running animator with a `reverse_animator: { name }` script event"
            ),
        ]
        for (body, expected) in cases {
            XCTAssertTrue(why(body).contains(expected), "\(expected)\n in: \(why(body))")
        }
    }
}
