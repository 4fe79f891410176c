import Foundation
import SpringyCore
import SpringyDynamics

/// An item held to a point or to another item: a rod (frequency 0) or a spring, and iOS 9's
/// sliding, limit, fixed and pin attachments.
open class UIAttachmentBehavior: UIDynamicBehavior {
    public enum AttachmentType: Int, Sendable { case items, anchor }

    let item: any UIDynamicItem
    let other: (any UIDynamicItem)?
    let kind: AttachmentKind
    let offset: UIOffset
    let otherOffset: UIOffset
    var anchor: CGPoint
    /// Where the anchor was when the behavior was made: the world is built from it (its length
    /// is the distance then, as UIKit measures it), and later moves are moves of the anchor.
    let madeAnchor: CGPoint
    var axis = CGVector(dx: 1, dy: 0)
    /// The length set by the user (nil: the distance when the behavior was made, as UIKit measures it).
    var setLength: CGFloat?
    let madeLength: CGFloat

    init(
        kind: AttachmentKind, item: any UIDynamicItem, offset: UIOffset, other: (any UIDynamicItem)?, otherOffset: UIOffset,
        anchor: CGPoint
    ) {
        self.kind = kind; self.item = item; self.offset = offset; self.other = other; self.otherOffset = otherOffset
        self.anchor = anchor
        madeAnchor = anchor
        let from = Self.point(on: item, at: offset)
        let to = other.map { Self.point(on: $0, at: otherOffset) } ?? anchor
        madeLength = CGFloat(hypot(Double(to.x - from.x), Double(to.y - from.y)))
        super.init()
    }

    /// Where `offset` (in the item's own turned frame) is, in the reference view.
    static func point(on item: any UIDynamicItem, at offset: UIOffset) -> CGPoint {
        let t = item.transform
        let o = CGPoint(x: offset.horizontal, y: offset.vertical)
        let turned = CGPoint(x: t.a * o.x + t.c * o.y, y: t.b * o.x + t.d * o.y)
        let n = hypot(Double(t.a), Double(t.b))
        let unit = n > 0 ? CGPoint(x: turned.x / CGFloat(n), y: turned.y / CGFloat(n)) : o
        return CGPoint(x: item.center.x + unit.x, y: item.center.y + unit.y)
    }

    public convenience init(item: any UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }
    public convenience init(item: any UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        self.init(kind: .spring, item: item, offset: offset, other: nil, otherOffset: .zero, anchor: point)
    }
    public convenience init(item item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }
    public convenience init(
        item item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: any UIDynamicItem,
        offsetFromCenter offset2: UIOffset
    ) {
        self.init(kind: .spring, item: item1, offset: offset1, other: item2, otherOffset: offset2, anchor: .zero)
    }
    public static func slidingAttachment(
        with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem, attachmentAnchor point: CGPoint,
        axisOfTranslation axis: CGVector
    ) -> UIAttachmentBehavior {
        let a = UIAttachmentBehavior(kind: .sliding, item: item1, offset: .zero, other: item2, otherOffset: .zero, anchor: point)
        a.axis = axis
        return a
    }
    public static func slidingAttachment(
        with item: any UIDynamicItem, attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector
    ) -> UIAttachmentBehavior {
        let a = UIAttachmentBehavior(kind: .sliding, item: item, offset: .zero, other: nil, otherOffset: .zero, anchor: point)
        a.axis = axis
        return a
    }
    public static func limitAttachment(
        with item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: any UIDynamicItem,
        offsetFromCenter offset2: UIOffset
    ) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .limit, item: item1, offset: offset1, other: item2, otherOffset: offset2, anchor: .zero)
    }
    public static func fixedAttachment(
        with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem, attachmentAnchor point: CGPoint
    ) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .fixed, item: item1, offset: .zero, other: item2, otherOffset: .zero, anchor: point)
    }
    public static func pinAttachment(
        with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem, attachmentAnchor point: CGPoint
    ) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .pin, item: item1, offset: .zero, other: item2, otherOffset: .zero, anchor: point)
    }

    open var items: [any UIDynamicItem] { other.map { [item, $0] } ?? [item] }
    open var attachedBehaviorType: AttachmentType { other == nil ? .anchor : .items }
    /// The point it holds to (to a point), or the attachment's anchor (sliding, fixed, pin).
    open var anchorPoint: CGPoint {
        get { anchor }
        set {
            anchor = newValue
            if other == nil && kind == .spring {
                changed([BehaviorParameter("anchor", .point(vec(newValue)))])
            } else {
                remade()
            }
        }
    }
    open var length: CGFloat {
        get { setLength ?? madeLength }
        set {
            setLength = newValue
            changed([BehaviorParameter("length", .number(Double(newValue)))])
        }
    }
    open var frequency: CGFloat = 0 {
        didSet { changed([BehaviorParameter("frequency", .number(Double(frequency)))]) }
    }
    open var damping: CGFloat = 0 {
        didSet { changed([BehaviorParameter("damping", .number(Double(damping)))]) }
    }
    open var frictionTorque: CGFloat = 0 { didSet { remade() } }
    /// Sliding: points along the axis from where it starts; pin: radians of turn.
    open var attachmentRange: UIFloatRange = .infinite { didSet { remade() } }

    override func spec(_ name: ItemNames) -> BehaviorSpec? {
        var a = AttachmentSpec(
            item: name(item),
            to: other.map { .item(name($0)) } ?? .point(vec(kind == .spring && !wasInstalled ? madeAnchor : anchor)),
            length: setLength.map(Double.init), frequency: Double(frequency), damping: Double(damping),
            offset: Vec2(Double(offset.horizontal), Double(offset.vertical)),
            toOffset: Vec2(Double(otherOffset.horizontal), Double(otherOffset.vertical)))
        a.kind = kind
        if kind != .spring { a.anchor = vec(anchor) }
        a.axis = vec(axis)
        a.frictionTorque = Double(frictionTorque)
        // An end at infinity is open: UIFloatRange(minimum: -.infinity, maximum: 50) limits only
        // the upper end (and UIFloatRange.infinite neither).
        let toScene = kind == .pin ? 180 / Double.pi : 1
        a.rangeLower = attachmentRange.minimum == -.infinity ? nil : Double(attachmentRange.minimum) * toScene
        a.rangeUpper = attachmentRange.maximum == .infinity ? nil : Double(attachmentRange.maximum) * toScene
        return .attachment(a)
    }
    override var dynamicItems: [any UIDynamicItem] { items }
}
