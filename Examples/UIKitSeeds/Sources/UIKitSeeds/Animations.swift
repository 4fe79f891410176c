#if canImport(UIKit)
    import UIKit
#else
    import SpringyUIKit
#endif

/// scenes/view-animations.yaml (but its keyframes): UIView.animate's four curves, its spring,
/// and a card whose alpha, transform, colour and bounds animate, then animate back mid-flight.
final class ViewAnimationsViewController: UIViewController {
    var rows: [String: UIView] = [:]
    var card: UIView!

    func tile(_ id: String, center: CGPoint, size: CGSize, color: UIColor) -> UIView {
        let v = UIView(
            frame: CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height))
        v.accessibilityIdentifier = id
        v.backgroundColor = color
        v.layer.cornerRadius = 8
        view.addSubview(v)
        return v
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        for (k, id) in ["in_out", "in", "out", "linear", "spring"].enumerated() {
            rows[id] = tile(
                id, center: CGPoint(x: 45, y: 70 + 60 * CGFloat(k)), size: CGSize(width: 70, height: 40), color: .systemBlue)
        }
        card = tile("card", center: CGPoint(x: 290, y: 540), size: CGSize(width: 100, height: 70), color: .systemTeal)
        square = tile("path", center: CGPoint(x: 70, y: 420), size: CGSize(width: 50, height: 50), color: .systemGreen)
    }
    var square: UIView!

    /// Round a square path in four keyframes, turning yellow and back (the YAML scene turns the
    /// square a quarter in each: a transform cannot tell 270° from -90°, so this one keeps still).
    func roundTheSquare() {
        UIView.animateKeyframes(withDuration: 2.4, delay: 0) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) {
                self.square.center = CGPoint(x: 170, y: 420)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) {
                self.square.center = CGPoint(x: 170, y: 600)
                self.square.backgroundColor = UIColor(red: 1, green: 0.8, blue: 0, alpha: 1)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) {
                self.square.center = CGPoint(x: 70, y: 600)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) {
                self.square.center = CGPoint(x: 70, y: 420)
                self.square.backgroundColor = .systemGreen
            }
        }
    }

    func slide() {
        UIView.animate(withDuration: 1.2) { self.rows["in_out"]!.center.x = 330 }
        UIView.animate(withDuration: 1.2, delay: 0, options: .curveEaseIn, animations: { self.rows["in"]!.center.x = 330 })
        UIView.animate(withDuration: 1.2, delay: 0, options: [.curveEaseOut], animations: { self.rows["out"]!.center.x = 330 })
        UIView.animate(withDuration: 1.2, delay: 0, options: .curveLinear, animations: { self.rows["linear"]!.center.x = 330 })
        UIView.animate(
            withDuration: 1.2, delay: 0, usingSpringWithDamping: 0.45, initialSpringVelocity: 0, options: [],
            animations: { self.rows["spring"]!.center.x = 330 })
    }

    func grow() {
        UIView.animate(withDuration: 1.2, delay: 0, options: .curveEaseOut) {
            self.card.alpha = 0.45
            self.card.transform = CGAffineTransform(rotationAngle: 30 * .pi / 180).scaledBy(x: 1.3, y: 1.3)
            self.card.backgroundColor = .systemRed
            self.card.bounds.size = CGSize(width: 110, height: 80)
        }
    }

    func shrink() {
        UIView.animate(withDuration: 1.2) {
            self.card.alpha = 1
            self.card.transform = .identity
            self.card.backgroundColor = .systemTeal
            self.card.bounds.size = CGSize(width: 100, height: 70)
        }
    }
}

/// scenes/property-animator.yaml: a drawer's animator paused, scrubbed, continued and reversed; a
/// ball thrown on a physical spring and taken back over mid-flight by a damped one.
final class PropertyAnimatorViewController: UIViewController {
    var drawer: UIView!
    var ball: UIView!
    var slide: UIViewPropertyAnimator!

    override func viewDidLoad() {
        super.viewDidLoad()
        drawer = UIView(frame: CGRect(x: 20, y: 520, width: 335, height: 160))
        drawer.accessibilityIdentifier = "drawer"
        drawer.backgroundColor = .systemBlue
        ball = UIView(frame: CGRect(x: 18, y: 98, width: 44, height: 44))
        ball.accessibilityIdentifier = "ball"
        ball.backgroundColor = .systemOrange
        ball.layer.cornerRadius = 22
        let marker = UIView(frame: CGRect(x: 332, y: 90, width: 6, height: 60))
        marker.accessibilityIdentifier = "marker"
        marker.backgroundColor = .systemGray3
        for v in [drawer!, ball!, marker] { view.addSubview(v) }
    }

    func start() {
        slide = UIViewPropertyAnimator(
            duration: 1.2, controlPoint1: CGPoint(x: 0.2, y: 0.8), controlPoint2: CGPoint(x: 0.2, y: 1)
        ) { self.drawer.center = CGPoint(x: 187.5, y: 330) }
        slide.startAnimation()
        let spring = UISpringTimingParameters(mass: 1, stiffness: 180, damping: 12, initialVelocity: .zero)
        let toss = UIViewPropertyAnimator(duration: 0, timingParameters: spring)
        toss.addAnimations {
            self.ball.center = CGPoint(x: 335, y: 120)
            self.ball.transform = CGAffineTransform(scaleX: 1.3, y: 1.3)
        }
        toss.startAnimation()
    }

    func takeBack() {
        UIViewPropertyAnimator(duration: 1.2, dampingRatio: 0.8) {
            self.ball.center = CGPoint(x: 40, y: 120)
            self.ball.transform = .identity
        }.startAnimation()
    }
}
