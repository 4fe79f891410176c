import CCairo
import CNative
import Foundation

/// The one pinned font: DejaVu Sans from Debian's `fonts-dejavu-core`, loaded by path,
/// so text looks the same on every machine whatever fontconfig would pick.
public enum PinnedFont {
    public static let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let package = "fonts-dejavu-core"

    public struct Missing: Error, CustomStringConvertible {
        public var detail: String
        public var description: String {
            "springy draws text with DejaVu Sans at \(PinnedFont.path) and cannot load it (\(detail)); install it with: apt-get install \(PinnedFont.package)"
        }
    }

    /// One font face per thread, released with its thread (see `face()`).
    final class ThreadFace {
        let face: OpaquePointer
        init(_ face: OpaquePointer) { self.face = face }
        deinit { cairo_font_face_destroy(face) }
    }
    static let threadKey = "springy.pinned-font"

    /// The characters of `text` the pinned font has no glyph for (spaces and controls aside).
    public static func missingCharacters(in text: String) throws -> [Character] {
        let f = try face()
        var out: [Character] = []
        for ch in text where !ch.isWhitespace {
            let covered = ch.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control || $0.properties.isVariationSelector
                || springy_font_has_glyph(f, $0.value) != 0 }
            if !covered && !out.contains(ch) { out.append(ch) }
        }
        return out
    }

    /// The calling thread's own Cairo font face, loaded on first use and released with the
    /// thread. Cairo keys its scaled fonts (and their glyph caches) by font face, and FreeType's
    /// faces are not to be used from two threads at once: a face per thread shares neither
    /// (sharing one made multi-threaded renders abort in cairo_scaled_font_destroy).
    public static func face() throws -> OpaquePointer {
        let storage = Thread.current.threadDictionary
        if let f = storage[threadKey] as? ThreadFace { return f.face }
        var message = [CChar](repeating: 0, count: 512)
        guard FileManager.default.fileExists(atPath: path) else { throw Missing(detail: "no such file") }
        guard let f = springy_font_face_from_file(path, &message, message.count) else {
            throw Missing(detail: String(cString: message))
        }
        storage[threadKey] = ThreadFace(f)
        return f
    }
}
