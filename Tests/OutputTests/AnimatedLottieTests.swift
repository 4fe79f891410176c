import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

@testable import SpringyPipeline
@testable import SpringyRender

/// Issue 47: the Lottie file's keyframes, eased by fitted Bézier handles, are within 0.25
/// output pixels of every frame. A small Lottie reader here evaluates each layer as a player
/// does (keyframes with `i`/`o` handles solved by bisection, parents' positions added) at every
/// frame and compares each cell, each spring's two ends and each end's dot with the frame's own
/// state; the fit and the reduction's boundaries are checked on their own.
final class AnimatedLottieTests: XCTestCase {
    typealias Object = [String: Any]

    /// A property's value at frame `t`, as Lottie players read it.
    static func value(_ property: Object, at t: Double) -> [Double] {
        guard (property["a"] as? Int) == 1, let keys = property["k"] as? [Object] else {
            return numbers(property["k"]!)
        }
        let times = keys.map { Double(($0["t"] as? NSNumber)!.doubleValue) }
        guard t > times[0] else { return numbers(keys[0]["s"]!) }
        let k = times.lastIndex { $0 <= t }!
        guard k + 1 < keys.count, (keys[k]["h"] as? Int) != 1 else { return numbers(keys[k]["s"]!) }
        let x = (t - times[k]) / (times[k + 1] - times[k])
        let o = keys[k]["o"] as! Object, i = keys[k]["i"] as! Object
        let u = bezier(
            x, Self.number(o["x"]!), Self.number(o["y"]!), Self.number(i["x"]!), Self.number(i["y"]!))
        return zip(numbers(keys[k]["s"]!), numbers(keys[k + 1]["s"]!)).map { $0 + ($1 - $0) * u }
    }

    static func number(_ v: Any) -> Double {
        if let n = v as? NSNumber { return n.doubleValue }
        return number((v as! [Any])[0])
    }

    /// Every number in a value, in order (a shape: its vertices).
    static func numbers(_ v: Any) -> [Double] {
        if let n = v as? NSNumber { return [n.doubleValue] }
        if let list = v as? [Any] { return list.flatMap(numbers) }
        if let shape = v as? Object, let vertices = shape["v"] { return numbers(vertices) }
        return []
    }

