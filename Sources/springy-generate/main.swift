import Foundation

// springy-generate: writes the registrations that would otherwise be lists kept by hand.
//
// A behavior kind is its file (Sources/SpringyDynamics/Kinds/*.swift, a type conforming to
// BehaviorKindSpec that says `static var kind: BehaviorKind { .name }`, with its reading and its
// animator part); an output format is
// its kind (Sources/SpringyPipeline/Outputs/*.swift, a type conforming to OutputKind that says
// `static var format: OutputFormat { .name }`); a scripted gesture is its file in
// Sources/SpringyScene/Gestures (a ScriptedGesture saying `static var action: ScriptGestureName
// { .name }`, with how it is read and how it plays). From those declarations
// this writes the enums and the one switch per module that dispatches over them, each in a
// `+Generated.swift` file beside the code it serves, listed by name in alphabetical order.
//
//   swift run springy-generate           write the generated files
//   swift run springy-generate --check   exit 1 naming each generated file that is not current
//
// The generated-files test (EndToEndTests' GeneratedFilesTests) runs --check, so a kind added
// without regenerating fails CI, as swift-format's generated pipelines do.

struct GeneratorError: Error, CustomStringConvertible {
    let description: String
}

/// A declaration found in a file: the type that holds it (dotted when nested), the file and the
/// doc comment above the type.
struct Found {
    var name: String
    var type: String
    var file: String
    var doc: [String]
    var traits: Set<String>
}

/// The code of a line with comments and string literals blanked, for counting braces.
func code(_ line: Substring) -> String {
    var out = ""
    var inString = false
    var previous: Character = " "
    for c in line {
        if !inString, previous == "/", c == "/" {
            out.removeLast()
            break
        }
        if c == "\"", previous != "\\" {
            inString.toggle()
            out.append(c)
        } else {
            out.append(inString ? " " : c)
        }
        previous = c
    }
    return out
}

/// Each type in `text` that declares `static var <marker>: <type> { .<case> }`, with the doc
/// comment above that type and the `static var <trait>: Bool { true }` it declares.
func scan(_ text: String, file: String, marker: String, conformance: String) throws -> [Found] {
    let declaration = try NSRegularExpression(
        pattern: #"^\s*(?:package |public |private |fileprivate )?(?:final )?(?:indirect )?(?:enum|struct|class) (\w+)"#)
    let value = try NSRegularExpression(pattern: #"static var \#(marker): \w+ \{ \.(\w+) \}"#)
    let trait = try NSRegularExpression(pattern: #"static var (\w+): Bool \{ true \}"#)
    var stack: [(name: String, depth: Int, doc: [String], conforms: Bool)] = []
    var depth = 0
    var doc: [String] = []
    var found: [Found] = []
    var traits: [String: Set<String>] = [:]
    func first(_ re: NSRegularExpression, _ s: String) -> String? {
        guard let m = re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)), let r = Range(m.range(at: 1), in: s)
        else { return nil }
        return String(s[r])
    }
    for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let s = String(line)
        let trimmed = s.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("///") {
            doc.append(String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces))
            continue
        }
        let c = code(line)
        if let name = first(declaration, c) {
            stack.append((name, depth, doc, c.contains(": \(conformance)")))
        }
        if !trimmed.hasPrefix("@") { doc = [] }
        let path = stack.map(\.name).joined(separator: ".")
        if let v = first(value, c) {
            guard let top = stack.last, top.conforms else {
                throw GeneratorError(
                    description:
                        "\(file):\(n + 1): `static var \(marker)` is declared outside a type conforming to \(conformance)")
            }
            if found.contains(where: { $0.type == path }) {
                throw GeneratorError(description: "\(file):\(n + 1): \(path) declares `\(marker)` twice")
            }
            found.append(Found(name: v, type: path, file: file, doc: top.doc, traits: []))
        }
        if let t = first(trait, c) { traits[path, default: []].insert(t) }
        depth += c.filter { $0 == "{" }.count - c.filter { $0 == "}" }.count
        while let top = stack.last, depth <= top.depth, c.contains("}") { stack.removeLast() }
    }
    if depth != 0 { throw GeneratorError(description: "\(file): its braces do not balance (\(depth))") }
    return found.map { f in
        var f = f
        f.traits = traits[f.type] ?? []
        return f
    }
}

