import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyPipeline
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

/// Random collection scripts from fixed seeds: inserts, deletes, batch updates, taps, drags,
/// reorders, pinches and view animations on cells that may be gone, several events at one time, on every
/// layout. Every run ends (or a batch update UIKit would refuse stops it with a located
/// error), draws no NaN, names each cell once per frame, and two runs agree.
final class ScriptPropertyTests: XCTestCase {
    func script(seed: UInt64) -> String {
        var g = PropertyTests.Generator(state: seed)
        let sections = g.int(1, 3)
        var counts = (0..<sections).map { _ in g.int(0, 25) }
        if counts.allSatisfy({ $0 == 0 }) { counts[0] = 1 }
        let kind = ["flow", "list", "grid", "compositional"][g.int(0, 3)]
        let dynamics = kind == "flow" ? ["none", "springy", "drag"][g.int(0, 2)] : "none"
        let direction = kind == "flow" && dynamics == "springy" ? "horizontal" : ["vertical", "horizontal"][g.int(0, 1)]
        var inserted = 0
        // A cell that exists at the start or may have been inserted since (it may be deleted by then).
        func path() -> String {
            let section = g.int(0, sections - 1)
            return "\"\(section).\(g.int(0, max(0, counts[section] + inserted - 1)))\""
        }
        /// A cell of a section that holds (or may by then hold) some: animations name real cells.
        func cellPath() -> String {
            let live = (0..<sections).filter { counts[$0] + inserted > 0 }
            let section = live[g.int(0, live.count - 1)]
            return "\"\(section).\(g.int(0, counts[section] + inserted - 1))\""
        }
        var events: [String] = []
        var t = 0.0
        for _ in 0..<g.int(3, 14) {
            if g.next() < 0.7 { t += (g.range(0, 0.4) * 20).rounded() / 20 }  // else: the same time as the last
            let at = String(format: "%.2f", t)
            switch g.int(0, 11) {
            case 0:
                let count = g.int(1, 5)
                events.append(
                    "  - { at: \(at), insert: { at: \(g.next() < 0.3 ? "right_of_center" : path()), count: \(count) } }")
                inserted += count
            case 1: events.append("  - { at: \(at), delete: { items: [\(path()), \(path())] } }")
            case 2: events.append("  - { at: \(at), tap: { item: \(path()) } }")
            case 3: events.append("  - { at: \(at), select: { items: [\(path())] } }")
            case 4:
                let x = g.range(20, 300).rounded(), y = g.range(20, 500).rounded()
                events.append(
                    "  - { at: \(at), pan: { from: [\(x), \(y)], to: [\(x - g.range(-200, 200).rounded()), \(y - g.range(-300, 300).rounded())], duration: \(String(format: "%.2f", g.range(0.05, 0.5))), release: \(g.next() < 0.5 ? "fling" : "hold") } }"
                )
            case 5 where dynamics == "drag":
                events.append(
                    "  - { at: \(at), long_press: { at: [\(g.range(20, 300).rounded()), \(g.range(20, 500).rounded())], press: 0.2, path: [[60, 60], [200, 300]], duration: 0.3 } }"
                )
            case 6:
                let count = g.int(0, 2)
                events.append(
                    "  - { at: \(at), update: { delete: [\(path())], insert: [\((0..<count).map { _ in path() }.joined(separator: ", "))], move: [[\(path()), \(path())]] } }"
                )
                inserted += count
            case 7:
                let x = g.range(20, 300).rounded(), y = g.range(20, 500).rounded()
                events.append(
                    "  - { at: \(at), reorder: { at: [\(x), \(y)], press: 0.2, path: [[\(x), \(y)], [\(g.range(0, 375).rounded()), \(g.range(0, 667).rounded())]], duration: 0.3, cancel: \(g.next() < 0.3) } }"
                )
            case 8:
                events.append(
                    "  - { at: \(at), pinch: { center: [\(g.range(50, 300).rounded()), \(g.range(50, 600).rounded())], scale: \(String(format: "%.2f", g.range(0.3, 3))), rotation: \(g.range(-90, 90).rounded()), duration: 0.3 } }"
                )
            case 9:
                events.append(
                    "  - { at: \(at), animate: { views: [\(cellPath())], duration: \(String(format: "%.2f", g.range(0, 0.6))), curve: \(["ease_in_out", "ease_in", "ease_out", "linear"][g.int(0, 3)]), to: { translation: [\(g.range(-50, 50).rounded()), 0], scale: \(String(format: "%.2f", g.range(0.5, 1.5))), alpha: \(String(format: "%.2f", g.next())) } } }"
                )
            case 10:
                events.append(
                    "  - { at: \(at), swiftui: { views: [\(cellPath())], spring: { duration: 0.4, bounce: \(String(format: "%.2f", g.range(-0.5, 0.9))) }, to: { rotation: \(g.range(-90, 90).rounded()), color: \"#FF0000\" } } }"
                )
            default: events.append("  - { at: \(at), tap: { at: [\(g.range(0, 375).rounded()), \(g.range(0, 667).rounded())] } }")
            }
        }
        let orthogonal = ["none", "continuous", "paging", "group_paging_centered"]
        let sectionLines = counts.map { count -> String in
            kind == "compositional"
                ? "    - { items: \(count), header: \"S\", item_size: [\"80%\", 90], orthogonal: \(orthogonal[g.int(0, 3)]) }"
                : "    - { items: \(count), header: \"S\" }"
        }.joined(separator: "\n")
        let layoutKeys =
            kind == "grid" ? "columns: 6, item_size: [90, 90], " : kind == "compositional" ? "" : "direction: \(direction), "
        return SpringyTestSupport.scene(
            375, 667, time: "fps: 30, duration: \(String(format: "%.1f", t + 1))",
            """
            collection:
              layout: { kind: \(kind), \(layoutKeys)header_height: \(g.next() < 0.5 ? 0 : 30), sticky_headers: \(g.next() < 0.5) }
              sections:
            \(sectionLines)
              dynamics: { kind: \(dynamics) }
            script:
            \(events.joined(separator: "\n"))
            """)
    }

