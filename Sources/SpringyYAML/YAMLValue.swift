import Foundation
import SpringyCore
import Yams

/// Shared state of one decode: the file name and the node budget that keeps
/// YAML aliases (which Yams shares, not copies) from expanding without bound.
package final class DecodeContext {
    package let file: String
    package let nodeBudget: Int
    var remainingNodes: Int
    /// Unknown keys noted while decoding goes on (nil: each is thrown at once); the scene
    /// decoder reports them with its other problems.
    package var deferred: [SpringyError]?
    /// What an unknown key at a key path might have meant (UIKit's names, the scene's hint).
    let unknownKeyHint: @Sendable (_ key: String, _ path: String) -> String?
    package init(
        file: String, nodeBudget: Int, unknownKeyHint: @escaping @Sendable (String, String) -> String? = { _, _ in nil }
    ) {
        self.file = file; self.nodeBudget = nodeBudget; remainingNodes = nodeBudget; self.unknownKeyHint = unknownKeyHint
    }
}

/// A problem with a scene file, located as `file:line:column: key.path: message`.
typealias SceneError = SpringyError

/// A YAML node with its key path, read with typed accessors that fail with located errors.
package struct YAMLValue {
    package let node: Node
    package let path: String
    package let context: DecodeContext

    package init(node: Node, path: String, context: DecodeContext) throws {
        self.node = node; self.path = path; self.context = context
        context.remainingNodes -= 1
        if context.remainingNodes < 0 {
            throw SceneError(
                file: context.file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1,
                keyPath: path,
                message:
                    "the document expands to more than \(context.nodeBudget) nodes (YAML aliases repeated too often?; --max-nodes)"
            )
        }
    }

    package var line: Int { node.mark?.line ?? 1 }
    package var column: Int { node.mark?.column ?? 1 }

    package func error(_ message: String) -> SpringyError {
        SceneError(file: context.file, line: line, column: column, keyPath: path, message: message)
    }

    private var kindName: String {
        switch node {
        case .scalar(let s):
            if s.style == .plain {
                if Double(s.string) != nil { return "a number" }
                if ["true", "false", "yes", "no"].contains(s.string.lowercased()) { return "a boolean" }
                if ["~", "null", ""].contains(s.string) { return "nothing (null)" }
            }
            return "text \"\(s.string.prefix(40))\""
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    package func child(_ node: Node, _ key: String) throws -> YAMLValue {
        try YAMLValue(node: node, path: path.isEmpty ? key : "\(path).\(key)", context: context)
    }

    // MARK: scalars

    package func string() throws -> String {
        guard case .scalar(let s) = node else { throw error("expected text, found \(kindName)") }
        return s.string
    }

    package func double() throws -> Double {
        if case .scalar(let s) = node, s.style == .plain,
            [".inf", "+.inf", "-.inf", ".nan", ".Inf", "-.Inf", ".NaN", ".INF", "-.INF", ".NAN"].contains(s.string)
        {
            throw error("expected a finite number, found \(s.string)")
        }
        guard case .scalar(let s) = node, s.style == .plain, let v = Double(s.string.replacingOccurrences(of: "_", with: ""))
        else {
            throw error("expected a number, found \(kindName)")
        }
        guard v.isFinite else { throw error("expected a finite number, found \(s.string)") }
        // No scene needs more; beyond it sizes and times overflow whole-number arithmetic.
        guard abs(v) <= Self.largest else { throw error("\(s.string) is too large (at most \(fmt(Self.largest)) in size)") }
        return v
    }

    package static let largest = 1e9
    /// The smallest length a size may have, in points.
    package static let smallestLength = 0.01

    package func double(min: Double? = nil, above: Double? = nil, max: Double? = nil) throws -> Double {
        let v = try double()
        if let lo = min, v < lo { throw error("must be at least \(fmt(lo)), found \(fmt(v))") }
        if let lo = above, v <= lo { throw error("must be greater than \(fmt(lo)), found \(fmt(v))") }
        if let hi = max, v > hi { throw error("must be at most \(fmt(hi)), found \(fmt(v))") }
        return v
    }

    /// A number within `range` (a key's one range, shared by every place that reads the key).
    package func double(in range: ClosedRange<Double>) throws -> Double {
        try double(min: range.lowerBound, max: range.upperBound)
    }

    package func int(min: Int? = nil, max: Int? = nil) throws -> Int {
        guard case .scalar(let s) = node, s.style == .plain, let v = Int(s.string) else {
            throw error("expected a whole number, found \(kindName)")
        }
        if let lo = min, v < lo { throw error("must be at least \(lo), found \(v)") }
        if let hi = max, v > hi { throw error("must be at most \(hi), found \(v)") }
        return v
    }

    package func bool() throws -> Bool {
        guard case .scalar(let s) = node, s.style == .plain else { throw error("expected true or false, found \(kindName)") }
        switch s.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("expected true or false, found \(kindName)")  // open set: scalar text
        }
    }

    package func oneOf<E: RawRepresentable>(_ type: E.Type, _ cases: [E]) throws -> E where E.RawValue == String {
        let s = try string()
        if let v = E(rawValue: s) { return v }
        let names = cases.map(\.rawValue)
        let hint = suggestion(for: s, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
        throw error("\"\(s)\" is not one of \(names.joined(separator: ", "))\(hint)")
    }

    package func color() throws -> Color {
        let s = try string()
        guard let c = Color(hex: s) else { throw error("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", found \"\(s)\"") }
        return c
    }

    // MARK: collections

    package func list() throws -> [YAMLValue] {
        guard case .sequence(let seq) = node else { throw error("expected a list, found \(kindName)") }
        var out: [YAMLValue] = []
        out.reserveCapacity(seq.count)
        for (i, n) in seq.enumerated() {
            out.append(try YAMLValue(node: n, path: "\(path)[\(i)]", context: context))
        }
        return out
    }

    /// A pair of numbers `[a, b]`; `what` names them in the error (e.g. "[width, height]").
    package func pair(_ what: String) throws -> (Double, Double) {
        guard case .sequence(let seq) = node, seq.count == 2 else { throw error("expected \(what)") }
        let items = try list()
        do {
            return (try items[0].double(), try items[1].double())
        } catch let e as SceneError where e.message.contains("too large") || e.message.contains("finite") {
            throw e
        } catch {
            throw self.error("expected \(what) as two numbers")
        }
    }

    package func point() throws -> Vec2 {
        let (x, y) = try pair("[x, y]")
        return Vec2(x, y)
    }

    package func size(allowZero: Bool = false) throws -> Size2 {
        let (w, h) = try pair("[width, height]")
        if allowZero ? (w < 0 || h < 0) : (w <= 0 || h <= 0) {
            throw error("width and height must be \(allowZero ? "zero or more" : "greater than 0"), found [\(fmt(w)), \(fmt(h))]")
        }
        if !allowZero && (w < Self.smallestLength || h < Self.smallestLength) {
            throw error("width and height must be at least \(Self.smallestLength) pt, found [\(w), \(h)]")
        }
        return Size2(w, h)
    }

    package func mapping(allowed: [String]) throws -> YAMLMapping {
        let problems = Problems()
        let m = try mapping(allowed: allowed, problems: problems)
        if let first = problems.list.first { throw first }
        return m
    }

    /// The mapping with its unknown and repeated keys noted in `problems` and left out.
    package func mapping(allowed: [String], problems: Problems) throws -> YAMLMapping {
        guard case .mapping(let m) = node else { throw error("expected a mapping, found \(kindName)") }
        var entries: [(String, YAMLValue, YAMLValue)] = []
        var seen: [String] = []
        for (k, v) in m {
            let keyValue = try YAMLValue(node: k, path: path, context: context)
            guard case .scalar(let ks) = k else { throw keyValue.error("keys must be text") }
            let key = ks.string
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            guard allowed.contains(key) else {
                let hint =
                    context.unknownKeyHint(key, path).map { " (\($0))" }
                    ?? suggestion(for: key, among: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
                problems.list.append(
                    SceneError(
                        file: context.file, line: keyValue.line, column: keyValue.column, keyPath: keyPath,
                        message: "unknown key \"\(key)\"\(hint); expected one of: \(allowed.joined(separator: ", "))"))
                continue
            }
            if seen.contains(key) {
                problems.list.append(
                    SceneError(
                        file: context.file, line: keyValue.line, column: keyValue.column, keyPath: keyPath,
                        message: "key \"\(key)\" appears twice"))
                continue
            }
            seen.append(key)
            entries.append((key, keyValue, try child(v, key)))
        }
        return YAMLMapping(owner: self, entries: entries)
    }
}

/// A mapping whose keys were checked against the allowed set; keeps file order.
package struct YAMLMapping {
    package let owner: YAMLValue
    package let entries: [(String, YAMLValue, YAMLValue)]

    package subscript(key: String) -> YAMLValue? { entries.first { $0.0 == key }?.2 }
    package var keys: [String] { entries.map(\.0) }
    /// The line a key is written on (nil when the mapping has no such key).
    package func line(of key: String) -> Int? { entries.first { $0.0 == key }?.1.line }

    package func require(_ key: String) throws -> YAMLValue {
        if let v = self[key] { return v }
        let path = owner.path.isEmpty ? key : "\(owner.path).\(key)"
        throw SceneError(
            file: owner.context.file, line: owner.line, column: owner.column, keyPath: path,
            message: "missing required key \"\(key)\"")
    }
}

package func fmt(_ v: Double) -> String { NumberText.plain(v) }

extension YAMLValue {
    /// The mapping checked against a context's key table.
    /// The mapping checked against `table`. While the scene decoder gathers every problem
    /// (`DecodeContext.deferred`), unknown and repeated keys are noted there and left out, so
    /// decoding goes on and one run reports every unknown key of a file; otherwise the first is
    /// thrown.
    package func mapping(_ table: KeyTable) throws -> YAMLMapping {
        let problems = Problems()
        let m = try mapping(allowed: table.names, problems: problems)
        guard let first = problems.list.first else { return m }
        guard context.deferred != nil else { throw first }
        context.deferred?.append(contentsOf: problems.list)
        return m
    }

    /// A number within the key's one range (an end excluded when the table says so).
    package func double(_ key: SceneKey) throws -> Double {
        guard let r = key.range else { return try double() }
        let v =
            key.lowerOpen
            ? try double(above: r.lowerBound, max: r.upperBound) : try double(min: r.lowerBound, max: r.upperBound)
        if key.upperOpen, v == r.upperBound { throw error("must be less than \(fmt(r.upperBound)), found \(fmt(v))") }
        return v
    }
}

/// Problems found so far: every independent one is reported, not only the first.
package final class Problems {
    package var list: [SpringyError] = []
    package init() {}
    /// Runs `body`; a scene error is noted and gives nil (other errors propagate).
    package func attempt<T>(_ body: () throws -> T) throws -> T? {
        do { return try body() } catch let e as SpringyError {
            list.append(e)
            return nil
        } catch let e as SceneErrors {
            list += e.errors
            return nil
        }
    }
}
