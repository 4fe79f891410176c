import SpringyCore
import SpringyDynamics
import SpringyYAML

extension CollectionDecoder {
    /// The collection, each of its parts' problems noted in `problems` (a file's errors come in
    /// one pass): the layout, every section, the selection, dynamics, transitions, scroll,
    /// updates and reorder are read on their own. Sections are read only when the layout was
    /// (what a section may say depends on its layout). `clean` is false when any problem was
    /// noted: the script, which names cells, is then not checked against a partial collection.
    func decodeCollection(_ v: YAMLValue, problems: Problems, clean: inout Bool) throws -> CollectionSpec {
        let before = problems.list.count
        defer { clean = problems.list.count == before }
        let m = try v.mapping(allowed: CollectionKeys.collection.names, problems: problems)
        let layout = try problems.attempt { try m["layout"].map(decodeLayout) ?? LayoutSpec() }
        var sections: [SectionSpec] = []
        if let layout {
            let sectionsValue = try m.require("sections")
            var total = 0
            for s in try sectionsValue.list() {
                if let section = try problems.attempt({ try decodeSection(s, layout: layout, total: &total) }) {
                    sections.append(section)
                }
            }
            if sections.isEmpty && problems.list.count == before {
                throw sectionsValue.error("a collection needs at least one section")
            }
        }
        var selection: [ItemPath] = []
        if let sel = m["selection"], layout != nil, problems.list.count == before {
            for e in try sel.list() {
                _ = try problems.attempt {
                    let s = try e.string()
                    guard let ip = ItemPath(string: s), ip.section < sections.count, ip.item < sections[ip.section].count else {
                        throw e.error("\"\(s)\" is not an item of the collection (write \"section.item\", e.g. \"0.3\")")
                    }
                    if !selection.contains(ip) { selection.append(ip) }
                }
            }
        }
        let dynamics = try problems.attempt { try m["dynamics"].map(decodeDynamics) ?? CollectionDynamicsSpec() }
        let transitions = try problems.attempt { try m["transitions"].map(decodeTransitions) ?? TransitionSpec() }
        if let dynamics, let layout, dynamics.kind == .springy, layout.kind != .flow {
            _ = try problems.attempt { throw (m["dynamics"] ?? v).error("springy dynamics needs a flow layout") }
        }
        var spec = CollectionSpec(
            layout: layout ?? LayoutSpec(), sections: sections, selection: selection,
            dynamics: dynamics ?? CollectionDynamicsSpec(), transitions: transitions ?? TransitionSpec())
        _ = try problems.attempt { try decodeCollectionRest(m, into: &spec) }
        return spec
    }

    /// scroll, updates, reorder.
    func decodeCollectionRest(_ m: YAMLMapping, into spec: inout CollectionSpec) throws {
        if let x = m["scroll"] { spec.scroll = try decodeScroll(x) }
        if let x = m["updates"] {
            let um = try x.mapping(CollectionKeys.updates)
            if let d = um["duration"] { spec.updates.duration = try d.double(CollectionKeys.updates["duration"]) }
            if let a = um["appearance"] {
                spec.updates.appearance = try a.oneOf(UpdateAppearance.self, UpdateAppearance.allCases)
            }
        }
        if let x = m["reorder"] {
            let t = CollectionKeys.reorder
            let rm = try x.mapping(t)
            if let d = rm["lift_scale"] { spec.reorder.liftScale = try d.double(t["lift_scale"]) }
            if let d = rm["elevation"] { spec.reorder.elevation = try d.double(t["elevation"]) }
        }
    }

    /// One section: its items (a count or labels), header, and its own flow values.
    /// `total` counts the collection's items against the limit.
    /// The keys of a section, wherever one is written (`sections`, an update's `insert_sections`).
    static var sectionKeys: [String] { CollectionKeys.section.names }

    func decodeSection(_ s: YAMLValue, layout: LayoutSpec, total: inout Int, extraKeys: [String] = []) throws -> SectionSpec {
        let sm = try s.mapping(allowed: Self.sectionKeys + extraKeys)
        let itemsValue = try sm.require("items")
        let labels: [String]
        if case .sequence = itemsValue.node {
            labels = try itemsValue.list().map { try $0.string() }
        } else {
            let count = try itemsValue.int(min: 0, max: limits.maxItems)
            labels = (0..<count).map { String($0) }
        }
        total += labels.count
        if total > limits.maxItems { throw itemsValue.error("more than \(limits.maxItems) items in the collection") }
        var section = SectionSpec(labels: labels, header: try sm["header"]?.string())
        try decodeSectionLayout(sm, into: &section, layout: layout)
        if case .sequence = itemsValue.node {} else { section.generated = true }
        return section
    }

