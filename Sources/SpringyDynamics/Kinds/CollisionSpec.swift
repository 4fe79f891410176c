import CBox2D
import Foundation
import SpringyCore
import SpringyFrame
import SpringyYAML

// UICollisionBehavior.

package struct CollisionSpec: BehaviorKindSpec {
    package var items: [String]
    package var mode: CollisionMode
    /// translatesReferenceBoundsIntoBoundary
    package var bounds: Bool
    /// top, left, bottom, right
    package var insets: EdgeInsets
    package var boundaries: [NamedSegment]
    package init(items: [String], mode: CollisionMode, bounds: Bool, insets: EdgeInsets, boundaries: [NamedSegment]) {
        self.items = items; self.mode = mode; self.bounds = bounds; self.insets = insets; self.boundaries = boundaries
    }

    package static var kind: BehaviorKind { .collision }
    package static var uikitName: String { "UICollisionBehavior" }
    package static let keys = KeyTable(
        "behaviors[].collision",
        [
            CommonKeys.items,
            SceneKey(
                "mode", "items | boundaries | everything", default: "everything", "what the items collide with (collisionMode)"),
            SceneKey(
                "bounds", "bool", default: "true", "the viewport's edges are a boundary (translatesReferenceBoundsIntoBoundary)"),
            SceneKey(
                "insets", "[top, left, bottom, right]", unit: "pt", default: "[0, 0, 0, 0]", "the bounds boundary inset by these"),
            SceneKey(
                "boundaries", "mapping of name → boundary", default: "none",
                "named boundaries: `{ from, to }`, `{ path, closed }`, `{ circle }` or `{ rounded_rect }`"),
        ])
    /// `boundaries.<name>`: one of four forms (UICollisionBehavior.addBoundary(withIdentifier:…)).
    package static let boundaryKeys = KeyTable(
        "behaviors[].collision.boundaries.<name>",
        [
            SceneKey("from", "[x, y]", unit: "pt", default: "", "a segment's start (with `to`)"),
            SceneKey("to", "[x, y]", unit: "pt", default: "", "its end"),
            SceneKey("path", "[[x, y], ...]", unit: "pt", default: "", "a polyline through these points"),
            SceneKey("closed", "bool", default: "false", "path: joined back to its first point"),
            SceneKey("circle", "{ center, radius }", default: "", "a circle of 48 segments"),
            SceneKey("rounded_rect", "{ rect, radius }", default: "", "a rounded rectangle, corners of 12 segments"),
        ])
    package static let circleKeys = KeyTable(
        "behaviors[].collision.boundaries.<name>.circle",
        [
            SceneKey("center", "[x, y]", unit: "pt", default: "required", "its centre"),
            SceneKey("radius", "number", range: 0...1e6, lowerOpen: true, unit: "pt", default: "required", "its radius"),
        ])
    package static let roundedRectKeys = KeyTable(
        "behaviors[].collision.boundaries.<name>.rounded_rect",
        [
            SceneKey("rect", "[x, y, w, h]", unit: "pt", default: "required", "the rectangle (a positive size)"),
            SceneKey(
                "radius", "number", range: 0...1e6, unit: "pt", default: "0",
                "its corners' radius (at most half its shorter side)"),
        ])
    package static var partKeys: [KeyTable] { [boundaryKeys, circleKeys, roundedRectKeys] }
    package static let setKeys = setTable([])
    /// Nothing a Swift program sets on it needs a range of its own (its items are checked as items).
    package var problem: String? { nil }
    package var behavior: BehaviorSpec { .collision(self) }
    package var referencedItems: [String] { items }
    package func withItems(_ items: [String]) -> CollisionSpec? { var c = self; c.items = items; return c }
    package func setting(_ p: BehaviorParameter) -> CollisionSpec? { nil }
}

// Read from a scene: its declaration, and a script's `set` on it (BehaviorReading).

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
            boundaries: try m["boundaries"].map { try decodeBoundaries($0, maxEdges: r.maxBoundaryEdges) } ?? [])
    }
    static func parameters(_ m: YAMLMapping) throws -> [BehaviorParameter] { [] }
}

