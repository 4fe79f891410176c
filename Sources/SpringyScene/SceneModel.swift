import Foundation
import SpringyCore

/// A decoded, validated scene file (see SCENE-FORMAT.md). Lengths in points,
/// times in seconds, angles in radians (files use degrees).
public struct Scene: Sendable {
    public static let supportedVersions = [1]

    public var file: String
    public var name: String
    /// The scene's short name, made from its file name (`Scene.slug(forFile:)`): its output
    /// folder and file names.
    public var slug: String
    public var viewport: Viewport
    public var time: TimeSpec
    public var defaults: ItemProperties
    public var style: Style
    public var golden: GoldenSpec
    public var collection: CollectionSpec?
    public var items: [FreeItemSpec]
    public var behaviors: [BehaviorDecl]
    public var script: [ScriptEvent]
    /// UIDynamicItemGroups: free items moved as one body, named like an item.
    public var groups: [ItemGroupSpec] = []
    /// The limits the scene was read with (the simulation checks bodies against them).
    public var limits: SceneLimits = .default
    /// `solver.springs`: how springs map onto Box2D's joints.
    public var springs: SpringModel = .poles

    /// What every animator of this scene shares: step rate, item defaults, body limit, spring model.
    public var world: WorldSettings {
        WorldSettings(
            stepRate: time.stepRate, defaults: defaults, maxBodies: limits.maxBodies, springs: springs,
            maxContacts: limits.maxContacts)
    }

    /// The safe area's insets of the screen the chrome draws (zero without chrome or with
    /// `style.safe_area: false`): the status bar on top (20 pt, or 47 pt on screens 812 pt tall or
    /// more) and the home indicator below (34 pt on those screens).
    public var safeAreaInsets: EdgeInsets {
        guard style.chrome != .none, style.safeArea else { return .zero }
        let tall = viewport.size.height >= 812
        return EdgeInsets(top: tall ? 47 : 20, bottom: tall ? 34 : 0)
    }
}

extension Scene {
    /// The longest slug, in characters.
    public static let maxSlugLength = 80

    /// A safe name for output folders and files from a scene's file name: the name without its
    /// extension, letters, digits, `-`, `_` and `.` kept, every other run of characters (spaces,
    /// slashes, controls) made one `-`, no leading `.` or `-` (never hidden, never `..`), at most
    /// 80 characters; `scene` when nothing is left.
    public static func slug(forFile file: String) -> String {
        let base = PathText.deletingExtension(PathText.lastComponent(file))
        var out = ""
        for ch in base {
            let safe = ch.isLetter || ch.isNumber || ch == "-" || ch == "_" || ch == "."
            let c: Character =
                safe
                    && !ch.unicodeScalars.contains {
                        $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
                    } ? ch : "-"
            if c == "-" && out.last == "-" { continue }
            out.append(c)
        }
        while let first = out.first, first == "." || first == "-" { out.removeFirst() }
        if out.count > maxSlugLength { out = String(out.prefix(maxSlugLength)) }
        while let last = out.last, last == "." || last == "-" { out.removeLast() }
        return out.isEmpty ? "scene" : out
    }

    /// Whether `text` is a slug `slug(forFile:)` could have made (and so a safe folder name:
    /// no slash, no `..`, never hidden). Reports from elsewhere (shard reports) are held to it.
    public static func isSlug(_ text: String) -> Bool {
        !text.isEmpty && slug(forFile: text + ".yaml") == text
    }

    /// The scene's name as one line of at most 120 characters (for headings and captions).
    public var displayName: String {
        let line = name.map {
            $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0
        }
        let text = String(line).trimmingCharacters(in: .whitespaces)
        return text.count > 120 ? String(text.prefix(119)) + "\u{2026}" : text
    }
}

public struct Viewport: Sendable {
    public var size: Size2
    public var scale: Int
    public var background: Color
    public var pixelWidth: Int { Int((size.width * Double(scale)).rounded(.up)) }
    public var pixelHeight: Int { Int((size.height * Double(scale)).rounded(.up)) }
}

