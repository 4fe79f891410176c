import Foundation
import SpringyCore
import SpringyFrame

/// The same run as a Lottie 1.0 animation (`--format lottie`, and `dotlottie` zipped): one
/// shape layer per thing drawn and per stretch of frames it shows (its in and out points),
/// topmost first; its look as Lottie shapes read from the very SVG the painters made (paths,
/// fills, strokes, glyph outlines); its place and turn keyframed with the SVG's reduction (at
/// whole frames); springs as animated paths with their end dots. What Lottie cannot show as
/// Springy draws it — a clip inside a look (a selected row's outline), a picture, a superview
/// clipping its subviews — is refused with the thing and the frame it first appears in.
extension AnimatedSVG {
    /// A look Lottie export does not draw: `key` first shows at `frame`.
    struct Unsupported: Error {
        var key: String
        var frame: Int
        var what: String
    }

    /// The Lottie JSON of the run, `name` its title; refused (naming the scene `file`, the
    /// thing and its first frame) when something in it has no Lottie form.
    package func finishLottie(name: String, fps: Double, file: String) throws -> [UInt8] {
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
        let r = renderer, b = r.bezel
        let width = r.viewport.size.width + 2 * b, height = r.viewport.size.height + 2 * b
        let glyphPaths = Dictionary(uniqueKeysWithValues: glyphs.map { ($0.id, $0.path) })
        // Cells and their springs ride a null layer that moves as the content scrolls: their own
        // keyframes then hold only what moves within the content (a lag, a spring's stretch),
        // each part keyed within half the tolerance.
        let scrolling = occurrences.contains { $0.scrolls } && offsets.contains { $0 != offsets[0] }
        var layers: [[String: Any]] = []
        var next = 2, motions: [Motion] = []
        for o in order.map({ occurrences[$0] }) {
            if !clipSets[o.clips].isEmpty {
                throw Unsupported(
                    key: looks[o.look].key, frame: o.samples[0].frame, what: "is clipped by a superview (clipsToBounds)")
            }
            layers += try lottieLayers(
                o, offset: Vec2(b, b), glyphs: glyphPaths, scrolling: scrolling, next: &next, motions: &motions)
        }
        if b > 0 {
            let device = try renderer.vectorFragment(.deviceFrame, id: "device").svg
            let shapes = try LottieJSON.lottieSegments(device, glyphs: glyphPaths, where: "the device frame", frame: 0).reversed()
                .flatMap(\.shapes)
            var frameLayer = LottieJSON.layer(
                name: "device", shapes: shapes, from: 0, to: frameCount, transform: LottieJSON.still(.zero))
            frameLayer["ind"] = next
            layers.append(frameLayer)
        }
        if scrolling, layers.contains(where: { $0["parent"] as? Int == 1 }) {
            let scale = Double(r.scale), within = Self.tolerance / 2 - 0.005 * 2.0.squareRoot() * scale
            let samples = offsets.enumerated().map {
                Sample(frame: $0.offset, origin: Vec2(b, b) - $0.element, angle: 0, points: [])
            }
            var transform = LottieJSON.still(.zero)
            transform["p"] = LottieJSON.animated(
                Self.kept(samples, reach: 0, scale: scale, within: within).map {
                    (samples[$0].frame, [samples[$0].origin.x, samples[$0].origin.y])
                })
            layers.append([
                "ty": 3, "nm": "content", "ind": 1, "ip": 0, "op": frameCount, "st": 0, "sr": 1, "ddd": 0, "ks": transform,
            ])
        }
        let document: [String: Any] = [
            "v": "5.7.0", "nm": name, "fr": fps, "ip": 0, "op": frameCount, "w": Int(width.rounded(.up)),
            "h": Int(height.rounded(.up)), "ddd": 0, "assets": [Any](), "layers": Array(layers.reversed()),
            "meta": ["g": "Springy \(SpringyVersion.current): keyframes within \(Self.tolerance) px at scale \(r.scale)"],
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
    }

    /// One layer per run of frames the occurrence shows in, numbered from `next`. A cell (or
    /// its spring) goes on the content's null layer when that keys fewer frames than the screen.
    private func lottieLayers(
        _ o: Occurrence, offset bezel: Vec2, glyphs glyphPaths: [String: String], scrolling: Bool, next: inout Int,
        motions: inout [Motion]
    ) throws -> [[String: Any]] {
        let look = looks[o.look]
        let scale = Double(renderer.scale), reach = look.reach * scale
        let rounding = 0.005 * 2.0.squareRoot() * scale + reach * 0.00005 * .pi / 180
        func runs(content: Bool) -> [[Sample]] {
            var out: [[Sample]] = []
            for var s in o.samples {
                if content {
                    let c = offsets[s.frame]
                    s.origin = s.origin + c
                    s.points = s.points.map { $0 + c }
                }
                if let last = out.last?.last, last.frame == s.frame - 1 { out[out.count - 1].append(s) } else { out.append([s]) }
            }
            return out.map(Self.unwrapped)
        }
        func keys(_ runs: [[Sample]], within: Double) -> [[Sample]] {
            runs.map { run in Self.kept(run, reach: reach, scale: scale, within: within - rounding).map { run[$0] } }
        }
        let screen = runs(content: false)
        var chosen = (runs: screen, keys: keys(screen, within: Self.tolerance), content: false)
        if scrolling && o.scrolls {
            let content = runs(content: true)
            let contentKeys = keys(content, within: Self.tolerance / 2)
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
                lookDefs[o.look], glyphs: glyphPaths, where: look.key, frame: o.samples[0].frame)
        }
        var out: [[String: Any]] = []
        for (run, keys) in zip(chosen.runs, chosen.keys) {
            let first = run[0].frame, end = run[run.count - 1].frame + 1
            var layer: [String: Any]
            if case .springLine(let coil) = look.look {
                layer = LottieJSON.layer(
                    name: look.key, shapes: springShapes(keys, coil: coil, offset: offset), from: first, to: end,
                    transform: LottieJSON.still(.zero))
                if chosen.content { layer["parent"] = 1 }
            } else {
                let shapes = parts.first?.shapes ?? []
                let screenRun = screen[chosen.runs.firstIndex { $0[0].frame == first }!]
                if let same = motions.first(where: { m in
                    m.samples.count == screenRun.count
                        && zip(m.samples, screenRun).allSatisfy {
                            $0.frame == $1.frame && $0.origin == $1.origin && $0.angle == $1.angle
                        }
                }) {
                    layer = LottieJSON.layer(
                        name: look.key, shapes: shapes, from: first, to: end, transform: LottieJSON.still(.zero))
                    layer["parent"] = same.ind
                } else {
                    let moving = keys.contains { $0.origin != keys[0].origin || $0.angle != keys[0].angle }
                    var transform = LottieJSON.still(keys[0].origin + offset)
                    if moving {
                        transform["p"] = LottieJSON.animated(
                            keys.map { ($0.frame, [($0.origin.x + offset.x), ($0.origin.y + offset.y)]) })
                        if keys.contains(where: { $0.angle != 0 }) {
                            transform["r"] = LottieJSON.animated(keys.map { ($0.frame, [$0.angle * 180 / .pi]) }, places: 4)
                        }
                    } else {
                        transform["r"] = ["a": 0, "k": LottieJSON.round(keys[0].angle * 180 / .pi, 4)]
                    }
                    layer = LottieJSON.layer(name: look.key, shapes: shapes, from: first, to: end, transform: transform)
                    if chosen.content { layer["parent"] = 1 }
                    motions.append(Motion(samples: screenRun, ind: next))
                }
            }
            if let mask = parts.first?.mask {
                layer["masksProperties"] = LottieJSON.masks(mask)
                layer["hasMask"] = true
            }
            layer["ind"] = next
            next += 1
            out.append(layer)
            for part in parts.dropFirst() {
                var extra = LottieJSON.layer(
                    name: look.key, shapes: part.shapes, from: first, to: end, transform: LottieJSON.still(.zero))
                extra["parent"] = layer["ind"]
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

    /// A spring: its stroke (a path keyed at the kept frames) and its end dots.
    private func springShapes(_ keys: [Sample], coil: Bool, offset: Vec2) -> [[String: Any]] {
        let style = renderer.style
        func shape(_ points: [Vec2]) -> [String: Any] {
            [
                "c": false, "v": points.map { [LottieJSON.round($0.x + offset.x, 2), LottieJSON.round($0.y + offset.y, 2)] },
                "i": points.map { _ in [0, 0] }, "o": points.map { _ in [0, 0] },
            ]
        }
        let path: [String: Any] =
            keys.count == 1
            ? ["a": 0, "k": shape(keys[0].points)]
            : ["a": 1, "k": LottieJSON.lottieKeys(keys.map { ($0.frame, [shape($0.points)]) })]
        let stroke: [String: Any] = [
            "ty": "st", "c": LottieJSON.color(style.springColor),
            "o": ["a": 0, "k": LottieJSON.round(style.springColor.a * 100, 2)],
            "w": ["a": 0, "k": style.springWidth], "lc": 1, "lj": 1, "ml": 10,
        ]
        func dot(_ end: Int, _ radius: Double) -> [String: Any] {
            let p: [String: Any] =
                keys.count == 1
                ? [
                    "a": 0,
                    "k": [keys[0].points[end].x + offset.x, keys[0].points[end].y + offset.y].map { LottieJSON.round($0, 2) },
                ]
                : LottieJSON.animated(keys.map { ($0.frame, [$0.points[end].x + offset.x, $0.points[end].y + offset.y]) })
            return LottieJSON.group([
                ["ty": "el", "p": p, "s": ["a": 0, "k": [2 * radius, 2 * radius]]],
                [
                    "ty": "fl", "c": LottieJSON.color(style.springColor),
                    "o": ["a": 0, "k": LottieJSON.round(style.springColor.a * 100, 2)],
                    "r": 1,
                ],
            ])
        }
        let last = keys[0].points.count - 1
        return [dot(last, 2), dot(0, 3), LottieJSON.group([["ty": "sh", "ks": path], stroke])]
    }
}