    /// A section's own flow values: footer, item size or per-item sizes, insets, spacing, background.
    func decodeSectionLayout(_ sm: YAMLMapping, into section: inout SectionSpec, layout: LayoutSpec) throws {
        section.footer = try sm["footer"]?.string()
        if layout.kind == .compositional { return try decodeCompositionalSection(sm, into: &section) }
        for key in ["columns", "orthogonal"] {
            if let x = sm[key] { throw x.error("\(key) is a compositional layout's section value (kind: compositional)") }
        }
        let flowOnly = ["item_size", "sizes", "section_inset", "line_spacing", "interitem_spacing", "background", "footer"]
        if layout.kind != .flow, let key = flowOnly.first(where: { sm[$0] != nil }), let value = sm[key] {
            throw value.error(
                "\(key) is a flow layout's per-section value; a \(layout.kind.rawValue) layout lays out \(layout.kind == .list ? "rows of row_height" : "items of item_size")"
            )
        }
        if let x = sm["item_size"] { section.itemSize = try x.size() }
        if let x = sm["sizes"] {
            let list = try x.list()
            if list.isEmpty { throw x.error("sizes lists at least one [width, height]") }
            if sm["item_size"] != nil { throw x.error("give item_size or sizes, not both") }
            section.sizes = try list.map { try $0.size() }
        }
        try decodeSectionSpacing(sm, into: &section)
        if let x = sm["background"] { section.background = try x.color() }
    }

    /// A section's own `section_inset`, `line_spacing` and `interitem_spacing`.
    func decodeSectionSpacing(_ sm: YAMLMapping, into section: inout SectionSpec) throws {
        if let x = sm["section_inset"] {
            let values = try x.list()
            guard values.count == 4 else { throw x.error("expected [top, left, bottom, right]") }
            section.sectionInset = EdgeInsets(try values.map { try $0.double(CollectionKeys.section["section_inset"]) })
        }
        if let x = sm["line_spacing"] { section.lineSpacing = try x.double(CollectionKeys.section["line_spacing"]) }
        if let x = sm["interitem_spacing"] {
            section.interitemSpacing = try x.double(CollectionKeys.section["interitem_spacing"])
        }
    }

    /// A compositional section: `item_size: [w, h]` (w in points or "N%" of the section's
    /// width), `columns`, `orthogonal`, insets and spacing.
    func decodeCompositionalSection(_ sm: YAMLMapping, into section: inout SectionSpec) throws {
        for key in ["sizes", "footer", "background"] {
            if let x = sm[key] {
                throw x.error(
                    "\(key) is a flow layout's; a compositional section takes item_size, columns, orthogonal, section_inset and spacing"
                )
            }
        }
        if let x = sm["item_size"] {
            let values = try x.list()
            guard values.count == 2 else {
                throw x.error("expected [width, height]: width in points or \"N%\" of the section's width")
            }
            let height = try values[1].double(min: YAMLValue.smallestLength, max: 100_000)
            if case .scalar(let sc) = values[0].node, sc.string.hasSuffix("%"), let pct = Double(sc.string.dropLast()) {
                guard pct > 0, pct <= 100 else {
                    throw values[0].error("a fractional width is over 0% and at most 100%, found \(sc.string)")
                }
                section.widthFraction = pct / 100
                section.itemSize = Size2(0, height)
            } else {
                section.itemSize = Size2(try values[0].double(min: YAMLValue.smallestLength, max: 100_000), height)
            }
        }
        if let x = sm["columns"] {
            let r = CollectionKeys.section.range("columns")
            section.columns = try x.int(min: Int(r.lowerBound), max: Int(r.upperBound))
        }
        if let x = sm["orthogonal"] { section.orthogonal = try x.oneOf(OrthogonalScrolling.self, OrthogonalScrolling.allCases) }
        if section.columns != nil, section.orthogonal != .none, let x = sm["columns"] {
            throw x.error("columns wraps a section's items into rows; an orthogonal section lays them out in one row")
        }
        if section.columns != nil, (section.itemSize?.width ?? 0) > 0 || (section.widthFraction ?? 1) < 1, let x = sm["item_size"]
        {
            throw x.error(
                "with columns the width is the section's shared between them: give item_size as [\"100%\", height] or leave out its width"
            )
        }
        try decodeSectionSpacing(sm, into: &section)
    }

