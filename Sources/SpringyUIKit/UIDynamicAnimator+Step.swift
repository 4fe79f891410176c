import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame

// One step of a UIDynamicAnimator: the changes your code made since the last step reach Box2D in
// a canonical order, the world steps, items take their new centres and turns, actions run and
// delegates hear of contacts and pauses.

extension UIDynamicAnimator {
    func step(h: Double) throws -> [ContactEvent] {
        try flush()
        guard let engine else { return [] }
        // A layout's animator has the layout's content as its reference bounds, as it is now
        // (an insert that widens the content widens the boundary).
        if let size = layout?.collectionViewContentSize, size.width.isFinite, size.height.isFinite, size.width >= 0,
            size.height >= 0
        {
            try ReferenceBounds.move(engine, to: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        }
        do { try engine.step() } catch let e as DynamicsError { throw located(e, CallSite(file: "", line: 0)) }
        if !engine.isAtRest { elapsedTime += h }
        for body in bodies {
            guard let s = engine.state(of: body.name) else { continue }
            if let group = body.item as? UIDynamicItemGroup {
                // Each member where the group's body has it; the group keeps the body's turn.
                for member in group.items {
                    guard let name = memberNames[ObjectIdentifier(member)], let m = engine.state(of: name) else { continue }
                    member.center = point(m.center)
                    member.transform = CGAffineTransform(rotationAngle: CGFloat(m.angle))
                }
                group.turn = CGAffineTransform(rotationAngle: CGFloat(s.angle))
                continue
            }
            body.item.center = point(s.center)
            body.item.transform = CGAffineTransform(rotationAngle: CGFloat(s.angle))
        }
        for b in installed {
            if let push = b as? UIPushBehavior, let id = push.engineID { push.isActive = engine.isActive(id) }
        }
        for b in behaviors { for x in b.tree { x.action?() } }
        // A layout's animator moves attributes: the layout is asked again (UIKit invalidates it
        // at every step the animator runs).
        if let layout, !bodies.isEmpty, !engine.isAtRest { layout.invalidateLayout() }
        let events = engine.drainEvents()
        deliver(events)
        return events
    }

    /// Nothing moves and nothing waits to be added.
    var isAtRest: Bool { toInstall.isEmpty && toChange.isEmpty && velocityAdds.isEmpty && (engine?.isAtRest ?? true) }

    func located(_ e: DynamicsError, _ site: CallSite) -> SpringyError {
        SpringyError(
            file: site.file.isEmpty ? "UIDynamicAnimator" : site.file, line: site.line, keyPath: "UIDynamicAnimator",
            message: e.description)
    }

    // MARK: - Changes, in canonical order

    func flush() throws {
        guard !(toUninstall.isEmpty && toInstall.isEmpty && toChange.isEmpty && toUpdate.isEmpty && velocityAdds.isEmpty)
        else { return }
        let runtime = self.runtime
        func key(_ item: any UIDynamicItem) -> [Int] { runtime?.key(of: item) ?? [] }

        // Removed behaviors, in the order they were installed.
        for b in toUninstall.sorted(by: { ($0.engineID?.raw ?? 0) < ($1.engineID?.raw ?? 0) }) {
            guard let id = b.engineID else { continue }
            engine?.removeBehavior(id)
            b.engineID = nil
            installed.removeAll { $0 === b }
            for item in held[ObjectIdentifier(b)] ?? [] { if let i = bodyIndex[item] { bodies[i].holders -= 1 } }
            held[ObjectIdentifier(b)] = nil
        }
        toUninstall = []

        // Items your code moved, by their places: before new behaviors, so a spring made in the
        // same step as a move measures its length from where the item now is (UIKit's order:
        // the item was moved when the behavior was made).
        let updates = canonical(toUpdate, key: key)
        toUpdate = []
        for item in updates {
            guard let engine, let i = bodyIndex[ObjectIdentifier(item)] else { continue }
            let t = item.transform
            guard item.center.x.isFinite, item.center.y.isFinite, t.a.isFinite, t.b.isFinite else {
                throw SpringyError(
                    file: "UIDynamicAnimator", line: 0, keyPath: "updateItem(usingCurrentState:)",
                    message: "the item's centre or transform is not a finite number")
            }
            engine.updateItem(bodies[i].name, center: vec(item.center), angle: atan2(Double(t.b), Double(t.a)))
        }

        // New behaviors: their new items first, by their place in the view tree; then the behaviors.
        let adding = toInstall
        toInstall = []
        if !adding.isEmpty {
            let engine = try makeEngine()
            var newItems: [(item: any UIDynamicItem, site: CallSite, label: String)] = []
            for (b, site) in adding {
                for item in b.dynamicItems where bodyIndex[ObjectIdentifier(item)] == nil {
                    if !newItems.contains(where: { $0.item === item }) { newItems.append((item, site, Self.name(of: b))) }
                }
            }
            newItems = newItems.map { (key($0.item), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
            for (item, site, label) in newItems { try addBody(item, to: engine, site: site, behavior: label) }
            let names = ItemNames(name: { self.bodyIndex[ObjectIdentifier($0)].map { self.bodies[$0].name } ?? "?" }, key: key)
            var specs: [(b: UIDynamicBehavior, site: CallSite, spec: BehaviorSpec, order: String)] = []
            for (b, site) in adding {
                guard let spec = b.spec(names) else { continue }
                // The canonical order: by kind and items (their names in the canonical order),
                // then, for two of one kind on the same items, by every value (written out only then).
                specs.append(
                    (
                        b, site, spec,
                        adding.count > 1 ? spec.kindName + "|" + names.list(b.dynamicItems).joined(separator: ",") : ""
                    ))
            }
            specs.sort { x, y in x.order != y.order ? x.order < y.order : "\(x.spec)" < "\(y.spec)" }
            for (b, site, spec, _) in specs {
                if let push = b as? UIPushBehavior, let why = push.offsetProblem {
                    throw SpringyError(file: site.file, line: site.line, keyPath: "UIPushBehavior", message: why)
                }
                if let why = Self.problem(spec) {
                    throw SpringyError(file: site.file, line: site.line, keyPath: Self.name(of: b), message: why)
                }
                let label = site.file.isEmpty ? Self.name(of: b) : "\(Self.name(of: b)) added at \(site.text)"
                do {
                    let id = try engine.addBehavior(spec, label: label)
                    b.engineID = id
                    b.wasInstalled = true
                    if let push = b as? UIPushBehavior, !push.isActive {
                        try engine.set(id, [BehaviorParameter("active", .flag(false))])
                    }
                } catch let e as DynamicsError { throw located(e, site) }
                installed.append(b)
                let items = b.dynamicItems.map(ObjectIdentifier.init)
                held[ObjectIdentifier(b)] = items
                for item in items { if let i = bodyIndex[item] { bodies[i].holders += 1 } }
            }
        }

        // Parameter changes, behavior by behavior in the order they were installed.
        let changes = Array(toChange.enumerated()).sorted { (x, y) -> Bool in
            let a = x.element.behavior.engineID?.raw ?? 0, b = y.element.behavior.engineID?.raw ?? 0
            return a != b ? a < b : x.offset < y.offset
        }
        toChange = []
        for change in changes.map(\.element) {
            guard let id = change.behavior.engineID, let engine else { continue }
            do { try engine.set(id, change.parameters) } catch let e as DynamicsError {
                throw located(e, CallSite(file: "", line: 0))
            }
        }

        // Velocities added, by the items' places.
        let adds = velocityAdds.enumerated().map { (key($0.element.item), $0) }.sorted { x, y in
            x.0 != y.0 ? x.0.lexicographicallyPrecedes(y.0) : x.1.offset < y.1.offset
        }.map(\.1)
        velocityAdds = []
        for add in adds.map(\.element) {
            guard let engine, let i = bodyIndex[ObjectIdentifier(add.item)], let s = engine.state(of: bodies[i].name) else {
                continue
            }
            let v = s.velocity + vec(add.linear), w = s.angularVelocity + Double(add.angular)
            guard v.isFinite, w.isFinite else {
                throw SpringyError(
                    file: "UIDynamicItemBehavior", line: 0, keyPath: "addLinearVelocity(_:for:) or addAngularVelocity(_:for:)",
                    message: "the item's velocity with the one added is not a finite number")
            }
            engine.setVelocity(bodies[i].name, v, angular: w)
        }

        // Items no behavior holds any more leave the world (as UIKit's do).
        if bodies.contains(where: { $0.holders <= 0 }) {
            for body in bodies where body.holders <= 0 {
                engine?.removeItem(body.name)
                itemByName[body.name] = nil
                if let group = body.item as? UIDynamicItemGroup {
                    for member in group.items { memberNames[ObjectIdentifier(member)] = nil }
                }
            }
            bodies.removeAll { $0.holders <= 0 }
            bodyIndex = [:]
            for (k, body) in bodies.enumerated() { bodyIndex[ObjectIdentifier(body.item)] = k }
        }
    }

    func makeEngine() throws -> Animator {
        if let engine { return engine }
        let size = layout?.collectionViewContentSize ?? referenceView?.bounds.size ?? .zero
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw SpringyError(
                file: "UIDynamicAnimator", line: 0, keyPath: "init(referenceView:)",
                message: "the reference view's size is not a finite, non-negative number")
        }
        let made = Animator(bounds: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)), settings: world)
        engine = made
        return made
    }

