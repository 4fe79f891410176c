import Foundation
import SpringyCore
import SpringyFrame

/// The same run as a Lottie 1.0 animation (`--format lottie`, and `dotlottie` zipped): one
/// shape layer per thing drawn and per stretch of frames it shows (its in and out points),
/// topmost first; its look as Lottie shapes read from the very SVG the painters made (paths,
/// fills, strokes, glyph outlines); its place and turn keyed at whole frames, each key eased to
/// the next by fitted Bézier handles (`KeyEasing`) within the SVG's tolerance; springs as
/// animated paths with their end dots. What Lottie cannot show as Springy draws it — a clip
/// inside a look (a selected row's outline), a picture, a superview clipping its subviews — is
/// refused with the thing and the frame it first appears in.
struct AnimatedLottie {
    typealias Sample = AnimatedSVG.Sample
    typealias Occurrence = AnimatedSVG.Occurrence
    /// The run as recorded for the SVG: its looks, their occurrences and samples.
    let run: AnimatedSVG

    /// A look Lottie export does not draw: `key` first shows at `frame`.
    struct Unsupported: Error {
        var key: String
        var frame: Int
        var what: String
    }

    /// The Lottie JSON of the run, `name` its title; refused (naming the scene `file`, the
    /// thing and its first frame) when something in it has no Lottie form.
    func document(name: String, fps: Double, file: String) throws -> [UInt8] {
        do { return try lottie(name: name, fps: fps) } catch let e as Unsupported {
            throw DrawingError(
                "\(file): \(Self.thing(e.key)) (first in frame \(e.frame)) \(e.what): Lottie export does not draw it; --format smil does"
            )
        }
    }

    /// What a piece's key names, as a scene's author says it: `item:0.3:body` is item 0.3.
    static func thing(_ key: String) -> String {
        let parts = key.split(separator: ":", maxSplits: 2).map(String.init)
        guard parts.count > 1 else { return "the \(key == "status" ? "status bar" : key)" }
        switch parts[0] {
        case "item": return "item \(parts[1])"
        case "header": return "header \(parts[1])"
        case "springs": return "a spring of item \(parts[1])"
        case "finger": return "finger \(parts[1])"
        default: return key  // open set: keys made elsewhere
        }
    }

    private func lottie(name: String, fps: Double) throws -> [UInt8] {
        let r = run.renderer, b = r.bezel
        let width = r.viewport.size.width + 2 * b, height = r.viewport.size.height + 2 * b
        let glyphPaths = Dictionary(uniqueKeysWithValues: run.glyphs.map { ($0.id, $0.path) })
        // Cells and their springs ride a null layer that moves as the content scrolls: their own
        // keyframes then hold only what moves within the content (a lag, a spring's stretch),
        // keyed within three quarters of the tolerance, the null within the last quarter.
        let scrolling = run.occurrences.contains { $0.scrolls } && run.offsets.contains { $0 != run.offsets[0] }
        var layers: [[String: Any]] = []
        var next = 2, motions: [Motion] = [], assets: [[String: Any]] = []
        for o in run.order.map({ run.occurrences[$0] }) {
            if !run.clipSets[o.clips].isEmpty {
                throw Unsupported(
                    key: run.looks[o.look].key, frame: o.samples[0].frame, what: "is clipped by a superview (clipsToBounds)")
            }
            layers += try lottieLayers(
                o, offset: Vec2(b, b), glyphs: glyphPaths, scrolling: scrolling, next: &next, motions: &motions, assets: &assets)
        }
        if b > 0 {
            let device = try run.renderer.vectorFragment(.deviceFrame, id: "device").svg
            let shapes = try LottieJSON.lottieSegments(device, glyphs: glyphPaths, where: "the device frame", frame: 0).reversed()
                .flatMap(\.shapes)
            var frameLayer = LottieJSON.layer(
                name: "device", shapes: shapes, from: 0, to: run.frameCount, transform: LottieJSON.still(.zero))
            frameLayer["ind"] = next
            layers.append(frameLayer)
        }
        if scrolling, layers.contains(where: { $0["parent"] as? Int == 1 }) {
            let scale = Double(r.scale), within = AnimatedSVG.tolerance * 0.25
            let samples = run.offsets.enumerated().map {
                Sample(frame: $0.offset, origin: Vec2(b, b) - $0.element, angle: 0, points: [])
            }
            var transform = LottieJSON.still(.zero)
            transform["p"] = LottieJSON.animated(
                KeyEasing.keys(samples, reach: 0, scale: scale, within: within).map {
                    ($0.sample.frame, [$0.sample.origin.x, $0.sample.origin.y], $0.motion)
                })
            layers.append([
                "ty": 3, "nm": "content", "ind": 1, "ip": 0, "op": run.frameCount, "st": 0, "sr": 1, "ddd": 0, "ks": transform,
            ])
        }
        let document: [String: Any] = [
            "v": "5.7.0", "nm": name, "fr": fps, "ip": 0, "op": run.frameCount, "w": Int(width.rounded(.up)),
            "h": Int(height.rounded(.up)), "ddd": 0, "assets": assets, "layers": Array(layers.reversed()),
            "meta": ["g": "Springy \(SpringyVersion.current): keyframes within \(AnimatedSVG.tolerance) px at scale \(r.scale)"],
        ]
        var out = ""
        LottieJSON.json(document, into: &out)
        return Array(out.utf8)
    }

