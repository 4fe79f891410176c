import SpringyCore

/// One output frame's state: a plain value, everything downstream is a pure function of it.
/// Coordinates are the viewport's (content coordinates minus the content offset).
package struct FrameState: Equatable, Sendable {
    package var frame: Int
    package var time: Double
    package var contentOffset: Vec2
    package var atRest: Bool
    /// In drawing order (z, then layout order).
    package var items: [ItemState]
    package var headers: [HeaderState]
    package var springs: [SpringSnapshot]
    package var events: [ContactEvent]
    /// Every finger touching the screen, in the order their gestures began.
    package var fingers: [Vec2]
    /// Collision boundaries (for the overlay), viewport coordinates.
    package var boundaries: [Segment] = []
    /// Contacts that began recently: where, and how long ago (s), for the flashing overlay.
    package var flashes: [Flash] = []

    package init(
        frame: Int, time: Double, contentOffset: Vec2, atRest: Bool, items: [ItemState],
        headers: [HeaderState], springs: [SpringSnapshot], events: [ContactEvent], fingers: [Vec2],
        boundaries: [Segment] = [], flashes: [Flash] = []
    ) {
        self.frame = frame; self.time = time; self.contentOffset = contentOffset; self.atRest = atRest
        self.items = items; self.headers = headers; self.springs = springs; self.events = events; self.fingers = fingers
        self.boundaries = boundaries; self.flashes = flashes
    }

    /// Whether two frames draw the same picture (frame number, time and events aside).
    package func drawsSame(as other: FrameState) -> Bool {
        items == other.items && headers == other.headers && springs == other.springs && fingers == other.fingers
            && contentOffset == other.contentOffset && boundaries == other.boundaries && flashes == other.flashes
    }
}

/// What an item is: a collection cell (in the collection view's layer), a list row (a cell
/// whose selection is shown as an outline) or a free view (drawn above the collection).
package enum ItemKind: String, Equatable, Sendable { case cell, row, view }

package struct ItemState: Equatable, Sendable {
    package var id: String
    package var center: Vec2
    package var size: Size2
    /// Radians (the trace writes degrees).
    package var angle: Double
    package var alpha: Double
    package var z: Int
    package var velocity: Vec2
    package var selected: Bool
    // Facts for drawing (not in the trace); the renderer applies the style.
    package var kind: ItemKind
    /// A cell's stable identity, which picks its colour from the style's palette.
    package var paletteKey: Int?
    /// A free view's own colour, as its scene declares it.
    package var color: Color?
    package var label: String?
    package var shape: ItemShape
    /// How high the item is lifted (pt): it casts a soft shadow that far below it; 0 for none.
    package var elevation: Double
    /// A path item's outline, points relative to its centre (unrotated).
    package var outline: [Vec2] = []
    /// Corners rounded by the item's group (an inset-grouped section's first and last rows),
    /// and that radius; the rest are square.
    package var groupCorners: GroupCorners = []
    package var groupRadius: Double = 0
    /// A list row's label sits at the trailing edge (a right-to-left layout); rows' labels are
    /// otherwise at the leading edge, other cells' centred.
    package var trailingLabel = false
    /// A view's own look: a scene file's free item's keys, a SpringyUIKit view's layer and label.
    package var look = ViewLook()

    package init(
        id: String, center: Vec2, size: Size2, angle: Double, alpha: Double, z: Int, velocity: Vec2,
        selected: Bool, kind: ItemKind, paletteKey: Int? = nil, color: Color? = nil, label: String?,
        shape: ItemShape, elevation: Double = 0
    ) {
        self.id = id; self.center = center; self.size = size; self.angle = angle; self.alpha = alpha; self.z = z
        self.velocity = velocity; self.selected = selected; self.kind = kind; self.paletteKey = paletteKey
        self.color = color; self.label = label; self.shape = shape; self.elevation = elevation
    }

    /// Cells and rows live in the collection view's layer; views above it.
    package var inCollection: Bool { kind != .view }
}

