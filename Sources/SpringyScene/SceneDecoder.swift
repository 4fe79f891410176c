import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyTypes
import SpringyYAML
import Yams

/// What every part of the decoder knows: the file it reads (errors name it) and the limits.
/// The scene is read by one decoder per part — SceneDecoder (the top level: viewport, time,
/// style, golden, items, groups), CollectionDecoder, BehaviorDecoder, ScriptDecoder — and
/// checked against its budgets by SceneChecks.
protocol SceneSectionDecoder {
    var file: String { get }
    var limits: SceneLimits { get }
}

extension SceneSectionDecoder {
    var collections: CollectionDecoder { CollectionDecoder(file: file, limits: limits) }
    var behaviors: BehaviorDecoder { BehaviorDecoder(file: file, limits: limits) }
    var scripts: ScriptDecoder { ScriptDecoder(file: file, limits: limits) }
    var animations: AnimationDecoder { AnimationDecoder(file: file, limits: limits) }
    var checks: SceneChecks { SceneChecks(file: file, limits: limits) }
}

struct CollectionDecoder: SceneSectionDecoder {
    let file: String
    let limits: SceneLimits
}

struct BehaviorDecoder: SceneSectionDecoder {
    let file: String
    let limits: SceneLimits
}

struct ScriptDecoder: SceneSectionDecoder {
    let file: String
    let limits: SceneLimits
}

/// The script's view animations (UIView, property animators, SwiftUI springs).
struct AnimationDecoder: SceneSectionDecoder {
    let file: String
    let limits: SceneLimits
}

struct SceneChecks: SceneSectionDecoder {
    let file: String
    let limits: SceneLimits
}

/// Turns the checked YAML tree into a `Scene`, section by section.
struct SceneDecoder: SceneSectionDecoder {
    let file: String
    let limits: SceneLimits
    /// Its views come from Swift code (LiveProgram): no items or collection needed.
    var program = false

    static var topKeys: [String] { TopLevelKeys.scene.names }

