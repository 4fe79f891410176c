#if canImport(UIKit)
    import UIKit
#else
    import SpringyUIKit
#endif

// The catalogue's samples as an iOS engineer writes them (only the import differs from iOS):
// scenes/gravity.yaml and scenes/collision.yaml, in UIKit.

/// A round view: it collides as an ellipse.
final class BallView: UIView {
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
}

func box(_ id: String, center: CGPoint, side: CGFloat, color: UIColor, label text: String, round: Bool = false) -> UIView {
    let view: UIView = round ? BallView(frame: .zero) : UIView(frame: .zero)
    view.bounds = CGRect(x: 0, y: 0, width: side, height: side)
    view.center = center
    view.backgroundColor = color
    view.accessibilityIdentifier = id
    if round { view.layer.cornerRadius = side / 2 }
    let label = UILabel(frame: view.bounds)
    label.text = text
    label.textAlignment = .center
    label.textColor = .white
    view.addSubview(label)
    return view
}

public final class GravityViewController: UIViewController {
    var animator: UIDynamicAnimator!
    /// Add the behaviors (and their items) in the opposite order: the world must be the same.
    var reversed = false

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0xF2 / 255, green: 0xF2 / 255, blue: 0xF7 / 255, alpha: 1)
        let a = box("a", center: CGPoint(x: 120, y: 80), side: 100, color: .systemOrange, label: "A")
        let b = box("b", center: CGPoint(x: 170, y: 220), side: 80, color: .systemGreen, label: "B")
        b.transform = CGAffineTransform(rotationAngle: 20 * .pi / 180)
        let c = box("c", center: CGPoint(x: 250, y: 330), side: 60, color: .systemBlue, label: "C")
        let d = box("d", center: CGPoint(x: 90, y: 330), side: 50, color: .systemPurple, label: "D", round: true)
        for v in [a, b, c, d] { view.addSubview(v) }

        animator = UIDynamicAnimator(referenceView: view)
        let items: [UIView] = reversed ? [d, c, b, a] : [a, b, c, d]
        let gravity = UIGravityBehavior(items: items)
        let collision = UICollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        if reversed {
            animator.addBehavior(collision)
            animator.addBehavior(gravity)
        } else {
            animator.addBehavior(gravity)
            animator.addBehavior(collision)
        }
    }
}

/// scenes/collision.yaml: a ramp boundary, the bounds inset at the bottom, a bouncier ball, and a
/// delegate that counts contacts.
final class CollisionViewController: UIViewController, UICollisionBehaviorDelegate {
    var animator: UIDynamicAnimator!
    var began: [String] = []
    var ended = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let ball = box("ball", center: CGPoint(x: 80, y: 60), side: 60, color: .systemRed, label: "1", round: true)
        let square = box("box", center: CGPoint(x: 200, y: 40), side: 70, color: .systemIndigo, label: "2")
        let small = box("small", center: CGPoint(x: 300, y: 120), side: 40, color: .systemOrange, label: "3")
        for v in [ball, square, small] { view.addSubview(v) }

        animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(UIGravityBehavior(items: [ball, square, small]))
        let collision = UICollisionBehavior(items: [ball, square, small])
        collision.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: 0, left: 0, bottom: 20, right: 0))
        collision.addBoundary(withIdentifier: "ramp" as NSString, from: CGPoint(x: 0, y: 380), to: CGPoint(x: 260, y: 470))
        collision.collisionDelegate = self
        animator.addBehavior(collision)
        let bouncy = UIDynamicItemBehavior(items: [ball])
        bouncy.elasticity = 0.6
        animator.addBehavior(bouncy)
    }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?,
        at p: CGPoint
    ) {
        began.append(
            "\((item as? UIView)?.accessibilityIdentifier ?? "?")|\((identifier as? NSString).map { $0 as String } ?? "bounds")")
    }
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem, at p: CGPoint
    ) {
        began.append(
            "\((item1 as? UIView)?.accessibilityIdentifier ?? "?")|\((item2 as? UIView)?.accessibilityIdentifier ?? "?")")
    }
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem
    ) {
        ended += 1
    }
}

/// scenes/attachment.yaml: a rigid pendulum held off-centre, a pin, two items tied 120 pt apart.
final class AttachmentViewController: UIViewController {
    var animator: UIDynamicAnimator!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let pendulum = box("pendulum", center: CGPoint(x: 260, y: 160), side: 60, color: .systemPink, label: "P")
        let pinned = UIView(frame: CGRect(x: 50, y: 145, width: 100, height: 30))
        pinned.backgroundColor = .systemTeal
        pinned.accessibilityIdentifier = "pinned"
        let head = box("head", center: CGPoint(x: 120, y: 420), side: 50, color: .systemGreen, label: "H")
        let tail = box("tail", center: CGPoint(x: 240, y: 420), side: 50, color: .systemTeal, label: "T")
        for v in [pendulum, pinned, head, tail] { view.addSubview(v) }

        animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(
            UIAttachmentBehavior(
                item: pendulum, offsetFromCenter: UIOffset(horizontal: -20, vertical: -20),
                attachedToAnchor: CGPoint(x: 187, y: 80)))
        animator.addBehavior(
            UIAttachmentBehavior(
                item: pinned, offsetFromCenter: UIOffset(horizontal: -45, vertical: 0), attachedToAnchor: CGPoint(x: 55, y: 160)))
        let tie = UIAttachmentBehavior(item: head, attachedTo: tail)
        tie.length = 120
        animator.addBehavior(tie)
        animator.addBehavior(UIGravityBehavior(items: [pendulum, pinned, head, tail]))
        let collision = UICollisionBehavior(items: [head, tail])
        collision.collisionMode = .boundaries
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
    }
}

/// scenes/snap.yaml: a card snaps loosely to one point, then (its snap replaced) tightly to another.
final class SnapViewController: UIViewController {
    var animator: UIDynamicAnimator!
    var card: UIView!
    var snap: UISnapBehavior!

    override func viewDidLoad() {
        super.viewDidLoad()
        card = box("card", center: CGPoint(x: 100, y: 120), side: 90, color: .systemIndigo, label: "Snap")
        card.transform = CGAffineTransform(rotationAngle: 15 * .pi / 180)
        view.addSubview(card)
        animator = UIDynamicAnimator(referenceView: view)
        snap = UISnapBehavior(item: card, snapTo: CGPoint(x: 260, y: 300))
        snap.damping = 0.2
        animator.addBehavior(snap)
    }

    func snapAgain() {
        animator.removeBehavior(snap)
        snap = UISnapBehavior(item: card, snapTo: CGPoint(x: 120, y: 540))
        snap.damping = 0.9
        animator.addBehavior(snap)
    }
}

/// scenes/push.yaml: an instantaneous flick and a continuous push, which is switched off.
final class PushViewController: UIViewController {
    var animator: UIDynamicAnimator!
    var flicked: UIView!
    var push: UIPushBehavior!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        flicked = box("flicked", center: CGPoint(x: 80, y: 200), side: 70, color: .systemRed, label: "flick")
        let pushed = box("pushed", center: CGPoint(x: 80, y: 450), side: 70, color: .systemBlue, label: "push")
        view.addSubview(flicked)
        view.addSubview(pushed)
        animator = UIDynamicAnimator(referenceView: view)
        push = UIPushBehavior(items: [pushed], mode: .continuous)
        push.setAngle(-30 * .pi / 180, magnitude: 0.5)
        animator.addBehavior(push)
        let collision = UICollisionBehavior(items: [flicked, pushed])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        let properties = UIDynamicItemBehavior(items: [flicked, pushed])
        properties.elasticity = 0.8
        properties.resistance = 0.5
        animator.addBehavior(properties)
    }

    func flick() {
        let flick = UIPushBehavior(items: [flicked], mode: .instantaneous)
        flick.setAngle(10 * .pi / 180, magnitude: 2.5)
        animator.addBehavior(flick)
    }
}

func ball(_ id: String, center: CGPoint, side: CGFloat, color: UIColor) -> UIView {
    box(id, center: center, side: side, color: color, label: "", round: true)
}

/// scenes/fields.yaml: UIFieldBehavior's radial gravity, vortex, spring, drag, magnetism and noise.
final class FieldsViewController: UIViewController {
    var animator: UIDynamicAnimator!

