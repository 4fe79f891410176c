import SpringyCore

/// UIKit's, Core Animation's and SwiftUI's API names, each with the one Springy key (and the
/// context it belongs to) that says the same thing. The format keeps one way to say each thing:
/// these are not aliases, but an unknown key that is one of them gets a hint naming the Springy
/// key ("`isPagingEnabled` is `paging: true` here, in `collection.scroll`"), and SCENE-FORMAT
/// lists them (generated from this table; UIKitNamesTests holds every entry to a key the
/// format's tables have).
package struct UIKitName: Sendable {
    /// The API's name as a UIKit or SwiftUI user types it.
    package let api: String
    /// Where it belongs in a scene: a key table's path.
    package let context: String
    /// The Springy key in that context.
    package let key: String
    /// How it is written there, e.g. `paging: true`.
    package let written: String

    init(_ api: String, _ context: String, _ key: String, _ written: String? = nil) {
        self.api = api; self.context = context; self.key = key; self.written = written ?? key
    }
}

package enum UIKitNames {
    package static let all: [UIKitName] = [
        // UIScrollView
        UIKitName("isPagingEnabled", "collection.scroll", "paging", "paging: true"),
        UIKitName("pagingEnabled", "collection.scroll", "paging", "paging: true"),
        UIKitName("isDirectionalLockEnabled", "collection.scroll", "directional_lock", "directional_lock: true"),
        UIKitName("alwaysBounceVertical", "collection.scroll", "always_bounce_vertical"),
        UIKitName("alwaysBounceHorizontal", "collection.scroll", "always_bounce_horizontal"),
        UIKitName("decelerationRate", "collection.scroll", "deceleration_rate"),
        UIKitName("contentInset", "collection.scroll", "content_inset"),
        UIKitName("contentOffset", "collection.scroll", "content_offset"),
        // UICollectionViewFlowLayout
        UIKitName("itemSize", "collection.layout", "item_size"),
        UIKitName("minimumLineSpacing", "collection.layout", "line_spacing"),
        UIKitName("minimumInteritemSpacing", "collection.layout", "interitem_spacing"),
        UIKitName("sectionInset", "collection.layout", "section_inset"),
        UIKitName("scrollDirection", "collection.layout", "direction"),
        UIKitName("headerReferenceSize", "collection.layout", "header_height"),
        UIKitName("footerReferenceSize", "collection.layout", "footer_height"),
        UIKitName("sectionHeadersPinToVisibleBounds", "collection.layout", "sticky_headers", "sticky_headers: true"),
        UIKitName("sectionFootersPinToVisibleBounds", "collection.layout", "sticky_footers", "sticky_footers: true"),
        UIKitName("orthogonalScrollingBehavior", "collection.sections[]", "orthogonal"),
        // performBatchUpdates
        UIKitName("performBatchUpdates", "script[]", "update", "update: { insert, delete, move, reload }"),
        UIKitName("insertItems", "script[].update", "insert", "insert: [...]"),
        UIKitName("deleteItems", "script[].update", "delete", "delete: [...]"),
        UIKitName("moveItem", "script[].update", "move", "move: [[from, to]]"),
        UIKitName("reloadItems", "script[].update", "reload", "reload: [...]"),
        UIKitName("insertSections", "script[].update", "insert_sections", "insert_sections: [...]"),
        UIKitName("deleteSections", "script[].update", "delete_sections", "delete_sections: [...]"),
        UIKitName("scrollToItem", "script[]", "scroll_to_item", "scroll_to_item: { item, position }"),
        UIKitName("setContentOffset", "script[]", "scroll_to", "scroll_to: { offset, animated }"),
        // UIKit Dynamics
        UIKitName("axisOfTranslation", "behaviors[].attachment", "axis"),
        UIKitName("attachmentRange", "behaviors[].attachment", "range"),
        UIKitName("frictionTorque", "behaviors[].attachment", "friction_torque"),
        UIKitName("anchorPoint", "behaviors[].attachment", "to", "to: [x, y]"),
        UIKitName("collisionBoundsType", "items.<name>", "shape"),
        UIKitName("collisionBoundingPath", "items.<name>", "path"),
        UIKitName("translatesReferenceBoundsIntoBoundary", "behaviors[].collision", "bounds", "bounds: true"),
        UIKitName("collisionMode", "behaviors[].collision", "mode"),
        UIKitName("snapPoint", "behaviors[].snap", "to", "to: [x, y]"),
        UIKitName("pushDirection", "behaviors[].push", "direction"),
        UIKitName("gravityDirection", "behaviors[].gravity", "direction"),
        UIKitName("allowsRotation", "behaviors[].item", "allows_rotation"),
        UIKitName("angularResistance", "behaviors[].item", "angular_resistance"),
        UIKitName("isAnchored", "behaviors[].item", "anchored", "anchored: true"),
        UIKitName("minimumPressDuration", "script[].long_press", "press"),
        UIKitName("allowableMovement", "script[].long_press", "drift"),
        // UIView animations
        UIKitName("usingSpringWithDamping", "script[].animate.spring", "damping"),
        UIKitName("initialSpringVelocity", "script[].animate.spring", "velocity"),
        UIKitName("dampingRatio", "collection.transitions.animation", "damping_ratio"),
        UIKitName("relativeStartTime", "script[].animate_keyframes.keyframes[]", "start"),
        UIKitName("relativeDuration", "script[].animate_keyframes.keyframes[]", "duration"),
        UIKitName("withRelativeStartTime", "script[].animate_keyframes.keyframes[]", "start"),
        UIKitName("fractionComplete", "script[].scrub_animator", "fraction"),
        UIKitName("transform", "script[].animate.to", "scale", "scale, rotation or translation"),
        UIKitName("backgroundColor", "script[].animate.to", "color"),
        UIKitName("backgroundColor", "items.<name>", "fill"),
        UIKitName("isHidden", "items.<name>", "hidden", "hidden: true"),
        UIKitName("isHidden", "script[].animate.to", "hidden", "hidden: false"),
        UIKitName("options", "script[].animate", "curve", "curve: ease_in_out | ease_in | ease_out | linear"),
        UIKitName("dampingRatio", "script[].animator", "damping_ratio"),
        UIKitName("dampingRatio", "script[].animate.spring", "damping"),
        UIKitName("dampingRatio", "behaviors[].attachment", "damping"),
        UIKitName("contentOffset", "script[].scroll_to", "offset", "offset: [x, y]"),
        UIKitName("cornerRadius", "style", "corner_radius"),
        UIKitName("estimatedItemSize", "collection.layout", "item_size", "item_size: [w, h] (cells are not self-sizing)"),
        // SwiftUI
        UIKitName("dampingFraction", "script[].swiftui.spring", "damping_fraction"),
        UIKitName("initialVelocity", "script[].animator.spring", "velocity"),
    ]

    /// API names Springy has no key for, anywhere, and what to do instead (said plainly, rather
    /// than pointing at an unrelated key).
    package static let absent: [(api: String, why: String)] = [
        ("cornerRadius", "Springy's views have no corner radius of their own; `style.corner_radius` rounds every cell"),
        ("scrollsToTop", "a scene has no status bar to tap; scroll with a `scroll_to: { offset: [0, 0] }` event"),
        (
            "contentInsetAdjustmentBehavior",
            "a scene has no safe area to adjust for: `collection.scroll.content_inset` is the inset as given"
        ),
        ("isReversed", "reverse a running animator with a `reverse_animator: { name }` script event"),
    ]

    /// The entry for an API name, preferring one whose context is `context` (a key path with its
    /// indexes dropped: `script[].update`).
    package static func entry(for name: String, context: String) -> UIKitName? {
        let hits = all.filter { $0.api == name || $0.api.lowercased() == name.lowercased() }
        return hits.first { $0.context == context } ?? hits.first
    }

    /// The hint for an unknown key that is an API name, found in the mapping at `path`: the key
    /// of this context when it has one; else what Springy does instead when it has no such
    /// property; else where the name belongs, when that is another context.
    package static func hint(for name: String, at path: String) -> String? {
        let context = contextPath(path)
        let e = entry(for: name, context: context)
        if let e, e.context == context { return "`\(e.api)` is `\(e.written)` here" }
        if let a = absent.first(where: { $0.api.lowercased() == name.lowercased() }) {
            return "Springy has no `\(a.api)`: \(a.why)"
        }
        guard let e else { return nil }
        return "`\(e.api)` is `\(e.written)` in `\(e.context)`"
    }

    /// A mapping's key path as the key tables name it: `script[2].update` → `script[].update`,
    /// `items.box` → `items.<name>`.
    static func contextPath(_ path: String) -> String {
        var out = "", skipping = false
        for c in path {
            if c == "[" { skipping = true; out.append("["); continue }
            if c == "]" { skipping = false; out.append("]"); continue }
            if !skipping { out.append(c) }
        }
        let parts = out.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count >= 2 && parts[0] == "items" { return (["items", "<name>"] + parts.dropFirst(2)).joined(separator: ".") }
        return out
    }

    /// The Markdown table SCENE-FORMAT shows.
    package static var markdown: String {
        var s = "| UIKit / SwiftUI | Springy | where |\n|---|---|---|\n"
        for e in all { s += "| `\(e.api)` | `\(e.written)` | `\(e.context)` |\n" }
        for a in absent { s += "| `\(a.api)` | none: \(a.why) | |\n" }
        return s
    }
}