    func decode(_ root: YAMLValue) throws -> Scene {
        let problems = Problems()
        // Unknown keys anywhere are gathered, not thrown, so one run reports every one of them.
        root.context.deferred = []
        defer { root.context.deferred = nil }
        let m = try root.mapping(allowed: Self.topKeys, problems: problems)
        let versionValue = try m.require("springy")
        let version: Int
        do { version = try versionValue.int() } catch {
            throw versionValue.error(
                "expected the format version as a whole number; supported: \(Scene.supportedVersions.map(String.init).joined(separator: ", "))"
            )
        }
        guard Scene.supportedVersions.contains(version) else {
            throw versionValue.error(
                "format version \(version) is not supported; this springy reads version \(Scene.supportedVersions.map(String.init).joined(separator: ", "))"
            )
        }
        let slug = Scene.slug(forFile: file)
        // Each section is decoded on its own, so that one bad section does not hide another.
        let name = try problems.attempt { try m["name"]?.string() ?? slug } ?? slug
        let viewport = try problems.attempt { try decodeViewport(try m.require("viewport")) }
        let time = try problems.attempt { try decodeTime(m["time"]) }
        let defaults = try problems.attempt {
            try m["defaults"].map {
                ItemProperties.uikit.merged(with: try BehaviorReading.properties(try $0.mapping(ItemProperties.keys)))
            }
                ?? .uikit
        }
        let springs = try problems.attempt { try decodeSolver(m["solver"]) }
        let style = try problems.attempt { try m["style"].map(decodeStyle) ?? Style() }
        let golden = try problems.attempt {
            var g = try m["golden"].map(decodeGolden) ?? GoldenSpec()
            g.line = m.line(of: "golden") ?? 1
            return g
        }
        var collectionClean = true
        let collection = try problems.attempt {
            try m["collection"].map { try collections.decodeCollection($0, problems: problems, clean: &collectionClean) }
        }
        var itemsClean = true
        let items = try problems.attempt {
            try m["items"].map { try decodeItems($0, problems: problems, clean: &itemsClean) } ?? []
        }
        var groups: [ItemGroupSpec] = []
        if let g = m["groups"], let items, itemsClean {
            groups = try problems.attempt { try decodeGroups(g, items: items) } ?? []
        }
        // Behaviors and the script name items and cells: checked only when those decoded.
        var behaviors: [BehaviorDecl] = []
        var script: [ScriptEvent] = []
        if let collection, let items, collectionClean {
            if collection == nil && items.isEmpty && itemsClean && !program {
                _ = try problems.attempt { throw root.error("a scene needs `collection`, `items`, or both") }
            }
            let references = ItemReferences(
                freeItems: items.map(\.name) + groups.map(\.name), sections: collection?.sections.map(\.count) ?? [],
                scrollsVertically: collection.map { $0.layout.direction == .vertical || $0.layout.kind == .list },
                layout: collection?.layout, viewSize: viewport?.size ?? Size2(375, 667), groups: groups.map(\.name))
            if let b = m["behaviors"] {
                behaviors =
                    try problems.attempt { try self.behaviors.decodeBehaviors(b, references: references, problems: problems) }
                    ?? []
            }
            if let sv = m["script"] {
                // Every entry of `behaviors` counts for the numbers a script names, refused ones too
                // (their own errors are reported): one bad behavior must not shift the rest.
                let declared =
                    (m["behaviors"].flatMap { try? $0.list() })?.map { entry in
                        (try? entry.mapping(allowed: BehaviorDecoder.behaviorKinds))?.entries.first?.0 ?? "?"
                    } ?? behaviors.map(\.spec.kindName)
                script =
                    try problems.attempt {
                        try scripts.decodeScript(sv, references: references, behaviorKinds: declared, problems: problems)
                    } ?? []
            }
            if itemsClean {
                _ = try problems.attempt {
                    try checks.checkOverlaps(
                        checks.collidingItems(behaviors, script: script, items: items), at: m["items"] ?? root)
                }
            }
            _ = try problems.attempt { try checks.checkBoundaries(behaviors, script: script, viewport: viewport) }
            _ = try problems.attempt { try checkGroupMembers(groups, behaviors: behaviors, script: script) }
            _ = try problems.attempt { try checks.checkScriptGrowth(collection, script, at: m["script"] ?? root) }
            if let time {
                _ = try problems.attempt {
                    try checkLimits(m, root: root, viewport: viewport, time: time, items: items, collection: collection)
                }
                _ = try problems.attempt {
                    try checkFrequencies(behaviors, script: script, collection: collection, stepRate: time.stepRate, mapping: m)
                }
            }
        }
        // The unknown keys gathered, each once (a mapping read twice notes its keys twice).
        for e in root.context.deferred ?? [] where !problems.list.contains(e) {
            problems.list.append(e)
        }
        if problems.list.count == 1 { throw problems.list[0] }
        if !problems.list.isEmpty {
            throw SceneErrors(
                errors: problems.list.enumerated().sorted { a, b in
                    (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
                }.map(\.element))
        }
        guard var viewport, let time, let defaults, let springs, var style, let golden, let collection, let items else {
            throw root.error("the scene could not be read")  // not reached: every nil above noted a problem
        }
        let backgroundGiven: Bool = {
            guard case .mapping(let vm) = (m["viewport"]?.node ?? root.node) else { return true }
            return vm.keys.contains { $0.string == "background" }
        }()
        // An appearance gives the screen its background unless the viewport names one.
        if let appearance = style.appearance, !backgroundGiven { viewport.background = appearance.background }
        // An inset-grouped list is iOS Settings': grouped background behind the rows' own colour,
        // headers without a band; each unless the scene names its own.
        if let layout = collection?.layout {
            style.applyLayoutLook(layout, background: &viewport.background, backgroundGiven: backgroundGiven)
        }
        var scene = Scene(
            file: file, name: name, slug: slug, viewport: viewport, time: time, defaults: defaults,
            style: style, golden: golden, collection: collection, items: items,
            behaviors: behaviors, script: script, limits: limits, springs: springs)
        scene.groups = groups
        return scene
    }

    func decodeSolver(_ v: YAMLValue?) throws -> SpringModel {
        guard let v else { return .poles }
        let sm = try v.mapping(TopLevelKeys.solver)
        return try sm["springs"].map { try $0.oneOf(SpringModel.self, SpringModel.allCases) } ?? .poles
    }

    /// The --max-* limits on what the scene asks for.
    func checkLimits(
        _ m: YAMLMapping, root: YAMLValue, viewport: Viewport?, time: TimeSpec, items: [FreeItemSpec],
        collection: CollectionSpec?
    ) throws {
        if let viewport {
            let pixels = Double(viewport.pixelWidth) * Double(viewport.pixelHeight)
            if pixels > Double(limits.maxPixels) {
                throw (try m.require("viewport")).error(
                    "a frame of \(viewport.pixelWidth)×\(viewport.pixelHeight) pixels is over the limit of \(limits.maxPixels) pixels (--max-pixels)"
                )
            }
            try checks.checkPixelSides(viewport, at: try m.require("viewport"))
        }
        if time.maxFrameCount > limits.maxFrames {
            throw (m["time"] ?? root).error(
                "\(time.maxFrameCount) frames is over the limit of \(limits.maxFrames) (--max-frames)")
        }
        let itemCount = items.count + (collection?.sections.reduce(0) { $0 + $1.count } ?? 0)
        if itemCount > limits.maxItems {
            throw (m["collection"] ?? root).error("\(itemCount) items is over the limit of \(limits.maxItems) (--max-items)")
        }
        if items.count > limits.maxBodies {
            throw (m["items"] ?? root).error(
                "\(items.count) free items is over the limit of \(limits.maxBodies) simulated bodies (--max-bodies)")
        }
        if let c = collection, c.dynamics.kind == .drag, c.selection.count > limits.maxBodies {
            throw (m["collection"] ?? root).error(
                "\(c.selection.count) selected cells to drag is over the limit of \(limits.maxBodies) simulated bodies (--max-bodies)"
            )
        }
    }

    /// A spring a fixed step cannot follow (more than a quarter of the step rate) is rejected.
    /// Springs the solver cannot integrate (faster than a quarter of the step rate), wherever
    /// they come from: declared, added by the script, or given by its `set`.
    func checkFrequencies(
        _ behaviors: [BehaviorDecl], script: [ScriptEvent], collection: CollectionSpec?, stepRate: Int,
        mapping m: YAMLMapping
    ) throws {
        let limit = Double(stepRate) / 4
        /// The first `frequency` key under `node` whose number is over the limit: where it is, and
        /// its path below `path` (so the error points at the key, not at the behavior's line).
        func overLimit(_ node: Node, _ path: String) -> (line: Int, column: Int, path: String)? {
            switch node {
            case .mapping(let pairs):
                for (k, v) in pairs {
                    guard case .scalar(let key) = k else { continue }
                    let p = path.isEmpty ? key.string : "\(path).\(key.string)"
                    if key.string == "frequency", case .scalar(let s) = v, let f = Double(s.string), f > limit {
                        return (v.mark?.line ?? 1, v.mark?.column ?? 1, p)
                    }
                    if let found = overLimit(v, p) { return found }
                }
            case .sequence(let items):
                for (i, v) in items.enumerated() { if let found = overLimit(v, "\(path)[\(i)]") { return found } }
            case .scalar: break
            }
            return nil
        }
        /// The list entry `index` of a top-level list (behaviors, script), where the search starts.
        func entry(_ key: String, _ index: Int) -> Node? {
            guard let list = m[key], case .sequence(let items) = list.node, index < items.count else { return nil }
            return items[index]
        }
        func index(in path: String) -> Int? {
            guard let open = path.firstIndex(of: "["), let close = path.firstIndex(of: "]") else { return nil }
            return Int(path[path.index(after: open)..<close])
        }
        func check(_ f: Double, _ what: String, line: Int, path: String) throws {
            if f > limit {
                var (line, column, path) = (line, 1, path)
                let top = path.hasPrefix("script") ? "script" : "behaviors"
                if let i = index(in: path), let node = entry(top, i), let at = overLimit(node, "\(top)[\(i)]") {
                    (line, column, path) = at
                }
                throw SceneError(
                    file: file, line: line, column: column, keyPath: path,
                    message:
                        "\(what) of \(fmt(f)) Hz is more than a \(stepRate) steps/s solver can integrate (at most \(fmt(limit)) Hz, a quarter of time.step_rate)"
                )
            }
        }
        func walk(_ spec: BehaviorSpec, line: Int, path: String) throws {
            for case .attachment(let a) in spec.flattened { try check(a.frequency, "a spring", line: line, path: path) }
        }
        for decl in behaviors { try walk(decl.spec, line: decl.line, path: decl.path) }
        for e in script {
            switch e.action {
            case .addBehavior(let spec): try walk(spec, line: e.line, path: e.path)
            case .set(_, let parameters):
                for p in parameters where p.key == "frequency" {
                    if let f = p.number { try check(f, "a spring", line: e.line, path: e.path) }
                }
            case .pan, .tap, .insert, .delete, .select, .longPress, .removeBehavior, .scrollTo, .scrollToItem, .update, .reorder,
                .gesture, .animate, .controlAnimator:
                break
            }
        }
        if let c = collection, let cv = m["collection"] {
            try check(c.dynamics.spring.frequency, "collection.dynamics.spring", line: cv.line, path: cv.path)
            try check(c.dynamics.cornerFrequency, "collection.dynamics.corner_springs", line: cv.line, path: cv.path)
        }
    }

    func decodeViewport(_ v: YAMLValue) throws -> Viewport {
        let t = TopLevelKeys.viewport
        let m = try v.mapping(t)
        let size = try m.require("size").size()
        let scale = try m["scale"]?.int(min: Int(t.range("scale").lowerBound), max: Int(t.range("scale").upperBound)) ?? 2
        let background = try m["background"]?.color() ?? Color.white
        return Viewport(size: size, scale: scale, background: background)
    }

    func decodeTime(_ v: YAMLValue?) throws -> TimeSpec {
        var t = TimeSpec(rate: FrameRate(60), stepRate: 120, duration: 2, untilRest: false, maxDuration: 10)
        guard let v else { return t }
        let k = TopLevelKeys.time
        let m = try v.mapping(k)
        t.fps = try m["fps"]?.int(min: Int(k.range("fps").lowerBound), max: Int(k.range("fps").upperBound)) ?? 60
        t.stepRate =
            try m["step_rate"]?.int(min: Int(k.range("step_rate").lowerBound), max: Int(k.range("step_rate").upperBound)) ?? 120
        if let u = m["until"] {
            guard try u.string() == "rest" else { throw u.error("the only `until` is \"rest\"") }
            if let d = m["duration"] { throw d.error("give either `duration` or `until: rest` (with `max_duration`), not both") }
            t.untilRest = true
            t.duration = nil
            t.maxDuration = try m["max_duration"]?.double(k["max_duration"]) ?? 10
        } else {
            t.duration = try m["duration"]?.double(k["duration"]) ?? 2
            if let md = m["max_duration"] { throw md.error("`max_duration` goes with `until: rest`") }
        }
        return t
    }

    func decodeStyle(_ v: YAMLValue) throws -> Style {
        let t = TopLevelKeys.style
        let m = try v.mapping(t)
        var s = Style()
        s.given = m.keys
        if let x = m["appearance"] { s.apply(try x.oneOf(Appearance.self, Appearance.allCases), given: m.keys) }
        if let x = m["chrome"] { s.chrome = try x.oneOf(Chrome.self, Chrome.allCases) }
        if let x = m["safe_area"] { s.safeArea = try x.bool() }
        if let x = m["corners"] { s.corners = try x.oneOf(CornerCurve.self, CornerCurve.allCases) }
        if let x = m["separators"] { s.separators = try x.bool() }
        if let x = m["font"] { s.font = try x.oneOf(FontChoice.self, FontChoice.allCases) }
        if let x = m["cell"] { s.cell = try x.color() }
        if let x = m["cell_selected"] { s.cellSelected = try x.color() }
        if let x = m["palette"] { s.palette = try x.list().map { try $0.color() } }
        if let x = m["palette_seed"] {
            if m["palette"] != nil { throw x.error("give either `palette` or `palette_seed`, not both") }
            s.palette = Palette.seeded(try x.int(min: 0), count: 24)
        }
        if let x = m["text"] { s.text = try x.color() }
        if let x = m["header"] { s.header = try x.color() }
        if let x = m["header_text"] { s.headerText = try x.color() }
        if let x = m["corner_radius"] { s.cornerRadius = try x.double(t["corner_radius"]) }
        if let x = m["font_size"] { s.fontSize = try x.double(t["font_size"]) }
        if let x = m["header_font_size"] { s.headerFontSize = try x.double(t["header_font_size"]) }
        if let x = m["springs"] { s.springs = try x.bool() }
        if let x = m["spring_color"] { s.springColor = try x.color() }
        if let x = m["spring_width"] { s.springWidth = try x.double(t["spring_width"]) }
        if let x = m["finger"] { s.finger = try x.bool() }
        if let x = m["coils"] { s.coils = try x.bool() }
        if let x = m["anchors"] { s.anchors = try x.bool() }
        if let x = m["velocity_arrows"] { s.velocityArrows = try x.bool() }
        if let x = m["boundaries"] { s.boundaries = try x.bool() }
        if let x = m["contacts"] { s.contacts = try x.bool() }
        if let x = m["clock"] { s.clock = try x.bool() }
        if let x = m["text_overflow"] { s.textOverflow = try x.oneOf(TextOverflow.self, TextOverflow.allCases) }
        if let x = m["section_background"] { s.sectionBackground = try x.color() }
        return s
    }

    func decodeGolden(_ v: YAMLValue) throws -> GoldenSpec {
        let m = try v.mapping(TopLevelKeys.golden)
        var g = GoldenSpec()
        if let t = m["trace"] {
            if case .scalar = t.node {
                if try t.bool() == false { g.trace = nil }
            } else {
                let k = TopLevelKeys.goldenTrace
                let tm = try t.mapping(k)
                var tol = TraceTolerance()
                tol.position = try tm["position"]?.double(k["position"]) ?? tol.position
                tol.size = try tm["size"]?.double(k["size"]) ?? tol.size
                tol.angle = try tm["angle"]?.double(k["angle"]) ?? tol.angle
                tol.alpha = try tm["alpha"]?.double(k["alpha"]) ?? tol.alpha
                g.trace = tol
            }
        }
        if let h = m["hashes"] { g.hashes = try h.bool() }
        if let f = m["frames"] {
            g.frames = try f.list().map { e in
                if case .scalar(let s) = e.node, s.string == "last" { return .last }
                return .index(try e.int(min: 0))
            }
        }
        if let t = m["tolerance"] {
            let k = TopLevelKeys.goldenTolerance
            let tm = try t.mapping(k)
            g.channelTolerance = try tm["channel"]?.int(min: 0, max: Int(k.range("channel").upperBound)) ?? g.channelTolerance
            g.pixelFraction = try tm["pixels"]?.double(k["pixels"]) ?? g.pixelFraction
        }
        return g
    }

    /// The free items, every problem of every item noted in `problems` (a file's errors come in
    /// one pass). An item with a bad value still gives its name, so behaviors and the script
    /// that refer to it are checked too; `clean` is false when any problem was noted (the
    /// values standing in for bad ones must not reach the checks that compare items).
    func decodeItems(_ v: YAMLValue, problems: Problems, clean: inout Bool) throws -> [FreeItemSpec] {
        guard case .mapping(let raw) = v.node else { throw v.error("expected a mapping of item names to items") }
        let before = problems.list.count
        defer { clean = problems.list.count == before }
        var out: [FreeItemSpec] = []
        for (k, node) in raw {
            let keyValue = try YAMLValue(node: k, path: v.path, context: v.context)
            guard let name = try problems.attempt({ try keyValue.string() }) else { continue }
            let valid: Void? = try problems.attempt {
                guard !name.isEmpty, ItemPath(string: name) == nil, !name.hasPrefix("header.") else {
                    throw keyValue.error("item name \"\(name)\" is reserved for collection cells or headers; choose another")
                }
                if out.contains(where: { $0.name == name }) { throw keyValue.error("item \"\(name)\" is defined twice") }
            }
            guard valid != nil else { continue }
            let item = try v.child(node, name)
            guard let m = try problems.attempt({ try item.mapping(allowed: TopLevelKeys.item.names, problems: problems) }) else {
                continue
            }
            func value<T>(_ read: () throws -> T, or stand: T) throws -> T { try problems.attempt(read) ?? stand }
            var spec = FreeItemSpec(
                name: name,
                center: try value({ try m.require("center").point() }, or: Vec2(0, 0)),
                size: try value({ try m.require("size").size() }, or: Size2(1, 1)),
                angle: try value({ (try m["angle"]?.double() ?? 0).degreesToRadians }, or: 0),
                fill: try value({ try m["fill"]?.color() ?? Color(hex: "#007AFF")! }, or: Color(hex: "#007AFF")!),
                label: try value({ try m["label"]?.string() }, or: nil),
                shape: try value(
                    { try m["shape"]?.oneOf(FreeItemSpec.Shape.self, [.rectangle, .ellipse, .path]) ?? .rectangle },
                    or: .rectangle))
            _ = try problems.attempt { try decodeOutline(m, into: &spec) }
            _ = try problems.attempt { spec.look = try decodeLook(m) }
            let keys = TopLevelKeys.item
            if let a = try problems.attempt({ try m["alpha"]?.double(keys["alpha"]) }) { spec.alpha = a ?? 1 }
            if let h = try problems.attempt({ try m["hidden"]?.bool() }) { spec.hidden = h ?? false }
            if let v = m["scale"] {
                _ = try problems.attempt {
                    if case .sequence = v.node {
                        let (x, y) = try v.pair("[x, y] scale factors")
                        guard abs(x) <= 100, abs(y) <= 100 else { throw v.error("a scale is at most 100 each way") }
                        spec.scale = Vec2(x, y)
                    } else {
                        let k = try v.double(keys["scale"])
                        spec.scale = Vec2(k, k)
                    }
                }
            }
            out.append(spec)
        }
        if out.count > limits.maxItems { throw v.error("more than \(limits.maxItems) items") }
        return out
    }
}

/// Deterministic colour palettes (the expanding list's "seeded palette").
package enum Palette {
    /// `count` pleasant colours from a fixed-seed generator (SplitMix64): same seed, same colours, everywhere.
    package static func seeded(_ seed: Int, count: Int) -> [Color] {
        var generator = SplitMix64(state: UInt64(bitPattern: Int64(seed)) &+ 0x9E37_79B9_7F4A_7C15)
        func next() -> Double { generator.unit() }
        return (0..<count).map { _ in
            // hue anywhere, saturation and brightness in a readable band
            hsb(h: next(), s: 0.45 + 0.35 * next(), b: 0.7 + 0.25 * next())
        }
    }

    static func hsb(h: Double, s: Double, b: Double) -> Color {
        let i = Int(h * 6) % 6, f = h * 6 - Double(Int(h * 6))
        let p = b * (1 - s), q = b * (1 - f * s), t = b * (1 - (1 - f) * s)
        switch i {
        case 0: return Color(r: b, g: t, b: p)
        case 1: return Color(r: q, g: b, b: p)
        case 2: return Color(r: p, g: b, b: t)
        case 3: return Color(r: p, g: q, b: b)
        case 4: return Color(r: t, g: p, b: b)
        default: return Color(r: b, g: p, b: q)  // open set: hue sectors
        }
    }
}

/// What behaviors and script events may name: free views and collection cells.
struct ItemReferences {
    var freeItems: [String]
    var sections: [Int]
    /// Nil without a collection; else whether it scrolls vertically.
    var scrollsVertically: Bool? = nil
    /// The collection's layout, for sections a script inserts.
    var layout: LayoutSpec? = nil
    /// The viewport's size (where the screen's edges are).
    var viewSize = Size2(375, 667)
    /// Item groups' names (they are not views).
    var groups: [String] = []
    var hasCollection: Bool { scrollsVertically != nil }

