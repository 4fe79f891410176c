import Foundation
import Yams

/// A scene written in Swift: the same tree a scene file holds — mappings (keys in the order
/// written), lists, numbers, text and booleans — built with Swift's literals, so every key of
/// `docs/SCENE-FORMAT.md` can be said in code and checked by the same decoder as a file.
///
/// ```swift
/// let value: SceneValue = [
///     "springy": 1,
///     "viewport": ["size": [200, 300], "scale": 2],
///     "time": ["fps": 60, "duration": 1],
///     "items": ["box": ["center": [100, 40], "size": [40, 40]]],
///     "behaviors": [["gravity": ["items": ["box"]]]],
/// ]
/// let scene = try Scene(value)
/// ```
///
/// ``yaml`` writes it as a scene file; ``init(yaml:)`` reads one back into the same value.
public enum SceneValue: Sendable, Equatable {
    case number(Double)
    case text(String)
    case bool(Bool)
    case list([SceneValue])
    /// Keys in the order written (a scene file keeps its order, and so does this).
    case mapping([(String, SceneValue)])

    public static func == (a: SceneValue, b: SceneValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y
        case (.text(let x), .text(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.list(let x), .list(let y)): return x == y
        case (.mapping(let x), .mapping(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false  // open set: pairs of different kinds
        }
    }

    /// The scene file's text: block YAML, two spaces a level, text always quoted (so `last`,
    /// `yes` or `0.10` stay text), numbers as Swift writes them back exactly.
    public var yaml: String {
        var out = ""
        write(into: &out, indent: 0, inList: false)
        return out
    }

    static func scalar(_ v: SceneValue) -> String? {
        switch v {
        case .number(let d):
            if d == d.rounded() && abs(d) < 1e15 { return String(Int(d)) }
            return "\(d)"
        case .text(let s):
            // JSON's escaping is YAML's double-quoted style.
            let data = (try? JSONEncoder().encode(s)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        case .bool(let b): return b ? "true" : "false"
        case .list(let l): return l.isEmpty ? "[]" : nil
        case .mapping(let m): return m.isEmpty ? "{}" : nil
        }
    }

    func write(into out: inout String, indent: Int, inList: Bool) {
        let pad = String(repeating: " ", count: indent)
        switch self {
        case .mapping(let pairs):
            for (i, (key, value)) in pairs.enumerated() {
                let lead = inList && i == 0 ? "" : pad
                let k = SceneValue.scalar(.text(key))!
                if let s = SceneValue.scalar(value) {
                    out += "\(lead)\(k): \(s)\n"
                } else {
                    out += "\(lead)\(k):\n"
                    value.write(into: &out, indent: indent + 2, inList: false)
                }
            }
        case .list(let items):
            for (i, item) in items.enumerated() {
                // The first item of a list inside a list goes on its "- " line.
                let lead = inList && i == 0 ? "" : pad
                if let s = SceneValue.scalar(item) {
                    out += "\(lead)- \(s)\n"
                } else {
                    out += "\(lead)- "
                    item.write(into: &out, indent: indent + 2, inList: true)
                }
            }
        case .number, .text, .bool:
            out += pad + (SceneValue.scalar(self) ?? "") + "\n"
        }
    }

    /// Reads a scene file's text into the value it holds (keys in file order).
    public init(yaml text: String) throws {
        do {
            guard let node = try Yams.compose(yaml: text) else { throw Problems("the YAML text is empty") }
            self = try SceneValue(node)
        } catch let p as Problems { throw p } catch { throw Problems("the YAML text cannot be read: \(error)") }
    }

    init(_ node: Node) throws {
        switch node {
        case .scalar(let s):
            // As YAML resolves a plain scalar (its tag), not by trying parsers: a name like
            // "spring(duration:bounce:)" is text, though a lenient number parser reads it.
            switch (s.style, Resolver.default.resolveTag(of: node)) {
            case (.plain, .bool): self = Bool.construct(from: s).map(SceneValue.bool) ?? .text(s.string)
            case (.plain, .int): self = Int.construct(from: s).map { .number(Double($0)) } ?? .text(s.string)
            case (.plain, .float):
                if let d = Double.construct(from: s), d.isFinite { self = .number(d) } else { self = .text(s.string) }
            default: self = .text(s.string)  // open set: Yams' scalar styles and tags
            }
        case .sequence(let seq): self = .list(try seq.map(SceneValue.init))
        case .mapping(let map):
            self = .mapping(
                try map.map { k, v in
                    guard case .scalar(let ks) = k else { throw Problems("a mapping's keys must be text") }
                    return (ks.string, try SceneValue(v))
                })
        }
    }
}

extension SceneValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: SceneValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, SceneValue)...) { self = .mapping(elements) }
}

extension Scene {
    /// A scene built in Swift: checked by the same decoder as a file (its problems are located
    /// in ``SceneValue/yaml``, named `file`).
    public init(_ value: SceneValue, file: String = "scene.yaml") throws {
        try self.init(yaml: value.yaml, file: file)
    }
}
