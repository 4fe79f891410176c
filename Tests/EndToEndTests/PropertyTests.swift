import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// Random valid scenes from fixed seeds (SplitMix64): no crash, no NaN, items that collide
/// with the bounds stay inside, energy does not grow without input, and two runs agree.
final class PropertyTests: XCTestCase {
    struct Generator {
        var state: UInt64
        mutating func next() -> Double {
            var g = SplitMix64(state: state)
            defer { state = g.state }
            return g.unit()
        }
        mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * next() }
        mutating func int(_ a: Int, _ b: Int) -> Int { a + Int(next() * Double(b - a + 1)) % (b - a + 1) }
    }

    struct Generated {
        var yaml: String
        var sizes: [String: Size2]
        var ellipses: Set<String>
        var densities: [String: Double]
        var gravity: Vec2  // pt/s²
        var bounded: Bool
        var closed: Bool  // no input: energy must not grow
    }

    func scene(seed: UInt64) -> Generated {
        var g = Generator(state: seed)
        let count = g.int(1, 6)
        var items = "", names: [String] = []
        var placed: [(Vec2, Double)] = []
        var sizes: [String: Size2] = [:], densities: [String: Double] = [:]
        var ellipses: Set<String> = []
        for k in 0..<count {
            let size = Size2(g.range(10, 70).rounded(), g.range(10, 70).rounded())
            let r = (size.width * size.width + size.height * size.height).squareRoot() / 2
            var center = Vec2(0, 0)
            for _ in 0..<50 {
                center = Vec2(g.range(r + 2, 300 - r - 2).rounded(), g.range(r + 2, 400 - r - 2).rounded())
                if !placed.contains(where: { $0.0.distance(to: center) < $0.1 + r + 2 }) { break }
            }
            if placed.contains(where: { $0.0.distance(to: center) < $0.1 + r + 2 }) { continue }
            placed.append((center, r))
            let name = "i\(k)"
            names.append(name)
            sizes[name] = size
            let shape = g.next() < 0.3 ? "ellipse" : "rectangle"
            if shape == "ellipse" { ellipses.insert(name) }
            items += "  \(name): { center: [\(center.x), \(center.y)], size: [\(size.width), \(size.height)], shape: \(shape) }\n"
        }
        let list = names.joined(separator: ", ")
        let angle = g.range(0, 360).rounded(), magnitude = (g.range(0, 3) * 100).rounded() / 100
        let mode = ["everything", "boundaries", "everything"][g.int(0, 2)]
        var behaviors = "  - gravity: { items: [\(list)], angle: \(angle), magnitude: \(magnitude) }\n"
        behaviors += "  - collision: { items: [\(list)], mode: \(mode) }\n"
        for n in names {
            let e = (g.range(0, 1) * 100).rounded() / 100, d = (g.range(0.2, 4) * 100).rounded() / 100
            densities[n] = d
            behaviors +=
                "  - item: { items: [\(n)], elasticity: \(e), density: \(d), friction: \((g.range(0, 1) * 100).rounded() / 100) }\n"
        }
        var closed = true
        if g.next() < 0.4, let first = names.first {
            behaviors +=
                "  - attachment: { item: \(first), to: [150, 100], frequency: \((g.range(0.5, 25) * 10).rounded() / 10), damping: \((g.range(0, 1) * 100).rounded() / 100) }\n"
            closed = false
        }
        var script = ""
        if g.next() < 0.4, let last = names.last {
            script =
                "script:\n  - at: \((g.range(0, 0.8) * 100).rounded() / 100)\n    push: { item: \(last), angle: \(g.range(0, 360).rounded()), magnitude: \((g.range(0, 5) * 100).rounded() / 100) }\n"
            closed = false
        }
        let yaml = SpringyTestSupport.scene(
            300, 400, time: "fps: 30, duration: 1",
            """
            items:
            \(items)behaviors:
            \(behaviors)\(script)
            """)
        let a = angle.degreesToRadians
        return Generated(
            yaml: yaml, sizes: sizes, ellipses: ellipses, densities: densities,
            gravity: Vec2(cos(a), sin(a)) * (magnitude * 1000), bounded: true, closed: closed)
    }

    func testTwoHundredRandomScenesBehave() throws {
        var checked = 0
        for seed in UInt64(1)...200 {
            let gen = scene(seed: seed)
            let s: Scene
            do { s = try SceneLoader.decode(yaml: gen.yaml, file: "random-\(seed).yaml") } catch {
                XCTFail("seed \(seed) did not load: \(error)\n\(gen.yaml)"); continue
            }
            let a = try Simulation.frames(of: s)
            let b = try Simulation.frames(of: s)
            XCTAssertEqual(a.map(TraceWriter.line), b.map(TraceWriter.line), "seed \(seed): two runs")
            var e0: Double?
            for f in a {
                var energy = 0.0
                for it in f.items {
                    XCTAssertTrue(it.center.isFinite && it.velocity.isFinite && it.angle.isFinite, "seed \(seed): NaN")
                    let size = gen.sizes[it.id]!
                    var hx = (abs(size.width * cos(it.angle)) + abs(size.height * sin(it.angle))) / 2
                    var hy = (abs(size.width * sin(it.angle)) + abs(size.height * cos(it.angle))) / 2
                    if gen.ellipses.contains(it.id) {
                        let a = size.width / 2, b = size.height / 2, c = cos(it.angle), sn = sin(it.angle)
                        hx = ((a * c) * (a * c) + (b * sn) * (b * sn)).squareRoot()
                        hy = ((a * sn) * (a * sn) + (b * c) * (b * c)).squareRoot()
                    }
                    let allowance = 3.0  // Box2D lets bodies sink a little into edges under load
                    XCTAssertTrue(
                        it.center.x - hx > -allowance && it.center.x + hx < 300 + allowance
                            && it.center.y - hy > -allowance && it.center.y + hy < 400 + allowance,
                        "seed \(seed): \(it.id) outside the bounds at frame \(f.frame): \(it.center) size \(size) angle \(it.angle) ellipse \(gen.ellipses.contains(it.id)) extents \(hx), \(hy)"
                    )
                    let m = gen.densities[it.id]! * size.width * size.height / 10_000
                    energy +=
                        0.5 * m * (it.velocity.x * it.velocity.x + it.velocity.y * it.velocity.y)
                        - m * (gen.gravity.x * it.center.x + gen.gravity.y * it.center.y)
                }
                if gen.closed {
                    if let start = e0 {
                        XCTAssertLessThanOrEqual(
                            energy, start + 0.01 * abs(start) + 50, "seed \(seed): energy grew at frame \(f.frame)")
                    } else {
                        e0 = energy
                    }
                }
            }
            checked += 1
        }
        XCTAssertEqual(checked, 200)
    }
}
