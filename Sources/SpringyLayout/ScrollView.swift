import Foundation
import SpringyCore
import SpringyFrame

/// UIScrollView along one axis: the content follows a tracking finger (rubber-banded
/// past the edges), decelerates after a fling, springs back from an overscroll, settles on a
/// page or a chosen rest point, and runs programmatic animated scrolls (DYNAMICS.md,
/// "Scrolling"). Motion after release is evaluated in closed form from the release time, so
/// it does not drift with the step size.
package struct ScrollAxis: Sendable {
    /// UIScrollView.DecelerationRate.normal: velocity × 0.998 per millisecond.
    package static let normalDeceleration = 0.998
    /// UIScrollView.DecelerationRate.fast: velocity × 0.99 per millisecond.
    package static let fastDeceleration = 0.99
    /// The rubber band's constant, widely quoted since iOS 5.
    package static let rubberBandConstant = 0.55
    /// The return from an overscroll: a critically damped spring of mass 1 and
    /// stiffness 100 (ω = 10/s). An approximation of UIKit's, not its exact curve.
    package static let bounceOmega = 10.0
    /// A paging scroll view turns a release faster than this (pt/s) into the next page in its
    /// direction; slower, it settles on the nearest page (Springy's threshold).
    package static let pagingFlingSpeed = 250.0
    /// An animated setContentOffset / scrollToItem: 0.3 s on UIKit's ease-in-out curve.
    package static let animatedScrollDuration = 0.3

    enum Phase: Sendable {
        case idle
        case tracking(startOffset: Double, startFinger: Double)
        case decelerating(start: Double, velocity: Double, time: Double)
        case bouncing(edge: Double, displacement: Double, velocity: Double, time: Double)
        /// Decelerating onto a chosen rest point (a page, a snap point):
        /// x(t) = target + (start − target)·d^(1000t), d the paging or deceleration rate.
        case settling(start: Double, target: Double, rate: Double, time: Double)
        /// A programmatic animated scroll.
        case animating(from: Double, to: Double, time: Double)
    }

    package private(set) var offset: Double = 0
    package private(set) var velocity: Double = 0
    /// The view's length along the axis.
    package var viewLength: Double
    package var contentLength: Double
    /// UIScrollView.bounces: rubber-band past the edges (else the offset stops at them).
    package var bounces: Bool
    /// alwaysBounceVertical/Horizontal for this axis: drag (and bounce) even when the
    /// content is no longer than the view.
    package var alwaysBounce: Bool
    /// contentInset along this axis (leading: top or left; trailing: bottom or right): the
    /// resting offsets run from −leading to contentLength − viewLength + trailing.
    package var insetLeading: Double
    package var insetTrailing: Double
    /// decelerationRate: the velocity's factor per millisecond.
    package var rate: Double
    /// isPagingEnabled: a release settles on a multiple of the view's length.
    package var paging: Bool
    var phase: Phase = .idle

    package init(
        viewLength: Double, contentLength: Double, offset: Double = 0, bounces: Bool = true, alwaysBounce: Bool = false,
        insetLeading: Double = 0, insetTrailing: Double = 0, rate: Double = ScrollAxis.normalDeceleration,
        paging: Bool = false
    ) {
        self.viewLength = viewLength; self.contentLength = contentLength; self.offset = offset
        self.bounces = bounces; self.alwaysBounce = alwaysBounce
        self.insetLeading = insetLeading; self.insetTrailing = insetTrailing
        self.rate = rate; self.paging = paging
    }

    /// The smallest and largest resting offsets (the content inset included).
    package var minOffset: Double { -insetLeading }
    package var maxOffset: Double { max(minOffset, contentLength - viewLength + insetTrailing) }
    /// Whether a pan moves the content: UIKit's scroll view ignores a drag along an axis
    /// whose content (with its insets) fits the view unless it always bounces there.
    package var isScrollable: Bool { contentLength + insetLeading + insetTrailing > viewLength || (alwaysBounce && bounces) }
    package var isMoving: Bool { if case .idle = phase { return false } else { return true } }
    package var isTracking: Bool { if case .tracking = phase { return true } else { return false } }

    /// offset = (1 − 1 / (x·c/D + 1))·D for an overscroll x.
    package static func rubberBand(_ overscroll: Double, dimension: Double) -> Double {
        (1 - 1 / (overscroll * rubberBandConstant / dimension + 1)) * dimension
    }

    /// Closed-form deceleration: x(t) = x₀ + v₀(dᵗ⁽¹⁰⁰⁰⁾ − 1)/(1000 ln d).
    package static func decelerated(start: Double, velocity: Double, time: Double, rate: Double = normalDeceleration) -> (
        offset: Double, velocity: Double
    ) {
        let k = 1000 * log(rate)
        let decay = pow(rate, 1000 * time)
        return (start + velocity * (decay - 1) / k, velocity * decay)
    }

    /// UIKit's ease-in-out timing curve (cubic Bézier 0.42, 0, 0.58, 1) at time fraction `t`.
    package static func easeInOut(_ t: Double) -> Double { CubicTimingCurve.easeInOut.progress(t) }

    /// Where a release with `velocity` (pt/s, along the offset) would come to rest on its own:
    /// x₀ − v₀ / (1000 ln d), within the resting offsets.
    package func proposedRest(velocity v: Double) -> Double {
        min(max(offset - v / (1000 * log(rate)), minOffset), maxOffset)
    }

    /// Where a paging release at fractional page `p` goes: the next page in a fling's direction
    /// (faster than pagingFlingSpeed), else the nearest.
    package static func page(from p: Double, velocity v: Double) -> Double {
        if v > pagingFlingSpeed { return p.rounded(.down) + 1 }
        if v < -pagingFlingSpeed { return p.rounded(.up) - 1 }
        return p.rounded()
    }

    /// The page a paging release settles on: the next one in a fling's direction, else the nearest.
    package func pageTarget(velocity v: Double) -> Double {
        let page = Self.page(from: offset / viewLength, velocity: v)
        return min(max(page * viewLength, minOffset), maxOffset)
    }

    package mutating func beginTracking(finger: Double) {
        guard isScrollable else { return }
        // A finger landing on moving content catches it: tracking starts from where it is.
        phase = .tracking(startOffset: unbanded(offset), startFinger: finger)
        velocity = 0
    }

    /// The offset the finger asks for before the rubber band.
    private func unbanded(_ o: Double) -> Double {
        if o < minOffset {
            let y = (minOffset - o) / viewLength
            return y >= 1 ? o : minOffset - (viewLength / Self.rubberBandConstant) * (1 / (1 - y) - 1)
        }
        if o > maxOffset {
            let y = (o - maxOffset) / viewLength
            return y >= 1 ? o : maxOffset + (viewLength / Self.rubberBandConstant) * (1 / (1 - y) - 1)
        }
        return o
    }

    package mutating func track(finger: Double, h: Double) {
        guard case .tracking(let startOffset, let startFinger) = phase else { return }
        let raw = startOffset - (finger - startFinger)
        let new: Double
        if !bounces {
            new = min(max(raw, minOffset), maxOffset)
        } else if raw < minOffset {
            new = minOffset - Self.rubberBand(minOffset - raw, dimension: viewLength)
        } else if raw > maxOffset {
            new = maxOffset + Self.rubberBand(raw - maxOffset, dimension: viewLength)
        } else {
            new = raw
        }
        velocity = (new - offset) / h
        offset = new
    }

    /// Lifts the finger; `fingerVelocity` is along the axis (pt/s), 0 for a held release.
    /// Past an edge the content bounces back; with paging it settles on a page; otherwise
    /// `target` (the layout's targetContentOffset, given the proposed rest point and the
    /// velocity) may choose where it comes to rest, and it decelerates onto that point.
    package mutating func release(
        fingerVelocity: Double, target: (_ proposed: Double, _ velocity: Double) -> Double? = { _, _ in nil }
    ) {
        guard isScrollable else { return }
        let v = -fingerVelocity
        if offset < minOffset || offset > maxOffset {
            let edge = offset < minOffset ? minOffset : maxOffset
            phase = .bouncing(edge: edge, displacement: offset - edge, velocity: v, time: 0)
            return
        }
        let chosen: Double? =
            paging
            ? pageTarget(velocity: v)
            : target(proposedRest(velocity: v), v).map {
                min(max($0, minOffset), maxOffset)
            }
        if let chosen {
            // Paging settles on UIKit's fast rate; a chosen point on the scroll view's own rate.
            settle(to: chosen, rate: paging ? Self.fastDeceleration : rate)
        } else if abs(v) > 0 {
            phase = .decelerating(start: offset, velocity: v, time: 0)
        } else {
            phase = .idle
            velocity = 0
        }
    }

    mutating func settle(to target: Double, rate: Double) {
        if abs(target - offset) < 0.5 {
            offset = target
            velocity = 0
            phase = .idle
        } else {
            phase = .settling(start: offset, target: target, rate: rate, time: 0)
        }
    }

    /// setContentOffset(_:animated:): at once, or over 0.3 s on the ease-in-out curve. The
    /// offset is not clamped (UIKit does not clamp it either).
    package mutating func scroll(to target: Double, animated: Bool) {
        if animated && target != offset {
            phase = .animating(from: offset, to: target, time: 0)
        } else {
            setOffset(target)
        }
    }

    /// Advances the free motion by one step.
    package mutating func advance(h: Double) {
        switch phase {
        case .idle, .tracking:
            return
        case .decelerating(let start, let v0, let t0):
            let t = t0 + h
            let (x, v) = Self.decelerated(start: start, velocity: v0, time: t, rate: rate)
            let rest = start - v0 / (1000 * log(rate))
            if x < minOffset || x > maxOffset {
                // Ran past an edge: the band takes the remaining velocity and brings it back;
                // without bouncing the content stops dead at the edge.
                let edge = x < minOffset ? minOffset : maxOffset
                offset = edge
                if !bounces {
                    velocity = 0
                    phase = .idle
                    return
                }
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
        case .bouncing(let edge, let x0, let v0, let t0):
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
        case .settling(let start, let target, let d, let t0):
            let t = t0 + h
            let decay = pow(d, 1000 * t)
            let x = target + (start - target) * decay
            velocity = (start - target) * 1000 * log(d) * decay
            if abs(x - target) < 0.5 {
                offset = target
                velocity = 0
                phase = .idle
            } else {
                offset = x
                phase = .settling(start: start, target: target, rate: d, time: t)
            }
        case .animating(let from, let to, let t0):
            let t = t0 + h
            let clock = TimedProgress.easeInOut(start: 0, duration: Self.animatedScrollDuration)
            if clock.isFinished(at: t) {
                offset = to
                velocity = 0
                phase = .idle
            } else {
                let x = clock.value(from: from, to: to, at: t)
                velocity = (x - offset) / max(h, 1e-9)
                offset = x
                phase = .animating(from: from, to: to, time: t)
            }
        }
    }

    /// Sets the offset directly (layout changes), stopping any motion.
    package mutating func setOffset(_ o: Double) {
        offset = o
        velocity = 0
        phase = .idle
    }
}
