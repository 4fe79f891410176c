import SpringyCore
import SpringyDynamics
import SpringyYAML

extension ScriptDecoder {
    static let actions =
        ScriptActionName.allCases.map(\.rawValue) + ScriptGestureName.allCases.map(\.rawValue)
        + AnimationActionName.allCases.map(\.rawValue)

    /// `behaviorKinds`: the kind of each behavior the scene declares, in order (a script's `add`,
    /// `snap` and `push` append theirs, numbered after them).
    func decodeScript(_ v: YAMLValue, references: ItemReferences, behaviorKinds: [String], problems: Problems) throws
        -> [ScriptEvent]
    {
        let entries = try v.list()
        if entries.count > limits.maxScriptEvents {
            throw v.error("\(entries.count) script events is over the limit of \(limits.maxScriptEvents) (--max-events)")
        }
        var events: [ScriptEvent] = []
        var kinds = behaviorKinds
        // Cells the script inserts may be tapped, selected or deleted later: any section may
        // hold as many more cells as the script inserts in all (a cell that is gone, or not
        // there yet, when its event fires is left alone).
        // The counts are read before they are checked (each event is decoded below), so each is
        // clamped to --max-items and the sums saturate there: no value can overflow them.
        var inserted = 0, insertedSections = 0
        let cap = limits.maxItems
        func more(_ total: inout Int, _ n: Int) { total = min(cap, total + min(cap, max(0, n))) }
        for e in entries {
            guard case .mapping(let raw) = e.node else { continue }
            if let body = raw.first(where: { $0.key.string == ScriptActionName.insert.rawValue })?.value {
                if case .mapping(let im) = body, let c = im.first(where: { $0.key.string == "count" })?.value.int {
                    more(&inserted, max(1, c))
                } else {
                    more(&inserted, 1)
                }
            }
            if let body = raw.first(where: { $0.key.string == ScriptActionName.update.rawValue })?.value,
                case .mapping(let um) = body
            {
                for (k, v) in um {
                    guard case .sequence(let list) = v else { continue }
                    if k.string == "insert" || k.string == "move" { more(&inserted, list.count) }
                    if k.string == "insert_sections" || k.string == "move_sections" { more(&insertedSections, list.count) }
                    if k.string == "insert_sections" {
                        for sv in list {
                            if case .mapping(let sm) = sv, let n = sm.first(where: { $0.key.string == "items" })?.value {
                                if case .sequence(let labels) = n {
                                    more(&inserted, labels.count)
                                } else {
                                    more(&inserted, n.int ?? 0)
                                }
                            }
                        }
                    }
                }
            }
        }
        var references = references
        references.sections =
            references.sections.map { min(cap, $0 + inserted) }
            + Array(repeating: inserted, count: insertedSections)
        for e in entries {
            // Every event on its own: a bad one is noted and the rest are still read.
            let event: ScriptEvent? = try problems.attempt {
                let m = try e.mapping(allowed: ["at"] + Self.actions)
                let actionEntries = m.entries.filter { $0.0 != "at" }
                guard actionEntries.count == 1, let (kind, _, body) = actionEntries.first else {
                    throw e.error("each script event has `at` and exactly one of: \(Self.actions.joined(separator: ", "))")
                }
                // An `add` counts for the behavior numbers after it even when it is itself wrong.
                defer {
                    switch ScriptActionName(rawValue: kind) {
                    case .add:
                        kinds.append((try? body.mapping(allowed: BehaviorDecoder.behaviorKinds))?.entries.first?.0 ?? kind)
                    case .snap, .push: kinds.append(kind)
                    case .pan, .tap, .insert, .delete, .select, .longPress, .set, .remove, .scrollTo, .scrollToItem, .swipe,
                        .update, .reorder, nil:
                        break
                    }
                }
                let at = try m.require("at").double(min: 0)
                let action = try decodeAction(kind, body, references: references, behaviorKinds: kinds)
                return ScriptEvent(at: at, action: action, path: body.path, line: body.line)
            }
            if let event { events.append(event) }
        }
        // Stable: events at the same time keep file order.
        let sorted = events.enumerated().sorted { a, b in
            a.element.at != b.element.at ? a.element.at < b.element.at : a.offset < b.offset
        }.map(\.element)
        try checkAnimatorNames(sorted, problems: problems)
        return sorted
    }

