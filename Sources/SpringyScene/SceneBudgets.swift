import Foundation
import SpringyCore
import SpringyDynamics
import SpringyYAML

// Work a scene may ask for, checked when it is read: what would crash Cairo or Box2D, or run
// without end, is an error naming the key and the limit in force.

extension SceneChecks {
    /// Cairo's image surfaces are at most 32 767 pixels on a side.
    static let maxPixelSide = 32_767

    func checkPixelSides(_ viewport: Viewport, at value: YAMLValue) throws {
        let w = viewport.pixelWidth, h = viewport.pixelHeight
        if w > Self.maxPixelSide || h > Self.maxPixelSide {
            throw value.error(
                "a frame of \(w)×\(h) pixels is wider or taller than the \(Self.maxPixelSide) pixels Cairo can draw on a side (size × scale)"
            )
        }
        if w < 1 || h < 1 {
            throw value.error(
                "a frame of \(w)×\(h) pixels has nothing to draw on (size × scale must be at least 1 pixel each way)")
        }
    }

    /// Free items that collide with items (a collision behavior of mode items or everything,
    /// in the scene or added by the script), in scene order.
    func collidingItems(_ behaviors: [BehaviorDecl], script: [ScriptEvent], items: [FreeItemSpec]) -> [FreeItemSpec] {
        var names: Set<String> = []  // asked only; the order below is the items'
        func walk(_ spec: BehaviorSpec) {
            for case .collision(let c) in spec.flattened where c.mode.includesItems { names.formUnion(c.items) }
        }
        for b in behaviors { walk(b.spec) }
        for e in script { if case .addBehavior(let spec) = e.action { walk(spec) } }
        return items.filter { names.contains($0.name) }
    }

    /// Box2D keeps a contact for every pair of colliding bodies whose boxes (grown by its 10 pt
    /// margin) overlap; items piled on one spot make n²/2 of them. Counted by sweeping the boxes.
    func checkOverlaps(_ colliding: [FreeItemSpec], at value: YAMLValue) throws {
        struct Box { var minX, maxX, minY, maxY: Double; var name: String }
        let margin = 10.0
        let boxes = colliding.map { it -> Box in
            let c = abs(cos(it.angle)), s = abs(sin(it.angle))
            let hw = (it.size.width * c + it.size.height * s) / 2 + margin,
                hh = (it.size.width * s + it.size.height * c) / 2 + margin
            return Box(
                minX: it.center.x - hw, maxX: it.center.x + hw, minY: it.center.y - hh, maxY: it.center.y + hh, name: it.name)
        }.sorted { ($0.minX, $0.name) < ($1.minX, $1.name) }
        var pairs = 0
        var example: (String, String)?
        var active: [Box] = []
        for b in boxes {
            active.removeAll { $0.maxX < b.minX }
            for a in active where a.minY <= b.maxY && b.minY <= a.maxY {
                pairs += 1
                if example == nil { example = (a.name, b.name) }
            }
            if pairs > limits.maxContacts {
                throw value.error(
                    "more than \(limits.maxContacts) pairs of colliding items overlap where they start (\(example.map { "\($0.0) and \($0.1)" } ?? "")): Box2D keeps a contact for each, about 1 kB apiece and solved every step; over the limit of \(limits.maxContacts) contacts (--max-contacts)"
                )
            }
            active.append(b)
        }
    }