    /// Puts an item in the world, named as frames name it (its accessibility identifier, else its
    /// place in the view tree), checked first: Box2D is never handed what it would assert on.
    func addBody(_ item: any UIDynamicItem, to engine: Animator, site: CallSite, behavior: String) throws {
        func refuse(_ why: String) -> SpringyError {
            SpringyError(
                file: site.file.isEmpty ? "UIDynamicAnimator" : site.file, line: site.line, keyPath: behavior, message: why)
        }
        if let view = item as? UIView, let ref = referenceView, !view.isDescendant(of: ref) {
            throw refuse(
                "an item of the behavior is a view that is not in the animator's reference view (UIKit requires its items to be)")
        }
        func unique(_ base: String) -> String {
            var name = base
            var n = 2
            while itemByName[name] != nil || engine.hasItem(name) {
                name = "\(base)#\(n)"
                n += 1
            }
            return name
        }
        if let group = item as? UIDynamicItemGroup { return try addGroup(group, to: engine, refuse: refuse, unique: unique) }
        if memberNames[ObjectIdentifier(item)] != nil {
            throw refuse("an item of the behavior is in a UIDynamicItemGroup in this animator: add the group, not its items")
        }
        let name = unique(runtime?.name(of: item) ?? "item")
        let (c, size, angle) = try geometry(of: item, named: name, refuse: refuse)
        let (shape, outline) = try bounds(of: item, named: name, refuse: refuse)
        do {
            try engine.addItem(id: name, center: c, size: size, angle: angle, shape: shape, outline: outline)
        } catch let e as DynamicsError { throw located(e, site) }
        bodyIndex[ObjectIdentifier(item)] = bodies.count
        bodies.append(Body(name: name, item: item, holders: 0))
        itemByName[name] = item
    }

