import Foundation
import SpringyCore
import SpringyFrame
import SpringyGolden
import SpringyScene

/// A seeded set of 100 timing mutations of four kinds of scene — delays of a SwiftUI spring, a
/// UIView animation, a thrown item and a scroll view's pan, and a spring's bounce and duration
/// changed — each a golden scene and its mutated copy, as YAML. TimingMutationTests holds
/// `check`'s diagnosis of them to truths it works out itself; `springy bench --mutations`
/// measures, on the same set, what each kind of golden detects and how well the diagnosis
/// names the first differing frame and the offset.
package enum TimingMutations {
    package struct Case: Sendable {
        package enum Kind: String, Sendable, CaseIterable {
            case springDelay = "spring delay"
            case curveDelay = "curve delay"
            case throwDelay = "throw delay"
            case panDelay = "pan delay"
            case springBounce = "spring bounce"
            case springDuration = "spring duration"
        }
        package var kind: Kind
        /// Frames the mutation starts later (negative: earlier), for a delay; 0 otherwise.
        package var delay: Int
        /// The spring's duration and bounce (the golden's: 0.5 and 0.3).
        package var duration: Double
        package var bounce: Double
        package var golden: String
        package var mutated: String
    }

    package static let fps = 60.0
    /// Frames at which each kind's golden starts its motion.
    package static let starts: [Case.Kind: Int] = [
        .springDelay: 12, .springBounce: 12, .springDuration: 12, .curveDelay: 15, .throwDelay: 18, .panDelay: 15,
    ]

    /// The same mutations on every run.
    struct Seeded {
        var generator: SplitMix64
        init(state: UInt64) { generator = SplitMix64(state: state) }
        mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(generator.next() % UInt64(r.count)) }
        mutating func double(_ r: ClosedRange<Double>) -> Double {
            r.lowerBound + (r.upperBound - r.lowerBound) * generator.unit()
        }
    }

    /// A time written so that Springy reads frame `k` exactly.
    static func at(_ k: Int) -> String { String(format: "%.12f", Double(k) / fps) }

    static func header(_ w: Int, _ h: Int, _ duration: Double) -> String {
        "springy: 1\nviewport: { size: [\(w), \(h)], scale: 1 }\ntime: { fps: 60, duration: \(duration) }\ngolden: { frames: [0, last] }\n"
    }

    package static func springScene(start: Int, duration: Double, bounce: Double) -> String {
        header(300, 400, 4) + """
            items:
              box: { center: [150, 60], size: [40, 40] }
            script:
              - { at: \(at(start)), swiftui: { views: [box], spring: { duration: \(duration), bounce: \(bounce) }, to: { center: [150, 300] } } }

            """
    }

    package static func curveScene(start: Int) -> String {
        header(300, 400, 2) + """
            items:
              box: { center: [60, 200], size: [40, 40] }
            script:
              - { at: \(at(start)), animate: { views: [box], duration: 0.6, curve: ease_in_out, to: { center: [240, 200] } } }

            """
    }

    package static func throwScene(start: Int) -> String {
        header(300, 400, 2.5) + """
            items:
              ball: { center: [150, 200], size: [30, 30] }
            behaviors:
              - collision: { items: [ball] }
              - item: { items: [ball], elasticity: 0.6, resistance: 0.5 }
            script:
              - { at: \(at(start)), add_velocity: { item: ball, linear: [700, -450], angular: 120 } }

            """
    }

    package static func panScene(start: Int) -> String {
        header(375, 667, 3) + """
            collection:
              layout: { kind: flow, item_size: [80, 80] }
              sections:
                - items: 120
            script:
              - { at: \(at(start)), pan: { from: [187, 600], to: [187, 450], duration: 0.15, velocity: [0, -1400] } }

            """
    }

    static func scene(_ kind: Case.Kind, start: Int, duration: Double = 0.5, bounce: Double = 0.3) -> String {
        switch kind {
        case .springDelay, .springBounce, .springDuration: return springScene(start: start, duration: duration, bounce: bounce)
        case .curveDelay: return curveScene(start: start)
        case .throwDelay: return throwScene(start: start)
        case .panDelay: return panScene(start: start)
        }
    }

    /// The 100 mutations: 25 spring delays, 15 each of the curve, throw and pan delays (d in
    /// −10…10 frames, not 0), 15 bounce changes (0.05…0.6) and 15 duration changes (0.35…0.8 s).
    package static func cases(seed: UInt64 = 31) -> [Case] {
        var random = Seeded(state: seed)
        let counts: [(Case.Kind, Int)] = [
            (.springDelay, 25), (.curveDelay, 15), (.throwDelay, 15), (.panDelay, 15), (.springBounce, 15), (.springDuration, 15),
        ]
        var out: [Case] = []
        for (kind, count) in counts {
            for _ in 0..<count {
                var d = 0
                while d == 0 { d = random.int(-10...10) }
                var bounce = 0.3, duration = 0.5
                switch kind {
                case .springBounce: while abs(bounce - 0.3) < 0.02 { bounce = random.double(0.05...0.6) }
                case .springDuration: while abs(duration - 0.5) < 0.02 { duration = random.double(0.35...0.8) }
                case .springDelay, .curveDelay, .throwDelay, .panDelay: break  // a delay only
                }
                let start = starts[kind]!
                let delay = kind == .springBounce || kind == .springDuration ? 0 : d
                out.append(
                    Case(
                        kind: kind, delay: delay, duration: duration, bounce: bounce, golden: scene(kind, start: start),
                        mutated: scene(kind, start: start + delay, duration: duration, bounce: bounce)))
            }
        }
        return out
    }

    /// What `springy bench --mutations` prints.
    package struct Result {
        package var cases = 0
        package var byTrace = 0, byHashes = 0, byPNGs = 0
        package var shiftsWithinOneFrame = 0, delays = 0
        package var settlingWithinOneFrame = 0, springs = 0
        package var table: String {
            """
            timing mutations (\(cases), seeded; PNG goldens at frames 0 and last):
              detected by the trace golden:     \(byTrace) of \(cases)
              detected by the frame hashes:     \(byHashes) of \(cases)
              detected by the PNG goldens:      \(byPNGs) of \(cases)
              delays whose shift is found within ±1 frame:          \(shiftsWithinOneFrame) of \(delays)
              spring changes whose settling change is within ±1 frame of SpringSystem's: \(settlingWithinOneFrame) of \(springs)
            """
        }
    }

    /// Runs every mutation against its golden the way `check` compares them.
    package static func measure() throws -> Result {
        var r = Result()
        var goldens: [String: (Rendered: GoldenRun.Rendered, trace: [TraceFrame])] = [:]  // looked up only
        func run(_ text: String) throws -> (GoldenRun.Rendered, [TraceFrame]) {
            var scene = try SceneLoader.decode(yaml: text, file: "mutation.yaml")
            scene.golden.hashes = true
            let rendered = try GoldenRun.render(scene)
            return (rendered, try CompactTrace.parse(CompactTrace.text(of: rendered.states)))
        }
        for c in cases() {
            r.cases += 1
            let golden: (GoldenRun.Rendered, [TraceFrame])
            if let g = goldens[c.golden] { golden = g } else { golden = try run(c.golden); goldens[c.golden] = golden }
            let mutated = try run(c.mutated)
            let timing = TimingDiff.diagnose(expected: golden.1, actual: mutated.1, tolerance: TraceTolerance(), fps: fps)
            if timing.firstDifferingFrame != nil { r.byTrace += 1 }
            if golden.0.hashes != mutated.0.hashes { r.byHashes += 1 }
            if zip(golden.0.frames, mutated.0.frames).contains(where: { !Bytes.equal($0.1, $1.1) }) { r.byPNGs += 1 }
            switch c.kind {
            case .springBounce, .springDuration:
                r.springs += 1
                // SwiftUI's fluid spring's completion for each spring (the box goes 240 pt), in frames.
                func settle(_ d: Double, _ b: Double) -> Double {
                    FluidSpring(duration: d, bounce: b).settlingDuration(travel: 240) * fps
                }
                let truth = settle(c.duration, c.bounce) - settle(0.5, 0.3)
                if let a = timing.settles, let e = timing.expectedSettles, abs(Double(a - e) - truth) <= 1.5 {
                    r.settlingWithinOneFrame += 1
                }
            case .springDelay, .curveDelay, .throwDelay, .panDelay:
                r.delays += 1
                if let shift = timing.shift, abs(shift - c.delay) <= 1 { r.shiftsWithinOneFrame += 1 }
            }
        }
        return r
    }
}