public struct Style: Sendable {
    public var cell = Color(hex: "#8E8E93")!
    public var cellSelected = Color(hex: "#FF3B30")!
    /// Per-item fills, cycled by item index within its section; overrides `cell` when set.
    public var palette: [Color] = []
    /// Label colour; nil: white or black, whichever meets WCAG AA against each fill.
    public var text: Color?
    /// Section backgrounds (decoration views) without a colour of their own.
    public var sectionBackground = Color(hex: "#E5E5EA")!
    /// Labels wider than their cell: cut with an ellipsis (`truncate`) or broken into lines (`wrap`).
    public var textOverflow: TextOverflow = .truncate
    public var header = Color(hex: "#D1D1D6")!
    public var headerText = Color(hex: "#1C1C1E")!
    public var cornerRadius: Double = 8
    public var fontSize: Double = 17
    public var headerFontSize: Double = 15
    /// Draw each spring as a line from its anchor to its attachment point.
    public var springs = false
    public var springColor = Color(hex: "#007AFF")!
    public var springWidth: Double = 1.5
    /// Draw the finger as a translucent circle during gestures.
    public var finger = false
    /// Overlays for documentation pictures (all off by default).
    public var coils = false  // springs drawn as coils
    public var anchors = false  // attachment anchors as dots
    public var velocityArrows = false
    public var boundaries = false  // collision boundaries
    public var contacts = false  // contact points flash on contact_began
    public var clock = false  // the frame time in a corner
    /// iOS's light or dark system colours (nil: Springy's own defaults).
    public var appearance: Appearance?
    public var chrome: Chrome = .none
    /// The style keys the scene wrote (an implied look applies only to the others).
    public var given: [String] = []
    /// With chrome, the collection's content clears the status bar and home indicator (UIKit's
    /// safe area, as contentInsetAdjustmentBehavior .automatic applies it); false: it does not.
    public var safeArea = true
    public var corners: CornerCurve = .circular
    public var font: FontChoice = .dejavu
    /// Hairline separators under list rows, inset from the leading edge (a plain table's).
    public var separators = false
    public init() {}
}

public enum TextOverflow: String, Sendable, CaseIterable { case truncate, wrap }

public enum GoldenFrame: Sendable, Equatable {
    case index(Int)
    case last
}

public struct FreeItemSpec: Sendable {
    public typealias Shape = ItemShape
    public var name: String
    public var center: Vec2
    public var size: Size2
    public var angle: Double
    public var fill: Color
    public var label: String?
    public var shape: Shape
    /// collisionBoundingPath for shape path: points relative to the centre.
    public var outline: [Vec2] = []
}

// MARK: - Collection

public struct CollectionSpec: Sendable {
    public var layout: LayoutSpec
    public var sections: [SectionSpec]
    public var selection: [ItemPath]
    public var dynamics: CollectionDynamicsSpec
    public var transitions: TransitionSpec
    public var scroll = ScrollSpec()
    /// How batch updates animate (`collection.updates`).
    public var updates = UpdateAnimationSpec()
    /// How an interactively moved cell looks (`collection.reorder`).
    public var reorder = ReorderSpec()
}

/// UIScrollView's properties (`collection.scroll`), with UIKit's defaults.
public struct ScrollSpec: Sendable, Equatable {
    /// Rubber-banding past the content's edges.
    public var bounces = true
    /// Bouncing (and so dragging) even when the content is no longer than the view.
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    /// isPagingEnabled: releases settle on multiples of the view's length.
    public var paging = false
    /// decelerationRate: the velocity's factor per millisecond (normal 0.998, fast 0.99).
    public var decelerationRate = 0.998
    /// contentInset: top, left, bottom, right.
    public var contentInset = EdgeInsets.zero
    /// The content offset at the start; nil: the top-left of the inset content (−left, −top).
    public var contentOffset: Vec2?
    /// isDirectionalLockEnabled: a drag that starts mostly along one axis scrolls only along it.
    public var directionalLock = false
    public init() {}
}

public struct ItemPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    public init(_ section: Int, _ item: Int) { self.section = section; self.item = item }
    public init?(string: String) {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let s = Int(parts[0]), let i = Int(parts[1]), s >= 0, i >= 0 else { return nil }
        self.init(s, i)
    }
    public var description: String { "\(section).\(item)" }
    public static func < (a: ItemPath, b: ItemPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
}

public enum LayoutKind: String, Sendable, CaseIterable { case flow, list, grid, compositional }
public enum ScrollDirection: String, Sendable { case vertical, horizontal }