    /// An item's centre, size and turn, refused unless finite (and the size not negative).
    func geometry(of item: any UIDynamicItem, named name: String, refuse: (String) -> SpringyError) throws -> (
        Vec2, Size2, Double
    ) {
        let c = item.center, size = item.bounds.size, t = item.transform
        guard c.x.isFinite, c.y.isFinite, size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0,
            t.a.isFinite, t.b.isFinite
        else { throw refuse("item \(name): its centre, size or transform is not a finite number (or the size is negative)") }
        return (vec(c), Size2(Double(size.width), Double(size.height)), atan2(Double(t.b), Double(t.a)))
    }

    /// An item's collision bounds: its type, and a path's outline (checked as a scene file's is).
    func bounds(of item: any UIDynamicItem, named name: String, refuse: (String) -> SpringyError) throws -> (ItemShape, [Vec2]) {
        switch item.collisionBoundsType {
        case .rectangle: return (.rectangle, [])
        case .ellipse: return (.ellipse, [])
        case .path:
            var outline = (item.collisionBoundingPath.subpaths.first?.points ?? []).map(vec)
            if outline.count > 1 && outline.first == outline.last { outline.removeLast() }
            if let why = Polygon.problem(outline) { throw refuse("item \(name): collisionBoundingPath: \(why)") }
            return (.path, outline)
        }
    }

