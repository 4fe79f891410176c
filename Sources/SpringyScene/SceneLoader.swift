import Foundation
import SpringyCore
import SpringyTypes
import SpringyYAML
import Yams

/// Limits that keep a scene file from exhausting the machine. The limits a scene is decoded under: SpringyTypes' Limits, the value the library's users hold.
package typealias SceneLimits = Limits

extension Limits {
    package var maxBoundaryPairs: Int {
        maxBoundaryEdges.multipliedReportingOverflow(by: 100).overflow ? Int.max : maxBoundaryEdges * 100
    }
    package static let `default` = Limits()
}

package enum SceneLoader {
    /// Reads, parses and validates a scene file. Throws `SceneError` naming file, line, column and key.
    /// A name registered by a Swift program (SceneRegistry), with no file of that name here, is
    /// that program's scene.
    package static func load(path: String, limits: SceneLimits = .default) throws -> Scene {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if var registered = SceneRegistry.scene(named: path) {
                registered.limits = limits
                return registered
            }
            let names = SceneRegistry.names
            let known = names.isEmpty ? "" : ", and no Swift scene of that name (\(names.joined(separator: ", ")))"
            throw SceneError(file: path, line: 0, column: 0, keyPath: "", message: "no such file" + known)
        }
        if isDirectory.boolValue {
            throw SceneError(
                file: path, line: 0, column: 0, keyPath: "",
                message: "is a directory; expected a scene file (.yaml)")
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw SceneError(
                file: path, line: 0, column: 0, keyPath: "", message: "cannot be read: \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limits.maxFileBytes + 1)) ?? Data()
        if data.count > limits.maxFileBytes {
            throw SceneError(
                file: path, line: 0, column: 0, keyPath: "",
                message: "file is larger than the \(limits.maxFileBytes) bytes allowed for scene files (--max-file-size)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneError(file: path, line: 0, column: 0, keyPath: "", message: "is not UTF-8 text")
        }
        return try decode(yaml: text, file: path, limits: limits)
    }

    /// Decodes scene text; `file` names it in errors.
    /// `program`: the scene's views come from Swift code (a SpringyUIKit scene), so it needs no
    /// `items` or `collection` of its own.
    package static func decode(
        yaml text: String, file: String, limits: SceneLimits = .default, program: Bool = false
    ) throws -> Scene {
        if text.unicodeScalars.contains(where: { $0 == "\u{0}" }) {
            throw SceneError(file: file, line: 1, column: 1, keyPath: "", message: "is not a text file (contains NUL bytes)")
        }
        // Yams composes nested collections recursively: bound the nesting before it sees the text.
        try checkNesting(text, file: file, maxDepth: limits.maxDepth)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let e as YamlError {
            throw sceneError(from: e, file: file, text: text)
        } catch {
            throw SceneError(file: file, line: 1, column: 1, keyPath: "", message: "is not valid YAML: \(error)")
        }
        guard let root else {
            throw SceneError(
                file: file, line: 1, column: 1, keyPath: "",
                message: "is empty; a scene needs at least `springy: 1` and `viewport`")
        }
        try checkExpansion(root, file: file, limit: limits.maxNodes, maxDepth: limits.maxDepth)
        let context = DecodeContext(file: file, nodeBudget: limits.maxNodes) { UIKitNames.hint(for: $0, at: $1) }
        let value = try YAMLValue(node: root, path: "", context: context)
        guard case .mapping = root else {
            throw value.error("a scene file must be a mapping of keys (springy, viewport, ...), found something else")
        }
        return try SceneDecoder(file: file, limits: limits, program: program).decode(value)
    }

    /// Flow collections (`[`, `{`) outside quotes and comments, plus block indentation
    /// (a level needs at least one more column), bound how deep the document can nest.
    static func checkNesting(_ text: String, file: String, maxDepth: Int) throws {
        var depth = 0, line = 1, column = 0
        var quote: Character?
        var escaped = false, comment = false, atLineStart = true, indent = 0
        var previous: Character = "\n"
        for ch in text {
            column += 1
            if ch == "\n" {
                // (quoted scalars may span lines: the quote stays open)
                line += 1; column = 0; comment = false; atLineStart = true; indent = 0
                previous = ch
                continue
            }
            if atLineStart {
                if ch == " " {
                    indent += 1;
                    if indent > maxDepth * 8 {
                        throw SceneError(
                            file: file, line: line, column: column, keyPath: "",
                            message: "YAML indented more than \(maxDepth * 8) columns (nested too deeply; --max-depth)")
                    }
                } else {
                    atLineStart = false
                }
            }
            if comment { previous = ch; continue }
            if let q = quote {
                if q == "\"" && ch == "\\" && !escaped { escaped = true; previous = ch; continue }
                if ch == q && !escaped { quote = nil }
                escaped = false
                previous = ch
                continue
            }
            switch ch {
            case "\"", "'":
                if previous == " " || previous == "\n" || previous == "[" || previous == "{" || previous == "," || previous == ":"
                {
                    quote = ch
                }
            case "#":
                if previous == " " || previous == "\n" || previous == "\t" { comment = true }
            case "[", "{":
                depth += 1
                if depth > maxDepth {
                    throw SceneError(
                        file: file, line: line, column: column, keyPath: "",
                        message: "YAML nested more than \(maxDepth) levels deep (--max-depth)")
                }
            case "]", "}":
                depth = max(0, depth - 1)
            default: break  // open set: characters
            }
            previous = ch
        }
    }

    /// Yams shares aliased nodes, so an alias bomb costs nothing until something walks
    /// it. Walk it here, counting every node as expanded, and stop at the limit.
    static func checkExpansion(_ root: Node, file: String, limit: Int, maxDepth: Int) throws {
        var count = 0
        var stack = [(root, 1)]
        while let (node, depth) = stack.popLast() {
            count += 1
            if count > limit {
                throw SceneError(
                    file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, keyPath: "",
                    message: "YAML aliases expand this document to more than \(limit) nodes; refusing to read it (--max-nodes)")
            }
            if depth > maxDepth {
                throw SceneError(
                    file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, keyPath: "",
                    message: "YAML nested more than \(maxDepth) levels deep (--max-depth)")
            }
            switch node {
            case .mapping(let m): for (k, v) in m { stack.append((k, depth + 1)); stack.append((v, depth + 1)) }
            case .sequence(let s): for e in s { stack.append((e, depth + 1)) }
            default: break  // open set: Yams' nodes
            }
        }
    }

    static func sceneError(from e: YamlError, file: String, text: String) -> SceneError {
        switch e {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            // A tab where YAML wants an indent or a token: say so (YAML indents with spaces only).
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if mark.line >= 1, mark.line <= lines.count {
                let line = Array(lines[mark.line - 1])
                if let tab = line.firstIndex(of: "\t"), tab <= max(mark.column - 1, 0) || line[..<tab].allSatisfy({ $0 == " " }) {
                    return SceneError(
                        file: file, line: mark.line, column: tab + 1, keyPath: "",
                        message: "a tab character: YAML indents with spaces only (replace the tab with spaces)")
                }
            }
            return SceneError(
                file: file, line: mark.line, column: mark.column, keyPath: "", message: "is not valid YAML: \(problem)")
        case .reader(let problem, _, _, _):
            return SceneError(file: file, line: 1, column: 1, keyPath: "", message: "cannot be read as YAML: \(problem)")
        default:  // open set: any other error
            return SceneError(file: file, line: 1, column: 1, keyPath: "", message: "is not valid YAML: \(e)")
        }
    }
}