extension CollisionSpec {
    /// `boundaries: { name: { from, to } | { path } | { circle } | { rounded_rect } }`, in file order.
    static func decodeBoundaries(_ b: YAMLValue, maxEdges: Int) throws -> [NamedSegment] {
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
            segments += try decodeBoundary(try b.child(node, name), name: name, maxEdges: maxEdges)
            if segments.count > maxEdges {
                throw key.error(
                    "collision boundaries of more than \(maxEdges) edges, over the limit (--max-boundary-edges): Box2D keeps a proxy for each (a path, circle or rounded rect is made of straight edges)"
                )
            }
        }
        return segments
    }
}

// UICollisionBehavior (DYNAMICS.md, "collision"): boundaries as static edges. UIKit's rules
// for who collides with whom are the animator's contact filter (CollisionFilter.swift).

extension CollisionSpec: AnimatorBehavior {
    func added(to animator: Animator, slot s: Int, id: BehaviorID, label: String) throws { try build(in: animator, slot: s) }
    func removed(from animator: Animator) { animator.refreshCollisionGroups(of: items) }
    func changed(in animator: Animator, slot s: Int, from old: CollisionSpec) throws {}
    func itemsChanged(in animator: Animator, from old: [String]) { animator.refreshCollisionGroups(of: old + items) }
    func itemRemoved(_ id: String, from animator: Animator, slot s: Int) { forgetItem(id, in: animator, slot: s) }

    /// The boundaries (the bounds, inset, and the named ones) as edges of one static body.
    func build(in animator: Animator, slot s: Int) throws {
        let spec = self
        let items = spec.items, mode = spec.mode, hasBounds = spec.bounds, insets = spec.insets, segments = spec.boundaries
        if mode.includesBoundaries {
            let body = sb_body_create(animator.world, Int32(SB_STATIC), 0, 0, 0)
            animator.registry.slots[s].staticBodies.append(body)
            func edge(_ name: String, _ a: Vec2, _ b: Vec2) {
                let tag = -Int64(animator.registry.boundaries.count) - 1
                animator.registry.boundaries.append(
                    BehaviorRegistry.Boundary(behavior: animator.registry.slots[s].id, name: name, from: a, to: b))
                let (x1, y1) = animator.metres(a), (x2, y2) = animator.metres(b)
                // Boundaries lend the item its own friction and have no bounce of their own.
                sb_body_add_edge(animator.world, body, x1, y1, x2, y2, 1, 0, tag, 1)
            }
            if hasBounds {
                // The edges sit half a point outside the bounds: Box2D gives an edge a 1 pt skin
                // and lets a resting body sink 0.5 pt into it, so items at rest end flush with
                // the bounds, where UIKit draws them.
                let r = Rect(
                    x: animator.bounds.minX + insets.left, y: animator.bounds.minY + insets.top,
                    width: animator.bounds.width - insets.left - insets.right,
                    height: animator.bounds.height - insets.top - insets.bottom
                )
                .insetBy(dx: -Animator.boundsSkinOffset, dy: -Animator.boundsSkinOffset)
                let tl = Vec2(r.minX, r.minY), tr = Vec2(r.maxX, r.minY), br = Vec2(r.maxX, r.maxY), bl = Vec2(r.minX, r.maxY)
                edge("bounds", tl, tr); edge("bounds", tr, br); edge("bounds", br, bl);
                edge("bounds", bl, tl)
            }
            for seg in segments { edge(seg.name, seg.from, seg.to) }
        }
        for item in items { if let b = animator.bodyIndex[item] { animator.refreshCollisionGroups(b) } }
    }