    /// CSS-style cubic Bézier easing from (0,0) to (1,1): x(s) = x solved by bisection.
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func curve(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if curve(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return curve(y1, y2, (lo + hi) / 2)
    }

    /// The run's Lottie document and its frames.
    static func export(_ scene: String) throws -> (document: Object, states: [FrameState], scale: Double) {
        let model = try SceneLoader.load(path: packageRoot + "/scenes/\(scene).yaml")
        let states = try Simulation.frames(of: model)
        let renderer = try Renderer(scene: model)
        let svg = AnimatedSVG(renderer: renderer, rate: "60", seconds: { Double($0) / 60 })
        for s in states { try svg.add(s) }
        let json = try svg.finishLottie(name: scene, fps: 60, file: scene)
        return (try JSONSerialization.jsonObject(with: Data(json)) as! Object, states, Double(renderer.scale))
    }

    /// Where a layer's origin is at frame `t`: its position plus its parents' (none of them
    /// turns or scales in these scenes, which the reader checks).
    static func origin(_ layer: Object, _ byIndex: [Int: Object], at t: Double) -> Vec2 {
        let ks = layer["ks"] as! Object
        let p = value(ks["p"] as! Object, at: t)
        var at = Vec2(p[0], p[1])
        if let parent = layer["parent"] as? Int, let up = byIndex[parent] {
            let r = value((up["ks"] as! Object)["r"] as? Object ?? ["a": 0, "k": 0], at: t)[0]
            precondition(r == 0, "a turning parent")
            at = at + origin(up, byIndex, at: t)
        }
        return at
    }

    func testEveryFramesCellsAndSpringsAreWithinAQuarterPixelOfTheirKeyframes() throws {
        let (document, states, scale) = try Self.export("springy-carousel")
        XCTAssertTrue(
            ((document["meta"] as? Object)?["g"] as? String ?? "").contains("keyframes within 0.25 px"), "the bound is printed")
        let layers = document["layers"] as! [Object]
        let byIndex = Dictionary(uniqueKeysWithValues: layers.map { ($0["ind"] as! Int, $0) })
        func showing(_ name: String, _ k: Int) -> [Object] {
            layers.filter { l in
                l["nm"] as? String == name && (l["ip"] as! Int) <= k && k < (l["op"] as! Int)
            }
        }
        var cells = 0, ends = 0, dots = 0, worst = 0.0
        func check(_ off: Double, _ what: String) {
            worst = max(worst, off)
            XCTAssertLessThanOrEqual(off, 0.25, what)
        }
        for (k, state) in states.enumerated() {
            let t = Double(k)
            for item in state.items where item.alpha > 0 {
                let body = showing("item:\(item.id):body", k)
                XCTAssertEqual(body.count, 1, "item \(item.id) at frame \(k)")
                guard let layer = body.first else { continue }
                check((Self.origin(layer, byIndex, at: t) - item.center).length * scale, "item \(item.id) at frame \(k)")
                // Nothing turns in the carousel: no layer keys its turn.
                XCTAssertEqual(((layer["ks"] as! Object)["r"] as? Object)?["a"] as? Int, 0, "item \(item.id)'s turn is still")
                cells += 1
            }
            for spring in state.springs where spring.anchor.x > 0 && spring.point.x > 0 && spring.anchor.x < 375 {
                let named = showing("springs:\(spring.item):0", k)
                guard let line = named.first(where: { ($0["shapes"] as! [Object]).count > 1 }) else {
                    XCTFail("spring of \(spring.item) at frame \(k)")
                    continue
                }
                let group = (line["shapes"] as! [Object]).last!["it"] as! [Object]
                let v = Self.value(group[0]["ks"] as! Object, at: t)
                let shift = line["parent"] != nil ? Self.origin(line, byIndex, at: t) : .zero
                check((Vec2(v[0], v[1]) + shift - spring.anchor).length * scale, "anchor of \(spring.item) at frame \(k)")
                check((Vec2(v[2], v[3]) + shift - spring.point).length * scale, "end of \(spring.item) at frame \(k)")
                ends += 2
                // The end's dot rides its cell's layer.
                if let rider = named.first(where: { ($0["shapes"] as! [Object]).count == 1 }) {
                    check((Self.origin(rider, byIndex, at: t) - spring.point).length * scale, "dot of \(spring.item) at \(k)")
                    dots += 1
                }
            }
        }
        XCTAssertGreaterThan(cells, 1500)
        XCTAssertGreaterThan(ends, 3000)
        XCTAssertGreaterThan(dots, 600, "cells' springs end in a dot that rides the cell")
        print("carousel Lottie: worst keyframe error \(worst) px over \(cells) cells, \(ends) spring ends, \(dots) dots")
    }

    /// The gravity toy's tiles fall and turn: place and turn together within 0.25 px.
    func testTurningTilesAreWithinAQuarterPixel() throws {
        let (document, states, scale) = try Self.export("ios-gravity-toy")
        let layers = document["layers"] as! [Object]
        let byIndex = Dictionary(uniqueKeysWithValues: layers.map { ($0["ind"] as! Int, $0) })
        var checked = 0
        for id in ["a", "b", "c"] {
            for (k, state) in states.enumerated() {
                guard let item = state.items.first(where: { $0.id == id }) else { continue }
                let layer = try XCTUnwrap(
                    layers.first {
                        ($0["nm"] as? String)?.hasPrefix("item:\(id)") == true && $0["parent"] == nil && ($0["ip"] as! Int) <= k
                            && k < ($0["op"] as! Int)
                    })
                let reach = (item.size.width * item.size.width + item.size.height * item.size.height).squareRoot() / 2
                let r = Self.value((layer["ks"] as! Object)["r"] as! Object, at: Double(k))[0] * .pi / 180
                var da = abs(r - item.angle).truncatingRemainder(dividingBy: 2 * .pi)
                da = min(da, 2 * .pi - da)
                let off = (Self.origin(layer, byIndex, at: Double(k)) - item.center).length * scale + da * reach * scale
                XCTAssertLessThanOrEqual(off, 0.25, "\(id) at frame \(k)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 600)
    }

    /// The fit: an exact cubic is found again, linear is the identity, a lone middle time
    /// cannot throw it, and the written handles are what `progress` reads.
    func testTheEasingFitFindsACubicAndReadsItsHandlesAsWritten() {
        let xs = (1..<10).map { Double($0) / 10 }
        let smooth = KeyEasing.fit(xs, xs.map { 3 * $0 * $0 - 2 * $0 * $0 * $0 })
        XCTAssertEqual(smooth, KeyEasing(y1: 0, y2: 1))
        for x in xs { XCTAssertEqual(smooth.progress(x), 3 * x * x - 2 * x * x * x, accuracy: 1e-4) }
        XCTAssertEqual(KeyEasing.fit(xs, xs), .linear)
        for x in xs { XCTAssertEqual(KeyEasing.linear.progress(x), x) }
        XCTAssertEqual(smooth.progress(0), 0, accuracy: 1e-12)
        XCTAssertEqual(smooth.progress(1), 1, accuracy: 1e-12)
        // An overshoot is written as handles beyond 1 and read back as the same curve.
        let over = KeyEasing(y1: 1.2, y2: 1.4)
        for x in xs {
            XCTAssertEqual(over.progress(x), Self.bezier(x, KeyEasing.x1, 1.2, KeyEasing.x2, 1.4), accuracy: 1e-9)
        }
        // One time alone: met exactly, without wild handles.
        let lone = KeyEasing.fit([0.5], [0.7])
        XCTAssertEqual(lone.progress(0.5), 0.7, accuracy: 1e-3)
        XCTAssertLessThan(abs(lone.y1) + abs(lone.y2), 3)
        XCTAssertEqual(KeyEasing.fit([], []), .linear)
    }

    /// Eased keys drop what a fitted easing keeps within the tolerance: a smooth move of 60
    /// frames is two keys (linear ones need many); what no easing can mend — a point off the
    /// straight line, a turn that comes back — counts as it does for linear keys, on the
    /// boundary and a hair past it.
    func testEasedKeysKeepASmoothMoveInTwoAndBendsAtTheirBoundary() {
        let smooth = (0..<60).map { f -> AnimatedSVG.Sample in
            let x = Double(f) / 59
            return AnimatedSVG.Sample(frame: f, origin: Vec2(100 * (3 * x * x - 2 * x * x * x), 0), angle: 0, points: [])
        }
        let eased = KeyEasing.keys(smooth, reach: 0, scale: 2, within: 0.25)
        XCTAssertEqual(eased.map(\.sample.frame), [0, 59])
        XCTAssertEqual(eased[0].motion, KeyEasing(y1: 0, y2: 1))
        XCTAssertGreaterThan(AnimatedSVG.kept(smooth, reach: 0, scale: 2, within: 0.25).count, 10)
        func bent(_ bend: Double) -> [AnimatedSVG.Sample] {
            [0.0, bend, 0].enumerated().map {
                AnimatedSVG.Sample(frame: $0.offset, origin: Vec2(Double($0.offset) * 10, $0.element), angle: 0, points: [])
            }
        }
        XCTAssertEqual(KeyEasing.keys(bent(0.125), reach: 0, scale: 2, within: 0.25).map(\.sample.frame), [0, 2])
        XCTAssertEqual(KeyEasing.keys(bent(0.126), reach: 0, scale: 2, within: 0.25).map(\.sample.frame), [0, 1, 2])
        func turning(_ a: Double) -> [AnimatedSVG.Sample] {
            [0.0, a, 0].enumerated().map { AnimatedSVG.Sample(frame: $0.offset, origin: .zero, angle: $0.element, points: []) }
        }
        XCTAssertEqual(KeyEasing.keys(turning(0.0025), reach: 100, scale: 1, within: 0.25).map(\.sample.frame), [0, 2])
        XCTAssertEqual(
            KeyEasing.keys(turning(0.0026), reach: 100, scale: 1, within: 0.25).map(\.sample.frame), [0, 1, 2])
        // A spring's points: one end still, the other off the line by the tolerance.
        func stretched(_ bend: Double) -> [AnimatedSVG.Sample] {
            [0.0, bend, 0].enumerated().map {
                AnimatedSVG.Sample(
                    frame: $0.offset, origin: .zero, angle: 0, points: [.zero, Vec2(50 + Double($0.offset) * 10, $0.element)])
            }
        }
        XCTAssertEqual(KeyEasing.keys(stretched(0.25), reach: 0, scale: 1, within: 0.25).map(\.sample.frame), [0, 2])
        XCTAssertEqual(KeyEasing.keys(stretched(0.2501), reach: 0, scale: 1, within: 0.25).map(\.sample.frame), [0, 1, 2])
        // Two samples, or one, are all kept.
        XCTAssertEqual(KeyEasing.keys(Array(bent(5).prefix(2)), reach: 0, scale: 1, within: 0.25).count, 2)
        XCTAssertEqual(KeyEasing.keys(Array(bent(5).prefix(1)), reach: 0, scale: 1, within: 0.25).count, 1)
    }

    /// A spring wholly off the screen draws nothing there and is no piece; one whose stroke or
    /// dot still reaches in is. The reach: a dot's 3 pt, or 5 stroke widths of miter, and 1 pt.
    func testASpringOffTheScreenIsLeftOutAndOneReachingInIsKept() throws {
        let model = try SceneLoader.load(path: packageRoot + "/scenes/springy-carousel.yaml")
        let renderer = try Renderer(scene: model)
        let reach = max(3, 5 * renderer.style.springWidth) + 1
        func pieces(_ x: Double) -> Int {
            renderer.springPieces([SpringSnapshot(item: "0.0", anchor: Vec2(x - 20, 100), point: Vec2(x, 100))], key: "s").count
        }
        XCTAssertEqual(pieces(-reach), 0, "left: the far edge of its reach on the screen's edge")
        XCTAssertEqual(pieces(-reach + 0.01), 1)
        let width = renderer.viewport.size.width
        func right(_ x: Double) -> Int {
            renderer.springPieces([SpringSnapshot(item: "0.0", anchor: Vec2(x, 100), point: Vec2(x + 20, 100))], key: "s").count
        }
        XCTAssertEqual(right(width + reach), 0)
        XCTAssertEqual(right(width + reach - 0.01), 1)
        func vertical(_ y: Double) -> Int {
            renderer.springPieces([SpringSnapshot(item: "0.0", anchor: Vec2(100, y), point: Vec2(100, y - 20))], key: "s").count
        }
        XCTAssertEqual(vertical(-reach), 0)
        XCTAssertEqual(vertical(-reach + 0.01), 1)
        let height = renderer.viewport.size.height
        XCTAssertEqual(vertical(height + reach + 20), 0)
        XCTAssertEqual(vertical(height + reach + 19.99), 1)
    }

    /// `bench --formats` holds the carousel's SVG and Lottie to 100 kB and drag-many's to 300 kB:
    /// on the limit met, a byte past it missed; other scenes and formats have none.
    func testBenchSaysWhetherTheVectorSizeTargetsAreMet() {
        func rows(_ bytes: Int) -> [FormatBenchmark.Row] {
            ["springy smil (svg)", "springy lottie (json)", "springy dotlottie", "springy gif"].map {
                FormatBenchmark.Row(name: $0, bytes: bytes, seconds: 0, psnr: nil, ssim: nil)
            }
        }
        XCTAssertEqual(
            FormatBenchmark.targets("springy-carousel", rows: rows(100_000)),
            [
                "target: springy smil (svg) 100000 bytes, at most 100000: met",
                "target: springy lottie (json) 100000 bytes, at most 100000: met",
            ])
        XCTAssertEqual(
            FormatBenchmark.targets("springy-carousel", rows: rows(100_001)).map { $0.hasSuffix(": MISSED") }, [true, true])
        XCTAssertEqual(FormatBenchmark.targets("drag-many", rows: rows(300_000)).map { $0.hasSuffix(": met") }, [true, true])
        XCTAssertEqual(FormatBenchmark.targets("drag-many", rows: rows(300_001)).map { $0.hasSuffix(": MISSED") }, [true, true])
        XCTAssertEqual(FormatBenchmark.targets("gravity", rows: rows(1)), [])
    }
}
