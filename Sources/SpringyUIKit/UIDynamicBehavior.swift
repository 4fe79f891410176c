import Foundation
import SpringyCore
import SpringyDynamics

/// Where in the user's Swift a call was made (for errors that name it).
package struct CallSite: Sendable {
    package var file: String
    package var line: Int
    package init(file: String, line: Int) { self.file = file; self.line = line }
    var text: String { "\(file):\(line)" }
}

/// A UIKit Dynamics behavior: on its own, a group of child behaviors (and an `action` run at
/// every step); its subclasses are UIKit's kinds, each one of Springy's behavior specs on Box2D.
open class UIDynamicBehavior: NSObject {
    public private(set) var childBehaviors: [UIDynamicBehavior] = [] {
        didSet { UIKitRuntime.current?.arrangement += 1 }
    }
    /// Run after every step of the animator the behavior is in.
    open var action: (() -> Void)?
    /// The animator it is in (directly or through a parent).
    public internal(set) weak var dynamicAnimator: UIDynamicAnimator?
    weak var parentBehavior: UIDynamicBehavior?
    /// The engine's behavior while installed.
    var engineID: BehaviorID?
    /// It has been in Box2D's world (a later install is a remake).
    var wasInstalled = false

    public override init() { super.init() }

    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior !== self, !childBehaviors.contains(where: { $0 === behavior }) else { return }
        behavior.parentBehavior?.removeChildBehavior(behavior)
        childBehaviors.append(behavior)
        behavior.parentBehavior = self
        if let animator = dynamicAnimator { animator.attach(behavior) }
    }
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard let i = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: i)
        behavior.parentBehavior = nil
        if let animator = dynamicAnimator { animator.detach(behavior) }
    }
    /// Called before the behavior joins an animator, or leaves one (nil).
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    // MARK: - The engine's part (each kind overrides)

    /// The kind's spec, its items named by `names` (a list kind's items in their canonical order);
    /// nil for a behavior with nothing of its own.
    func spec(_ names: ItemNames) -> BehaviorSpec? { nil }
    /// The items it acts on, in its own order.
    var dynamicItems: [any UIDynamicItem] { [] }
    /// Parameters changed while installed: the animator applies them at its next step.
    func changed(_ parameters: [BehaviorParameter]) { dynamicAnimator?.change(self, parameters) }
    /// Its items or boundaries changed: the animator makes it anew at its next step.
    func remade() {
        UIKitRuntime.current?.arrangement += 1
        dynamicAnimator?.remake(self)
    }

    /// This behavior and its descendants, parents first.
    var tree: [UIDynamicBehavior] { [self] + childBehaviors.flatMap(\.tree) }
}

/// The items of a list kind (gravity, collision, push, item behavior): added and removed as UIKit's are.
protocol ItemList: UIDynamicBehavior {
    var itemList: [any UIDynamicItem] { get set }
}

extension ItemList {
    func addingItem(_ item: any UIDynamicItem) {
        guard !itemList.contains(where: { $0 === item }) else { return }
        itemList.append(item)
        remade()
    }
    func removingItem(_ item: any UIDynamicItem) {
        guard let i = itemList.firstIndex(where: { $0 === item }) else { return }
        itemList.remove(at: i)
        remade()
    }
}

/// How an animator names the items of a behavior it installs: one item, or a list in the
/// canonical order (the view tree's), whatever order your code gave.
struct ItemNames {
    let name: (any UIDynamicItem) -> String
    let key: (any UIDynamicItem) -> [Int]
    func callAsFunction(_ item: any UIDynamicItem) -> String { name(item) }
    func list(_ items: [any UIDynamicItem]) -> [String] { canonical(items, key: key).map(name) }
}