    /// `velocity: [vx, vy]`: the finger's speed when it lifts (pt/s); a fling then.
    func panVelocity(_ m: YAMLMapping) throws -> Vec2? {
        guard let x = m["velocity"] else { return nil }
        let v = try x.point()
        guard abs(v.x) <= 100_000, abs(v.y) <= 100_000 else {
            throw x.error("a finger's velocity is at most 100000 pt/s each way")
        }
        if let r = m["release"], (try? r.string()) == "hold" {
            throw x.error("a release velocity makes a fling; it does not go with release: hold")
        }
        return v
    }

    /// A long press's keys: `at`, `press`, `path`, `duration`, `hold`, `drift` (and `extra`).
    func decodeLongPress(_ v: YAMLValue, extra: [String]) throws -> (LongPressGesture, YAMLMapping) {
        let t = extra.isEmpty ? ScriptKeys.longPress : ScriptKeys.reorder
        let m = try v.mapping(t)
        let at = try m.require("at").point()
        var path = [at]
        if let p = m["path"] {
            path = try p.list().map { try $0.point() }
            if path.isEmpty { throw p.error("a path needs at least one point") }
        }
        var press = LongPressGesture(
            at: at, press: try m["press"]?.double(t["press"]) ?? 0.5, path: path,
            duration: try m["duration"]?.double(t["duration"]) ?? 0,
            hold: try m["hold"]?.double(t["hold"]) ?? 0)
        if let d = m["drift"] { press.drift = try d.point() }
        return (press, m)
    }

    /// Every key a `set` takes on some kind, in kind order.
    static let setKeyNames: [String] = BehaviorKind.allCases.flatMap { $0.spec.setKeys.names }.reduce(into: []) {
        if !$0.contains($1) { $0.append($1) }
    }

