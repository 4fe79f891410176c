import Foundation
import SpringyCore
import SpringyDynamics

/// Where a field acts, centred on its position: everywhere, a circle or a rectangle.
public final class UIRegion: NSObject, Sendable {
    let region: FieldRegion
    init(_ region: FieldRegion) { self.region = region }
    public convenience init(radius: CGFloat) { self.init(.circle(radius: Double(radius))) }
    public convenience init(size: CGSize) { self.init(.rect(Size2(Double(size.width), Double(size.height)))) }
    public static var infinite: UIRegion { UIRegion(.infinite) }
    /// Whether `point` (relative to the region's centre) is inside.
    public func contains(_ point: CGPoint) -> Bool { region.contains(vec(point)) }
}

/// UIKit's fields (iOS 9): radial and linear gravity, springs, drag, velocity, noise,
/// turbulence, electric, magnetic and vortex fields, on DYNAMICS.md's units ("Fields").
/// A field made with `field(evaluationBlock:)` is not offered: its closure would run per item
/// per step outside the mapping, and a missing member is a compile error, not a no-op.
open class UIFieldBehavior: UIDynamicBehavior, ItemList {
    var itemList: [any UIDynamicItem] = []
    var spec: FieldSpec

    init(kind: FieldKind) {
        spec = FieldSpec(kind: kind, items: [], position: .zero)
        super.init()
    }

    public class func dragField() -> UIFieldBehavior { UIFieldBehavior(kind: .drag) }
    public class func vortexField() -> UIFieldBehavior { UIFieldBehavior(kind: .vortex) }
    public class func springField() -> UIFieldBehavior { UIFieldBehavior(kind: .spring) }
    public class func electricField() -> UIFieldBehavior { UIFieldBehavior(kind: .electric) }
    public class func magneticField() -> UIFieldBehavior { UIFieldBehavior(kind: .magnetic) }
    public class func radialGravityField(position: CGPoint) -> UIFieldBehavior {
        let f = UIFieldBehavior(kind: .radial_gravity)
        f.spec.position = vec(position)
        return f
    }
    public class func linearGravityField(direction: CGVector) -> UIFieldBehavior {
        let f = UIFieldBehavior(kind: .linear_gravity)
        f.spec.direction = vec(direction)
        return f
    }
    public class func velocityField(direction: CGVector) -> UIFieldBehavior {
        let f = UIFieldBehavior(kind: .velocity)
        f.spec.direction = vec(direction)
        return f
    }
    public class func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> UIFieldBehavior {
        let f = UIFieldBehavior(kind: .noise)
        f.spec.smoothness = Double(smoothness)
        f.spec.animationSpeed = Double(speed)
        return f
    }
    public class func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> UIFieldBehavior {
        let f = UIFieldBehavior(kind: .turbulence)
        f.spec.smoothness = Double(smoothness)
        f.spec.animationSpeed = Double(speed)
        return f
    }

    open var items: [any UIDynamicItem] { itemList }
    open func addItem(_ item: any UIDynamicItem) { addingItem(item) }
    open func removeItem(_ item: any UIDynamicItem) { removingItem(item) }

    open var position: CGPoint {
        get { point(spec.position) }
        set {
            spec.position = vec(newValue)
            changed([BehaviorParameter("anchor", .point(spec.position))])
        }
    }
    open var strength: CGFloat {
        get { CGFloat(spec.strength) }
        set {
            spec.strength = Double(newValue)
            changed([BehaviorParameter("magnitude", .number(spec.strength))])
        }
    }
    open var direction: CGVector {
        get { CGVector(dx: spec.direction.x, dy: spec.direction.y) }
        set {
            spec.direction = vec(newValue)
            changed([BehaviorParameter("direction", .point(spec.direction))])
        }
    }
    open var region: UIRegion {
        get { UIRegion(spec.region) }
        set {
            spec.region = newValue.region
            remade()
        }
    }
    open var falloff: CGFloat {
        get { CGFloat(spec.falloff) }
        set { remaking(\.falloff, Double(newValue)) }
    }
    open var minimumRadius: CGFloat {
        get { CGFloat(spec.minimumRadius) }
        set { remaking(\.minimumRadius, Double(newValue)) }
    }
    open var smoothness: CGFloat {
        get { CGFloat(spec.smoothness) }
        set { remaking(\.smoothness, Double(newValue)) }
    }
    open var animationSpeed: CGFloat {
        get { CGFloat(spec.animationSpeed) }
        set { remaking(\.animationSpeed, Double(newValue)) }
    }
    /// A value the engine cannot change in place: the field is made anew at the next step.
    private func remaking(_ k: WritableKeyPath<FieldSpec, Double>, _ value: Double) {
        spec[keyPath: k] = value
        remade()
    }

    override func spec(_ name: ItemNames) -> BehaviorSpec? {
        var f = spec
        f.items = name.list(itemList)
        return .field(f)
    }
    override var dynamicItems: [any UIDynamicItem] { itemList }
}