    func check(_ v: YAMLValue) throws -> String {
        let name = try v.string()
        if freeItems.contains(name) { return name }
        if let ip = ItemPath(string: name) {
            guard hasCollection else {
                throw v.error(
                    "\(name) names a cell, and this scene has no collection: name a free view\(freeItems.isEmpty ? "" : " (\(freeItems.joined(separator: ", ")))")"
                )
            }
            guard ip.section < sections.count, ip.item < sections[ip.section] else {
                let holds =
                    sections.count == 1
                    ? "its section holds \(counted(sections[0], "cell"))"
                    : "its sections hold \(sections.map(String.init).joined(separator: ", ")) cells"
                throw v.error("no cell \(name) in the collection (\(holds))")
            }
            return name
        }
        let hint = suggestion(for: name, among: freeItems).map { " (did you mean \"\($0)\"?)" } ?? ""
        throw v.error("no item named \"\(name)\"\(hint)")
    }
}

extension SceneDecoder {
    /// A free item's own look: corners, border, shadow and label keys (ViewLook, which
    /// SpringyUIKit's views fill from their layers and labels).
    func decodeLook(_ m: YAMLMapping) throws -> ViewLook {
        let k = TopLevelKeys.item
        var look = ViewLook()
        look.cornerRadius = try m["corner_radius"]?.double(k["corner_radius"])
        look.continuousCorners = try m["corners"].map { try $0.oneOf(CornerCurve.self, CornerCurve.allCases) == .continuous }
        if let b = m["border"] {
            let t = TopLevelKeys.border
            let bm = try b.mapping(t)
            look.border = Border(
                width: try bm.require("width").double(t["width"]), color: try bm["color"]?.color() ?? Color(r: 0, g: 0, b: 0))
        }
        if let s = m["shadow"] {
            let t = TopLevelKeys.shadow
            let sm = try s.mapping(t)
            look.shadow = Shadow(
                color: try sm["color"]?.color() ?? Color(r: 0, g: 0, b: 0),
                opacity: try sm.require("opacity").double(t["opacity"]),
                radius: try sm["radius"]?.double(t["radius"]) ?? 3, offset: try sm["offset"]?.point() ?? Vec2(0, -3))
        }
        look.textColor = try m["text_color"]?.color()
        look.fontSize = try m["font_size"]?.double(k["font_size"])
        look.textAlignment = try m["text_align"]?.oneOf(TextAlignment.self, TextAlignment.allCases)
        look.textLines = try m["lines"].map { try $0.int(min: 0, max: 1000) }
        look.lineBreak = try m["line_break"]?.oneOf(LineBreak.self, LineBreak.allCases)
        if let iv = m["image"] {
            look.image = ViewImage(
                pixels: try image(iv), mode: try m["content_mode"]?.oneOf(ContentMode.self, ContentMode.allCases) ?? .scaleToFill,
                clipped: try m["clips"]?.bool() ?? false)
        } else if let v = m["content_mode"] ?? m["clips"] {
            throw v.error("content_mode and clips place an item's `image`, and it has none")
        }
        return look
    }

