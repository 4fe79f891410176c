import Foundation
import SpringyCore
import SpringyFrame

/// UIScrollView along one axis: the content follows a tracking finger (rubber-banded
/// past the edges), decelerates after a fling, and springs back from an overscroll
/// (DYNAMICS.md, "Scrolling"). Motion after release is evaluated in closed form from
/// the release time, so it does not drift with the step size.
public struct ScrollAxis: Sendable {
    /// UIScrollView.DecelerationRate.normal: velocity × 0.998 per millisecond.
    public static let normalDeceleration = 0.998
    /// The rubber band's constant, widely quoted since iOS 5.
    public static let rubberBandConstant = 0.55
    /// The return from an overscroll: a critically damped spring of mass 1 and
    /// stiffness 100 (ω = 10/s). An approximation of UIKit's, not its exact curve.
    public static let bounceOmega = 10.0

    enum Phase: Sendable {
        case idle
        case tracking(startOffset: Double, startFinger: Double)
        case decelerating(start: Double, velocity: Double, time: Double)
        case bouncing(edge: Double, displacement: Double, velocity: Double, time: Double)
    }

    public private(set) var offset: Double = 0
    public private(set) var velocity: Double = 0
    /// The view's length along the axis.
    public var viewLength: Double
    public var contentLength: Double
    /// UIScrollView.bounces: rubber-band past the edges (else the offset stops at them).
    public var bounces: Bool
    /// alwaysBounceVertical/Horizontal for this axis: drag (and bounce) even when the
    /// content is no longer than the view.
    public var alwaysBounce: Bool
    var phase: Phase = .idle

    public init(viewLength: Double, contentLength: Double, offset: Double = 0, bounces: Bool = true, alwaysBounce: Bool = false) {
        self.viewLength = viewLength; self.contentLength = contentLength; self.offset = offset
        self.bounces = bounces; self.alwaysBounce = alwaysBounce
    }

    public var maxOffset: Double { max(0, contentLength - viewLength) }
    /// Whether a pan moves the content: UIKit's scroll view ignores a drag along an axis
    /// whose content fits the view unless it always bounces there.
    public var isScrollable: Bool { contentLength > viewLength || (alwaysBounce && bounces) }
    public var isMoving: Bool { if case .idle = phase { return false } else { return true } }
    public var isTracking: Bool { if case .tracking = phase { return true } else { return false } }

    /// offset = (1 − 1 / (x·c/D + 1))·D for an overscroll x.
    public static func rubberBand(_ overscroll: Double, dimension: Double) -> Double {
        (1 - 1 / (overscroll * rubberBandConstant / dimension + 1)) * dimension
    }

    /// Closed-form deceleration: x(t) = x₀ + v₀(dᵗ⁽¹⁰⁰⁰⁾ − 1)/(1000 ln d).
    public static func decelerated(start: Double, velocity: Double, time: Double, rate: Double = normalDeceleration) -> (offset: Double, velocity: Double) {
        let k = 1000 * log(rate)
        let decay = pow(rate, 1000 * time)
        return (start + velocity * (decay - 1) / k, velocity * decay)
    }

    public mutating func beginTracking(finger: Double) {
        guard isScrollable else { return }
        // A finger landing on moving content catches it: tracking starts from where it is.
        phase = .tracking(startOffset: unbanded(offset), startFinger: finger)
        velocity = 0
    }

    /// The offset the finger asks for before the rubber band.
    private func unbanded(_ o: Double) -> Double {
        if o < 0 {
            let y = -o / viewLength
            return y >= 1 ? o : -(viewLength / Self.rubberBandConstant) * (1 / (1 - y) - 1)
        }
        if o > maxOffset {
            let y = (o - maxOffset) / viewLength
            return y >= 1 ? o : maxOffset + (viewLength / Self.rubberBandConstant) * (1 / (1 - y) - 1)
        }
        return o
    }

    public mutating func track(finger: Double, h: Double) {
        guard case let .tracking(startOffset, startFinger) = phase else { return }
        let raw = startOffset - (finger - startFinger)
        let new: Double
        if !bounces { new = min(max(raw, 0), maxOffset) }
        else if raw < 0 { new = -Self.rubberBand(-raw, dimension: viewLength) }
        else if raw > maxOffset { new = maxOffset + Self.rubberBand(raw - maxOffset, dimension: viewLength) }
        else { new = raw }
        velocity = (new - offset) / h
        offset = new
    }

    /// Lifts the finger; `fingerVelocity` is along the axis (pt/s), 0 for a held release.
    public mutating func release(fingerVelocity: Double) {
        guard isScrollable else { return }
        let v = -fingerVelocity
        if offset < 0 || offset > maxOffset {
            let edge = offset < 0 ? 0 : maxOffset
            phase = .bouncing(edge: edge, displacement: offset - edge, velocity: v, time: 0)
        } else if abs(v) > 0 {
            phase = .decelerating(start: offset, velocity: v, time: 0)
        } else {
            phase = .idle
            velocity = 0
        }
    }

    /// Advances the free motion by one step.
    public mutating func advance(h: Double) {
        switch phase {
        case .idle, .tracking:
            return
        case let .decelerating(start, v0, t0):
            let t = t0 + h
            let (x, v) = Self.decelerated(start: start, velocity: v0, time: t)
            let rest = start - v0 / (1000 * log(Self.normalDeceleration))
            if x < 0 || x > maxOffset {
                // Ran past an edge: the band takes the remaining velocity and brings it back;
                // without bouncing the content stops dead at the edge.
                let edge = x < 0 ? 0.0 : maxOffset
                if !bounces {
                    offset = edge
                    velocity = 0
                    phase = .idle
                    return
                }
                offset = edge
                velocity = v
                phase = .bouncing(edge: edge, displacement: 0, velocity: v, time: 0)
                advance(h: 0)
                return
            }
            offset = x
            velocity = v
            if abs(rest - x) < 0.5 {
                offset = rest
                velocity = 0
                phase = .idle
            } else {
                phase = .decelerating(start: start, velocity: v0, time: t)
            }
        case let .bouncing(edge, x0, v0, t0):
            let t = t0 + h
            let w = Self.bounceOmega
            // Critically damped: x(t) = (x₀ + (v₀ + ωx₀)t)e^{−ωt}.
            let e = exp(-w * t)
            let x = (x0 + (v0 + w * x0) * t) * e
            let v = (v0 - w * (v0 + w * x0) * t) * e
            offset = edge + x
            velocity = v
            if abs(x) < 0.5 && abs(v) < 1 && t > 0 {
                offset = edge
                velocity = 0
                phase = .idle
            } else {
                phase = .bouncing(edge: edge, displacement: x0, velocity: v0, time: t)
            }
        }
    }

    /// Sets the offset directly (layout changes), stopping any motion.
    public mutating func setOffset(_ o: Double) {
        offset = o
        velocity = 0
        phase = .idle
    }
}