    func decodeScroll(_ v: YAMLValue) throws -> ScrollSpec {
        let m = try v.mapping(CollectionKeys.scroll)
        var s = ScrollSpec()
        if let x = m["paging"] { s.paging = try x.bool() }
        if let x = m["deceleration_rate"] {
            if case .scalar(let sc) = x.node, sc.string == "normal" || sc.string == "fast" {
                s.decelerationRate = sc.string == "fast" ? 0.99 : 0.998
            } else {
                do { s.decelerationRate = try x.double(above: 0) } catch {
                    throw x.error("expected normal, fast or a factor per millisecond between 0 and 1 (UIKit: 0.998 and 0.99)")
                }
                guard s.decelerationRate < 1 else {
                    throw x.error("a deceleration rate is a factor per millisecond below 1 (UIKit: 0.998 normal, 0.99 fast)")
                }
            }
        }
        if let x = m["content_inset"] {
            let values = try x.list()
            guard values.count == 4 else { throw x.error("expected [top, left, bottom, right]") }
            s.contentInset = EdgeInsets(try values.map { try $0.double(CollectionKeys.scroll["content_inset"]) })
        }
        if let x = m["content_offset"] { s.contentOffset = try x.point() }
        if let x = m["bounces"] { s.bounces = try x.bool() }
        if let x = m["directional_lock"] { s.directionalLock = try x.bool() }
        if let x = m["always_bounce_vertical"] { s.alwaysBounceVertical = try x.bool() }
        if let x = m["always_bounce_horizontal"] { s.alwaysBounceHorizontal = try x.bool() }
        return s
    }

    func decodeLayout(_ v: YAMLValue) throws -> LayoutSpec {
        let t = CollectionKeys.layout
        let m = try v.mapping(t)
        var l = LayoutSpec()
        if let x = m["kind"] { l.kind = try x.oneOf(LayoutKind.self, LayoutKind.allCases) }
        if l.kind == .compositional {
            for key in ["direction", "align", "row_height", "expanded_height", "snap", "right_to_left", "columns"] {
                if let x = m[key] {
                    throw x.error(
                        "\(key) is not a compositional layout's: its sections scroll vertically, each with its own columns or orthogonal scrolling"
                    )
                }
            }
        }
        if l.kind == .grid {
            guard let c = m["columns"] else { throw v.error("a grid layout needs `columns` (how many items a row holds)") }
            l.columns = try c.int(min: Int(t.range("columns").lowerBound), max: Int(t.range("columns").upperBound))
            for key in ["direction", "align", "row_height", "expanded_height"] {
                if let x = m[key] {
                    throw x.error("\(key) is not a grid layout's: a grid has `columns` rows of item_size, sections top to bottom")
                }
            }
        } else if let x = m["columns"] {
            throw x.error(
                "columns is a grid layout's (kind: grid); a \(l.kind.rawValue) layout fits as many items on a line as the view holds"
            )
        }
        if let x = m["direction"] { l.direction = try x.oneOf(ScrollDirection.self, [.vertical, .horizontal]) }
        if let x = m["item_size"] { l.itemSize = try x.size() }
        if let x = m["line_spacing"] { l.lineSpacing = try x.double(t["line_spacing"]) }
        if let x = m["interitem_spacing"] { l.interitemSpacing = try x.double(t["interitem_spacing"]) }
        if let x = m["section_inset"] {
            let values = try x.list()
            guard values.count == 4 else { throw x.error("expected [top, left, bottom, right]") }
            l.sectionInset = EdgeInsets(try values.map { try $0.double(t["section_inset"]) })
        }
        if let x = m["align"] {
            let s = try x.string()
            guard s == "bottom" || s == "top" else { throw x.error("expected \"top\" or \"bottom\", found \"\(s)\"") }
            l.alignBottom = s == "bottom"
        }
        if let x = m["last_line"] {
            let s = try x.string()
            guard s == "leading" || s == "columns" else {
                throw x.error("expected \"leading\" (UIKit's) or \"columns\", found \"\(s)\"")
            }
            guard l.kind == .flow else { throw x.error("last_line is a flow layout's") }
            l.lastLineColumns = s == "columns"
        }
        if let x = m["header_height"] { l.headerHeight = try x.double(t["header_height"]) }
        if let x = m["sticky_headers"] { l.stickyHeaders = try x.bool() }
        if let x = m["row_height"] { l.rowHeight = try x.double(t["row_height"]) }
        if let x = m["expanded_height"] { l.expandedHeight = try x.double(t["expanded_height"]) }
        if let x = m["footer_height"] { l.footerHeight = try x.double(t["footer_height"]) }
        if let x = m["sticky_footers"] { l.stickyFooters = try x.bool() }
        if let x = m["section_backgrounds"] { l.sectionBackgrounds = try x.bool() }
        if let x = m["style"] {
            let style = try x.string()
            guard style == "plain" || style == "inset_grouped" else {
                throw x.error("a list's style is plain or inset_grouped, found \"\(style)\"")
            }
            guard l.kind == .list else { throw x.error("style (plain, inset_grouped) is a list layout's: a table's") }
            l.insetGrouped = style == "inset_grouped"
        }
        for key in ["footer_height", "sticky_footers", "section_backgrounds"] where l.kind != .flow {
            if let x = m[key] { throw x.error("\(key) is for flow layouts; a \(l.kind.rawValue) layout has headers only") }
        }
        if let x = m["right_to_left"] {
            l.rightToLeft = try x.bool()
            if l.rightToLeft && !((l.kind == .flow && l.direction == .vertical) || l.kind == .list) {
                throw x.error(
                    "right_to_left mirrors vertical flow and list layouts; horizontal flow, grid and compositional layouts are not mirrored yet"
                )
            }
        }
        if let x = m["snap"] {
            l.snap = try x.oneOf(SnapMode.self, SnapMode.allCases)
            if l.kind != .flow {
                throw x.error("snap is a flow layout's targetContentOffset; a \(l.kind.rawValue) layout does not snap")
            }
        }
        return l
    }