/// `stickyCorners` as a scene writes it: `sticky_corners`.
func snakeCase(_ name: String) -> String {
    var out = ""
    for c in name {
        if c.isUppercase {
            out += "_" + c.lowercased()
        } else {
            out.append(c)
        }
    }
    return out
}

func swiftFiles(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter {
        $0.hasSuffix(".swift") && !$0.hasSuffix("+Generated.swift")
    }.sorted()
}

/// Every declaration of `marker` in the folder, sorted by name; one name twice is an error.
func collect(_ root: String, _ folder: String, marker: String, conformance: String) throws -> [Found] {
    var all: [Found] = []
    for f in try swiftFiles(root + "/" + folder) {
        let text = try String(contentsOfFile: root + "/" + folder + "/" + f, encoding: .utf8)
        all += try scan(text, file: folder + "/" + f, marker: marker, conformance: conformance)
    }
    for (i, a) in all.enumerated() {
        if let b = all[..<i].first(where: { $0.name == a.name }) {
            throw GeneratorError(description: "\(a.file): \(a.type) and \(b.type) (\(b.file)) are both .\(a.name)")
        }
    }
    if all.isEmpty { throw GeneratorError(description: "\(folder): no `static var \(marker)` found") }
    return all.sorted { snakeCase($0.name) < snakeCase($1.name) }
}

let header = """
    // Generated by springy-generate from %@: do not edit.
    // Add one by adding its file there, then run `swift run springy-generate`.

    """

func heading(_ from: String) -> String { header.replacingOccurrences(of: "%@", with: from) }

func docLines(_ doc: [String], indent: String) -> String {
    doc.map { "\(indent)/// \($0)".replacingOccurrences(of: "/// \n", with: "///\n") }.map {
        $0.hasSuffix("/// ") ? String($0.dropLast()) : $0
    }.joined(separator: "\n") + (doc.isEmpty ? "" : "\n")
}

func caseLine(_ f: Found) -> String {
    let raw = snakeCase(f.name)
    return raw == f.name ? "case \(f.name)" : "case \(f.name) = \"\(raw)\""
}

