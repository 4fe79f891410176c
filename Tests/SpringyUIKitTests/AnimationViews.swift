import Foundation
import SpringyUIKit

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
