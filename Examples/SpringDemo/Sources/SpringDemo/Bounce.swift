/// The spring the app's card hangs on: a UIAttachmentBehavior's frequency and damping ratio.
public enum Bounce {
    public static let frequency = 1.5
    public static let damping = 0.3

    /// The card's scene for Springy: the card hanging 100 pt below its anchor, released from
    /// 70 pt further down.
    public static var scene: String {
        """
        springy: 1
        name: The card's bounce
        viewport: { size: [240, 360], scale: 1, background: "#FFFFFF" }
        time: { fps: 30, duration: 2 }
        golden: { frames: [0, 15, last] }
        items:
          card: { center: [120, 280], size: [120, 60], fill: "#007AFF", label: "card" }
        behaviors:
          - attachment: { item: card, to: [120, 110], length: 100, frequency: \(frequency), damping: \(damping) }
          - item: { items: [card], resistance: 0, allows_rotation: false }
        """
    }
}
