import Foundation
import SpringyCore
import SpringyRender
import SpringyScene
import SpringySimulation

/// `springy bench --compare A B`: two scenes of the same system — a Swift (SpringyUIKit) scene
/// and the scene file it mirrors — simulated and drawn on one thread, the best of `runs` runs
/// each, and the second's time per frame as a multiple of the first's.
package enum CompareBenchmark {
    struct Timing {
        var name: String
        var frames: Int
        var simulate: Double  // seconds per frame
        var draw: Double
        var perFrame: Double { simulate + draw }
    }

    package struct Result {
        var first: Timing
        var second: Timing
        /// The second's time per frame as a multiple of the first's.
        var ratio: Double { second.perFrame / max(first.perFrame, 1e-12) }

        package var table: String {
            func row(_ t: Timing) -> String {
                String(
                    format: "  %@: %d frames, %.3f ms per frame (simulate %.3f, draw %.3f)", t.name, t.frames,
                    t.perFrame * 1000, t.simulate * 1000, t.draw * 1000)
            }
            return """
                one thread, the best of \(CompareBenchmark.runs) runs each:
                \(row(first))
                \(row(second))
                  \(second.name) takes \(String(format: "%.2f", ratio))× \(first.name)'s time per frame
                """
        }
    }

    static let runs = 5

    package static func run(_ first: Scene, _ second: Scene) throws -> Result {
        Result(first: try timing(first), second: try timing(second))
    }

    /// Simulating and drawing every frame (no encoding), the best of `runs` runs.
    static func timing(_ scene: Scene) throws -> Timing {
        // A Swift scene and the scene file it mirrors share a slug: say which is which.
        let name = scene.program == nil ? scene.file : "\(scene.slug) (Swift)"
        var best = Timing(name: name, frames: 0, simulate: .infinity, draw: .infinity)
        let renderer = try Renderer(scene: scene)
        for _ in 0..<runs {
            var simulate = 0.0, draw = 0.0, frames = 0
            var spare: Canvas?
            let simulation = try Simulation(scene: scene)
            var t = Benchmark.now()
            try simulation.run { state in
                let t1 = Benchmark.now()
                simulate += t1 - t
                _ = try renderer.render(state, reusing: &spare).data
                t = Benchmark.now()
                draw += t - t1
                frames += 1
            }
            let n = Double(max(frames, 1))
            if (simulate + draw) / n < best.perFrame {
                best = Timing(name: name, frames: frames, simulate: simulate / n, draw: draw / n)
            }
        }
        return best
    }
}
