import CCairo
import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene

/// A whole run as one SVG document animated with SMIL (`--format smil`): every thing a frame
/// draws — background, boundaries, cells, rows, free views and their labels, headers, springs,
/// fingers, the status bar, the device frame — is drawn once per distinct look by the same
/// painters as the PNG frames (through Cairo's SVG surface, so text is glyph outlines and a
/// viewer needs no font), then placed, turned and shown or hidden over time with
/// `animateTransform` and `animate`. Keyframes are dropped wherever linear interpolation
/// between the kept ones stays within `tolerance` output pixels of every frame; a thing that
/// appears or leaves (an insert, a delete, a cell scrolled in) is visible from half a frame
/// before its first frame to half a frame after its last, so each frame's own time shows
/// exactly that frame. The document loops, as the GIF and APNG do.
package final class AnimatedSVG {
    /// The most a dropped keyframe moves any point of a drawing, in output pixels: what the
    /// keyframes written (to 0.01 pt, 0.0001°) may be off by at a frame, rounding included.
    static let tolerance = 0.25

    let renderer: Renderer
    /// The rate's name (`60`, `29.97`) and the time of a frame count, s.
    let rate: String
    let seconds: (Int) -> Double
    /// Each distinct drawing: its piece's key, its look, its SVG (defined once, used by id).
    var looks: [(key: String, look: VectorLook, reach: Double)] = []
    var lookDefs: [String] = []
    /// Glyph outlines, each defined once for every look that shows it: (path, id), and the
    /// id of each path (lookup only).
    var glyphs: [(path: String, id: String)] = []
    var glyphIDs: [String: String] = [:]
    /// The looks of each key, for lookup only (never iterated).
    var looksOf: [String: [Int]] = [:]
    var clipSets: [[Clip]] = [[]]
    /// What the document draws, bottom to top: a look with its clips, and the frames it is in.
    var occurrences: [Occurrence] = []
    var order: [Int] = []
    var frameCount = 0
    /// Each frame's content offset (the collection view's scroll).
    var offsets: [Vec2] = []

    struct Sample {
        var frame: Int
        /// Its time in frames, once a keyframe (half-frames where it shows or hides).
        var time = 0.0
        var origin: Vec2
        var angle: Double
        var points: [Vec2]
        /// Its alpha, the whole drawing faded.
        var opacity = 1.0
    }

    struct Occurrence {
        var look: Int
        var clips: Int
        /// It moves with the collection view's content (a cell, its springs).
        var scrolls = false
        var samples: [Sample] = []
    }

    package init(renderer: Renderer, rate: String, seconds: @escaping (Int) -> Double) {
        self.renderer = renderer; self.rate = rate; self.seconds = seconds
    }

    /// Adds the next frame of the run.
    package func add(_ state: FrameState) throws {
        let frame = frameCount
        frameCount += 1
        offsets.append(state.contentOffset)
        var p = 0  // the frame's pieces go in document order: each after the previous one
        for piece in renderer.vectorPieces(state) {
            let look = try lookIndex(piece)
            let clips = clipIndex(piece.clips)
            if let at = order[p...].firstIndex(where: {
                occurrences[$0].look == look && occurrences[$0].clips == clips && occurrences[$0].scrolls == piece.scrolls
                    && occurrences[$0].samples.last?.frame != frame
            }) {
                occurrences[order[at]].samples.append(
                    Sample(
                        frame: frame, time: Double(frame), origin: piece.origin, angle: piece.angle, points: piece.points,
                        opacity: piece.opacity))
                p = at + 1
            } else {
                occurrences.append(
                    Occurrence(
                        look: look, clips: clips, scrolls: piece.scrolls,
                        samples: [
                            Sample(
                                frame: frame, time: Double(frame), origin: piece.origin, angle: piece.angle, points: piece.points,
                                opacity: piece.opacity)
                        ]))
                order.insert(occurrences.count - 1, at: p)
                p += 1
            }
        }
    }

    private func lookIndex(_ piece: VectorPiece) throws -> Int {
        if let hit = looksOf[piece.key]?.first(where: { looks[$0].look == piece.look }) { return hit }
        let index = looks.count
        let drawn =
            piece.look == .springLine(coil: true) || piece.look == .springLine(coil: false)
            ? (svg: "", reach: 0) : try renderer.vectorFragment(piece.look, id: "l\(index)")
        looks.append((piece.key, piece.look, drawn.reach))
        lookDefs.append(sharingGlyphs(drawn.svg))
        looksOf[piece.key, default: []].append(index)
        return index
    }

    /// A look's SVG with its glyph symbols taken out into the shared ones (Cairo's SVG surface
    /// writes each drawing's own), its uses pointed at those.
    private func sharingGlyphs(_ svg: String) -> String {
        var text = svg
        let open = "<symbol overflow=\"visible\" id=\""
        while let a = text.range(of: open) {
            guard let idEnd = text[a.upperBound...].range(of: "\">"), let close = text[idEnd.upperBound...].range(of: "</symbol>")
            else { break }
            let local = String(text[a.upperBound..<idEnd.lowerBound])
            let path = String(text[idEnd.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
            let id: String
            if let known = glyphIDs[path] {
                id = known
            } else {
                id = "g\(glyphs.count)"
                glyphs.append((path, id))
                glyphIDs[path] = id
            }
            text.removeSubrange(a.lowerBound..<close.upperBound)
            text = text.replacingOccurrences(of: "xlink:href=\"#\(local)\"", with: "xlink:href=\"#\(id)\"")
        }
        return text.replacingOccurrences(of: #"<g>\s*</g>\s*"#, with: "", options: .regularExpression)
    }

    private func clipIndex(_ clips: [Clip]) -> Int {
        if let k = clipSets.firstIndex(of: clips) { return k }
        clipSets.append(clips)
        return clipSets.count - 1
    }

    /// The run as Lottie JSON (`AnimatedLottie`), `name` its title; refused (naming the scene
    /// `file`, the thing and its first frame) when something in it has no Lottie form.
    package func finishLottie(name: String, fps: Double, file: String) throws -> [UInt8] {
        try AnimatedLottie(run: self).document(name: name, fps: fps, file: file)
    }

    /// The document.
    package func finish() throws -> [UInt8] {
        let r = renderer, vp = r.viewport.size, b = r.bezel
        let width = vp.width + 2 * b, height = vp.height + 2 * b
        let dur = Self.number(seconds(max(frameCount, 1)), places: 6)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(r.pixelWidth)" height="\(r.pixelHeight)" viewBox="0 0 \(Self.number(width)) \(Self.number(height))" version="1.1">
            <!-- Springy: \(frameCount) frames at \(rate) fps, SMIL; keyframes within \(Self.tolerance) px -->
            <defs>

            """
        for d in lookDefs { out += d }
        for (k, set) in clipSets.enumerated() {
            for (j, c) in set.enumerated() {
                let d = try r.vectorPath { cr in
                    cairo_translate(cr, c.center.x, c.center.y)
                    cairo_rotate(cr, c.angle)
                    r.roundedRect(cr, Rect(center: .zero, size: c.size), radius: c.cornerRadius, continuous: c.continuous)
                }
                out += "<clipPath id=\"c\(k)-\(j)\"><path d=\"\(d)\"/></clipPath>\n"
            }
        }
        if b > 0 {
            let d = try r.vectorPath { cr in
                r.continuousRect(cr, Rect(x: 0, y: 0, width: vp.width, height: vp.height), radius: r.screenRadius)
            }
            out += "<clipPath id=\"screen\"><path d=\"\(d)\"/></clipPath>\n"
        }
        if looks.contains(where: { if case .springLine = $0.look { return true } else { return false } }) {
            // A spring's two dots, at its path's ends as drawSpring puts them: 3 pt at the
            // anchor, 2 pt at the point, in the spring's colour.
            let fill = Self.paint(r.style.springColor, "fill")
            for (id, radius) in [("spring-anchor", 3), ("spring-point", 2)] {
                out +=
                    "<marker id=\"\(id)\" markerUnits=\"userSpaceOnUse\" overflow=\"visible\"><circle r=\"\(radius)\" style=\"stroke:none;\(fill)\"/></marker>\n"
            }
        }
        for (path, id) in glyphs { out += "<symbol overflow=\"visible\" id=\"\(id)\">\(path)</symbol>\n" }
        out += "</defs>\n"
        if b > 0 { out += "<g transform=\"translate(\(Self.number(b)) \(Self.number(b)))\" clip-path=\"url(#screen)\">\n" }
        for o in order { out += element(occurrences[o], dur: dur) }
        if b > 0 {
            out += "</g>\n"
            out += try r.vectorFragment(.deviceFrame, id: "device").svg.replacingOccurrences(
                of: "<g id=\"device\"", with: "<g")
        }
        out += "</svg>\n"
        return Array(out.utf8)
    }

    /// One occurrence: its clips, its visibility over time, its place and turn, its look.
    private func element(_ o: Occurrence, dur: String) -> String {
        let n = Double(frameCount)
        var open = "", close = ""
        for j in clipSets[o.clips].indices {
            open += "<g clip-path=\"url(#c\(o.clips)-\(j))\">"
            close += "</g>"
        }
        // Visible from half a frame before each run of frames to half a frame after it.
        var runs: [(first: Int, last: Int)] = []
        for s in o.samples {
            if let l = runs.last, l.last == s.frame - 1 {
                runs[runs.count - 1].last = s.frame
            } else {
                runs.append((s.frame, s.frame))
            }
        }
        var visibility = ""
        if !(runs.count == 1 && runs[0].first == 0 && runs[0].last == frameCount - 1) {
            var times: [Double] = [0], values: [String] = [runs[0].first == 0 ? "visible" : "hidden"]
            for run in runs {
                if run.first > 0 { times.append((Double(run.first) - 0.5) / n); values.append("visible") }
                if run.last < frameCount - 1 { times.append((Double(run.last) + 0.5) / n); values.append("hidden") }
            }
            visibility =
                "<animate attributeName=\"visibility\" calcMode=\"discrete\" dur=\"\(dur)s\" repeatCount=\"indefinite\" keyTimes=\"\(times.map { Self.number($0, places: 6) }.joined(separator: ";"))\" values=\"\(values.joined(separator: ";"))\"/>"
        }
        let keys = keyframes(o)
        let times = keys.map { $0.time / n }
        var s = open + "<g" + (runs[0].first == 0 ? "" : " visibility=\"hidden\"") + ">" + visibility
        if case .springLine(let coil) = looks[o.look].look {
            // A spring's stroke with its end dots as markers: a coil morphed (the same commands
            // every frame), a line with each coordinate that moves keyed on its own.
            let style =
                "style=\"fill:none;stroke-width:\(Self.number(renderer.style.springWidth));stroke-linecap:butt;stroke-linejoin:miter;\(Self.paint(renderer.style.springColor, "stroke"));stroke-miterlimit:10;\" marker-start=\"url(#spring-anchor)\" marker-end=\"url(#spring-point)\""
            if coil {
                s += "<path \(style) d=\"\(Self.path(keys[0].points))\">"
                if keys.contains(where: { $0.points != keys[0].points }) {
                    s += Self.animate("d", keys.map { Self.path($0.points) }, times, dur: dur)
                }
                return s + "</path></g>" + close + "\n"
            }
            var line = "<line \(style)", animations = ""
            for (name, end, axis) in [("x1", 0, 0), ("y1", 0, 1), ("x2", 1, 0), ("y2", 1, 1)] {
                func value(_ p: Vec2) -> Double { axis == 0 ? p.x : p.y }
                let first = value(o.samples[0].points[end])
                line += " \(name)=\"\(Self.number(first, places: 2))\""
                guard o.samples.contains(where: { value($0.points[end]) != first }) else { continue }
                // The other coordinate of this end moving too, each keeps within tolerance/√2.
                let other = o.samples.contains {
                    Self.value2($0.points[end], axis) != Self.value2(o.samples[0].points[end], axis)
                }
                let channel = keyframes(o, within: Self.tolerance / (other ? 2.0.squareRoot() : 1)) {
                    Sample(frame: $0.frame, time: $0.time, origin: Vec2(value($0.points[end]), 0), angle: 0, points: [])
                }
                animations += Self.animate(
                    name, channel.map { Self.number($0.origin.x, places: 2) }, channel.map { $0.time / n }, dur: dur)
            }
            return s + line + ">" + animations + "</line></g>" + close + "\n"
        }
        let still = keys.allSatisfy { $0.origin == keys[0].origin && $0.angle == keys[0].angle }
        let turns = keys.contains { $0.angle != 0 }
        // A motion along one axis keys only that axis: the other is the group's own place.
        let level = keys.allSatisfy { $0.origin.y == keys[0].origin.y }
        let upright = keys.allSatisfy { $0.origin.x == keys[0].origin.x }
        let x0 = Self.number(keys[0].origin.x, places: 2), y0 = Self.number(keys[0].origin.y, places: 2)
        if still {
            s += "<g transform=\"translate(\(x0) \(y0))\">"
        } else if level {
            s += "<g transform=\"translate(0 \(y0))\"><g>"
            s += Self.animateTransform("translate", keys.map { Self.number($0.origin.x, places: 2) }, times, dur: dur)
        } else if upright {
            s += "<g transform=\"translate(\(x0) 0)\"><g>"
            s += Self.animateTransform("translate", keys.map { "0," + Self.number($0.origin.y, places: 2) }, times, dur: dur)
        } else {
            s += "<g>"
            s += Self.animateTransform(
                "translate", keys.map { "\(Self.number($0.origin.x, places: 2)),\(Self.number($0.origin.y, places: 2))" }, times,
                dur: dur)
        }
        if turns {
            s += "<g transform=\"rotate(\(Self.number(keys[0].angle * 180 / .pi, places: 4)))\">"
            if !still {
                s += Self.animateTransform("rotate", keys.map { Self.number($0.angle * 180 / .pi, places: 4) }, times, dur: dur)
            }
        }
        if o.samples.contains(where: { $0.opacity != 1 }) {
            // Faded as a whole (a group's opacity), keyed on its own.
            let fade = keyframes(o, reduce: Self.keptOpacity)
            s += "<g opacity=\"\(Self.number(fade[0].opacity, places: 4))\">"
            if fade.contains(where: { $0.opacity != fade[0].opacity }) {
                s += Self.animate("opacity", fade.map { Self.number($0.opacity, places: 4) }, fade.map { $0.time / n }, dur: dur)
            }
            s += "<use xlink:href=\"#l\(o.look)\"/></g>"
        } else {
            s += "<use xlink:href=\"#l\(o.look)\"/>"
        }
        s += (turns ? "</g>" : "") + (!still && (level || upright) ? "</g>" : "") + "</g></g>" + close + "\n"
        return s
    }

    /// `fill:rgb(…%,…%,…%);fill-opacity:…` (or stroke), as Cairo writes a colour.
    static func paint(_ c: Color, _ what: String) -> String {
        "\(what):rgb(\(number(c.r * 100, places: 4))%,\(number(c.g * 100, places: 4))%,\(number(c.b * 100, places: 4))%);\(what)-opacity:\(number(c.a, places: 4))"
    }

    static func path(_ points: [Vec2]) -> String {
        points.enumerated().map {
            "\($0.offset == 0 ? "M" : "L") \(number($0.element.x, places: 2)) \(number($0.element.y, places: 2))"
        }.joined(
            separator: " ")
    }

    /// The other axis's coordinate of `p` (y for axis 0).
    static func value2(_ p: Vec2, _ axis: Int) -> Double { axis == 0 ? p.y : p.x }

    static func animate(_ name: String, _ values: [String], _ times: [Double], dur: String) -> String {
        "<animate attributeName=\"\(name)\" dur=\"\(dur)s\" repeatCount=\"indefinite\" keyTimes=\"\(times.map { number($0, places: 6) }.joined(separator: ";"))\" values=\"\(values.joined(separator: ";"))\"/>"
    }

    static func animateTransform(_ type: String, _ values: [String], _ times: [Double], dur: String) -> String {
        "<animateTransform attributeName=\"transform\" type=\"\(type)\" dur=\"\(dur)s\" repeatCount=\"indefinite\" keyTimes=\"\(times.map { number($0, places: 6) }.joined(separator: ";"))\" values=\"\(values.joined(separator: ";"))\"/>"
    }

    /// The occurrence's kept keyframes (time in frames), from 0 to the loop's end: each run's
    /// frames reduced, held from half a frame before it to half a frame after.
    func keyframes(
        _ o: Occurrence, within tolerance: Double = AnimatedSVG.tolerance, _ project: (Sample) -> Sample = { $0 },
        reduce: (([Sample]) -> [Int])? = nil
    ) -> [Sample] {
        let scale = Double(renderer.scale), reach = looks[o.look].reach * scale
        // Rounding to 0.01 pt moves a point up to 0.005·√2 pt; a turn to 0.0001° moves it
        // reach · 0.00005°: what the reduction may use is what is left.
        let rounding = (0.005 * 2.0.squareRoot() * scale + reach * 0.00005 * .pi / 180)
        var out: [(time: Double, sample: Sample)] = []
        var k = 0
        while k < o.samples.count {
            var end = k
            while end + 1 < o.samples.count && o.samples[end + 1].frame == o.samples[end].frame + 1 { end += 1 }
            let run = Self.unwrapped(o.samples[k...end].map(project))
            let first = run[0], last = run[run.count - 1]
            if first.frame > 0 { out.append((Double(first.frame) - 0.5, first)) }
            for i in reduce?(run) ?? Self.kept(run, reach: reach, scale: scale, within: tolerance - rounding) {
                out.append((Double(run[i].frame), run[i]))
            }
            if last.frame < frameCount - 1 { out.append((Double(last.frame) + 0.5, last)) }
            k = end + 1
        }
        if out[0].time > 0 { out.insert((0, out[0].sample), at: 0) }
        if out[out.count - 1].time < Double(frameCount) { out.append((Double(frameCount), out[out.count - 1].sample)) }
        return out.map {
            var s = $0.sample; s.time = $0.time; return s
        }
    }

    /// A run's angles unwrapped, each within π of the one before, so interpolation turns the
    /// short way.
    static func unwrapped(_ run: [Sample]) -> [Sample] {
        var run = run
        for i in run.indices.dropFirst() {
            var a = run[i].angle
            while a - run[i - 1].angle > .pi { a -= 2 * .pi }
            while a - run[i - 1].angle < -.pi { a += 2 * .pi }
            run[i].angle = a
        }
        return run
    }

    /// The indices of the samples kept: the first, the last, and each one whose dropping would
    /// move some point of the drawing more than `tolerance` pixels at a frame between its
    /// neighbours (a turn moves a point `reach` pixels away by reach × the angle).
    static func kept(_ s: [Sample], reach: Double, scale: Double, within tolerance: Double) -> [Int] {
        guard s.count > 2 else { return Array(s.indices) }
        var out = [0], anchor = 0
        var j = 2
        while j < s.count {
            var fits = true
            for m in (anchor + 1)..<j where fits {
                let f = Double(m - anchor) / Double(j - anchor)
                let p = s[anchor].origin + (s[j].origin - s[anchor].origin) * f
                let a = s[anchor].angle + (s[j].angle - s[anchor].angle) * f
                var off = (p - s[m].origin).length * scale + abs(a - s[m].angle) * reach
                for (i, q) in s[m].points.enumerated() {
                    let w = s[anchor].points[i] + (s[j].points[i] - s[anchor].points[i]) * f
                    off = max(off, (w - q).length * scale)
                }
                fits = off <= tolerance
            }
            if !fits {
                out.append(j - 1)
                anchor = j - 1
            }
            j += 1
        }
        out.append(s.count - 1)
        return out
    }

    /// How far interpolated opacity may stray from a frame's: half a level of 8 bits.
    static let opacityTolerance = 0.5 / 255

    /// The samples whose opacity is kept: as `kept`, within `opacityTolerance` less the
    /// rounding of four places.
    static func keptOpacity(_ s: [Sample]) -> [Int] {
        kept(
            s.map { Sample(frame: $0.frame, origin: Vec2($0.opacity, 0), angle: 0, points: []) }, reach: 0, scale: 1,
            within: opacityTolerance - 0.00005)
    }

    /// A number as SVG takes it: at most `places` decimals, no trailing zeros.
    static func number(_ v: Double, places: Int = 3) -> String {
        let scale = pow(10, Double(places))
        let r = (v * scale).rounded() / scale
        if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
        var t = String(format: "%.\(places)f", r)
        while t.hasSuffix("0") { t.removeLast() }
        return t == "-0" ? "0" : t
    }
}
