import Foundation
import SpringyCore
import SpringyDynamics

/// Told when items of a collision behavior touch each other or a boundary, and part again.
public protocol UICollisionBehaviorDelegate: AnyObject {
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem, at p: CGPoint)
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem)
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?,
        at p: CGPoint)
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?)
}

extension UICollisionBehaviorDelegate {
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem, at p: CGPoint
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?,
        at p: CGPoint
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?
    ) {}
}

/// Items colliding with each other and with boundaries: the reference view's bounds
/// (`translatesReferenceBoundsIntoBoundary`, off unless set) and named lines and paths.
open class UICollisionBehavior: UIDynamicBehavior, ItemList {
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let items = Mode(rawValue: 1)
        public static let boundaries = Mode(rawValue: 2)
        public static let everything: Mode = [.items, .boundaries]
    }
    var itemList: [any UIDynamicItem]
    /// Boundaries in the order added: their identifier, the name events carry, the path.
    var boundaryList: [(identifier: any NSCopying, name: String, path: UIBezierPath)] = []
    var insets = UIEdgeInsets.zero

    /// A behavior with no items yet (add them with `addItem`).
    public convenience override init() { self.init(items: []) }
    public init(items: [any UIDynamicItem]) {
        itemList = items
        super.init()
    }
    open var items: [any UIDynamicItem] { itemList }
    open func addItem(_ item: any UIDynamicItem) { addingItem(item) }
    open func removeItem(_ item: any UIDynamicItem) { removingItem(item) }

    open var collisionMode: Mode = .everything { didSet { remade() } }
    weak open var collisionDelegate: (any UICollisionBehaviorDelegate)?
    open var translatesReferenceBoundsIntoBoundary = false { didSet { remade() } }
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        self.insets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    open func addBoundary(withIdentifier identifier: any NSCopying, for bezierPath: UIBezierPath) {
        let name = Self.name(of: identifier)
        boundaryList.removeAll { $0.name == name }
        boundaryList.append((identifier, name, bezierPath))
        remade()
    }
    open func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint) {
        let path = UIBezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }
    open func boundary(withIdentifier identifier: any NSCopying) -> UIBezierPath? {
        let name = Self.name(of: identifier)
        return boundaryList.first { $0.name == name }?.path
    }
    open func removeBoundary(withIdentifier identifier: any NSCopying) {
        let name = Self.name(of: identifier)
        boundaryList.removeAll { $0.name == name }
        remade()
    }
    open var boundaryIdentifiers: [any NSCopying]? { boundaryList.isEmpty ? nil : boundaryList.map(\.identifier) }
    open func removeAllBoundaries() {
        boundaryList = []
        remade()
    }

    /// A boundary's name in events and traces: its identifier's text (the reference bounds are `bounds`).
    static func name(of identifier: any NSCopying) -> String {
        if let s = identifier as? NSString { return s as String }
        if let n = identifier as? NSNumber { return n.stringValue }
        return String(describing: identifier)
    }
    /// The identifier of the boundary named `name` (nil for the reference bounds).
    func identifier(named name: String) -> (any NSCopying)?? {
        if name == "bounds" && translatesReferenceBoundsIntoBoundary && !boundaryList.contains(where: { $0.name == name }) {
            return .some(nil)
        }
        return boundaryList.first { $0.name == name }.map { .some($0.identifier) }
    }

    override func spec(_ name: ItemNames) -> BehaviorSpec? {
        let mode: CollisionMode =
            collisionMode == .items ? .items : collisionMode == .boundaries ? .boundaries : .everything
        var segments: [NamedSegment] = []
        for b in boundaryList {
            for sub in b.path.subpaths {
                let pts = sub.closed && sub.points.count > 2 ? sub.points + [sub.points[0]] : sub.points
                for k in pts.indices.dropFirst() where pts[k - 1] != pts[k] {
                    segments.append(NamedSegment(name: b.name, from: vec(pts[k - 1]), to: vec(pts[k])))
                }
            }
        }
        return .collision(
            CollisionSpec(
                items: name.list(itemList), mode: mode, bounds: translatesReferenceBoundsIntoBoundary,
                insets: EdgeInsets(
                    top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom), right: Double(insets.right)
                ),
                boundaries: segments))
    }
    override var dynamicItems: [any UIDynamicItem] { itemList }
}
