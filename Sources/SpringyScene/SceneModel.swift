import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame
import SpringyTypes

/// A decoded, validated scene file (see SCENE-FORMAT.md). Lengths in points,
/// times in seconds, angles in radians (files use degrees).
package struct Scene: Sendable {
    static let supportedVersions = [1]

    package var file: String
    package var name: String
    /// The scene's short name, made from its file name (`Scene.slug(forFile:)`): its output
    /// folder and file names.
    package var slug: String
    package var viewport: Viewport
    package var time: TimeSpec
    package var defaults: ItemProperties
    package var style: Style
    package var golden: GoldenSpec
    package var collection: CollectionSpec?
    package var items: [FreeItemSpec]
    package var behaviors: [BehaviorDecl]
    package var script: [ScriptEvent]
    /// UIDynamicItemGroups: free items moved as one body, named like an item.
    package var groups: [ItemGroupSpec] = []
    /// The limits the scene was read with (the simulation checks bodies against them).
    package var limits: SceneLimits = .default
    /// `solver.springs`: how springs map onto Box2D's joints.
    package var springs: SpringModel = .poles
    /// Swift code the scene runs (a SpringyUIKit scene); nil for a scene file.
    package var program: SceneProgram?

    /// What every animator of this scene shares: step rate, item defaults, body limit, spring model.
    package var world: WorldSettings {
        WorldSettings(
            stepRate: time.stepRate, defaults: defaults, maxBodies: limits.maxBodies, springs: springs,
            maxContacts: limits.maxContacts)
    }

    /// The safe area's insets of the screen the chrome draws (zero without chrome or with
    /// `style.safe_area: false`): the status bar on top (20 pt, or 47 pt on screens 812 pt tall or
    /// more) and the home indicator below (34 pt on those screens).
    package var safeAreaInsets: EdgeInsets {
        guard style.chrome != .none, style.safeArea else { return .zero }
        let tall = viewport.size.height >= 812
        return EdgeInsets(top: tall ? 47 : 20, bottom: tall ? 34 : 0)
    }
}

extension Scene {
    /// The longest slug, in characters.
    package static let maxSlugLength = 80