    /// Collision boundaries cost Box2D a proxy per edge, and on its first step a pair for every
    /// two edges whose boxes (grown by its 10 pt margin) overlap: a dense polyline or many huge
    /// circles grow that quadratically. Edges are counted, then overlapping pairs are counted by
    /// sweeping the boxes (stopping at the limit), before any of it reaches Box2D.
    func checkBoundaries(_ behaviors: [BehaviorDecl], script: [ScriptEvent], viewport: Viewport?) throws {
        struct Box { var minX, maxX, minY, maxY: Double; var owner: Int }
        var owners: [(path: String, line: Int)] = []
        var boxes: [Box] = []
        let margin = 10.0
        func walk(_ spec: BehaviorSpec, owner: Int) throws {
            for case .collision(let c) in spec.flattened {
                var segments = c.boundaries.map { ($0.from, $0.to) }
                if c.bounds, let size = viewport?.size {
                    let corners = [Vec2(0, 0), Vec2(size.width, 0), Vec2(size.width, size.height), Vec2(0, size.height)]
                    segments += (0..<4).map { (corners[$0], corners[($0 + 1) % 4]) }
                }
                for (a, b) in segments {
                    boxes.append(
                        Box(
                            minX: min(a.x, b.x) - margin, maxX: max(a.x, b.x) + margin,
                            minY: min(a.y, b.y) - margin, maxY: max(a.y, b.y) + margin, owner: owner))
                }
                if boxes.count > limits.maxBoundaryEdges {
                    let at = owners[owner]
                    throw SceneError(
                        file: file, line: at.line, column: 1, keyPath: at.path,
                        message:
                            "collision boundaries of \(boxes.count) edges in all, over the limit of \(limits.maxBoundaryEdges) (--max-boundary-edges): Box2D keeps a proxy for each (a path, circle or rounded rect is made of straight edges)"
                    )
                }
            }
        }
        for b in behaviors { owners.append((b.path, b.line)); try walk(b.spec, owner: owners.count - 1) }
        for e in script {
            if case .addBehavior(let spec) = e.action { owners.append((e.path, e.line)); try walk(spec, owner: owners.count - 1) }
        }
        // Sweep along x: `active` holds the boxes still open; a pair is counted when y overlaps too.
        let sorted = boxes.enumerated().sorted { ($0.element.minX, $0.offset) < ($1.element.minX, $1.offset) }.map(\.element)
        var active: [Box] = []
        var pairs = 0
        let limit = limits.maxBoundaryPairs
        for b in sorted {
            active.removeAll { $0.maxX < b.minX }
            for a in active where a.minY <= b.maxY && b.minY <= a.maxY {
                pairs += 1
                if pairs > limit {
                    let at = owners[b.owner]
                    throw SceneError(
                        file: file, line: at.line, column: 1, keyPath: at.path,
                        message:
                            "more than \(limit) pairs of collision boundary edges overlap (edges closer than Box2D's 10 pt margin): Box2D pairs each on its first step; use fewer, longer edges, or raise --max-boundary-edges (the limit is 100 pairs per edge allowed)"
                    )
                }
            }
            active.append(b)
        }
    }

    /// Cells a script inserts count against --max-items with the collection's own; every insert
    /// or delete lays out all cells again, so that work is bounded too (ten layouts of the
    /// largest collection --max-items allows).
    func checkScriptGrowth(_ collection: CollectionSpec?, _ script: [ScriptEvent], at value: YAMLValue) throws {
        guard let collection else { return }
        var cells = collection.sections.reduce(0) { $0 + $1.count }
        var relayout = 0
        let budget = limits.maxItems.multipliedReportingOverflow(by: 10)
        let maxRelayout = budget.overflow ? Int.max : budget.partialValue
        for e in script {
            switch e.action {
            case .insert(_, let count, _):
                cells += count
                if cells > limits.maxItems {
                    throw SceneError(
                        file: file, line: e.line, column: 1, keyPath: e.path,
                        message:
                            "the script's inserts make \(cells) cells, over the limit of \(limits.maxItems) items (--max-items)")
                }
            case .delete(let items):
                cells = max(0, cells - items.count)
            case .update(let u):
                cells += u.insert.count + u.insertSections.reduce(0) { $0 + $1.section.count }
                if cells > limits.maxItems {
                    throw SceneError(
                        file: file, line: e.line, column: 1, keyPath: e.path,
                        message:
                            "the script's updates make \(cells) cells, over the limit of \(limits.maxItems) items (--max-items)")
                }
                cells = max(0, cells - u.delete.count)
            case .pan, .tap, .select, .longPress, .addBehavior, .set, .removeBehavior, .scrollTo, .scrollToItem, .reorder,
                .gesture, .animate, .controlAnimator:
                continue
            }
            relayout += cells
            if relayout > maxRelayout {
                throw SceneError(
                    file: file, line: e.line, column: 1, keyPath: e.path,
                    message:
                        "the script's inserts and deletes lay out \(relayout) cells in all, over the limit of \(maxRelayout) (ten layouts of --max-items \(limits.maxItems)); use fewer, larger inserts"
                )
            }
        }
    }
}