    /// An item's `image:`: a PNG file beside the scene file — in its folder or below, so a scene
    /// someone sends cannot draw your other files into its frames.
    func image(_ v: YAMLValue) throws -> ImagePixels {
        let path = try v.string()
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~") else {
            throw v.error("an image is a PNG file named relative to the scene file's folder, not \"\(path)\"")
        }
        let dir = (file as NSString).deletingLastPathComponent
        let folder = URL(fileURLWithPath: dir.isEmpty ? "." : dir).standardizedFileURL.resolvingSymlinksInPath()
        let target = folder.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath()
        guard target.path.hasPrefix(folder.path.hasSuffix("/") ? folder.path : folder.path + "/") else {
            throw v.error("\(path) is outside the scene file's folder; an image is a PNG file in its folder or below")
        }
        do throws(ImageProblem) { return try ImagePixels.png(contentsOfFile: target.path, name: path) } catch {
            throw v.error(error.message)
        }
    }

    /// `path: [[x, y], ...]` (points relative to the centre) for `shape: path`: a simple polygon,
    /// convex or not, inside the item's size.
    func decodeOutline(_ m: YAMLMapping, into spec: inout FreeItemSpec) throws {
        if let pv = m["path"] {
            if m["shape"] != nil && spec.shape != .path {
                throw pv.error("path is the outline of shape: path, not \(spec.shape.rawValue)")
            }
            spec.shape = .path
            let points = try pv.list().map { try $0.point() }
            if let why = Polygon.problem(points) { throw pv.error(why) }
            if points.contains(where: { abs($0.x) > spec.size.width / 2 + 1e-9 || abs($0.y) > spec.size.height / 2 + 1e-9 }) {
                throw pv.error(
                    "the path's points are relative to the centre and must lie within the item's size (±\(spec.size.width / 2), ±\(spec.size.height / 2))"
                )
            }
            spec.outline = points
        } else if spec.shape == .path, let sv = m["shape"] {
            throw sv.error("shape: path needs `path: [[x, y], ...]`, points relative to the centre")
        }
    }
}