    override func viewDidLoad() {
        super.viewDidLoad()
        let planet = ball("planet", center: CGPoint(x: 110, y: 130), side: 40, color: .systemOrange)
        let moon = ball("moon", center: CGPoint(x: 180, y: 130), side: 20, color: .systemGray)
        let leaf = UIView(frame: CGRect(x: 286, y: 122, width: 28, height: 16))
        leaf.accessibilityIdentifier = "leaf"
        let weight = box("weight", center: CGPoint(x: 90, y: 300), side: 40, color: .systemBlue, label: "k")
        let puck = ball("puck", center: CGPoint(x: 180, y: 330), side: 30, color: .systemPink)
        let charge = ball("charge", center: CGPoint(x: 280, y: 500), side: 24, color: .systemYellow)
        let speck = ball("speck", center: CGPoint(x: 100, y: 560), side: 16, color: .systemPurple)
        for v in [planet, moon, leaf, weight, puck, charge, speck] { view.addSubview(v) }

        animator = UIDynamicAnimator(referenceView: view)
        let free = UIDynamicItemBehavior(items: [moon, leaf, weight, puck, charge, speck])
        free.resistance = 0
        free.angularResistance = 0
        free.addLinearVelocity(CGPoint(x: 0, y: 83.666), for: moon)
        free.addLinearVelocity(CGPoint(x: 220, y: 0), for: puck)
        free.addLinearVelocity(CGPoint(x: -120, y: 0), for: charge)
        animator.addBehavior(free)
        let charged = UIDynamicItemBehavior(items: [charge])
        charged.charge = 1
        animator.addBehavior(charged)
        let anchored = UIDynamicItemBehavior(items: [planet])
        anchored.isAnchored = true
        animator.addBehavior(anchored)

        let gravity = UIFieldBehavior.radialGravityField(position: CGPoint(x: 110, y: 130))
        gravity.strength = 0.1
        gravity.addItem(moon)
        animator.addBehavior(gravity)
        let vortex = UIFieldBehavior.vortexField()
        vortex.position = CGPoint(x: 300, y: 190)
        vortex.strength = 0.05
        vortex.region = UIRegion(radius: 120)
        vortex.addItem(leaf)
        animator.addBehavior(vortex)
        let spring = UIFieldBehavior.springField()
        spring.position = CGPoint(x: 90, y: 380)
        spring.strength = 0.16
        spring.addItem(weight)
        animator.addBehavior(spring)
        let drag = UIFieldBehavior.dragField()
        drag.position = CGPoint(x: 260, y: 330)
        drag.strength = 0.3
        drag.region = UIRegion(size: CGSize(width: 160, height: 120))
        drag.addItem(puck)
        animator.addBehavior(drag)
        let magnetic = UIFieldBehavior.magneticField()
        magnetic.strength = 0.2
        magnetic.addItem(charge)
        animator.addBehavior(magnetic)
        let noise = UIFieldBehavior.noiseField(smoothness: 0.6, animationSpeed: 0.8)
        noise.position = CGPoint(x: 187, y: 600)
        noise.strength = 0.08
        noise.addItem(speck)
        animator.addBehavior(noise)
    }
}

/// scenes/item-group.yaml, to its pan at 2.2 s: an L of three views falls as one body beside a block.
final class ItemGroupViewController: UIViewController {
    var animator: UIDynamicAnimator!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let stem = UIView(frame: CGRect(x: 120, y: 50, width: 40, height: 140))
        let foot = UIView(frame: CGRect(x: 160, y: 150, width: 60, height: 40))
        let cap = UIView(frame: CGRect(x: 120, y: 30, width: 40, height: 20))
        let block = box("block", center: CGPoint(x: 280, y: 600), side: 60, color: .systemOrange, label: "solo")
        for (v, id) in [(stem, "stem"), (foot, "foot"), (cap, "cap")] {
            v.accessibilityIdentifier = id
            v.backgroundColor = .systemIndigo
            view.addSubview(v)
        }
        view.addSubview(block)
        let ell = UIDynamicItemGroup(items: [stem, foot, cap])

        animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(UIGravityBehavior(items: [ell, block]))
        let collision = UICollisionBehavior(items: [ell, block])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        let bouncy = UIDynamicItemBehavior(items: [ell])
        bouncy.elasticity = 0.3
        bouncy.addLinearVelocity(CGPoint(x: 40, y: 0), for: ell)
        bouncy.addAngularVelocity(40 * .pi / 180, for: ell)
        animator.addBehavior(bouncy)
    }
}

/// Gravity and collision over twelve tiles, written as code often is: the tiles kept in a `Set`
/// and handed to the behaviors in its order, which Swift seeds differently in every process.
/// Springy applies what a step adds in one canonical order, so every process draws the same frames.
public final class ShuffledTilesViewController: UIViewController {
    var animator: UIDynamicAnimator!

    public override init() { super.init() }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        var tiles = Set<UIView>()
        for k in 0..<12 {
            let tile = UIView(frame: CGRect(x: 30 + CGFloat(k % 4) * 80, y: 60 + CGFloat(k / 4) * 70, width: 50, height: 40))
            tile.transform = CGAffineTransform(rotationAngle: CGFloat(k) * 0.2)
            tile.backgroundColor = [UIColor.systemRed, .systemOrange, .systemGreen, .systemBlue][k % 4]
            tile.layer.cornerRadius = 8
            view.addSubview(tile)
            tiles.insert(tile)
        }
        animator = UIDynamicAnimator(referenceView: view)
        let gravity = UIGravityBehavior(items: [])
        let collision = UICollisionBehavior(items: [])
        collision.translatesReferenceBoundsIntoBoundary = true
        let bounce = UIDynamicItemBehavior(items: [])
        bounce.elasticity = 0.5
        for tile in tiles {
            gravity.addItem(tile)
            collision.addItem(tile)
            bounce.addItem(tile)
        }
        // The behaviors, too, in an order of the Set's choosing.
        for behavior in Set<UIDynamicBehavior>([gravity, collision, bounce]) { animator.addBehavior(behavior) }
    }
}

