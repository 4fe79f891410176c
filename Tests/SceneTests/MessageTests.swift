import Foundation
import SpringyTestSupport
import XCTest

/// Error messages at the product's bar: located at the key at fault, saying what is wrong
/// in words a user acts on, with a suggestion only when it is one.
final class MessageTests: XCTestCase {
    let item = "items:\n  a: { center: [50, 50], size: [20, 20] }"

    func testACellNamedInASceneWithoutACollection() {
        let r = refusal(scene(100, 100, "\(item)\nscript:\n  - { at: 0.1, tap: { item: \"0.1\" } }"))
        XCTAssertEqual(
            r, "s.yaml:7:29: script[0].tap.item: 0.1 names a cell, and this scene has no collection: name a free view (a)")
    }

    func testAFastSpringIsLocatedAtItsFrequency() {
        let declared = refusal(scene(100, 100, "\(item)\nbehaviors:\n  - attachment: { item: a, to: [10, 10], frequency: 50 }"))
        XCTAssertTrue(
            declared?.hasPrefix("s.yaml:7:53: behaviors[0].attachment.frequency: a spring of 50 Hz") ?? false, declared ?? "")
        let added = refusal(
            scene(100, 100, "\(item)\nscript:\n  - at: 0.1\n    add: { attachment: { item: a, to: [10, 10], frequency: 45 } }"))
        XCTAssertTrue(
            added?.hasPrefix("s.yaml:8:60: script[0].add.attachment.frequency: a spring of 45 Hz") ?? false, added ?? "")
    }

    func testATabIsNamedAsATab() {
        XCTAssertEqual(
            refusal("springy: 1\nviewport:\n\tsize: [100, 100]\n"),
            "s.yaml:3:1: a tab character: YAML indents with spaces only (replace the tab with spaces)")
    }

    func testNoSuggestionForAOneLetterName() {
        let short = refusal(scene(100, 100, "\(item)\nbehaviors:\n  - gravity: { items: [b] }"))
        XCTAssertEqual(short, "s.yaml:7:24: behaviors[0].gravity.items[0]: no item named \"b\"")
        let typo = refusal(
            scene(100, 100, "items:\n  frog: { center: [50, 50], size: [20, 20] }\nbehaviors:\n  - gravity: { items: [forg] }"))
        XCTAssertTrue(typo?.contains("(did you mean \"frog\"?)") ?? false, typo ?? "")
    }

    func testPlotNamesWhatIsOnScreen() throws {
        let r = try runSpringy(["plot", "scenes/falling-box.yaml", "--item", "bxo", "--out", temporaryDirectory() + "/p.svg"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("no item \"bxo\" is ever on screen (did you mean \"box\"?); on screen: box"), r.stderr)
    }

    func testTwoScenesOfOneNameNameTheFlagOfTheirCommand() throws {
        let dir = temporaryDirectory()
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: "\(dir)/\(sub)", withIntermediateDirectories: true)
            try String(contentsOfFile: packageRoot + "/scenes/falling-box.yaml", encoding: .utf8)
                .write(toFile: "\(dir)/\(sub)/card.yaml", atomically: true, encoding: .utf8)
        }
        let check = try runSpringy(["check", "\(dir)/a/card.yaml", "\(dir)/b/card.yaml"])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.stderr.contains("run them separately with different --golden"), check.stderr)
        XCTAssertFalse(check.stderr.contains("--out"), "check has no --out: \(check.stderr)")
    }
}
