import Foundation
import SpringyCore
import SpringyDynamics
import SpringyFrame

/// Told when an animator's items all come to rest, and when they start moving again.
public protocol UIDynamicAnimatorDelegate: AnyObject {
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}

/// UIKit Dynamics over a reference view: Springy's animator on Box2D (DYNAMICS.md), stepped by
/// the scene's fixed clock. Behaviors and items added or removed within one step reach Box2D in
/// one canonical order (items by their place in the view tree, behaviors by kind and what they
/// hold), so the world is the same whatever order your code used.
open class UIDynamicAnimator: NSObject {
    public private(set) weak var referenceView: UIView?
    public private(set) var behaviors: [UIDynamicBehavior] = [] { didSet { UIKitRuntime.current?.arrangement += 1 } }
    weak open var delegate: (any UIDynamicAnimatorDelegate)?
    /// Seconds the animator has run (steps taken while its items moved).
    public internal(set) var elapsedTime: TimeInterval = 0

    let runtime: UIKitRuntime?
    let world: WorldSettings
    var engine: Animator?
    /// Items in the world: their body's name and how many installed behaviors hold them.
    struct Body {
        let name: String
        let item: any UIDynamicItem
        var holders: Int
    }
    /// Items in the world, in the order they were added; found by object (looked up only).
    var bodies: [Body] = []
    var bodyIndex: [ObjectIdentifier: Int] = [:]
    var itemByName: [String: any UIDynamicItem] = [:]
    /// The items of groups in the world: their names as the group's members (looked up only).
    var memberNames: [ObjectIdentifier: String] = [:]
    /// Leaf behaviors in Box2D, in the order they were installed.
    var installed: [UIDynamicBehavior] = []
    var toInstall: [(behavior: UIDynamicBehavior, site: CallSite)] = []
    var toUninstall: [UIDynamicBehavior] = []
    var toChange: [(behavior: UIDynamicBehavior, parameters: [BehaviorParameter])] = []
    var velocityAdds: [(item: any UIDynamicItem, linear: CGPoint, angular: CGFloat)] = []
    var toUpdate: [any UIDynamicItem] = []
    /// The items each installed behavior was installed with (looked up only).
    var held: [ObjectIdentifier: [ObjectIdentifier]] = [:]

    public init(referenceView view: UIView) {
        referenceView = view
        runtime = UIKitRuntime.current
        world = runtime?.world ?? .uikit
        super.init()
        runtime?.register(self)
    }