/// scenes/item-properties.yaml: the frog and the dragon. The frog is dragged by a pan recogniser
/// (an attachment from the grabbed point to the finger, as UIKit's drag samples do), the
/// dragon hangs from it on a spring; then the frog snaps home and the dragon is pushed.
final class ItemPropertiesViewController: UIViewController {
    var animator: UIDynamicAnimator!
    var frog: UIView!
    var dragon: UIView!
    var drag: UIAttachmentBehavior?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0xF2 / 255, green: 0xF2 / 255, blue: 0xF7 / 255, alpha: 1)
        frog = box("frog", center: CGPoint(x: 187, y: 200), side: 80, color: .systemGreen, label: "Frog")
        dragon = box("dragon", center: CGPoint(x: 187, y: 420), side: 100, color: .systemRed, label: "Dragon", round: true)
        view.addSubview(frog)
        view.addSubview(dragon)
        frog.addGestureRecognizer(UIPanGestureRecognizer(action: { [unowned self] in self.dragged($0) }))

        animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(UIGravityBehavior(items: [dragon]))
        let collision = UICollisionBehavior(items: [frog, dragon])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        let spring = UIAttachmentBehavior(item: dragon, attachedTo: frog)
        spring.frequency = 1.5
        spring.damping = 0.3
        animator.addBehavior(spring)
        let heavy = UIDynamicItemBehavior(items: [frog])
        heavy.density = 3
        heavy.friction = 0.5
        heavy.allowsRotation = false
        animator.addBehavior(heavy)
        let bouncy = UIDynamicItemBehavior(items: [dragon])
        bouncy.elasticity = 0.7
        bouncy.resistance = 0.3
        bouncy.angularResistance = 2
        animator.addBehavior(bouncy)
    }

    func dragged(_ recognizer: UIGestureRecognizer) {
        let finger = recognizer.location(in: view)
        switch recognizer.state {
        case .began:
            // Held where the finger took it: an offset from the centre, in the frog's own turn.
            let t = frog.transform
            let d = CGPoint(x: finger.x - frog.center.x, y: finger.y - frog.center.y)
            let offset = UIOffset(horizontal: t.a * d.x + t.b * d.y, vertical: t.c * d.x + t.d * d.y)
            let attachment = UIAttachmentBehavior(item: frog, offsetFromCenter: offset, attachedToAnchor: finger)
            animator.addBehavior(attachment)
            drag = attachment
        case .changed:
            drag?.anchorPoint = finger
        case .ended, .cancelled, .failed:
            if let drag { animator.removeBehavior(drag) }
            drag = nil
        case .possible:
            break
        }
    }

    func snapHome() {
        let snap = UISnapBehavior(item: frog, snapTo: CGPoint(x: 187, y: 160))
        snap.damping = 0.5
        animator.addBehavior(snap)
    }

    func push() {
        let push = UIPushBehavior(items: [dragon], mode: .instantaneous)
        push.setAngle(-.pi / 2, magnitude: 3)
        animator.addBehavior(push)
    }
}

/// Apple's APLPendulumBehavior (the UIKit Dynamics Catalog's "Pendulum (Composite Behavior)"),
/// in Swift: a custom behavior whose children are a gravity behavior on the weight and an
/// attachment of the weight to the point it hangs from. (The sample's view controller also
/// drags the weight and lets it go with a push; that part is the app's and is left out.)
final class PendulumBehavior: UIDynamicBehavior {
    init(weight: UIDynamicItem, suspendedFrom point: CGPoint) {
        super.init()
        addChildBehavior(UIGravityBehavior(items: [weight]))
        addChildBehavior(UIAttachmentBehavior(item: weight, attachedToAnchor: point))
    }
}

/// A weight let go 45° from straight below the point it hangs from: scenes' `pendulum` kind is
/// this behavior.
final class PendulumViewController: UIViewController {
    var animator: UIDynamicAnimator!

    override func viewDidLoad() {
        super.viewDidLoad()
        let weight = box("weight", center: CGPoint(x: 343, y: 256), side: 60, color: .systemOrange, label: "Bob")
        view.addSubview(weight)
        animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(PendulumBehavior(weight: weight, suspendedFrom: CGPoint(x: 187.5, y: 100)))
    }
}