    /// One layer per run of frames the occurrence shows in.
    /// A layer already made, by the motion it has: a later layer that moves exactly so (an
    /// item's label over its body, with its springs between) is parented to it instead.
    struct Motion {
        var samples: [Sample]
        var ind: Int
        /// Where its look's origin is in its own space: a precomposition's anchor (0 for a
        /// shape layer).
        var anchor = 0.0
    }

    /// One layer per run of frames the occurrence shows in, numbered from `next`. A cell (or
    /// its spring) goes on the content's null layer when that keys fewer frames than the screen.
    private func lottieLayers(
        _ o: Occurrence, offset bezel: Vec2, glyphs glyphPaths: [String: String], scrolling: Bool, next: inout Int,
        motions: inout [Motion], assets: inout [[String: Any]]
    ) throws -> [[String: Any]] {
        let look = run.looks[o.look]
        let scale = Double(run.renderer.scale), reach = look.reach * scale
        func runs(content: Bool) -> [[Sample]] {
            var out: [[Sample]] = []
            for var s in o.samples {
                if content {
                    // A spring's stroke is placed by its points alone (its origin stays put).
                    let c = run.offsets[s.frame]
                    if s.points.isEmpty { s.origin = s.origin + c }
                    s.points = s.points.map { $0 + c }
                }
                if let last = out.last?.last, last.frame == s.frame - 1 { out[out.count - 1].append(s) } else { out.append([s]) }
            }
            return out.map(AnimatedSVG.unwrapped)
        }
        func keys(_ runs: [[Sample]], within: Double) -> [[KeyEasing.Key]] {
            runs.map { run in KeyEasing.keys(run, reach: reach, scale: scale, within: within) }
        }
        let screen = runs(content: false)
        var chosen = (runs: screen, keys: keys(screen, within: AnimatedSVG.tolerance), content: false)
        if scrolling && o.scrolls {
            let content = runs(content: true)
            let contentKeys = keys(content, within: AnimatedSVG.tolerance * 0.75)
            if contentKeys.map(\.count).reduce(0, +) < chosen.keys.map(\.count).reduce(0, +) {
                chosen = (content, contentKeys, true)
            }
        }
        // On the content's null layer: content coordinates (the null adds the bezel).
        let offset = chosen.content ? .zero : bezel
        // The look as Lottie shapes, read once: its first part is the occurrence's layer, the
        // others (what it draws inside a clip of its own, and after it) layers that move with it.
        var parts: [LottieJSON.Segment] = []
        if case .springLine = look.look {
        } else {
            parts = try LottieJSON.lottieSegments(
                run.lookDefs[o.look], glyphs: glyphPaths, where: look.key, frame: o.samples[0].frame)
        }
        var out: [[String: Any]] = []
        for (run, keys) in zip(chosen.runs, chosen.keys) {
            let first = run[0].frame, end = run[run.count - 1].frame + 1
            var layer: [String: Any]
            let screenRun = screen[chosen.runs.firstIndex { $0[0].frame == first }!]
            var riders: [[String: Any]] = []
            if case .springLine(let coil) = look.look {
                // Where the spring's end is its item's centre at every frame (a cell's spring),
                // the end's dot rides the item's layer instead of keying the same motion again.
                let carrier = motions.first { m in
                    guard let k = m.samples.firstIndex(where: { $0.frame == first }), m.samples.count - k >= screenRun.count
                    else { return false }
                    return zip(m.samples[k...], screenRun).allSatisfy { $0.origin == $1.points[$1.points.count - 1] }
                }
                layer = LottieJSON.layer(
                    name: look.key, shapes: springShapes(keys, coil: coil, offset: offset, endDot: carrier == nil), from: first,
                    to: end, transform: LottieJSON.still(.zero))
                if chosen.content { layer["parent"] = 1 }
                if let carrier {
                    var dot = LottieJSON.layer(
                        name: look.key, shapes: [springDot(["a": 0, "k": [0, 0]], radius: 2)], from: first, to: end,
                        transform: LottieJSON.still(Vec2(carrier.anchor, carrier.anchor)))
                    dot["parent"] = carrier.ind
                    riders.append(dot)
                }
            } else {
                let shapes = parts.first?.shapes ?? []
                if let same = motions.first(where: { m in
                    m.samples.count == screenRun.count
                        && zip(m.samples, screenRun).allSatisfy {
                            $0.frame == $1.frame && $0.origin == $1.origin && $0.angle == $1.angle
                        }
                }) {
                    layer = LottieJSON.layer(
                        name: look.key, shapes: shapes, from: first, to: end,
                        transform: LottieJSON.still(Vec2(same.anchor, same.anchor)))
                    layer["parent"] = same.ind
                } else {
                    let start = keys[0].sample
                    let moving = keys.contains { $0.sample.origin != start.origin || $0.sample.angle != start.angle }
                    var transform = LottieJSON.still(start.origin + offset)
                    if moving {
                        transform["p"] = LottieJSON.animated(
                            keys.map {
                                ($0.sample.frame, [($0.sample.origin.x + offset.x), ($0.sample.origin.y + offset.y)], $0.motion)
                            })
                    }
                    // Turned: keyed only where the turn, as written, changes.
                    let degrees = keys.map { LottieJSON.round($0.sample.angle * 180 / .pi, 4) }
                    transform["r"] =
                        degrees.allSatisfy({ $0 == degrees[0] })
                        ? ["a": 0, "k": degrees[0]]
                        : LottieJSON.animated(zip(keys, degrees).map { ($0.sample.frame, [$1], $0.turn) }, places: 4)
                    layer = LottieJSON.layer(name: look.key, shapes: shapes, from: first, to: end, transform: transform)
                    if chosen.content { layer["parent"] = 1 }
                    motions.append(Motion(samples: screenRun, ind: next))
                }
            }
            // Faded as a whole: Lottie's parents lend their place, not their opacity, so each
            // layer of the look keys its own.
            let fade = fading(screenRun)
            if let fade, var ks = layer["ks"] as? [String: Any] {
                ks["o"] = fade
                let shapes = parts.first?.shapes ?? []
                if parts.count == 1, parts[0].mask == nil, shapes.count > 1 {
                    // Paints that may overlap (a label over its body): a precomposition of a
                    // layer each, which players fade as one picture (rlottie fades a shape
                    // layer's paints one by one, and a precomposition of one layer too).
                    let r = look.reach.rounded(.up) + 2, id = "fade\(assets.count)"
                    assets.append([
                        "id": id,
                        "layers": shapes.enumerated().map { k, shape in
                            var l = LottieJSON.layer(
                                name: look.key, shapes: [shape], from: 0, to: self.run.frameCount,
                                transform: LottieJSON.still(Vec2(r, r)))
                            l["ind"] = k + 1
                            return l
                        },
                    ])
                    layer["ty"] = 0
                    layer["refId"] = id
                    layer["w"] = Int(2 * r)
                    layer["h"] = Int(2 * r)
                    layer.removeValue(forKey: "shapes")
                    ks["a"] = ["a": 0, "k": [r, r]]
                    if motions.last?.ind == next { motions[motions.count - 1].anchor = r }
                }
                layer["ks"] = ks
            }
            if let mask = parts.first?.mask {
                layer["masksProperties"] = LottieJSON.masks(mask)
                layer["hasMask"] = true
            }
            layer["ind"] = next
            next += 1
            out.append(layer)
            for var rider in riders {
                rider["ind"] = next
                next += 1
                out.append(rider)
            }
            for part in parts.dropFirst() {
                var extra = LottieJSON.layer(
                    name: look.key, shapes: part.shapes, from: first, to: end, transform: LottieJSON.still(.zero))
                extra["parent"] = layer["ind"]
                if let fade, var ks = extra["ks"] as? [String: Any] {
                    ks["o"] = fade
                    extra["ks"] = ks
                }
                if let mask = part.mask {
                    extra["masksProperties"] = LottieJSON.masks(mask)
                    extra["hasMask"] = true
                }
                extra["ind"] = next
                next += 1
                out.append(extra)
            }
        }
        return out
    }