public struct LayoutSpec: Sendable {
    public var kind: LayoutKind = .flow
    public var direction: ScrollDirection = .vertical
    public var itemSize = Size2(50, 50)
    public var lineSpacing: Double = 10
    public var interitemSpacing: Double = 10
    /// top, left, bottom, right
    public var sectionInset = EdgeInsets.zero
    public var alignBottom = false
    /// Flow: the last line under the full lines' columns (Springy's earlier look) instead of
    /// UIKit's leading edge at the minimum spacing.
    public var lastLineColumns = false
    public var headerHeight: Double = 0
    public var stickyHeaders = false
    public var rowHeight: Double = 100
    public var expandedHeight: Double = 300
    /// targetContentOffset: rest with a cell's centre (or leading edge) where the view's is.
    public var snap: SnapMode?
    /// Section footers (flow): their height along the scroll axis, 0 for none.
    public var footerHeight: Double = 0
    /// sectionFootersPinToVisibleBounds.
    public var stickyFooters = false
    /// A decoration view behind every section's items and insets.
    public var sectionBackgrounds = false
    /// Right-to-left (a vertical flow layout fills its lines from the right, as UIKit's does
    /// under a right-to-left language: flipsHorizontallyInOppositeLayoutDirection).
    public var rightToLeft = false
    /// A grid layout's number of columns (its content may be wider than the view).
    public var columns = 0
    /// A list as an inset-grouped table: rows inset from both sides, each section's rows a rounded group.
    public var insetGrouped = false
    public init() {}
}

/// Where a snapping layout puts the cell nearest the proposed rest point.
public enum SnapMode: String, Sendable, CaseIterable { case center, leading }

/// UICollectionView.ScrollPosition, plus `nearest` (the least scroll that shows the item whole).
public enum ScrollPosition: String, Sendable, CaseIterable { case top, center, bottom, left, right, nearest }

public struct SectionSpec: Sendable {
    public var labels: [String]
    public var header: String?
    public var footer: String?
    /// Flow layout values for this section only (UICollectionViewDelegateFlowLayout's per-section answers).
    public var itemSize: Size2?
    /// Per-item sizes, cycled over the section's items (sizeForItemAt).
    public var sizes: [Size2]?
    public var sectionInset: EdgeInsets?
    public var lineSpacing: Double?
    public var interitemSpacing: Double?
    /// This section's background colour (a background is drawn when set, or when the layout asks for them).
    public var background: Color?
    /// The labels were generated from a count (cells are then numbered, or "Cell (s, i)" in lists).
    public var generated = false
    /// Compositional layouts: the item width as a fraction of the section's width
    /// (fractionalWidth), items per row, and orthogonal scrolling.
    public var widthFraction: Double?
    public var columns: Int?
    public var orthogonal: OrthogonalScrolling = .none
    public var count: Int { labels.count }
}

public enum CollectionDynamicsKind: String, Sendable, CaseIterable { case none, springy, drag }

public struct SpringParameters: Sendable, Equatable {
    public var length: Double?
    public var damping: Double
    public var frequency: Double
}

public struct CollectionDynamicsSpec: Sendable {
    public var kind: CollectionDynamicsKind = .none
    public var spring = SpringParameters(length: 0, damping: 0.5, frequency: 0.8)
    public var gravity: Double = 0.3
    public var collisionEnabled = true
    public var collisionMode: CollisionMode = .boundaries
    /// The elasticity of the write-up's item behavior (a child of its collision behavior).
    public var elasticity: Double = 1
    /// Whether that item behavior is given the cells. The write-up never adds an item to
    /// it, so by default the cells keep the world's item defaults (UIKit's elasticity 0.2).
    public var applyElasticity = false
    public var scrollResistance: Double = 500
    public var margin: Double = 2
    public var cornerFrequency: Double = 8
    public var cornerDamping: Double = 0.6
    public var cornerSquare = Size2(40, 40)
    /// How high dragged cells are lifted while the drag lasts (their shadow; 0: none, as the write-up draws them).
    public var liftElevation: Double = 0
    public init() {}
}

public struct TransitionSpec: Sendable {
    public var duration: Double = 0.4
    public var dampingRatio: Double = 1
    public var initialVelocity: Double = 0
    public var keepSelectedVisible = true
    public var fade = false
    public init() {}
}

// MARK: - Behaviors

/// A behavior as written in the file, with where it was written.
public struct BehaviorDecl: Sendable {
    public var spec: BehaviorSpec
    /// Key path in the file, e.g. `behaviors[2].attachment`.
    public var path: String
    public var line: Int
}

// MARK: - Script