    /// A safe name for output folders and files from a scene's file name: the name without its
    /// extension, letters, digits, `-`, `_` and `.` kept, every other run of characters (spaces,
    /// slashes, controls) made one `-`, no leading `.` or `-` (never hidden, never `..`), at most
    /// 80 characters; `scene` when nothing is left.
    package static func slug(forFile file: String) -> String {
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
    package static func isSlug(_ text: String) -> Bool {
        !text.isEmpty && slug(forFile: text + ".yaml") == text
    }

    /// The scene's name as one line of at most 120 characters (for headings and captions).
    package var displayName: String {
        let line = name.map {
            $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0
        }
        let text = String(line).trimmingCharacters(in: .whitespaces)
        return text.count > 120 ? String(text.prefix(119)) + "\u{2026}" : text
    }
}

package struct Viewport: Sendable {
    package var size: Size2
    package var scale: Int
    package var background: Color
    package var pixelWidth: Int { Int((size.width * Double(scale)).rounded(.up)) }
    package var pixelHeight: Int { Int((size.height * Double(scale)).rounded(.up)) }
}

package struct Style: Sendable {
    package var cell = Color(hex: "#8E8E93")!
    package var cellSelected = Color(hex: "#FF3B30")!
    /// Per-item fills, cycled by item index within its section; overrides `cell` when set.
    package var palette: [Color] = []
    /// Label colour; nil: white or black, whichever meets WCAG AA against each fill.
    package var text: Color?
    /// Section backgrounds (decoration views) without a colour of their own.
    package var sectionBackground = Color(hex: "#E5E5EA")!
    /// Labels wider than their cell: cut with an ellipsis (`truncate`) or broken into lines (`wrap`).
    package var textOverflow: TextOverflow = .truncate
    package var header = Color(hex: "#D1D1D6")!
    package var headerText = Color(hex: "#1C1C1E")!
    package var cornerRadius: Double = 8
    package var fontSize: Double = 17
    package var headerFontSize: Double = 15
    /// Draw each spring as a line from its anchor to its attachment point.
    package var springs = false
    package var springColor = Color(hex: "#007AFF")!
    package var springWidth: Double = 1.5
    /// Draw the finger as a translucent circle during gestures.
    package var finger = false
    /// Overlays for documentation pictures (all off by default).
    package var coils = false  // springs drawn as coils
    package var anchors = false  // attachment anchors as dots
    package var velocityArrows = false
    package var boundaries = false  // collision boundaries
    package var contacts = false  // contact points flash on contact_began
    package var clock = false  // the frame time in a corner
    /// iOS's light or dark system colours (nil: Springy's own defaults).
    package var appearance: Appearance?
    package var chrome: Chrome = .none
    /// The style keys the scene wrote (an implied look applies only to the others).
    package var given: [String] = []
    /// With chrome, the collection's content clears the status bar and home indicator (UIKit's
    /// safe area, as contentInsetAdjustmentBehavior .automatic applies it); false: it does not.
    package var safeArea = true
    package var corners: CornerCurve = .circular
    package var font: FontChoice = .dejavu
    /// Hairline separators under list rows, inset from the leading edge (a plain table's).
    package var separators = false
    package init() {}
}

package enum TextOverflow: String, Sendable, CaseIterable { case truncate, wrap }

/// A golden frame: SpringyTypes' FrameNumber (a number, or the last).
package typealias GoldenFrame = FrameNumber

package struct FreeItemSpec: Sendable {
    package typealias Shape = ItemShape
    package var name: String
    package var center: Vec2
    package var size: Size2
    package var angle: Double
    package var fill: Color
    package var label: String?
    package var shape: Shape
    /// collisionBoundingPath for shape path: points relative to the centre.
    package var outline: [Vec2] = []
    /// Its own corners, border, shadow and label (the look SpringyUIKit's views have too).
    package var look = ViewLook()
    /// Its alpha and its transform's scale before anything animates them (UIView.alpha and
    /// transform): what frame 0 shows, and where an animation of them starts.
    package var alpha = 1.0
    package var scale = Vec2(1, 1)
    /// UIView.isHidden at the start: not drawn until an animation's `to: { hidden: false }`.
    package var hidden = false
}

// MARK: - Collection

package struct CollectionSpec: Sendable {
    package var layout: LayoutSpec
    package var sections: [SectionSpec]
    package var selection: [ItemPath]
    package var dynamics: CollectionDynamicsSpec
    package var transitions: TransitionSpec
    package var scroll = ScrollSpec()
    /// How batch updates animate (`collection.updates`).
    package var updates = UpdateAnimationSpec()
    /// How an interactively moved cell looks (`collection.reorder`).
    package var reorder = ReorderSpec()
}

/// UIScrollView's properties (`collection.scroll`), with UIKit's defaults.
package struct ScrollSpec: Sendable, Equatable {
    /// Rubber-banding past the content's edges.
    package var bounces = true
    /// Bouncing (and so dragging) even when the content is no longer than the view.
    package var alwaysBounceVertical = false
    package var alwaysBounceHorizontal = false
    /// isPagingEnabled: releases settle on multiples of the view's length.
    package var paging = false
    /// decelerationRate: the velocity's factor per millisecond (normal 0.998, fast 0.99).
    package var decelerationRate = 0.998
    /// contentInset: top, left, bottom, right.
    package var contentInset = EdgeInsets.zero
    /// The content offset at the start; nil: the top-left of the inset content (−left, −top).
    package var contentOffset: Vec2?
    /// isDirectionalLockEnabled: a drag that starts mostly along one axis scrolls only along it.
    package var directionalLock = false
    package init() {}
}

package struct ItemPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var section: Int
    package var item: Int
    package init(_ section: Int, _ item: Int) { self.section = section; self.item = item }
    package init?(string: String) {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let s = Int(parts[0]), let i = Int(parts[1]), s >= 0, i >= 0 else { return nil }
        self.init(s, i)
    }
    package var description: String { "\(section).\(item)" }
    package static func < (a: ItemPath, b: ItemPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
}

package enum LayoutKind: String, Sendable, CaseIterable { case flow, list, grid, compositional }
package enum ScrollDirection: String, Sendable { case vertical, horizontal }

package struct LayoutSpec: Sendable, Equatable {
    package var kind: LayoutKind = .flow
    package var direction: ScrollDirection = .vertical
    package var itemSize = Size2(50, 50)
    package var lineSpacing: Double = 10
    package var interitemSpacing: Double = 10
    /// top, left, bottom, right
    package var sectionInset = EdgeInsets.zero
    package var alignBottom = false
    /// Flow: the last line under the full lines' columns (Springy's earlier look) instead of
    /// UIKit's leading edge at the minimum spacing.
    package var lastLineColumns = false
    package var headerHeight: Double = 0
    package var stickyHeaders = false
    package var rowHeight: Double = 100
    package var expandedHeight: Double = 300
    /// targetContentOffset: rest with a cell's centre (or leading edge) where the view's is.
    package var snap: SnapMode?
    /// Section footers (flow): their height along the scroll axis, 0 for none.
    package var footerHeight: Double = 0
    /// sectionFootersPinToVisibleBounds.
    package var stickyFooters = false
    /// A decoration view behind every section's items and insets.
    package var sectionBackgrounds = false
    /// Right-to-left (a vertical flow layout fills its lines from the right, as UIKit's does
    /// under a right-to-left language: flipsHorizontallyInOppositeLayoutDirection).
    package var rightToLeft = false
    /// A grid layout's number of columns (its content may be wider than the view).
    package var columns = 0
    /// A list as an inset-grouped table: rows inset from both sides, each section's rows a rounded group.
    package var insetGrouped = false
    package init() {}
}

/// Where a snapping layout puts the cell nearest the proposed rest point.
package enum SnapMode: String, Sendable, CaseIterable { case center, leading }

/// UICollectionView.ScrollPosition, plus `nearest` (the least scroll that shows the item whole).
package enum ScrollPosition: String, Sendable, CaseIterable { case top, center, bottom, left, right, nearest }

package struct SectionSpec: Sendable, Equatable {
    package var labels: [String]
    package var header: String?
    package var footer: String?
    /// Flow layout values for this section only (UICollectionViewDelegateFlowLayout's per-section answers).
    package var itemSize: Size2?
    /// Per-item sizes, cycled over the section's items (sizeForItemAt).
    package var sizes: [Size2]?
    package var sectionInset: EdgeInsets?
    package var lineSpacing: Double?
    package var interitemSpacing: Double?
    /// This section's background colour (a background is drawn when set, or when the layout asks for them).
    package var background: Color?
    /// The labels were generated from a count (cells are then numbered, or "Cell (s, i)" in lists).
    package var generated = false
    /// Compositional layouts: the item width as a fraction of the section's width
    /// (fractionalWidth), items per row, and orthogonal scrolling.
    package var widthFraction: Double?
    package var columns: Int?
    package var orthogonal: OrthogonalScrolling = .none
    package var count: Int { labels.count }
    package init(labels: [String], header: String? = nil) { self.labels = labels; self.header = header }
}

package enum CollectionDynamicsKind: String, Sendable, CaseIterable { case none, springy, drag }

package struct SpringParameters: Sendable, Equatable {
    package var length: Double?
    package var damping: Double
    package var frequency: Double
}

package struct CollectionDynamicsSpec: Sendable {
    package var kind: CollectionDynamicsKind = .none
    package var spring = SpringParameters(length: 0, damping: 0.5, frequency: 0.8)
    package var gravity: Double = 0.3
    package var collisionEnabled = true
    package var collisionMode: CollisionMode = .boundaries
    /// The elasticity of the write-up's item behavior (a child of its collision behavior).
    package var elasticity: Double = 1
    /// Whether that item behavior is given the cells. The write-up never adds an item to
    /// it, so by default the cells keep the world's item defaults (UIKit's elasticity 0.2).
    package var applyElasticity = false
    package var scrollResistance: Double = 500
    package var margin: Double = 2
    package var cornerFrequency: Double = 8
    package var cornerDamping: Double = 0.6
    package var cornerSquare = Size2(40, 40)
    /// How high dragged cells are lifted while the drag lasts (their shadow; 0: none, as the write-up draws them).
    package var liftElevation: Double = 0
    package init() {}
}

package struct TransitionSpec: Sendable {
    package var duration: Double = 0.4
    package var dampingRatio: Double = 1
    package var initialVelocity: Double = 0
    package var keepSelectedVisible = true
    package var fade = false
    package init() {}
}

// MARK: - Behaviors

/// A behavior as written in the file, with where it was written.
package struct BehaviorDecl: Sendable {
    package var spec: BehaviorSpec
    /// Key path in the file, e.g. `behaviors[2].attachment`.
    package var path: String
    package var line: Int
}

// MARK: - Script

package enum PanRelease: String, Sendable { case fling, hold }

package struct PanGesture: Sendable {
    /// Set when the pan drags a free view; otherwise the pan scrolls the collection.
    package var item: String?
    package var path: [Vec2]
    package var duration: Double
    package var release: PanRelease
    package var hold: Double
    /// The finger's velocity when it lifts (pt/s), when the script gives it; else the path's.
    package var velocity: Vec2?
    /// The system cancels the gesture instead of the finger lifting (a call comes in): the
    /// scroll view gets no release velocity, a dragged view is let go where it is.
    package var cancelled: Bool
    /// A screen-edge pan's view follows the finger's translation (its handler moves the view
    /// by it) instead of being grabbed where the finger lands.
    package var followsTranslation = false
    package init(
        item: String?, path: [Vec2], duration: Double, release: PanRelease, hold: Double, velocity: Vec2? = nil,
        cancelled: Bool = false, followsTranslation: Bool = false
    ) {
        self.item = item; self.path = path; self.duration = duration; self.release = release; self.hold = hold
        self.velocity = velocity; self.cancelled = cancelled; self.followsTranslation = followsTranslation
    }
}

package struct LongPressGesture: Sendable {
    package var at: Vec2
    package var press: Double
    package var path: [Vec2]
    package var duration: Double
    package var hold: Double
    /// How far the finger moves while it presses (before `press` s): past UIKit's allowable
    /// movement (10 pt) the long press fails and is never recognised.
    package var drift: Vec2 = .zero
    /// UILongPressGestureRecognizer.allowableMovement.
    package static let allowableMovement = 10.0
    package var fails: Bool { drift.length > Self.allowableMovement }

    package init(at: Vec2, press: Double, path: [Vec2], duration: Double, hold: Double, drift: Vec2 = .zero) {
        self.at = at; self.press = press; self.path = path; self.duration = duration; self.hold = hold; self.drift = drift
    }
}

package enum InsertPosition: Sendable, Equatable {
    case rightOfCenter
    case indexPath(ItemPath)
}

package enum ScriptAction: Sendable {
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
    /// A gesture or motion that is a file of its own (`ScriptedGesture`): a pinch, several
    /// fingers, an edge pan, an added velocity, a double tap, the device's tilt.
    case gesture(any ScriptedGesture)
    /// A view animation: UIView.animate, animateKeyframes, a UIViewPropertyAnimator, SwiftUI's withAnimation.
    case animate(ViewAnimationSpec)
    /// Pause, continue, reverse, scrub or stop the property animator of that name.
    case controlAnimator(name: String, AnimatorControl)
}

package enum TapTarget: Sendable, Equatable {
    case item(String)
    case point(Vec2)
}

package struct ScriptEvent: Sendable {
    package var at: Double
    package var action: ScriptAction
    package var path: String
    package var line: Int
    package init(at: Double, action: ScriptAction, path: String, line: Int) {
        self.at = at; self.action = action; self.path = path; self.line = line
    }
}

extension CollectionSpec {
    /// The collection as UIKit's automatic content inset adjustment shows it in a safe area: a
    /// vertically scrolling one's content inset grows by the safe area's top and bottom (its
    /// scrollable axis), so its start and rest offsets clear the status bar and home indicator.
    package func clearing(_ safe: EdgeInsets) -> CollectionSpec {
        guard layout.direction == .vertical || layout.kind == .list else { return self }
        var spec = self
        spec.scroll.contentInset.top += safe.top
        spec.scroll.contentInset.bottom += safe.bottom
        return spec
    }
}
