import SpringyCore

/// One output frame's state: a plain value, everything downstream is a pure function of it.
/// Coordinates are the viewport's (content coordinates minus the content offset).
public struct FrameState: Equatable, Sendable {
    public var frame: Int
    public var time: Double
    public var contentOffset: Vec2
    public var atRest: Bool
    /// In drawing order (z, then layout order).
    public var items: [ItemState]
    public var headers: [HeaderState]
    public var springs: [SpringSnapshot]
    public var events: [ContactEvent]
    /// Every finger touching the screen, in the order their gestures began.
    public var fingers: [Vec2]
    /// Collision boundaries (for the overlay), viewport coordinates.
    public var boundaries: [Segment] = []
    /// Contacts that began recently: where, and how long ago (s), for the flashing overlay.
    public var flashes: [Flash] = []

    public init(
        frame: Int, time: Double, contentOffset: Vec2, atRest: Bool, items: [ItemState],
        headers: [HeaderState], springs: [SpringSnapshot], events: [ContactEvent], fingers: [Vec2],
        boundaries: [Segment] = [], flashes: [Flash] = []
    ) {
        self.frame = frame; self.time = time; self.contentOffset = contentOffset; self.atRest = atRest
        self.items = items; self.headers = headers; self.springs = springs; self.events = events; self.fingers = fingers
        self.boundaries = boundaries; self.flashes = flashes
    }

    /// Whether two frames draw the same picture (frame number, time and events aside).
    public func drawsSame(as other: FrameState) -> Bool {
        items == other.items && headers == other.headers && springs == other.springs && fingers == other.fingers
            && contentOffset == other.contentOffset && boundaries == other.boundaries && flashes == other.flashes
    }
}

/// What an item is: a collection cell (in the collection view's layer), a list row (a cell
/// whose selection is shown as an outline) or a free view (drawn above the collection).
public enum ItemKind: String, Equatable, Sendable { case cell, row, view }

public struct ItemState: Equatable, Sendable {
    public var id: String
    public var center: Vec2
    public var size: Size2
    /// Radians (the trace writes degrees).
    public var angle: Double
    public var alpha: Double
    public var z: Int
    public var velocity: Vec2
    public var selected: Bool
    // Facts for drawing (not in the trace); the renderer applies the style.
    public var kind: ItemKind
    /// A cell's stable identity, which picks its colour from the style's palette.
    public var paletteKey: Int?
    /// A free view's own colour, as its scene declares it.
    public var color: Color?
    public var label: String?
    public var shape: ItemShape
    /// How high the item is lifted (pt): it casts a soft shadow that far below it; 0 for none.
    public var elevation: Double
    /// A path item's outline, points relative to its centre (unrotated).
    public var outline: [Vec2] = []
    /// Corners rounded by the item's group (an inset-grouped section's first and last rows),
    /// and that radius; the rest are square.
    public var groupCorners: GroupCorners = []
    public var groupRadius: Double = 0
    /// A list row's label sits at the trailing edge (a right-to-left layout); rows' labels are
    /// otherwise at the leading edge, other cells' centred.
    public var trailingLabel = false

    public init(
        id: String, center: Vec2, size: Size2, angle: Double, alpha: Double, z: Int, velocity: Vec2,
        selected: Bool, kind: ItemKind, paletteKey: Int? = nil, color: Color? = nil, label: String?,
        shape: ItemShape, elevation: Double = 0
    ) {
        self.id = id; self.center = center; self.size = size; self.angle = angle; self.alpha = alpha; self.z = z
        self.velocity = velocity; self.selected = selected; self.kind = kind; self.paletteKey = paletteKey
        self.color = color; self.label = label; self.shape = shape; self.elevation = elevation
    }

    /// Cells and rows live in the collection view's layer; views above it.
    public var inCollection: Bool { kind != .view }
}

/// Which corners of a row its group rounds.
public struct GroupCorners: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = GroupCorners(rawValue: 1)
    public static let bottom = GroupCorners(rawValue: 2)
}

/// What a supplementary view is: a section header, a footer, or a decoration view behind a
/// section's items (its background).
public enum SupplementaryKind: String, Sendable { case header, footer, background }

public struct HeaderState: Equatable, Sendable {
    public var id: String
    public var frame: Rect
    public var pinned: Bool
    public var title: String?
    public var z: Int
    public var kind: SupplementaryKind
    /// A background's own colour (the style's when nil).
    public var color: Color?
    /// The title sits at the trailing (right) edge: a right-to-left layout's.
    public var trailingTitle: Bool

    public init(
        id: String, frame: Rect, pinned: Bool, title: String?, z: Int, kind: SupplementaryKind = .header, color: Color? = nil,
        trailingTitle: Bool = false
    ) {
        self.id = id; self.frame = frame; self.pinned = pinned; self.title = title; self.z = z; self.kind = kind;
        self.color = color
        self.trailingTitle = trailingTitle
    }
}

public struct Segment: Equatable, Sendable {
    public var from: Vec2
    public var to: Vec2
    public init(from: Vec2, to: Vec2) { self.from = from; self.to = to }
}

public struct Flash: Equatable, Sendable {
    public var point: Vec2
    public var age: Double
    public init(point: Vec2, age: Double) { self.point = point; self.age = age }
}