public enum PanRelease: String, Sendable { case fling, hold }

public struct PanGesture: Sendable {
    /// Set when the pan drags a free view; otherwise the pan scrolls the collection.
    public var item: String?
    public var path: [Vec2]
    public var duration: Double
    public var release: PanRelease
    public var hold: Double
    /// The finger's velocity when it lifts (pt/s), when the script gives it; else the path's.
    public var velocity: Vec2?
    /// The system cancels the gesture instead of the finger lifting (a call comes in): the
    /// scroll view gets no release velocity, a dragged view is let go where it is.
    public var cancelled: Bool
    /// A screen-edge pan's view follows the finger's translation (its handler moves the view
    /// by it) instead of being grabbed where the finger lands.
    public var followsTranslation = false
    public init(
        item: String?, path: [Vec2], duration: Double, release: PanRelease, hold: Double, velocity: Vec2? = nil,
        cancelled: Bool = false, followsTranslation: Bool = false
    ) {
        self.item = item; self.path = path; self.duration = duration; self.release = release; self.hold = hold
        self.velocity = velocity; self.cancelled = cancelled; self.followsTranslation = followsTranslation
    }
}

public struct LongPressGesture: Sendable {
    public var at: Vec2
    public var press: Double
    public var path: [Vec2]
    public var duration: Double
    public var hold: Double
    /// How far the finger moves while it presses (before `press` s): past UIKit's allowable
    /// movement (10 pt) the long press fails and is never recognised.
    public var drift: Vec2 = .zero
    /// UILongPressGestureRecognizer.allowableMovement.
    public static let allowableMovement = 10.0
    public var fails: Bool { drift.length > Self.allowableMovement }
}

public enum InsertPosition: Sendable, Equatable {
    case rightOfCenter
    case indexPath(ItemPath)
}

public enum ScriptAction: Sendable {
    case pan(PanGesture)
    case tap(target: TapTarget)
    /// `labels`: the new cells' labels (their count is the count), or nil to number them.
    case insert(position: InsertPosition, count: Int, labels: [String]?)
    case delete(items: [ItemPath])
    case select(items: [ItemPath])
    case longPress(LongPressGesture)
    case addBehavior(BehaviorSpec)
    case set(behavior: Int, parameters: [BehaviorParameter])
    case removeBehavior(Int)
    /// setContentOffset(_:animated:).
    case scrollTo(offset: Vec2, animated: Bool)
    /// scrollToItem(at:at:animated:).
    case scrollToItem(item: ItemPath, position: ScrollPosition, animated: Bool)
    /// performBatchUpdates: inserts, deletes, moves and reloads of items and sections.
    case update(BatchUpdate)
    /// Interactive movement: lift the cell under a long press, move it, drop it.
    case reorder(ReorderGesture)
    /// Two fingers pinching and turning.
    case pinch(PinchGesture)
    case doubleTap(DoubleTapGesture)
    /// The device turns (CMDeviceMotion's gravity fed to every gravity behavior).
    case tilt(TiltMotion)
    /// Several fingers at once, each on its own path (each a pan).
    case touches([PanGesture])
    /// UIDynamicItemBehavior.addLinearVelocity / addAngularVelocity (pt/s, radians/s).
    case addVelocity(item: String, linear: Vec2, angular: Double)
    /// A view animation: UIView.animate, animateKeyframes, a UIViewPropertyAnimator, SwiftUI's withAnimation.
    case animate(ViewAnimationSpec)
    /// Pause, continue, reverse, scrub or stop the property animator of that name.
    case controlAnimator(name: String, AnimatorControl)
}

public enum TapTarget: Sendable, Equatable {
    case item(String)
    case point(Vec2)
}

public struct ScriptEvent: Sendable {
    public var at: Double
    public var action: ScriptAction
    public var path: String
    public var line: Int
}

extension CollectionSpec {
    /// The collection as UIKit's automatic content inset adjustment shows it in a safe area: a
    /// vertically scrolling one's content inset grows by the safe area's top and bottom (its
    /// scrollable axis), so its start and rest offsets clear the status bar and home indicator.
    public func clearing(_ safe: EdgeInsets) -> CollectionSpec {
        guard layout.direction == .vertical || layout.kind == .list else { return self }
        var spec = self
        spec.scroll.contentInset.top += safe.top
        spec.scroll.contentInset.bottom += safe.bottom
        return spec
    }
}
