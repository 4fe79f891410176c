import Foundation
import SpringyCore
import SpringyOutput
import SpringyScene

/// Where a golden set was made: Springy's version, Box2D's, the drawing and encoding libraries'
/// and a hash of each pinned font — `golden/<scene>/environment.txt`, "name value" lines. When a
/// golden fails and the environment differs from the one it was recorded in, the failure says
/// which part changed ("environment differs: cairo 1.16.0 → 1.18.0") beside the pixel count.
package struct GoldenEnvironment: Sendable, Equatable {
    package var entries: [Entry]

    package struct Entry: Sendable, Equatable {
        package var name: String
        package var value: String
        package init(_ name: String, _ value: String) { self.name = name; self.value = value }
    }

    package init(entries: [Entry]) { self.entries = entries }

    package static let fileName = "environment.txt"

    package var text: String {
        "# where these goldens were recorded (springy check --record writes it)\n"
            + entries.map { "\($0.name) \($0.value)\n" }.joined()
    }

    /// Reads the file's text; lines that are not "name value" (comments, blanks) are skipped.
    package init(text: String) {
        entries = text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 ? Entry(String(parts[0]), String(parts[1])) : nil
        }
    }

    /// What differs from `recorded`, in this environment's order: "cairo 1.16.0 → 1.18.0".
    package func changes(since recorded: GoldenEnvironment) -> [String] {
        var out: [String] = []
        for e in entries {
            let old = recorded.entries.first { $0.name == e.name }?.value
            if old != e.value { out.append("\(e.name) \(old ?? "(not recorded)") → \(e.value)") }
        }
        for r in recorded.entries where !entries.contains(where: { $0.name == r.name }) {
            out.append("\(r.name) \(r.value) → (none)")
        }
        return out
    }
}

extension GoldenStore {
    package func environmentPath(scene: Scene) -> String { "\(goldenRoot)/\(scene.slug)/\(GoldenEnvironment.fileName)" }

    /// The environment the scene's goldens were recorded in; nil when none was recorded (or the
    /// file cannot be read: it is only ever an explanation).
    package func recordedEnvironment(_ scene: Scene) -> GoldenEnvironment? {
        guard case .bytes(let b) = GoldenFile.read(environmentPath(scene: scene), maxBytes: 1 << 16),
            let text = String(bytes: b, encoding: .utf8)
        else { return nil }
        return GoldenEnvironment(text: text)
    }

    /// Writes `environment` beside the scene's goldens when it differs from what is there;
    /// returns the line to print, or nil when nothing changed.
    package func recordEnvironment(_ scene: Scene, _ environment: GoldenEnvironment) throws -> String? {
        let path = environmentPath(scene: scene)
        let before = recordedEnvironment(scene)
        if before == environment { return nil }
        try AtomicFile.makeDirectory("\(goldenRoot)/\(scene.slug)")
        try AtomicFile.write(Array(environment.text.utf8), to: path)
        // Not a golden: its lines are not counted as recorded goldens.
        guard let before else { return "wrote \(path)" }
        return "updated \(path): \(environment.changes(since: before).joined(separator: ", "))"
    }
}
