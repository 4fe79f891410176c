import Foundation
import SpringyCore
import SpringyDynamics
import SpringyScene
import SpringyTestSupport
import XCTest

/// docs/SCENE-FORMAT.md against the key tables, both ways: every table of the format (SceneFormat
/// .tables) has exactly one generated block, `<!-- keys: PATH -->` … `<!-- end keys -->`, equal to
/// what the table says (a registered kind without its rows, a key the tables lack, a range that
/// moved: each fails here), and no block names a table that does not exist; its example uses only
/// keys the tables have, and DYNAMICS.md has a row for every kind.
/// `SPRINGY_RECORD_REFERENCE=1 swift test --filter SceneFormatReferenceTests` rewrites the blocks
/// after a table changed (a new table's block is placed by hand, where its notes go).
final class SceneFormatReferenceTests: XCTestCase {
    var formatPath: String { packageRoot + "/docs/SCENE-FORMAT.md" }

    static func opening(_ path: String) -> String { "<!-- keys: \(path) -->" }
    static let closing = "<!-- end keys -->"

    /// What a table's block holds: its Markdown, and for a behavior kind the keys `set` takes.
    static func generated(_ table: KeyTable) -> String {
        var s = table.markdown
        if let kind = BehaviorKind.allCases.first(where: { $0.spec.keys.path == table.path }) {
            let set = kind.spec.setKeys.keys.filter { $0.name != "behavior" }
            s +=
                set.isEmpty
                ? "\nA script's `set` changes nothing on it.\n"
                : "\nA script's `set` on it takes: " + set.map { "`\($0.name)`" }.joined(separator: ", ") + ".\n"
        }
        return s
    }

    /// The blocks in the document: (path, content between the markers, range of the whole block).
    static func blocks(_ text: String) -> [(path: String, content: String, range: Range<String.Index>)] {
        var out: [(String, String, Range<String.Index>)] = []
        var rest = text.startIndex..<text.endIndex
        while let a = text.range(of: "<!-- keys: ", range: rest) {
            guard let close = text.range(of: " -->", range: a.upperBound..<text.endIndex),
                let b = text.range(of: closing, range: close.upperBound..<text.endIndex)
            else { break }
            let path = String(text[a.upperBound..<close.lowerBound])
            out.append((path, String(text[close.upperBound..<b.lowerBound]), a.lowerBound..<b.upperBound))
            rest = b.upperBound..<text.endIndex
        }
        return out
    }

    func testEveryKeyTableHasItsGeneratedBlock() throws {
        var text = try String(contentsOfFile: formatPath, encoding: .utf8)
        let tables = SceneFormat.tables
        XCTAssertEqual(Set(tables.map(\.path)).count, tables.count, "two tables share a path")
        let found = Self.blocks(text)
        if ProcessInfo.processInfo.environment["SPRINGY_RECORD_REFERENCE"] == "1" {
            for block in found.reversed() {
                guard let table = tables.first(where: { $0.path == block.path }) else { continue }
                text.replaceSubrange(
                    block.range, with: Self.opening(table.path) + "\n\n" + Self.generated(table) + "\n" + Self.closing)
            }
            try text.write(toFile: formatPath, atomically: true, encoding: .utf8)
            return
        }
        for table in tables {
            let mine = found.filter { $0.path == table.path }
            guard mine.count == 1 else {
                XCTFail(
                    "SCENE-FORMAT.md has \(mine.count) blocks for `\(table.path)` (one is needed: \(Self.opening(table.path)) … \(Self.closing))"
                )
                continue
            }
            let doc = mine[0].content.split(separator: "\n", omittingEmptySubsequences: false)
            let gen = ("\n\n" + Self.generated(table) + "\n").split(separator: "\n", omittingEmptySubsequences: false)
            if doc != gen {
                let first = (0..<min(doc.count, gen.count)).first { doc[$0] != gen[$0] } ?? min(doc.count, gen.count)
                XCTFail(
                    "SCENE-FORMAT.md's `\(table.path)` differs from its key table at the block's line \(first):\n  doc:    \(first < doc.count ? String(doc[first]) : "(end)")\n  tables: \(first < gen.count ? String(gen[first]) : "(end)")\n(SPRINGY_RECORD_REFERENCE=1 rewrites it)"
                )
            }
        }
        for block in found where !tables.contains(where: { $0.path == block.path }) {
            XCTFail("SCENE-FORMAT.md documents `\(block.path)`, which no key table has")
        }
    }