/// The generated files, by path from the package root.
func generate(root: String) throws -> [(path: String, text: String)] {
    let kinds = try collect(
        root, "Sources/SpringyDynamics/Kinds", marker: "kind", conformance: "BehaviorKindSpec")
    let formats = try collect(root, "Sources/SpringyPipeline/Outputs", marker: "format", conformance: "OutputKind")
    let kindSource = heading("SpringyDynamics/Kinds' BehaviorKindSpec types")
    let formatSource = heading("SpringyPipeline/Outputs' OutputKind types")
    var files: [(String, String)] = []

    files.append(
        (
            "Sources/SpringyDynamics/Kinds/BehaviorKind+Generated.swift",
            kindSource + """

                /// UIKit Dynamics' behavior kinds, one per spec type: every dispatch over kinds is an
                /// exhaustive switch over this (no `default`), so a new kind is a compile error wherever it
                /// must be handled.
                package enum BehaviorKind: String, Sendable, CaseIterable {
                \(kinds.map { "    " + caseLine($0) }.joined(separator: "\n"))

                    /// The kind's spec type.
                    package var spec: any BehaviorKindSpec.Type {
                        switch self {
                \(kinds.map { "        case .\($0.name): return \($0.type).self" }.joined(separator: "\n"))
                        }
                    }

                    /// How the kind is read from a scene (its `BehaviorCoding` conformance).
                    var coding: any BehaviorCoding.Type {
                        switch self {
                \(kinds.map { "        case .\($0.name): return \($0.type).self" }.joined(separator: "\n"))
                        }
                    }
                }

                /// A behavior as plain values: one case per kind, holding its spec.
                package indirect enum BehaviorSpec: Sendable, Equatable {
                \(kinds.map { docLines($0.doc, indent: "    ") + "    case \($0.name)(\($0.type))" }.joined(separator: "\n"))

                    /// The kind's spec, behind its protocol: the one switch every other question goes through.
                    package var payload: any BehaviorKindSpec {
                        switch self {
                \(kinds.map { "        case .\($0.name)(let s): return s" }.joined(separator: "\n"))
                        }
                    }

                    /// The kind's part in the animator (its `AnimatorBehavior` conformance).
                    var animatorBehavior: any AnimatorBehavior {
                        switch self {
                \(kinds.map { "        case .\($0.name)(let s): return s" }.joined(separator: "\n"))
                        }
                    }
                }

                """
        ))
    let gestures = try collect(root, "Sources/SpringyScene/Gestures", marker: "action", conformance: "ScriptedGesture")
    let gestureSource = heading("SpringyScene/Gestures' ScriptedGesture types")
    files.append(
        (
            "Sources/SpringyScene/ScriptedGestures+Generated.swift",
            gestureSource + """

                /// The script's gestures that are a file of their own (`ScriptedGesture`), by the key each
                /// is written with: `- at: 1, <name>: {...}`.
                package enum ScriptGestureName: String, Sendable, CaseIterable {
                \(gestures.map { "    " + caseLine($0) }.joined(separator: "\n"))

                    /// The gesture's type.
                    package var type: any ScriptedGesture.Type { decoding }

                    /// How the decoder reads it: the one switch over these gestures in this module.
                    var decoding: any GestureDecoding.Type {
                        switch self {
                \(gestures.map { "        case .\($0.name): return \($0.type).self" }.joined(separator: "\n"))
                        }
                    }
                }

                """
        ))
    let videos = formats.filter { $0.traits.contains("isVideo") }
    let others = formats.filter { !$0.traits.contains("isVideo") }
    files.append(
        (
            "Sources/SpringyTypes/OutputFormat+Generated.swift",
            formatSource + """

                /// What `springy render` makes of a scene: the formats of `--format`, one per output kind
                /// of the engine (SpringyPipeline's `OutputFormat.kind`).
                public enum OutputFormat: String, Sendable, CaseIterable {
                \(formats.map { docLines($0.doc, indent: "    ") + "    " + caseLine($0) }.joined(separator: "\n"))

                    /// Written by ffmpeg (\(videos.map { snakeCase($0.name) }.joined(separator: ", "))).
                    public var isVideo: Bool {
                        switch self {
                        case \(videos.map { "." + $0.name }.joined(separator: ", ")): true
                        case \(others.map { "." + $0.name }.joined(separator: ", ")): false
                        }
                    }
                }

                """
        ))
    files.append(
        (
            "Sources/SpringyPipeline/Outputs/OutputKind+Generated.swift",
            formatSource + """

                import SpringyTypes

                extension OutputFormat {
                    /// The format's kind: the one switch over formats in the engine.
                    package var kind: any OutputKind.Type {
                        switch self {
                \(formats.map { "        case .\($0.name): return \($0.type).self" }.joined(separator: "\n"))
                        }
                    }
                }

                """
        ))
    return files
}

let arguments = Array(CommandLine.arguments.dropFirst())
let check = arguments.contains("--check")
let rest = arguments.filter { $0 != "--check" }
if rest.count > 1 || rest.first?.hasPrefix("-") == true {
    FileHandle.standardError.write(Data("usage: springy-generate [--check] [PACKAGE-ROOT]\n".utf8))
    exit(2)
}
let root = rest.first ?? FileManager.default.currentDirectoryPath
do {
    var stale: [String] = []
    for (path, text) in try generate(root: root) {
        let full = root + "/" + path
        let current = try? String(contentsOfFile: full, encoding: .utf8)
        if current == text { continue }
        if check {
            stale.append(path)
        } else {
            try Data(text.utf8).write(to: URL(fileURLWithPath: full), options: .atomic)
            print("wrote \(path)")
        }
    }
    if !stale.isEmpty {
        FileHandle.standardError.write(
            Data(
                (stale.map { "\($0): not what the sources generate" }
                    + ["run `swift run springy-generate` and commit the result"]).joined(separator: "\n").appending("\n")
                    .utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("springy-generate: \(error)\n".utf8))
    exit(2)
}