/// What a view sets of its own look, each nil for the style's: corners, border, shadow, text.
/// Scene files' free items and SpringyUIKit's views fill the same fields; the renderer draws them.
package struct ViewLook: Equatable, Sendable {
    package var cornerRadius: Double?
    /// Continuous (iOS's smoothed) corners, or circular arcs.
    package var continuousCorners: Bool?
    package var border: Border?
    package var shadow: Shadow?
    package var textColor: Color?
    package var fontSize: Double?
    /// A label's alignment in its box and its line limit (0: as many as fit).
    package var textAlignment: TextAlignment?
    package var textLines: Int?
    /// How a label's text that does not fit is broken and cut (nil: at spaces, the last line's
    /// end cut with an ellipsis).
    package var lineBreak: LineBreak?
    /// The rounded rectangles it is drawn inside (its superviews that clip to their bounds).
    package var clips: [Clip] = []
    /// The picture it shows over its fill (a UIImageView's image, a scene file's `image:`).
    package var image: ViewImage?
    package init() {}
}

/// A clipping superview's rounded rectangle, in viewport coordinates.
package struct Clip: Equatable, Sendable {
    package var center: Vec2
    package var size: Size2
    package var angle: Double
    package var cornerRadius: Double
    package var continuous: Bool
    package init(center: Vec2, size: Size2, angle: Double, cornerRadius: Double, continuous: Bool) {
        self.center = center; self.size = size; self.angle = angle; self.cornerRadius = cornerRadius
        self.continuous = continuous
    }
}

/// A border drawn inside an item's shape (CALayer.borderWidth and borderColor).
package struct Border: Equatable, Sendable {
    package var width: Double
    package var color: Color
    package init(width: Double, color: Color) { self.width = width; self.color = color }
}

/// A shadow under an item (CALayer.shadowColor, shadowOpacity, shadowRadius, shadowOffset).
package struct Shadow: Equatable, Sendable {
    package var color: Color
    package var opacity: Double
    package var radius: Double
    package var offset: Vec2
    package init(color: Color, opacity: Double, radius: Double, offset: Vec2) {
        self.color = color; self.opacity = opacity; self.radius = radius; self.offset = offset
    }
}

/// How a label breaks its lines and cuts what does not fit (UILabel's lineBreakMode).
package enum LineBreak: String, Equatable, Sendable, CaseIterable {
    case wordWrap = "word_wrap"
    case charWrap = "char_wrap"
    case clip
    case truncateHead = "truncate_head"
    case truncateTail = "truncate_tail"
    case truncateMiddle = "truncate_middle"
}

/// Where a label's lines sit in its box.
package enum TextAlignment: String, Equatable, Sendable, CaseIterable { case leading, center, trailing }

/// Which corners of a row its group rounds.
package struct GroupCorners: OptionSet, Equatable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let top = GroupCorners(rawValue: 1)
    package static let bottom = GroupCorners(rawValue: 2)
}

/// What a supplementary view is: a section header, a footer, or a decoration view behind a
/// section's items (its background).
package enum SupplementaryKind: String, Sendable { case header, footer, background }

package struct HeaderState: Equatable, Sendable {
    package var id: String
    package var frame: Rect
    package var pinned: Bool
    package var title: String?
    package var z: Int
    package var kind: SupplementaryKind
    /// A background's own colour (the style's when nil).
    package var color: Color?
    /// The title sits at the trailing (right) edge: a right-to-left layout's.
    package var trailingTitle: Bool

    package init(
        id: String, frame: Rect, pinned: Bool, title: String?, z: Int, kind: SupplementaryKind = .header, color: Color? = nil,
        trailingTitle: Bool = false
    ) {
        self.id = id; self.frame = frame; self.pinned = pinned; self.title = title; self.z = z; self.kind = kind;
        self.color = color
        self.trailingTitle = trailingTitle
    }
}

package struct Segment: Equatable, Sendable {
    package var from: Vec2
    package var to: Vec2
    package init(from: Vec2, to: Vec2) { self.from = from; self.to = to }
}

package struct Flash: Equatable, Sendable {
    package var point: Vec2
    package var age: Double
    package init(point: Vec2, age: Double) { self.point = point; self.age = age }
}
