import SpringyCore
import SpringyFrame

/// A FrameState as bytes and back, exactly: every Double keeps its bits, so a frame drawn from
/// decoded states is the frame drawn from the simulation's, byte for byte.
///
/// Doubles are written XORed with the previous frame's Double at the same position in the
/// stream of Doubles (0 for the first frame of a chunk), as a count of significant bytes and
/// those bytes: what does not move is one zero byte, what moves a little a few bytes. Decoding
/// undoes it with the same previous frame, whatever the two frames' shapes.
package enum FrameStateCodec {
    /// Bytes being written, a chunk's frames one after another.
    package struct Writer {
        package var bytes: [UInt8] = []
        var doubles: [UInt64] = []
        var previous: [UInt64] = []
        /// The pictures this chunk has written, each once: later frames name them by number.
        var images: [ImagePixels] = []

        package init() {}

        /// Starts the next frame: its Doubles are XORed with the last one's.
        mutating func nextFrame() {
            previous = doubles
            doubles = []
        }

        mutating func byte(_ v: UInt8) { bytes.append(v) }

        mutating func count(_ v: Int) { varint(UInt64(v)) }

        mutating func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                bytes.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            bytes.append(UInt8(v))
        }

        mutating func int(_ v: Int) { varint(UInt64(bitPattern: Int64((v << 1) ^ (v >> 63)))) }

        mutating func double(_ d: Double) {
            let bits = d.bitPattern
            let x = bits ^ (doubles.count < previous.count ? previous[doubles.count] : 0)
            doubles.append(bits)
            let n = x == 0 ? 0 : 8 - x.leadingZeroBitCount / 8
            bytes.append(UInt8(n))
            for i in 0..<n { bytes.append(UInt8(truncatingIfNeeded: x >> (8 * UInt64(i)))) }
        }

        mutating func vec(_ v: Vec2) { double(v.x); double(v.y) }

        mutating func string(_ s: String) {
            let u = Array(s.utf8)
            count(u.count)
            bytes += u
        }
    }

    /// Bytes being read; what is wrong is a `Malformed` naming the field.
    package struct Reader {
        let bytes: [UInt8]
        var at: Int
        let end: Int
        var doubles: [UInt64] = []
        var previous: [UInt64] = []
        /// The pictures read so far in this chunk, by number.
        var images: [ImagePixels] = []

        /// Reads `bytes[start..<end]`, frames XORed as a chunk's are (the first with nothing).
        package init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
            self.bytes = bytes; at = start; self.end = end ?? bytes.count
        }

        package var atEnd: Bool { at >= end }

        /// Starts the next frame: its Doubles are XORed with the last one's.
        mutating func nextFrame() {
            previous = doubles
            doubles = []
        }

        mutating func byte(_ what: String) throws -> UInt8 {
            guard at < end else { throw Malformed(what: what) }
            defer { at += 1 }
            return bytes[at]
        }

        mutating func varint(_ what: String) throws -> UInt64 {
            var v: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let b = try byte(what)
                guard shift < 64, shift < 63 || b <= 1 else { throw Malformed(what: what) }
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return v }
                shift += 7
            }
        }

        /// A count of things, each at least `minimumBytes` long: never more than the bytes left.
        mutating func count(_ what: String, minimumBytes: Int = 1) throws -> Int {
            let v = try varint(what)
            guard v <= UInt64(max(0, end - at) / max(1, minimumBytes)) else { throw Malformed(what: what) }
            return Int(v)
        }

        mutating func int(_ what: String) throws -> Int {
            let z = try varint(what)
            return Int(truncatingIfNeeded: Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1))))
        }

        mutating func double(_ what: String) throws -> Double {
            let n = Int(try byte(what))
            guard n <= 8 else { throw Malformed(what: what) }
            var x: UInt64 = 0
            for i in 0..<n { x |= UInt64(try byte(what)) << (8 * UInt64(i)) }
            let bits = x ^ (doubles.count < previous.count ? previous[doubles.count] : 0)
            doubles.append(bits)
            return Double(bitPattern: bits)
        }

        mutating func vec(_ what: String) throws -> Vec2 { Vec2(try double(what), try double(what)) }

        mutating func string(_ what: String) throws -> String {
            let n = try count(what)
            let slice = bytes[at..<(at + n)]
            at += n
            guard let s = String(validatingUTF8Bytes: slice) else { throw Malformed(what: what) }
            return s
        }

        mutating func flag(_ what: String) throws -> Bool {
            switch try byte(what) {
            case 0: return false
            case 1: return true
            default: throw Malformed(what: what)  // open set: byte values
            }
        }

        mutating func raw<E: RawRepresentable>(_ what: String, _: E.Type) throws -> E where E.RawValue == String {
            guard let e = E(rawValue: try string(what)) else { throw Malformed(what: what) }
            return e
        }
    }

    /// Bytes that are not a frame state: which field broke.
    package struct Malformed: Error, CustomStringConvertible {
        package var what: String
        package var description: String { "a frame's \(what) is damaged" }
    }

    package static func encode(_ s: FrameState, into w: inout Writer) {
        w.nextFrame()
        w.count(s.frame)
        w.double(s.time)
        w.vec(s.contentOffset)
        w.byte(s.atRest ? 1 : 0)
        w.count(s.items.count)
        for item in s.items { encode(item, into: &w) }
        w.count(s.headers.count)
        for h in s.headers {
            w.string(h.id)
            w.vec(h.frame.origin)
            w.double(h.frame.size.width)
            w.double(h.frame.size.height)
            w.byte(h.pinned ? 1 : 0)
            optional(h.title, into: &w) { $1.string($0) }
            w.int(h.z)
            w.string(h.kind.rawValue)
            optional(h.color, into: &w) { c, w in color(c, into: &w) }
            w.byte(h.trailingTitle ? 1 : 0)
        }
        w.count(s.springs.count)
        for sp in s.springs {
            w.string(sp.item)
            w.vec(sp.anchor)
            w.vec(sp.point)
        }
        w.count(s.events.count)
        for e in s.events {
            w.string(e.kind.rawValue)
            w.string(e.item)
            w.string(e.with)
            optional(e.point, into: &w) { $1.vec($0) }
        }
        w.count(s.fingers.count)
        for f in s.fingers { w.vec(f) }
        w.count(s.boundaries.count)
        for b in s.boundaries {
            w.vec(b.from)
            w.vec(b.to)
        }
        w.count(s.flashes.count)
        for f in s.flashes {
            w.vec(f.point)
            w.double(f.age)
        }
    }

    static func encode(_ i: ItemState, into w: inout Writer) {
        w.string(i.id)
        w.vec(i.center)
        w.double(i.size.width)
        w.double(i.size.height)
        w.double(i.angle)
        w.double(i.alpha)
        w.int(i.z)
        w.vec(i.velocity)
        w.byte(i.selected ? 1 : 0)
        w.string(i.kind.rawValue)
        optional(i.paletteKey, into: &w) { $1.int($0) }
        optional(i.color, into: &w) { c, w in color(c, into: &w) }
        optional(i.label, into: &w) { $1.string($0) }
        w.string(i.shape.rawValue)
        w.double(i.elevation)
        w.count(i.outline.count)
        for p in i.outline { w.vec(p) }
        w.byte(i.groupCorners.rawValue)
        w.double(i.groupRadius)
        w.byte(i.trailingLabel ? 1 : 0)
        look(i.look, into: &w)
    }

    /// A view's own look (a scene file's free item's keys, a Swift scene's layer and label): in
    /// the stream since version 3, so frames drawn from it look as frames drawn from the run.
    static func look(_ l: ViewLook, into w: inout Writer) {
        // Most items (cells, plain views) set nothing of their own: one byte says so.
        let plain = l == ViewLook()
        w.byte(plain ? 0 : 1)
        if plain { return }
        optional(l.cornerRadius, into: &w) { $1.double($0) }
        optional(l.continuousCorners, into: &w) { $1.byte($0 ? 1 : 0) }
        optional(l.border, into: &w) { b, w in
            w.double(b.width)
            color(b.color, into: &w)
        }
        optional(l.shadow, into: &w) { s, w in
            color(s.color, into: &w)
            w.double(s.opacity); w.double(s.radius); w.vec(s.offset)
        }
        optional(l.textColor, into: &w) { c, w in color(c, into: &w) }
        optional(l.fontSize, into: &w) { $1.double($0) }
        optional(l.textAlignment, into: &w) { $1.string($0.rawValue) }
        optional(l.textLines, into: &w) { $1.int($0) }
        optional(l.lineBreak, into: &w) { $1.string($0.rawValue) }
        w.count(l.clips.count)
        for c in l.clips {
            w.vec(c.center); w.double(c.size.width); w.double(c.size.height); w.double(c.angle); w.double(c.cornerRadius)
            w.byte(c.continuous ? 1 : 0)
        }
        optional(l.image, into: &w) { image, w in
            // A picture's pixels once per chunk (the first frame that shows it), then its number.
            if let k = w.images.firstIndex(where: { $0 == image.pixels }) {
                w.count(k)
            } else {
                let p = image.pixels
                w.count(w.images.count)
                w.images.append(p)
                w.count(p.width); w.count(p.height); w.count(p.scale)
                for word in p.argb {
                    w.bytes += [UInt8(word & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word >> 16 & 0xFF), UInt8(word >> 24)]
                }
            }
            w.string(image.mode.rawValue)
            w.byte(image.clipped ? 1 : 0)
            w.double(image.zoom)
        }
    }

    static func optional<T>(_ v: T?, into w: inout Writer, _ body: (T, inout Writer) -> Void) {
        guard let v else { w.byte(0); return }
        w.byte(1)
        body(v, &w)
    }

    static func color(_ c: Color, into w: inout Writer) {
        w.double(c.r); w.double(c.g); w.double(c.b); w.double(c.a)
    }

    package static func decode(_ r: inout Reader) throws -> FrameState {
        r.nextFrame()
        let number = try r.varint("frame number")
        guard number <= UInt64(Int32.max) else { throw Malformed(what: "frame number") }
        let frame = Int(number)
        let time = try r.double("time")
        let offset = try r.vec("content offset")
        let atRest = try r.flag("at rest")
        var items: [ItemState] = []
        for _ in 0..<(try r.count("item count", minimumBytes: 20)) { items.append(try item(&r)) }
        var headers: [HeaderState] = []
        for _ in 0..<(try r.count("header count", minimumBytes: 10)) {
            let id = try r.string("header id")
            let origin = try r.vec("header frame")
            let size = Size2(try r.double("header frame"), try r.double("header frame"))
            let pinned = try r.flag("header pinned")
            let title = try r.flag("header title") ? try r.string("header title") : nil
            let z = try r.int("header z")
            let kind = try r.raw("header kind", SupplementaryKind.self)
            let color = try r.flag("header colour") ? try color(&r) : nil
            let trailing = try r.flag("header title side")
            var frame = Rect(center: Vec2(0, 0), size: size)
            frame.origin = origin
            headers.append(
                HeaderState(
                    id: id, frame: frame, pinned: pinned, title: title, z: z, kind: kind,
                    color: color, trailingTitle: trailing))
        }
        var springs: [SpringSnapshot] = []
        for _ in 0..<(try r.count("spring count", minimumBytes: 5)) {
            springs.append(
                SpringSnapshot(
                    item: try r.string("spring item"), anchor: try r.vec("spring anchor"), point: try r.vec("spring point")))
        }
        var events: [ContactEvent] = []
        for _ in 0..<(try r.count("event count", minimumBytes: 4)) {
            let kind = try r.raw("event kind", ContactEvent.Kind.self)
            let item = try r.string("event item")
            let with = try r.string("event other")
            let point = try r.flag("event point") ? try r.vec("event point") : nil
            events.append(ContactEvent(kind: kind, item: item, with: with, point: point))
        }
        var fingers: [Vec2] = []
        for _ in 0..<(try r.count("finger count", minimumBytes: 2)) { fingers.append(try r.vec("finger")) }
        var boundaries: [Segment] = []
        for _ in 0..<(try r.count("boundary count", minimumBytes: 4)) {
            boundaries.append(Segment(from: try r.vec("boundary"), to: try r.vec("boundary")))
        }
        var flashes: [Flash] = []
        for _ in 0..<(try r.count("flash count", minimumBytes: 3)) {
            flashes.append(Flash(point: try r.vec("flash"), age: try r.double("flash age")))
        }
        return FrameState(
            frame: frame, time: time, contentOffset: offset, atRest: atRest, items: items, headers: headers, springs: springs,
            events: events, fingers: fingers, boundaries: boundaries, flashes: flashes)
    }

    static func item(_ r: inout Reader) throws -> ItemState {
        let id = try r.string("item id")
        let center = try r.vec("item centre")
        let size = Size2(try r.double("item size"), try r.double("item size"))
        let angle = try r.double("item angle")
        let alpha = try r.double("item alpha")
        let z = try r.int("item z")
        let velocity = try r.vec("item velocity")
        let selected = try r.flag("item selection")
        let kind = try r.raw("item kind", ItemKind.self)
        let paletteKey = try r.flag("item palette key") ? try r.int("item palette key") : nil
        let color = try r.flag("item colour") ? try color(&r) : nil
        let label = try r.flag("item label") ? try r.string("item label") : nil
        let shape = try r.raw("item shape", ItemShape.self)
        var item = ItemState(
            id: id, center: center, size: size, angle: angle, alpha: alpha, z: z, velocity: velocity, selected: selected,
            kind: kind, paletteKey: paletteKey, color: color, label: label, shape: shape,
            elevation: try r.double("item elevation"))
        for _ in 0..<(try r.count("item outline", minimumBytes: 2)) { item.outline.append(try r.vec("item outline")) }
        item.groupCorners = GroupCorners(rawValue: try r.byte("item group corners"))
        item.groupRadius = try r.double("item group radius")
        item.trailingLabel = try r.flag("item label side")
        item.look = try look(&r)
        return item
    }

    static func look(_ r: inout Reader) throws -> ViewLook {
        var l = ViewLook()
        guard try r.flag("view look") else { return l }
        l.cornerRadius = try r.flag("view corner radius") ? try r.double("view corner radius") : nil
        l.continuousCorners = try r.flag("view corner curve") ? try r.flag("view corner curve") : nil
        if try r.flag("view border") { l.border = Border(width: try r.double("view border"), color: try color(&r)) }
        if try r.flag("view shadow") {
            l.shadow = Shadow(
                color: try color(&r), opacity: try r.double("view shadow"), radius: try r.double("view shadow"),
                offset: try r.vec("view shadow"))
        }
        l.textColor = try r.flag("view text colour") ? try color(&r) : nil
        l.fontSize = try r.flag("view font size") ? try r.double("view font size") : nil
        l.textAlignment = try r.flag("view text alignment") ? try r.raw("view text alignment", TextAlignment.self) : nil
        l.textLines = try r.flag("view lines") ? try r.int("view lines") : nil
        l.lineBreak = try r.flag("view line break") ? try r.raw("view line break", LineBreak.self) : nil
        for _ in 0..<(try r.count("view clips", minimumBytes: 7)) {
            l.clips.append(
                Clip(
                    center: try r.vec("view clip"), size: Size2(try r.double("view clip"), try r.double("view clip")),
                    angle: try r.double("view clip"), cornerRadius: try r.double("view clip"), continuous: try r.flag("view clip")
                ))
        }
        if try r.flag("view image") {
            let k = try r.count("view image")
            let pixels: ImagePixels
            if k < r.images.count {
                pixels = r.images[k]
            } else {
                guard k == r.images.count else { throw Malformed(what: "view image") }
                let width = try r.count("view image size"), height = try r.count("view image size")
                let scale = try r.count("view image scale")
                guard (1...ImagePixels.maxSide).contains(width), (1...ImagePixels.maxSide).contains(height),
                    (1...3).contains(scale)
                else { throw Malformed(what: "view image size") }
                let n = width * height
                guard n <= (r.end - r.at) / 4 else { throw Malformed(what: "view image pixels") }
                var argb = [UInt32](repeating: 0, count: n)
                for i in 0..<n {
                    let b = r.at + 4 * i
                    argb[i] =
                        UInt32(r.bytes[b]) | UInt32(r.bytes[b + 1]) << 8 | UInt32(r.bytes[b + 2]) << 16 | UInt32(r.bytes[b + 3])
                        << 24
                }
                r.at += 4 * n
                pixels = ImagePixels(width: width, height: height, scale: scale, argb: argb)
                r.images.append(pixels)
            }
            l.image = ViewImage(
                pixels: pixels, mode: try r.raw("view image mode", ContentMode.self), clipped: try r.flag("view image clip"),
                zoom: try r.double("view image zoom"))
        }
        return l
    }

    static func color(_ r: inout Reader) throws -> Color {
        Color(r: try r.double("colour"), g: try r.double("colour"), b: try r.double("colour"), a: try r.double("colour"))
    }
}

extension String {
    /// The text of `bytes` when they are valid UTF-8, else nil.
    init?(validatingUTF8Bytes bytes: ArraySlice<UInt8>) {
        var text = ""
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): text.unicodeScalars.append(s)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = text
    }
}