    /// A run's opacity as Lottie's (percent), keyed where it changes (`AnimatedSVG.keptOpacity`);
    /// nil at full opacity throughout.
    private func fading(_ run: [Sample]) -> [String: Any]? {
        guard run.contains(where: { $0.opacity != 1 }) else { return nil }
        guard run.contains(where: { $0.opacity != run[0].opacity }) else {
            return ["a": 0, "k": LottieJSON.round(run[0].opacity * 100, 2)]
        }
        return LottieJSON.animated(AnimatedSVG.keptOpacity(run).map { (run[$0].frame, [run[$0].opacity * 100], .linear) })
    }

    /// A spring: its stroke (a path keyed at the kept frames) and its end dots (the one at its
    /// item's end left to a layer that rides the item when not `endDot`).
    private func springShapes(_ eased: [KeyEasing.Key], coil: Bool, offset: Vec2, endDot: Bool) -> [[String: Any]] {
        let keys = eased.map(\.sample)
        func shape(_ points: [Vec2]) -> [String: Any] {
            [
                "c": false, "v": points.map { [LottieJSON.round($0.x + offset.x, 2), LottieJSON.round($0.y + offset.y, 2)] },
                "i": points.map { _ in [0, 0] }, "o": points.map { _ in [0, 0] },
            ]
        }
        let path: [String: Any] =
            keys.count == 1
            ? ["a": 0, "k": shape(keys[0].points)]
            : ["a": 1, "k": LottieJSON.lottieKeys(eased.map { ($0.sample.frame, [shape($0.sample.points)], $0.motion) })]
        let color = run.renderer.style.springColor
        let stroke: [String: Any] = [
            "ty": "st", "c": LottieJSON.color(color), "o": ["a": 0, "k": LottieJSON.round(color.a * 100, 2)],
            "w": ["a": 0, "k": run.renderer.style.springWidth], "lc": 1, "lj": 1, "ml": 10,
        ]
        func dot(_ end: Int, _ radius: Double) -> [String: Any] {
            springDot(
                keys.allSatisfy({ $0.points[end] == keys[0].points[end] })
                    ? [
                        "a": 0,
                        "k": [keys[0].points[end].x + offset.x, keys[0].points[end].y + offset.y].map { LottieJSON.round($0, 2) },
                    ]
                    : LottieJSON.animated(
                        eased.map {
                            (
                                $0.sample.frame, [$0.sample.points[end].x + offset.x, $0.sample.points[end].y + offset.y],
                                $0.motion
                            )
                        }
                    ),
                radius: radius)
        }
        let line = LottieJSON.group([["ty": "sh", "ks": path], stroke])
        return (endDot ? [dot(keys[0].points.count - 1, 2)] : []) + [dot(0, 3), line]
    }

    /// A spring's end: a dot of its colour at `p` (a Lottie position, still or keyed).
    private func springDot(_ p: [String: Any], radius: Double) -> [String: Any] {
        let color = run.renderer.style.springColor
        return LottieJSON.group([
            ["ty": "el", "p": p, "s": ["a": 0, "k": [2 * radius, 2 * radius]]],
            ["ty": "fl", "c": LottieJSON.color(color), "o": ["a": 0, "k": LottieJSON.round(color.a * 100, 2)], "r": 1],
        ])
    }
}