    /// An animator over a collection view layout's attributes: its coordinates are the layout's
    /// content, and while it runs it invalidates the layout after every step (the collection view
    /// then asks the layout again, which answers from the animator: `items(in:)`,
    /// `layoutAttributesForCell(at:)`).
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        self.layout = layout
        runtime = UIKitRuntime.current
        world = runtime?.world ?? .uikit
        super.init()
        runtime?.register(self)
    }

    /// The layout a collection-view animator serves.
    weak var layout: UICollectionViewLayout?

    /// The attributes of the cell at `indexPath` among the animator's items.
    open func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }
    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        attributes {
            $0.representedElementCategory == .supplementaryView && $0.representedElementKind == kind && $0.indexPath == indexPath
        }
    }
    open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        attributes {
            $0.representedElementCategory == .decorationView && $0.representedElementKind == kind && $0.indexPath == indexPath
        }
    }
    /// The first attributes in `allItems`' order that match: found without ordering every item
    /// (a layout asks for each of its cells, every step).
    func attributes(_ matches: (UICollectionViewLayoutAttributes) -> Bool) -> UICollectionViewLayoutAttributes? {
        var found: [any UIDynamicItem] = []
        var seen = Set<ObjectIdentifier>()  // asked only; the order is the sort's
        for b in behaviors {
            for leaf in b.tree {
                for item in leaf.dynamicItems {
                    if let a = item as? UICollectionViewLayoutAttributes, matches(a), seen.insert(ObjectIdentifier(a)).inserted {
                        found.append(a)
                    }
                }
            }
        }
        guard found.count > 1, let runtime else { return found.first as? UICollectionViewLayoutAttributes }
        return canonical(found) { runtime.key(of: $0) }.first as? UICollectionViewLayoutAttributes
    }

    /// Moving (not every item asleep).
    open var isRunning: Bool { engine.map { !$0.isAtRest } ?? false }

    open func addBehavior(_ behavior: UIDynamicBehavior, file: String = #fileID, line: Int = #line) {
        guard behavior.parentBehavior == nil, !behaviors.contains(where: { $0 === behavior }) else { return }
        if let other = behavior.dynamicAnimator, other !== self {
            runtime?.fail(
                CallSite(file: file, line: line),
                "addBehavior: the behavior is already in another UIDynamicAnimator; remove it from that one first")
            return
        }
        behaviors.append(behavior)
        attach(behavior, site: CallSite(file: file, line: line))
    }
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: i)
        detach(behavior)
    }
    open func removeAllBehaviors() {
        for b in behaviors { detach(b) }
        behaviors = []
    }

    /// The items of the animator's behaviors (stepped yet or not) whose frames meet `rect`, in
    /// their canonical order.
    open func items(in rect: CGRect) -> [any UIDynamicItem] {
        // A rect that is not a number meets nothing (CGRect's own arithmetic would trap on it).
        guard [rect.origin.x, rect.origin.y, rect.width, rect.height].allSatisfy({ !$0.isNaN }) else { return [] }
        return allItems.filter { item in
            let t = item.transform
            let box = CGRect(
                x: -item.bounds.width / 2, y: -item.bounds.height / 2, width: item.bounds.width, height: item.bounds.height
            )
            .applying(CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: item.center.x, ty: item.center.y))
            return box.intersects(rect)
        }
    }

    /// `allItems` as last made, and the run's arrangement then.
    private var ordered: (arrangement: Int, items: [any UIDynamicItem])?

    /// Every item its behaviors act on, once each, by their places (view tree, then index paths):
    /// made again only when the arrangement has changed (a layout asks for it at every pass).
    var allItems: [any UIDynamicItem] {
        if let runtime, let o = ordered, o.arrangement == runtime.arrangement { return o.items }
        var out: [any UIDynamicItem] = []
        var seen = Set<ObjectIdentifier>()  // asked only; the order is the sort's
        for b in behaviors {
            for leaf in b.tree {
                for item in leaf.dynamicItems where seen.insert(ObjectIdentifier(item)).inserted { out.append(item) }
            }
        }
        guard let runtime else { return out }
        for case let a as UICollectionViewLayoutAttributes in out { a.ordersAnAnimator = true }
        let items = canonical(out) { runtime.key(of: $0) }
        ordered = (runtime.arrangement, items)
        return items
    }

    /// Takes the item's centre and turn as they are now (after your code moved it).
    /// Refuses, at your call, an item whose centre or transform is not a finite number.
    open func updateItem(usingCurrentState item: any UIDynamicItem, file: String = #fileID, line: Int = #line) {
        let c = item.center, t = item.transform
        guard [c.x, c.y, t.a, t.b, t.c, t.d].allSatisfy(\.isFinite) else {
            UIKitRuntime.current?.fail(
                CallSite(file: file, line: line),
                "updateItem(usingCurrentState:): the item's centre or transform is not a finite number: center \(c), transform \(t)"
            )
            return
        }
        toUpdate.append(item)
    }

    // MARK: - Behaviors in and out

    func attach(_ behavior: UIDynamicBehavior, site: CallSite = CallSite(file: "", line: 0)) {
        for b in behavior.tree {
            b.willMove(to: self)
            b.dynamicAnimator = self
            if let ib = b as? UIDynamicItemBehavior {
                velocityAdds += ib.velocityAdds
                ib.velocityAdds = []
            }
            if b.spec(ItemNames(name: { _ in "" }, key: { _ in [] })) != nil {
                toUninstall.removeAll { $0 === b }
                if b.engineID == nil { toInstall.append((b, site)) }
            }
        }
    }
    func detach(_ behavior: UIDynamicBehavior) {
        for b in behavior.tree {
            b.willMove(to: nil)
            b.dynamicAnimator = nil
            toInstall.removeAll { $0.behavior === b }
            if b.engineID != nil { toUninstall.append(b) }
        }
    }
    /// A parameter changed: applied at the next step, after the behavior is installed (a change
    /// made before its first step lands after it, as in UIKit, where the behavior exists at once).
    func change(_ behavior: UIDynamicBehavior, _ parameters: [BehaviorParameter]) {
        guard behavior.engineID != nil || toInstall.contains(where: { $0.behavior === behavior }) else { return }
        toChange.append((behavior, parameters))
    }
    func remake(_ behavior: UIDynamicBehavior) {
        guard behavior.engineID != nil, !toUninstall.contains(where: { $0 === behavior }) else { return }
        toUninstall.append(behavior)
        toInstall.append((behavior, CallSite(file: "", line: 0)))
    }
    func addVelocity(_ v: CGPoint, angular: CGFloat, to item: any UIDynamicItem) {
        velocityAdds.append((item, v, angular))
    }
    func dynamics(of item: any UIDynamicItem) -> ItemDynamics? {
        if let member = memberNames[ObjectIdentifier(item)] { return engine?.state(of: member) }
        guard let i = bodyIndex[ObjectIdentifier(item)] else { return nil }
        return engine?.state(of: bodies[i].name)
    }
}