    /// A UIDynamicItemGroup: one body holding its items' shapes where they are.
    func addGroup(
        _ group: UIDynamicItemGroup, to engine: Animator, refuse: (String) -> SpringyError, unique: (String) -> String
    ) throws {
        guard !group.items.isEmpty else { throw refuse("a UIDynamicItemGroup needs at least one item") }
        var members: [GroupMemberSpec] = []
        var names: [(ObjectIdentifier, String)] = []
        for member in group.items {
            if let view = member as? UIView, let ref = referenceView, !view.isDescendant(of: ref) {
                throw refuse("an item of a UIDynamicItemGroup is a view that is not in the animator's reference view")
            }
            let id = ObjectIdentifier(member)
            if bodyIndex[id] != nil || memberNames[id] != nil || names.contains(where: { $0.0 == id }) {
                throw refuse("an item of a UIDynamicItemGroup is already in the animator on its own or in another group")
            }
            let name = unique(runtime?.name(of: member) ?? "item")
            let (c, size, angle) = try geometry(of: member, named: name, refuse: refuse)
            let (shape, outline) = try bounds(of: member, named: name, refuse: refuse)
            members.append(GroupMemberSpec(id: name, center: c, size: size, angle: angle, shape: shape, outline: outline))
            names.append((id, name))
        }
        let name = unique("group." + members[0].id)
        do { try engine.addGroup(id: name, members: members) } catch let e as DynamicsError {
            throw refuse(e.description)
        }
        for (id, member) in names { memberNames[id] = member }
        bodyIndex[ObjectIdentifier(group)] = bodies.count
        bodies.append(Body(name: name, item: group, holders: 0))
        itemByName[name] = group
    }

    static func name(of b: UIDynamicBehavior) -> String { String(describing: type(of: b)) }

    /// Why a behavior's numbers cannot go to Box2D: anything not finite, or out of the ranges the
    /// scene format holds the same behavior to.
    static func problem(_ spec: BehaviorSpec) -> String? {
        func numbers(_ x: Any) -> [Double] {
            if let d = x as? Double { return [d] }
            return Mirror(reflecting: x).children.flatMap { numbers($0.value) }
        }
        if numbers(spec).contains(where: { !$0.isFinite }) {
            return "a value of the behavior is not a finite number"
        }
        return spec.payload.problem
    }

    // MARK: - Delegates

    func deliver(_ events: [ContactEvent]) {
        for e in events {
            switch e.kind {
            case .paused: delegate?.dynamicAnimatorDidPause(self)
            case .resumed: delegate?.dynamicAnimatorWillResume(self)
            case .began, .ended:
                guard let item = itemByName[e.item] else { continue }
                let other = itemByName[e.with]
                for b in installed {
                    guard let c = b as? UICollisionBehavior, let d = c.collisionDelegate,
                        c.itemList.contains(where: { $0 === item })
                    else { continue }
                    if let other {
                        guard c.collisionMode.contains(.items), c.itemList.contains(where: { $0 === other }) else { continue }
                        if e.kind == .began {
                            d.collisionBehavior(c, beganContactFor: item, with: other, at: point(e.point ?? .zero))
                        } else {
                            d.collisionBehavior(c, endedContactFor: item, with: other)
                        }
                    } else if c.collisionMode.contains(.boundaries), let identifier = c.identifier(named: e.with) {
                        if e.kind == .began {
                            d.collisionBehavior(
                                c, beganContactFor: item, withBoundaryIdentifier: identifier, at: point(e.point ?? .zero))
                        } else {
                            d.collisionBehavior(c, endedContactFor: item, withBoundaryIdentifier: identifier)
                        }
                    }
                }
            }
        }
    }
}