    /// The animator's bounds changed: a collision with them makes its edges again (its named
    /// boundaries with them, in their places) and wakes its items.
    func boundsChanged(in animator: Animator, slot s: Int) throws {
        guard bounds, mode.includesBoundaries else { return }
        animator.destroyJoints(s)
        let id = animator.registry.slots[s].id
        for k in animator.registry.boundaries.indices where animator.registry.boundaries[k].behavior == id {
            animator.registry.boundaries[k].replaced = true
        }
        try build(in: animator, slot: s)
        for item in items { animator.wake(item) }
    }
}

extension CollisionSpec {
    /// One named boundary (UICollisionBehavior.addBoundary): a segment `{ from, to }`, or a
    /// path (addBoundary(withIdentifier:for: UIBezierPath)) as straight segments: `{ path:
    /// [[x, y], ...], closed }`, `{ circle: { center, radius } }` (48 segments) or
    /// `{ rounded_rect: { rect: [x, y, w, h], radius } }` (corners of 12 segments each).
    /// Every segment carries the boundary's name, so contacts name the boundary.
    static func decodeBoundary(_ v: YAMLValue, name: String, maxEdges: Int) throws -> [NamedSegment] {
        let m = try v.mapping(CollisionSpec.boundaryKeys)
        let forms = ["from", "path", "circle", "rounded_rect"].filter { m[$0] != nil }
        guard forms.count == 1 else {
            throw v.error("a boundary is one of { from, to }, { path }, { circle } or { rounded_rect }")
        }
        var points: [Vec2]
        var closed = true
        switch forms[0] {
        case "from":
            let from = try m.require("from").point(), to = try m.require("to").point()
            if from == to { throw try m.require("to").error("a boundary needs two different points") }
            return [NamedSegment(name: name, from: from, to: to)]
        case "path":
            let pv = try m.require("path")
            let list = try pv.list()
            if list.count > maxEdges + 1 {
                throw pv.error(
                    "a boundary path of \(list.count) points is over the limit of \(maxEdges) edges (--max-boundary-edges)"
                )
            }
            points = try list.map { try $0.point() }
            guard points.count >= 2 else { throw pv.error("a boundary path needs at least two points") }
            closed = try m["closed"]?.bool() ?? false
        case "circle":
            let ct = CollisionSpec.circleKeys
            let cm = try m.require("circle").mapping(ct)
            let c = try cm.require("center").point(), r = try cm.require("radius").double(ct["radius"])
            points = (0..<48).map { k in c + Vec2(cos(Double(k) / 48 * 2 * .pi), sin(Double(k) / 48 * 2 * .pi)) * r }
        default:  // open set: keys in the file
            let rt = CollisionSpec.roundedRectKeys
            let rm = try m.require("rounded_rect").mapping(rt)
            let rv = try rm.require("rect")
            let r4 = try rv.list().map { try $0.double(min: -1e6, max: 1e6) }
            guard r4.count == 4, r4[2] > 0, r4[3] > 0 else {
                throw rv.error("expected [x, y, width, height] with a positive size")
            }
            let radius = min(try rm["radius"]?.double(rt["radius"]) ?? 0, r4[2] / 2, r4[3] / 2)
            let (x, y, w, h) = (r4[0], r4[1], r4[2], r4[3])
            let corners = [
                (Vec2(x + w - radius, y + radius), -Double.pi / 2), (Vec2(x + w - radius, y + h - radius), 0),
                (Vec2(x + radius, y + h - radius), Double.pi / 2), (Vec2(x + radius, y + radius), Double.pi),
            ]
            points = []
            for (c, start) in corners {
                for k in 0...12 where radius > 0 || k == 0 {
                    let a = start + Double(k) / 12 * (.pi / 2)
                    points.append(c + Vec2(cos(a), sin(a)) * radius)
                }
            }
        }
        var out: [NamedSegment] = []
        let count = closed ? points.count : points.count - 1
        for k in 0..<count {
            let a = points[k], b = points[(k + 1) % points.count]
            if a != b { out.append(NamedSegment(name: name, from: a, to: b)) }
        }
        if out.isEmpty { throw v.error("a boundary needs two different points") }
        return out
    }
}