    func decodeDynamics(_ v: YAMLValue) throws -> CollectionDynamicsSpec {
        let t = CollectionKeys.dynamics
        let m = try v.mapping(t)
        var d = CollectionDynamicsSpec()
        if let x = m["kind"] { d.kind = try x.oneOf(CollectionDynamicsKind.self, CollectionDynamicsKind.allCases) }
        if let x = m["spring"] {
            let st = CollectionKeys.dynamicsSpring
            let sm = try x.mapping(st)
            if let l = sm["length"] { d.spring.length = try l.double(st["length"]) }
            if let l = sm["damping"] { d.spring.damping = try l.double(st["damping"]) }
            if let l = sm["frequency"] { d.spring.frequency = try l.double(st["frequency"]) }
        }
        if let x = m["gravity"] {
            let gm = try x.mapping(CollectionKeys.dynamicsGravity)
            d.gravity = try gm["magnitude"]?.double(CollectionKeys.dynamicsGravity["magnitude"]) ?? d.gravity
        }
        if let x = m["collision"], case .scalar(let sc) = x.node {
            guard sc.string == "none" || sc.string == "false" else {
                throw x.error("expected a mapping { mode, elasticity } or none")
            }
            d.collisionEnabled = false
        } else if let x = m["collision"] {
            let cm = try x.mapping(CollectionKeys.dynamicsCollision)
            if let mode = cm["mode"] { d.collisionMode = try mode.oneOf(CollisionMode.self, [.items, .boundaries, .everything]) }
            if let e = cm["elasticity"] { d.elasticity = try e.double(CollectionKeys.dynamicsCollision["elasticity"]) }
            if let a = cm["apply_elasticity"] { d.applyElasticity = try a.bool() }
        }
        if let x = m["scroll_resistance"] { d.scrollResistance = try x.double(t["scroll_resistance"]) }
        if let x = m["margin"] { d.margin = try x.double(t["margin"]) }
        if let x = m["lift_elevation"] { d.liftElevation = try x.double(t["lift_elevation"]) }
        if let x = m["corner_springs"] {
            let ct = CollectionKeys.cornerSprings
            let cm = try x.mapping(ct)
            if let f = cm["frequency"] { d.cornerFrequency = try f.double(ct["frequency"]) }
            if let f = cm["damping"] { d.cornerDamping = try f.double(ct["damping"]) }
            if let f = cm["square"] { d.cornerSquare = try f.size() }
        }
        return d
    }

    func decodeTransitions(_ v: YAMLValue) throws -> TransitionSpec {
        let m = try v.mapping(CollectionKeys.transitions)
        var t = TransitionSpec()
        if let a = m["animation"] {
            let at = CollectionKeys.transitionAnimation
            let am = try a.mapping(at)
            if let x = am["duration"] { t.duration = try x.double(at["duration"]) }
            if let x = am["damping_ratio"] { t.dampingRatio = try x.double(at["damping_ratio"]) }
            if let x = am["initial_velocity"] { t.initialVelocity = try x.double(at["initial_velocity"]) }
        }
        if let x = m["keep_selected_visible"] { t.keepSelectedVisible = try x.bool() }
        if let x = m["fade"] { t.fade = try x.bool() }
        return t
    }
}
