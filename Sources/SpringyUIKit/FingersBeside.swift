import Foundation

// One finger, several recognisers: a pan or scroll view above what a finger drives recognises
// with it when their delegates say they may recognise together
// (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`) — a card's pan inside a scroll
// view that scrolls too, a sheet's pan beside its content's scroll.

extension Fingers.Hit {
    /// The recogniser it is (a scroll view's pan for a scroll view; none for a control).
    var recognizer: UIGestureRecognizer? {
        switch self {
        case .pan(let r): r
        case .tap(let r, _): r
        case .swipe(let r): r
        case .scroll(let s): s.panGestureRecognizer
        case .control: nil
        }
    }

    /// The view it is on.
    var view: UIView? {
        switch self {
        case .pan(let r): r.view
        case .tap(let r, _): r.view
        case .swipe(let r): r.view
        case .scroll(let s): s
        case .control(let c): c
        }
    }
}

extension Fingers {
    /// The pans and scroll views above what touch `k` drives, on the views its finger is in,
    /// that may recognise with it and with each other (either delegate says so for every pair);
    /// a pan among them with a delegate is asked `gestureRecognizerShouldBegin` now. Those another
    /// finger drives are left to it.
    func besides(_ k: Int, at point: CGPoint) -> [Hit] {
        guard let main = touches[k].hit, let first = main.recognizer else { return [] }
        let taken = touches.indices.filter { $0 != k }.flatMap { i in
            (touches[i].hit.map { [$0.object] } ?? []) + touches[i].beside.map(\.object)
        }
        var out: [Hit] = []
        var above = main.view
        while let v = above, let next = hit(point, in: window, touch: touches[k].shown, above: v) {
            above = next.view
            guard let r = next.recognizer, !taken.contains(where: { $0 === next.object }) else { continue }
            switch next {
            case .pan, .scroll: break
            case .tap, .swipe, .control: continue
            }
            guard r.together(with: first), out.allSatisfy({ $0.recognizer.map(r.together) ?? false }) else { continue }
            if case .pan(let pan) = next, pan.delegate != nil, !pan.mayBegin() { continue }
            out.append(next)
        }
        return out
    }

    /// Touch `k`'s finger starts what it drives beside its own (landed at `landing`, now at `p`).
    func startBeside(_ k: Int, landing: CGPoint, _ p: CGPoint) {
        touches[k].beside = besides(k, at: landing)
        for b in touches[k].beside {
            drive(b, .began, landing)
            if p != landing { drive(b, .changed, p) }
        }
    }
}
