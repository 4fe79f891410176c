import Foundation
import SpringyCore
import SpringyScene
import SpringyTestSupport
import XCTest

/// docs/SCENE-FORMAT.md against the key tables, both ways: its behavior reference is exactly what
/// the tables say (a registered kind without its rows, a key the tables lack, a range that moved:
/// each fails here), its example uses only keys the tables have, and DYNAMICS.md has a row for
/// every kind. `SPRINGY_RECORD_REFERENCE=1 swift test --filter SceneFormatReferenceTests` writes
/// the generated part after a table changed.
final class SceneFormatReferenceTests: XCTestCase {
    static let begin = "<!-- behavior reference: generated from the key tables (SceneFormatReferenceTests) -->"
    static let end = "<!-- end of behavior reference -->"

    static var generated: String {
        var s = "\(begin)\n\n"
        for kind in BehaviorKind.allCases {
            let spec = kind.spec
            s += "#### `\(kind.rawValue)` (\(spec.uikitName))\n\n" + spec.keys.markdown + "\n"
            let set = spec.setKeys.keys.filter { $0.name != "behavior" }
            s +=
                set.isEmpty
                ? "A script's `set` changes nothing on it.\n\n"
                : "A script's `set` on it takes: " + set.map { "`\($0.name)`" }.joined(separator: ", ") + ".\n\n"
        }
        s += "`defaults` and an `item` behavior take the item properties:\n\n" + ItemProperties.keys.markdown + "\n" + end
        return s
    }

    /// The script's tables, one per action (ScriptKeys.all).
    static var scriptGenerated: String {
        "<!-- script reference: generated from the key tables (SceneFormatReferenceTests) -->\n\n"
            + ScriptKeys.all.map(\.markdown).joined(separator: "\n") + "\n<!-- end of script reference -->"
    }

    var formatPath: String { packageRoot + "/docs/SCENE-FORMAT.md" }

    /// A generated block: `name` reference, the tables' Markdown between its markers.
    static func block(_ name: String, _ tables: [KeyTable]) -> String {
        "<!-- \(name) reference: generated from the key tables (SceneFormatReferenceTests) -->\n\n"
            + tables.map(\.markdown).joined(separator: "\n") + "\n<!-- end of \(name) reference -->"
    }

    func checkBlock(_ name: String, _ generated: String) throws {
        let text = try String(contentsOfFile: formatPath, encoding: .utf8)
        let begin = "<!-- \(name) reference: generated", end = "<!-- end of \(name) reference -->"
        let a = try XCTUnwrap(text.range(of: begin), "SCENE-FORMAT.md has no generated \(name) reference")
        let b = try XCTUnwrap(text.range(of: end))
        if ProcessInfo.processInfo.environment["SPRINGY_RECORD_REFERENCE"] == "1" {
            try (text[..<a.lowerBound] + generated + text[b.upperBound...]).write(
                toFile: formatPath, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(
            String(text[a.lowerBound..<b.upperBound]), generated,
            "SCENE-FORMAT.md's \(name) reference differs from the key tables (SPRINGY_RECORD_REFERENCE=1 rewrites it)")
    }

    func testTheScriptReferenceIsTheKeyTables() throws { try checkBlock("script", Self.scriptGenerated) }

    func testTheTopLevelReferenceIsTheKeyTables() throws {
        try checkBlock("top-level", Self.block("top-level", TopLevelKeys.all))
    }

    func testTheAnimationReferenceIsTheKeyTables() throws {
        try checkBlock("animation", Self.block("animation", AnimationKeys.all))
    }

    func testTheCollectionReferenceIsTheKeyTables() throws {
        try checkBlock("collection", Self.block("collection", CollectionKeys.all))
    }

    func testTheBehaviorReferenceIsTheKeyTables() throws {
        let text = try String(contentsOfFile: formatPath, encoding: .utf8)
        if ProcessInfo.processInfo.environment["SPRINGY_RECORD_REFERENCE"] == "1" {
            let a = try XCTUnwrap(text.range(of: Self.begin)), b = try XCTUnwrap(text.range(of: Self.end))
            try (text[..<a.lowerBound] + Self.generated + text[b.upperBound...]).write(
                toFile: formatPath, atomically: true, encoding: .utf8)
            return
        }
        guard let a = text.range(of: Self.begin), let b = text.range(of: Self.end) else {
            return XCTFail("SCENE-FORMAT.md has no generated behavior reference")
        }
        let documented = String(text[a.lowerBound..<b.upperBound])
        if documented != Self.generated {
            let doc = documented.split(separator: "\n", omittingEmptySubsequences: false)
            let gen = Self.generated.split(separator: "\n", omittingEmptySubsequences: false)
            let first = (0..<min(doc.count, gen.count)).first { doc[$0] != gen[$0] } ?? min(doc.count, gen.count)
            XCTFail(
                "SCENE-FORMAT.md's behavior reference differs from the key tables at its line \(first + 1):\n  doc:    \(first < doc.count ? String(doc[first]) : "(end)")\n  tables: \(first < gen.count ? String(gen[first]) : "(end)")\n(SPRINGY_RECORD_REFERENCE=1 rewrites it)"
            )
        }
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
            "script[].tilt": "tilt: { angle: 10, KEY: VALUE }",
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