    func testRandomScriptsRunToTheEndWithoutNaNOrRepeatsAndTwoRunsAgree() throws {
        var ran = 0, refused = 0
        for seed in UInt64(1)...60 {
            let text = script(seed: seed)
            let s: Scene
            do { s = try SceneLoader.decode(yaml: text, file: "script-\(seed).yaml") } catch {
                XCTFail("seed \(seed) did not load: \(error)\n\(text)"); continue
            }
            // validate (what `springy validate` runs) must give exactly what a full run gives.
            var validated: String?
            do { _ = try TraceJob.validate(s) } catch { validated = "\(error)" }
            let a: [FrameState]
            do { a = try Simulation.frames(of: s) } catch let e as SimulationError {
                // A batch update naming cells that are not there is refused, as UIKit refuses it.
                XCTAssertTrue(e.keyPath.hasSuffix(".update") && e.file == "script-\(seed).yaml", "seed \(seed): \(e)")
                XCTAssertEqual(validated, "\(e)", "seed \(seed): validate gives the refusal render meets")
                refused += 1
                continue
            }
            XCTAssertNil(validated, "seed \(seed): validate refused a scene that renders")
            XCTAssertEqual(a.count, s.time.maxFrameCount, "seed \(seed) runs to its end")
            for f in a {
                XCTAssertEqual(Set(f.items.map(\.id)).count, f.items.count, "seed \(seed): a cell twice in frame \(f.frame)")
                for it in f.items {
                    XCTAssertTrue(
                        it.center.isFinite && it.size.width.isFinite && it.velocity.isFinite,
                        "seed \(seed): NaN at frame \(f.frame)")
                }
                XCTAssertTrue(f.contentOffset.isFinite, "seed \(seed): offset at frame \(f.frame)")
            }
            XCTAssertEqual(a.map(TraceWriter.line), try Simulation.frames(of: s).map(TraceWriter.line), "seed \(seed): two runs")
            ran += 1
        }
        XCTAssertEqual(ran + refused, 60)
        XCTAssertGreaterThan(ran, 30, "most random scripts run to their end")
    }
}
