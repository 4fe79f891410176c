import Foundation

/// One key a scene file may write in one context: its name, the type it takes (as
/// SCENE-FORMAT writes it), its range, unit and default, and a line of doc. Tables of these are
/// the one place a context's keys live: the decoder reads only them (and their ranges), `set`
/// and the did-you-mean read them, and docs/SCENE-FORMAT.md is checked against them.
package struct SceneKey: Sendable, Equatable {
    package var name: String
    package var type: String
    package var range: ClosedRange<Double>?
    /// The range's lower end is not itself allowed (a density above 0).
    package var lowerOpen = false
    /// The range's upper end is not itself allowed (a deceleration rate below 1).
    package var upperOpen = false
    package var unit: String
    /// The value when the key is left out ("required" when it cannot be).
    package var defaultValue: String
    package var doc: String

    package init(
        _ name: String, _ type: String, range: ClosedRange<Double>? = nil, lowerOpen: Bool = false, upperOpen: Bool = false,
        unit: String = "", default defaultValue: String = "", _ doc: String
    ) {
        self.name = name; self.type = type; self.range = range; self.lowerOpen = lowerOpen; self.upperOpen = upperOpen
        self.unit = unit
        self.defaultValue = defaultValue; self.doc = doc
    }

    /// The same key under another name (an alias `set` takes).
    package func named(_ other: String, _ doc: String? = nil) -> SceneKey {
        var k = self
        k.name = other
        if let doc { k.doc = doc }
        return k
    }
}

/// The keys of one context (a key path such as `behaviors[].snap`), in the order documented.
package struct KeyTable: Sendable, Equatable {
    package var path: String
    package var keys: [SceneKey]
    package init(_ path: String, _ keys: [SceneKey]) { self.path = path; self.keys = keys }

    package var names: [String] { keys.map(\.name) }

    /// The key named `name`; asking for a key the table does not have is a programming error.
    package subscript(_ name: String) -> SceneKey {
        guard let k = keys.first(where: { $0.name == name }) else { preconditionFailure("\(path) has no key \(name)") }
        return k
    }

    /// The range of a numeric key.
    package func range(_ name: String) -> ClosedRange<Double> {
        guard let r = self[name].range else { preconditionFailure("\(path).\(name) has no range") }
        return r
    }

    /// The table as a Markdown table (SCENE-FORMAT's reference is made of these).
    package var markdown: String {
        func cell(_ s: String) -> String { s.isEmpty ? "" : s.replacingOccurrences(of: "|", with: "\\|") }
        func number(_ x: Double) -> String {
            if x == x.rounded() && abs(x) < 1e5 { return String(Int(x)) }
            let e = log10(abs(x)).rounded()
            if x == x.rounded() && pow(10, e) == abs(x) { return (x < 0 ? "-" : "") + "1e\(Int(e))" }
            return String(x)
        }
        var s = "`\(path)`\n\n| key | type | range | unit | default | meaning |\n|---|---|---|---|---|---|\n"
        for k in keys {
            let range =
                k.range.map {
                    "\(k.lowerOpen ? "> " : "")\(number($0.lowerBound)) … \(k.upperOpen ? "< " : "")\(number($0.upperBound))"
                } ?? ""
            s += "| `\(k.name)` | \(cell(k.type)) | \(range) | \(cell(k.unit)) | \(cell(k.defaultValue)) | \(cell(k.doc)) |\n"
        }
        return s
    }
}

/// Keys many contexts share.
package enum CommonKeys {
    package static let items = SceneKey("items", "[item id]", default: "required", "the items it acts on, each once")
    package static let item = SceneKey("item", "item id", default: "required", "the item it acts on")

}