    /// A kind whose table lost a row, or a table nobody documented, fails the check above: shown
    /// here on a copy of the document.
    func testAMissingRowOrBlockIsFound() throws {
        let text = try String(contentsOfFile: formatPath, encoding: .utf8)
        let snap = try XCTUnwrap(Self.blocks(text).first { $0.path == "behaviors[].snap" })
        XCTAssertEqual(snap.content, "\n\n" + Self.generated(SnapSpec.keys) + "\n")
        var fewer = SnapSpec.keys
        fewer.keys.removeLast()
        XCTAssertNotEqual(snap.content, "\n\n" + Self.generated(fewer) + "\n")
        XCTAssertTrue(SceneFormat.tables.contains { $0.path == "behaviors[].sticky_corners" })
        XCTAssertFalse(
            Self.blocks(text.replacingOccurrences(of: "<!-- keys: behaviors[].sticky_corners -->", with: ""))
                .contains { $0.path == "behaviors[].sticky_corners" })
    }

    /// Every `- <kind>: { key: ... }` of the Behaviors example names a kind and keys the tables have.
    func testTheBehaviorsExampleUsesOnlyKeysTheTablesHave() throws {
        let text = try String(contentsOfFile: formatPath, encoding: .utf8)
        let section = try XCTUnwrap(
            text.components(separatedBy: "## Behaviors").dropFirst().first?.components(separatedBy: "```")[1])
        var entries: [(kind: String, body: String)] = []
        for line in section.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("- "), let colon = t.firstIndex(of: ":") {
                entries.append((String(t[t.index(t.startIndex, offsetBy: 2)..<colon]), String(t[colon...])))
            } else if !entries.isEmpty {
                entries[entries.count - 1].body += " " + t
            }
        }
        XCTAssertEqual(entries.map(\.kind), ["gravity", "collision", "attachment", "snap", "push", "item"])
        for (kind, body) in entries {
            let table = try XCTUnwrap(BehaviorKind(rawValue: kind), kind).spec.keys
            let code = body.components(separatedBy: "#").first ?? body
            // Keys of the kind's own mapping: `name:` directly inside its outer braces.
            var depth = 0, word = "", keys: [String] = []
            for ch in code {
                if ch == "{" || ch == "[" {
                    depth += 1; word = ""
                } else if ch == "}" || ch == "]" {
                    depth -= 1; word = ""
                } else if ch == ":" {
                    if depth == 1, !word.isEmpty { keys.append(word) }; word = ""
                } else if ch.isLetter || ch == "_" {
                    word.append(ch)
                } else {
                    word = ""
                }
            }
            XCTAssertFalse(keys.isEmpty, kind)
            for key in keys {
                XCTAssertTrue(
                    table.names.contains(key), "SCENE-FORMAT's \(kind) example uses `\(key)`, which \(table.path) does not have")
            }
        }
    }

    func testDynamicsHasARowForEveryKind() throws {
        let text = try String(contentsOfFile: packageRoot + "/docs/DYNAMICS.md", encoding: .utf8)
        for kind in BehaviorKind.allCases {
            XCTAssertTrue(
                text.contains("(\(kind.spec.uikitName)"), "DYNAMICS.md says nothing of \(kind.spec.uikitName) (\(kind.rawValue))")
        }
    }

    /// Every table's ranges are what the decoder enforces: one value just outside each range is
    /// refused with the key's path, one inside accepted.
    func testTheDecoderHoldsEveryDeclaredRange() {
        let declared: [BehaviorKind: String] = [
            .snap: "snap: { item: a, to: [10, 10], KEY: VALUE }", .attachment: "attachment: { item: a, to: b, KEY: VALUE }",
            .field: "field: { kind: noise, items: [a], KEY: VALUE }", .item: "item: { items: [a], KEY: VALUE }",
            .gravity: "gravity: { items: [a], KEY: VALUE }", .push: "push: { items: [a], KEY: VALUE }",
        ]
        for (kind, template) in declared.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for key in kind.spec.keys.keys {
                guard let r = key.range, key.type == "number" else { continue }
                let above = r.upperBound + max(1, abs(r.upperBound) * 0.01)
                let text = scene(
                    300, 400, time: "fps: 30, duration: 0.1",
                    """
                    items:
                      a: { center: [100, 100], size: [30, 30] }
                      b: { center: [200, 100], size: [30, 30] }
                    behaviors:
                      - \(template.replacingOccurrences(of: "KEY", with: key.name).replacingOccurrences(of: "VALUE", with: "\(above)"))
                    """)
                let r2 = refusal(text)
                XCTAssertTrue(r2?.contains(key.name) ?? false, "\(kind).\(key.name) = \(above): \(r2 ?? "accepted")")
            }
        }
    }

    /// Every numeric range of the script's tables is what the decoder refuses beyond, with the
    /// key's path in the error.
    func testTheDecoderHoldsEveryScriptRange() throws {
        let templates: [String: String] = [
            "script[].pan": "pan: { from: [10, 10], to: [20, 20], duration: 0.5, KEY: VALUE }",
            "script[].swipe": "swipe: { from: [10, 10], direction: left, KEY: VALUE }",
            "script[].insert": "insert: { at: right_of_center, KEY: VALUE }",
            "script[].long_press": "long_press: { at: [10, 10], KEY: VALUE }",
            "script[].reorder": "reorder: { at: [10, 10], KEY: VALUE }",
            "script[].add_velocity": "add_velocity: { item: a, linear: [1, 1], KEY: VALUE }",
            "script[].pinch": "pinch: { center: [50, 50], duration: 0.5, scale: 2, KEY: VALUE }",
            "script[].rotate": "rotate: { center: [50, 50], duration: 0.5, rotation: 30, KEY: VALUE }",
            "script[].double_tap": "double_tap: { at: [10, 10], KEY: VALUE }",
            "script[].touches": "touches: { duration: 0.5, fingers: [{ path: [[10, 10]] }], KEY: VALUE }",
            "script[].edge_pan": "edge_pan: { edge: left, distance: 50, duration: 0.5, KEY: VALUE }",
            "script[].tilt": "tilt: { angle: 10, KEY: VALUE }", "script[].shake": "shake: { KEY: VALUE }",
        ]
        var checked = 0
        for table in ScriptKeys.all {
            for key in table.keys {
                guard let r = key.range, key.type == "number" || key.type == "whole number" else { continue }
                let template = try XCTUnwrap(templates[table.path], "a template for \(table.path)")
                let above = r.upperBound + max(1, abs(r.upperBound) * 0.01)
                var body = template.replacingOccurrences(of: "KEY", with: key.name).replacingOccurrences(
                    of: "VALUE", with: "\(Int(above))")
                if template.contains(" \(key.name): ") {
                    // The key is in the template already: its value is replaced instead.
                    body = template.replacingOccurrences(of: ", KEY: VALUE", with: "")
                        .replacingOccurrences(
                            of: " \(key.name): [^,}]+", with: " \(key.name): \(Int(above))", options: .regularExpression)
                }
                let text = scene(
                    300, 400, time: "fps: 30, duration: 1",
                    """
                    items:
                      a: { center: [100, 100], size: [30, 30] }
                    collection:
                      layout: { kind: list, row_height: 44 }
                      sections: [{ items: 3 }]
                    script:
                      - { at: 0.1, \(body) }
                    """)
                let refused = refusal(text)
                XCTAssertTrue(
                    refused?.contains(key.name) ?? false, "\(table.path).\(key.name) = \(Int(above)): \(refused ?? "accepted")")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }
}
