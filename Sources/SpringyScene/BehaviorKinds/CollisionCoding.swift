import Foundation
import SpringyBehaviors
import SpringyCore

// The scene part of the collision kind: its declaration and a script's `set` on it.

extension CollisionSpec: BehaviorCoding {
    static func decode(_ m: YAMLMapping, _ r: BehaviorReading) throws -> BehaviorSpec {
        var insets = EdgeInsets.zero
        if let x = m["insets"] {
            let l = try x.list()
            guard l.count == 4 else { throw x.error("expected [top, left, bottom, right]") }
            insets = EdgeInsets(try l.map { try $0.double() })
        }
        return .collision(
            items: try r.items(m),
            mode: try m["mode"]?.oneOf(CollisionMode.self, [.items, .boundaries, .everything]) ?? .everything,
            bounds: try m["bounds"]?.bool() ?? true, insets: insets,
            boundaries: try m["boundaries"].map { try r.decoder.decodeBoundaries($0) } ?? [])
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] { [] }
}

extension BehaviorDecoder {
    /// `boundaries: { name: { from, to } | { path } | { circle } | { rounded_rect } }`, in file order.
    func decodeBoundaries(_ b: YAMLValue) throws -> [NamedSegment] {
        guard case .mapping(let raw) = b.node else {
            throw b.error("expected a mapping of boundary names to { from, to }, { path }, { circle } or { rounded_rect }")
        }
        var segments: [NamedSegment] = []
        var names: Set<String> = []  // asked only; segments keep the file's order
        for (k, node) in raw {
            let key = try YAMLValue(node: k, path: b.path, context: b.context)
            let name = try key.string()
            if name == "bounds" { throw key.error("\"bounds\" names the reference bounds; choose another name") }
            if !names.insert(name).inserted { throw key.error("boundary \"\(name)\" is defined twice") }
            segments += try decodeBoundary(try b.child(node, name), name: name)
            if segments.count > limits.maxBoundaryEdges {
                throw key.error(
                    "collision boundaries of more than \(limits.maxBoundaryEdges) edges, over the limit (--max-boundary-edges): Box2D keeps a proxy for each (a path, circle or rounded rect is made of straight edges)"
                )
            }
        }
        return segments
    }
}