    func decodeAction(_ kind: String, _ v: YAMLValue, references: ItemReferences, behaviorKinds: [String]) throws -> ScriptAction
    {
        let behaviorCount = behaviorKinds.count
        func indexPaths(_ value: YAMLValue) throws -> [ItemPath] {
            try value.list().map { e in
                let s = try e.string()
                guard let ip = ItemPath(string: s), ip.section < references.sections.count else {
                    throw e.error("\"\(s)\" is not a cell of the collection (write \"section.item\")")
                }
                return ip
            }
        }
        func points(_ value: YAMLValue) throws -> [Vec2] {
            let pts = try value.list().map { try $0.point() }
            if pts.isEmpty { throw value.error("a path needs at least one point") }
            return pts
        }
        if let gesture = ScriptGestureName(rawValue: kind) {
            let type = gesture.decoding
            return .gesture(try type.decode(try v.mapping(type.keys), references: references))
        }
        if let animation = AnimationActionName(rawValue: kind) {
            return try animations.decodeAnimation(animation, v, references: references)
        }
        guard let action = ScriptActionName(rawValue: kind) else { throw v.error("unknown script action \"\(kind)\"") }
        switch action {
        case .pan:
            let t = ScriptKeys.pan
            let m = try v.mapping(t)
            var path: [Vec2]
            if let p = m["path"] {
                if m["from"] != nil || m["to"] != nil { throw p.error("give `path` or `from`/`to`, not both") }
                path = try points(p)
            } else {
                path = [try m.require("from").point(), try m.require("to").point()]
            }
            if path.count == 1 { path.append(path[0]) }
            var item: String?
            if let i = m["item"] {
                item = try references.check(i)
                if ItemPath(string: item!) != nil {
                    throw i.error("a pan drags a free view by name; cells move with the content")
                }
            }
            return .pan(
                PanGesture(
                    item: item, path: path, duration: try m.require("duration").double(t["duration"]),
                    release: try m["release"]?.oneOf(PanRelease.self, [.fling, .hold]) ?? .fling,
                    hold: try m["hold"]?.double(t["hold"]) ?? 0,
                    velocity: try panVelocity(m), cancelled: try m["cancel"]?.bool() ?? false))
        case .swipe:
            // UISwipeGestureRecognizer's motion: a short, fast stroke that lifts moving.
            let t = ScriptKeys.swipe
            let m = try v.mapping(t)
            let from = try m.require("from").point()
            let dv = try m.require("direction")
            let direction = try dv.string()
            let unit: Vec2
            switch direction {
            case "left": unit = Vec2(-1, 0)
            case "right": unit = Vec2(1, 0)
            case "up": unit = Vec2(0, -1)
            case "down": unit = Vec2(0, 1)
            default: throw dv.error("expected left, right, up or down, found \"\(direction)\"")  // open set: direction names
            }
            let distance = try m["distance"]?.double(t["distance"]) ?? 100
            let speed = try m["speed"]?.double(t["speed"]) ?? 1000
            var item: String?
            if let i = m["item"] {
                item = try references.check(i)
                if ItemPath(string: item!) != nil {
                    throw i.error("a swipe drags a free view by name; cells move with the content")
                }
            }
            return .pan(.swipe(from: from, unit: unit, distance: distance, speed: speed, item: item))
        case .tap:
            let m = try v.mapping(ScriptKeys.tap)
            if let i = m["item"] { return .tap(target: .item(try references.check(i))) }
            return .tap(target: .point(try m.require("at").point()))
        case .insert:
            let m = try v.mapping(ScriptKeys.insert)
            let atValue = try m.require("at")
            let s = try atValue.string()
            let position: InsertPosition
            if s == "right_of_center" {
                position = .rightOfCenter
            } else {
                guard let ip = ItemPath(string: s), ip.section < references.sections.count else {
                    throw atValue.error("expected right_of_center or an index path \"section.item\", found \"\(s)\"")
                }
                position = .indexPath(ip)
            }
            let range = ScriptKeys.insert.range("count")
            var count = try m["count"]?.int(min: Int(range.lowerBound), max: Int(range.upperBound)) ?? 1
            var labels: [String]?
            if let l = m["label"] { labels = [try l.string()] }
            if let l = m["labels"] {
                if m["label"] != nil { throw l.error("give label (one cell) or labels, not both") }
                labels = try l.list().map { try $0.string() }
                guard let n = labels?.count, range.contains(Double(n)) else {
                    throw l.error("expected 1 to \(Int(range.upperBound)) labels")
                }
            }
            if let labels {
                if let c = m["count"], count != labels.count {
                    throw c.error("count \(count) and \(labels.count) label(s) disagree: the labels' count is the count")
                }
                count = labels.count
            }
            return .insert(position: position, count: count, labels: labels)
        case .delete:
            let m = try v.mapping(ScriptKeys.delete)
            return .delete(items: try indexPaths(try m.require("items")))
        case .select:
            let m = try v.mapping(ScriptKeys.select)
            return .select(items: try indexPaths(try m.require("items")))
        case .longPress:
            return .longPress(try decodeLongPress(v, extra: []).0)
        case .reorder:
            guard references.hasCollection else { throw v.error("reorder moves a collection's cell, and this scene has none") }
            let (press, m) = try decodeLongPress(v, extra: ["cancel"])
            return .reorder(ReorderGesture(press: press, cancelled: try m["cancel"]?.bool() ?? false))
        case .scrollTo:
            guard references.hasCollection else { throw v.error("scroll_to scrolls a collection, and this scene has none") }
            let m = try v.mapping(ScriptKeys.scrollTo)
            return .scrollTo(offset: try m.require("offset").point(), animated: try m["animated"]?.bool() ?? true)
        case .scrollToItem:
            guard references.hasCollection else { throw v.error("scroll_to_item scrolls a collection, and this scene has none") }
            let m = try v.mapping(ScriptKeys.scrollToItem)
            let itemValue = try m.require("item")
            guard let ip = ItemPath(string: try references.check(itemValue)) else {
                throw itemValue.error("expected a cell \"section.item\"")
            }
            let position = try m["position"]?.oneOf(ScrollPosition.self, ScrollPosition.allCases) ?? .nearest
            if let scrollsVertically = references.scrollsVertically, let pv = m["position"] {
                let wrongAxis = scrollsVertically ? [ScrollPosition.left, .right] : [.top, .bottom]
                if wrongAxis.contains(position) {
                    throw pv.error(
                        "\(position.rawValue) does not say where a \(scrollsVertically ? "vertical" : "horizontal") collection scrolls; use \(scrollsVertically ? "top, center, bottom" : "left, center, right") or nearest"
                    )
                }
            }
            return .scrollToItem(item: ip, position: position, animated: try m["animated"]?.bool() ?? true)
        case .update:
            return .update(try decodeUpdate(v, references: references))
        case .snap:
            return .addBehavior(try behaviors.decodeBehavior(.snap, v, references: references))
        case .push:
            // A push in a script is a tap's flick: instantaneous unless it says otherwise.
            var spec = try behaviors.decodeBehavior(.push, v, references: references)
            if case .push(var push) = spec, case .mapping(let raw) = v.node,
                !raw.keys.contains(where: { $0.string == "mode" })
            {
                push.mode = .instantaneous
                spec = .push(push)
            }
            return .addBehavior(spec)
        case .add:
            return .addBehavior(try behaviors.decodeBehavior(v, references: references).0)
        case .remove:
            let m = try v.mapping(ScriptKeys.remove)
            return .removeBehavior(try m.require("behavior").int(min: 0, max: behaviorCount - 1))
        case .set:
            // Any kind's `set` key is read here; which are allowed depends on the kind of the
            // behavior named (its `setKeys`, each with its one range).
            let any = try v.mapping(allowed: Self.setKeyNames)
            let indexValue = try any.require("behavior")
            guard behaviorCount > 0 else { throw indexValue.error("the scene has no behaviors to set") }
            let index = try indexValue.int(min: 0, max: behaviorCount - 1)
            let target = behaviorKinds[index]
            guard let kind = BehaviorKind(rawValue: target) else {
                throw indexValue.error("behavior \(index) did not decode (see its own error), so nothing can be set on it")
            }
            let settable = kind.spec.setKeys.names.filter { $0 != "behavior" }
            for (key, keyValue, _) in any.entries where key != "behavior" && !settable.contains(key) {
                let takes =
                    settable.isEmpty
                    ? "it has nothing to set (take it out with `remove`)" : "it takes \(settable.joined(separator: ", "))"
                throw SceneError(
                    file: keyValue.context.file, line: keyValue.line, column: keyValue.column, keyPath: "\(v.path).\(key)",
                    message: "behavior \(index) is a \(target) behavior, which has no `\(key)` to set; \(takes)")
            }
            let params = try BehaviorReading.parameters(kind, v)
            if params.isEmpty { throw v.error("`set` needs at least one parameter besides `behavior`") }
            return .set(behavior: index, parameters: params)
        }
    }
}

extension ScriptDecoder {
    /// A control names a property animator an earlier event (in time) created.
    func checkAnimatorNames(_ events: [ScriptEvent], problems: Problems) throws {
        var names: [String] = []
        for e in events {
            if case .animate(let spec) = e.action, let name = spec.name, !names.contains(name) { names.append(name) }
            if case .controlAnimator(let name, _) = e.action, !names.contains(name) {
                let hint = suggestion(for: name, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
                _ =
                    try problems.attempt {
                        throw SceneError(
                            file: file, line: e.line, column: 1, keyPath: e.path,
                            message: "no animator named \"\(name)\" has started by \(fmt(e.at)) s\(hint)")
                    } as Void?
            }
        }
    }
}