/// `items` in canonical order: each item's place worked out once, then sorted by it (a place
/// walks the view tree up, so a comparison must not ask for it again).
func canonical(_ items: [any UIDynamicItem], key: (any UIDynamicItem) -> [Int]) -> [any UIDynamicItem] {
    items.map { (key($0), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
}

func vec(_ p: CGPoint) -> Vec2 { Vec2(Double(p.x), Double(p.y)) }
func vec(_ v: CGVector) -> Vec2 { Vec2(Double(v.dx), Double(v.dy)) }
func point(_ v: Vec2) -> CGPoint { CGPoint(x: v.x, y: v.y) }

// MARK: - Gravity

/// Gravity on its items: `magnitude` 1 is 1000 pt/s² (UIKit's), towards `angle` (π/2 = down).
open class UIGravityBehavior: UIDynamicBehavior, ItemList {
    var itemList: [any UIDynamicItem]
    var vector = Vec2(0, 1)
    var restingAngle = 0.0
    /// A behavior with no items yet (add them with `addItem`).
    public convenience override init() { self.init(items: []) }
    public init(items: [any UIDynamicItem]) {
        itemList = items
        super.init()
    }
    open var items: [any UIDynamicItem] { itemList }
    open func addItem(_ item: any UIDynamicItem) { addingItem(item) }
    open func removeItem(_ item: any UIDynamicItem) { removingItem(item) }

    open var gravityDirection: CGVector {
        get { CGVector(dx: vector.x, dy: vector.y) }
        set {
            vector = vec(newValue)
            changed([.direction(vector)])
        }
    }
    open var angle: CGFloat {
        get { vector.length > 0 ? CGFloat(atan2(vector.y, vector.x)) : CGFloat(restingAngle) }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    open var magnitude: CGFloat {
        get { CGFloat(vector.length) }
        set { setAngle(angle, magnitude: newValue) }
    }
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        let a = Double(angle), m = Double(magnitude)
        restingAngle = a
        vector = m == 0 ? .zero : Vec2(cos(a), sin(a)) * m
        if m == 0 { restingAngle = 0 }
        changed([.direction(vector)])
    }

    override func spec(_ name: ItemNames) -> BehaviorSpec? {
        var g = GravitySpec(items: name.list(itemList), vector: vector)
        g.restingAngle = restingAngle
        return .gravity(g)
    }
    override var dynamicItems: [any UIDynamicItem] { itemList }
}

// MARK: - Item behavior

/// Item properties: elasticity, friction, density, resistance, charge, anchoring, rotation.
/// What is not set keeps the item defaults UIKit's bodies have (DYNAMICS.md, "Item defaults").
open class UIDynamicItemBehavior: UIDynamicBehavior, ItemList {
    var itemList: [any UIDynamicItem]
    var properties = ItemProperties()
    /// Velocities to add once the items are in the world (in the order asked).
    var velocityAdds: [(item: any UIDynamicItem, linear: CGPoint, angular: CGFloat)] = []
    /// A behavior with no items yet (add them with `addItem`).
    public convenience override init() { self.init(items: []) }
    public init(items: [any UIDynamicItem]) {
        itemList = items
        super.init()
    }
    open var items: [any UIDynamicItem] { itemList }
    open func addItem(_ item: any UIDynamicItem) { addingItem(item) }
    open func removeItem(_ item: any UIDynamicItem) { removingItem(item) }

    private var defaults: ItemProperties { dynamicAnimator?.world.defaults ?? .uikit }
    /// A property as set here, else the item default (UIKit's bodies' own).
    private func read(_ k: KeyPath<ItemProperties, Double?>, else fallback: Double) -> CGFloat {
        CGFloat(properties[keyPath: k] ?? defaults[keyPath: k] ?? fallback)
    }
    /// Sets one property (only that one is handed to the animator: the others keep theirs).
    private func write<T>(_ k: WritableKeyPath<ItemProperties, T?>, _ value: T) {
        var only = ItemProperties()
        only[keyPath: k] = value
        properties[keyPath: k] = value
        changed([BehaviorParameter("properties", .properties(only))])
    }
    open var elasticity: CGFloat {
        get { read(\.elasticity, else: 0) }
        set { write(\.elasticity, Double(newValue)) }
    }
    open var friction: CGFloat {
        get { read(\.friction, else: 0) }
        set { write(\.friction, Double(newValue)) }
    }
    open var density: CGFloat {
        get { read(\.density, else: 1) }
        set { write(\.density, Double(newValue)) }
    }
    open var resistance: CGFloat {
        get { read(\.resistance, else: 0) }
        set { write(\.resistance, Double(newValue)) }
    }
    open var angularResistance: CGFloat {
        get { read(\.angularResistance, else: 0) }
        set { write(\.angularResistance, Double(newValue)) }
    }
    open var charge: CGFloat {
        get { read(\.charge, else: 0) }
        set { write(\.charge, Double(newValue)) }
    }
    open var isAnchored: Bool {
        get { properties.anchored ?? defaults.anchored ?? false }
        set { write(\.anchored, newValue) }
    }
    open var allowsRotation: Bool {
        get { properties.allowsRotation ?? defaults.allowsRotation ?? true }
        set { write(\.allowsRotation, newValue) }
    }

    /// Refuses, at your call, a velocity that is not a finite number.
    open func addLinearVelocity(_ velocity: CGPoint, for item: any UIDynamicItem, file: String = #fileID, line: Int = #line) {
        guard velocity.x.isFinite, velocity.y.isFinite else {
            UIKitRuntime.current?.fail(
                CallSite(file: file, line: line), "addLinearVelocity(_:for:): the velocity is not a finite number: \(velocity)")
            return
        }
        guard itemList.contains(where: { $0 === item }) else { return }
        if let animator = dynamicAnimator {
            animator.addVelocity(velocity, angular: 0, to: item)
        } else {
            velocityAdds.append((item, velocity, 0))
        }
    }
    open func linearVelocity(for item: any UIDynamicItem) -> CGPoint {
        dynamicAnimator?.dynamics(of: item).map { point($0.velocity) } ?? .zero
    }
    /// Refuses, at your call, a velocity that is not a finite number.
    open func addAngularVelocity(_ velocity: CGFloat, for item: any UIDynamicItem, file: String = #fileID, line: Int = #line) {
        guard velocity.isFinite else {
            UIKitRuntime.current?.fail(
                CallSite(file: file, line: line), "addAngularVelocity(_:for:): the velocity is not a finite number: \(velocity)")
            return
        }
        guard itemList.contains(where: { $0 === item }) else { return }
        if let animator = dynamicAnimator {
            animator.addVelocity(.zero, angular: velocity, to: item)
        } else {
            velocityAdds.append((item, .zero, velocity))
        }
    }
    open func angularVelocity(for item: any UIDynamicItem) -> CGFloat {
        dynamicAnimator?.dynamics(of: item).map { CGFloat($0.angularVelocity) } ?? 0
    }

    override func spec(_ name: ItemNames) -> BehaviorSpec? {
        .item(ItemBehaviorSpec(items: name.list(itemList), properties: properties))
    }
    override var dynamicItems: [any UIDynamicItem] { itemList }
}

// MARK: - Snap

/// Pulls an item onto a point, its rotation back to 0, with `damping` (0.5 unless set).
open class UISnapBehavior: UIDynamicBehavior {
    let item: any UIDynamicItem
    public init(item: any UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        snapPoint = point
        super.init()
    }
    open var snapPoint: CGPoint {
        didSet { changed([BehaviorParameter("to", .point(vec(snapPoint)))]) }
    }
    open var damping: CGFloat = 0.5 {
        didSet { changed([BehaviorParameter("damping", .number(Double(damping)))]) }
    }
    override func spec(_ name: ItemNames) -> BehaviorSpec? {
        .snap(SnapSpec(item: name(item), point: vec(snapPoint), damping: Double(damping)))
    }
    override var dynamicItems: [any UIDynamicItem] { [item] }
}

// MARK: - Push

/// A force on its items: continuous (every step) or instantaneous (one impulse, then inactive).
open class UIPushBehavior: UIDynamicBehavior, ItemList {
    public enum Mode: Int, Sendable { case continuous, instantaneous }
    var itemList: [any UIDynamicItem]
    public let mode: Mode
    var vector = Vec2.zero
    var restingAngle = 0.0
    var offsets: [(item: any UIDynamicItem, offset: UIOffset)] = []
    public init(items: [any UIDynamicItem], mode: Mode) {
        itemList = items
        self.mode = mode
        super.init()
    }
    open var items: [any UIDynamicItem] { itemList }
    open func addItem(_ item: any UIDynamicItem) { addingItem(item) }
    open func removeItem(_ item: any UIDynamicItem) { removingItem(item) }

    /// On or off; an instantaneous push turns itself off once it has pushed.
    open var active: Bool {
        get { isActive }
        set {
            isActive = newValue
            changed([BehaviorParameter("active", .flag(newValue))])
        }
    }
    var isActive = true
    open var pushDirection: CGVector {
        get { CGVector(dx: vector.x, dy: vector.y) }
        set {
            vector = vec(newValue)
            isActive = true
            changed([.direction(vector)])
        }
    }
    open var angle: CGFloat {
        get { vector.length > 0 ? CGFloat(atan2(vector.y, vector.x)) : CGFloat(restingAngle) }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    open var magnitude: CGFloat {
        get { CGFloat(vector.length) }
        set { setAngle(angle, magnitude: newValue) }
    }
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        let a = Double(angle), m = Double(magnitude)
        restingAngle = m == 0 ? 0 : a
        vector = m == 0 ? .zero : Vec2(cos(a), sin(a)) * m
        isActive = true
        changed([.direction(vector)])
    }
    /// Where on `item` it pushes (Springy pushes every item of one behavior at one offset: a
    /// second, different offset is refused at the next step).
    open func setTargetOffsetFromCenter(_ offset: UIOffset, for item: any UIDynamicItem) {
        offsets.removeAll { $0.item === item }
        offsets.append((item, offset))
        remade()
    }
    open func targetOffsetFromCenter(for item: any UIDynamicItem) -> UIOffset {
        offsets.first { $0.item === item }?.offset ?? .zero
    }

    override func spec(_ name: ItemNames) -> BehaviorSpec? {
        let o = offsets.first.map { Vec2(Double($0.offset.horizontal), Double($0.offset.vertical)) } ?? .zero
        var p = PushSpec(
            items: name.list(itemList), mode: mode == .continuous ? .continuous : .instantaneous, vector: vector, offset: o)
        p.restingAngle = restingAngle
        return .push(p)
    }
    override var dynamicItems: [any UIDynamicItem] { itemList }
    /// Offsets that differ between items (which Springy's push cannot hold).
    var offsetProblem: String? {
        let distinct = offsets.map(\.offset).reduce(into: [UIOffset]()) { if !$0.contains($1) { $0.append($1) } }
        guard distinct.count > 1 || (distinct.count == 1 && offsets.count < itemList.count && distinct[0] != .zero)
        else { return nil }
        return "UIPushBehavior: every item of one push must have the same target offset in Springy; use one push per offset"
    }
}
