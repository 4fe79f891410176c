import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyScene

/// The trace golden: every frame's compared quantities in a compact text form (SCENE-FORMAT.md,
/// "Trace goldens"), gzip-compressed beside the golden PNGs. Lines, tab-separated:
///   `F frame offset.x offset.y`
///   `I id center.x center.y width height angle° alpha selected`
///   `H id x y width height pinned`
///   `S item anchor.x anchor.y point.x point.y`
/// ids are JSON strings; numbers are rounded to 1/1000.
package enum CompactTrace {
    package static let header = "springy-trace 1"

    static func number(_ v: Double) -> String { NumberText.rounded(v, steps: 1000, nonFinite: "nan") }

    static func quoted(_ s: String) -> String { "\"" + escaped(s, jsonEscape) + "\"" }

    static func unquoted(_ s: Substring) throws -> String {
        guard s.count >= 2, s.first == "\"", s.last == "\"" else {
            throw OutputError("trace golden: expected a quoted id, found \(s.prefix(40))")
        }
        var out = String.UnicodeScalarView()
        var it = s.dropFirst().dropLast().unicodeScalars.makeIterator()
        while let u = it.next() {
            guard u == "\\" else { out.append(u); continue }
            switch it.next() {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "u":
                var hex = ""
                for _ in 0..<4 { if let h = it.next() { hex.unicodeScalars.append(h) } }
                if let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) { out.append(scalar) }
            case let c?: out.append(c)
            case nil: break
            }
        }
        return String(out)
    }

    package static func text(of frames: [FrameState]) -> String {
        var lines = [header]
        lines.reserveCapacity(frames.count * 8)
        for f in frames {
            lines.append("F\t\(f.frame)\t\(number(f.contentOffset.x))\t\(number(f.contentOffset.y))")
            for i in f.items {
                lines.append(
                    "I\t\(quoted(i.id))\t\(number(i.center.x))\t\(number(i.center.y))\t\(number(i.size.width))\t\(number(i.size.height))\t\(number(i.angle.radiansToDegrees))\t\(number(i.alpha))\t\(i.selected ? 1 : 0)"
                )
            }
            for h in f.headers {
                lines.append(
                    "H\t\(quoted(h.id))\t\(number(h.frame.minX))\t\(number(h.frame.minY))\t\(number(h.frame.width))\t\(number(h.frame.height))\t\(h.pinned ? 1 : 0)"
                )
            }
            for s in f.springs {
                lines.append(
                    "S\t\(quoted(s.item))\t\(number(s.anchor.x))\t\(number(s.anchor.y))\t\(number(s.point.x))\t\(number(s.point.y))"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func parse(_ text: String) throws -> [TraceFrame] {
        var frames: [TraceFrame] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            lineNumber += 1
            if lineNumber == 1 {
                guard line == header else {
                    throw OutputError("trace golden: not a Springy trace golden (first line \"\(line.prefix(40))\")")
                }
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            func numbers(from k: Int) throws -> [Double] {
                try fields[k...].map { f in
                    guard let v = Double(f) else {
                        throw OutputError("trace golden line \(lineNumber): \"\(f.prefix(20))\" is not a number")
                    }
                    return v
                }
            }
            switch (fields.first, fields.count) {
            case ("F"?, 4):
                guard let n = Int(fields[1]) else { throw OutputError("trace golden line \(lineNumber): bad frame number") }
                let o = try numbers(from: 2)
                frames.append(TraceFrame(frame: n, offset: o, entries: []))
            case ("I"?, 9), ("H"?, 7), ("S"?, 6):
                guard !frames.isEmpty else { throw OutputError("trace golden line \(lineNumber): an entry before its frame") }
                let kind: TraceEntry.Kind = fields[0] == "I" ? .item : fields[0] == "H" ? .header : .spring
                frames[frames.count - 1].entries.append(
                    TraceEntry(kind: kind, id: try unquoted(fields[1]), values: try numbers(from: 2)))
            default:  // open set: trace fields
                throw OutputError("trace golden line \(lineNumber): unexpected \"\(line.prefix(40))\"")
            }
        }
        return frames
    }

    /// The gzip file's bytes for these frames.
    package static func file(of frames: [FrameState]) throws -> [UInt8] { try Gzip.compress(Array(text(of: frames).utf8)) }

    package static func read(file path: String) throws -> [TraceFrame] {
        do { return try parse(gzipped: Array(try Data(contentsOf: URL(fileURLWithPath: path)))) } catch let e as OutputError {
            throw OutputError("\(path): \(e.message)")
        }
    }

    /// A trace golden's frames from its gzip bytes, inflating at most `maxLength` bytes.
    package static func parse(gzipped: [UInt8], maxLength: Int = 1 << 30) throws -> [TraceFrame] {
        let bytes = try Gzip.decompress(gzipped, maxLength: maxLength)
        guard let text = String(bytes: bytes, encoding: .utf8) else { throw OutputError("not UTF-8 text inside") }
        return try parse(text)
    }
}

package struct TraceEntry: Equatable, Sendable {
    package enum Kind: Sendable { case item, header, spring }
    package var kind: Kind
    package var id: String
    package var values: [Double]
    package init(kind: Kind, id: String, values: [Double]) { self.kind = kind; self.id = id; self.values = values }

    /// What each value is called, and its unit.
    var quantities: [(String, TraceQuantity)] {
        switch kind {
        case .item:
            return [
                ("center.x", .position), ("center.y", .position), ("size.width", .size), ("size.height", .size),
                ("angle", .angle), ("alpha", .alpha), ("selected", .flag),
            ]
        case .header:
            return [
                ("frame.x", .position), ("frame.y", .position), ("frame.width", .size), ("frame.height", .size),
                ("pinned", .flag),
            ]
        case .spring: return [("anchor.x", .position), ("anchor.y", .position), ("point.x", .position), ("point.y", .position)]
        }
    }

    var name: String {
        switch kind {
        case .item: return "item \(id)"
        case .header: return id
        case .spring: return "spring of \(id)"
        }
    }
}

package struct TraceFrame: Equatable, Sendable {
    package var frame: Int
    package var offset: [Double]
    package var entries: [TraceEntry]
    package init(frame: Int, offset: [Double], entries: [TraceEntry]) {
        self.frame = frame; self.offset = offset; self.entries = entries
    }
}

enum TraceQuantity { case position, size, angle, alpha, flag }
