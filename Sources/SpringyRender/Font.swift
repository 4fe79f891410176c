import CCairo
import CNative
import Foundation
import SpringyCore

/// The one pinned font: DejaVu Sans from Debian's `fonts-dejavu-core`, loaded by path,
/// so text looks the same on every machine whatever fontconfig would pick.
package enum PinnedFont {
    package static let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    package static let package = "fonts-dejavu-core"

    package struct Missing: Error, CustomStringConvertible {
        package var detail: String
        package var description: String {
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
    /// With `inter`, a character is missing only when Inter and DejaVu Sans (which draws what
    /// Inter lacks) both lack it.
    package static func missingCharacters(in text: String, inter: Bool = false) throws -> [Character] {
        var faces = [try face()]
        if inter { faces.append(try interFace()) }
        var out: [Character] = []
        // A space and a line break (which breaks the line) are drawn; any other control
        // character (a tab, …) would show as a box, as would a character no face has.
        for ch in text where ch != " " && !ch.isNewline {
            let covered = ch.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isVariationSelector
                    || (scalar.properties.generalCategory != .control
                        && faces.contains { springy_font_has_glyph($0, scalar.value) != 0 })
            }
            if !covered && !out.contains(ch) { out.append(ch) }
        }
        return out
    }

    /// Inter (Debian's `fonts-inter`, SIL Open Font License): a face close to iOS's system font,
    /// for scenes that ask for it (`style.font: inter`); DejaVu Sans draws what it lacks.
    package static let interPath = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    package static let interPackage = "fonts-inter"
    static let interKey = "springy.pinned-font.inter"

    /// The calling thread's Inter face (loaded on first use, released with the thread).
    package static func interFace() throws -> OpaquePointer {
        let storage = Thread.current.threadDictionary
        if let f = storage[interKey] as? ThreadFace { return f.face }
        var message = [CChar](repeating: 0, count: 512)
        guard FileManager.default.fileExists(atPath: interPath) else {
            throw DrawingError(
                "style.font: inter draws text with Inter at \(interPath), which is missing; install it with: apt-get install \(interPackage)"
            )
        }
        guard let f = springy_font_face_from_file(interPath, &message, message.count) else {
            throw DrawingError("Inter at \(interPath) cannot be loaded: \(String(cBuffer: message))")
        }
        storage[interKey] = ThreadFace(f)
        return f
    }

    /// The calling thread's own Cairo font face, loaded on first use and released with the
    /// thread. Cairo keys its scaled fonts (and their glyph caches) by font face, and FreeType's
    /// faces are not to be used from two threads at once: a face per thread shares neither
    /// (sharing one made multi-threaded renders abort in cairo_scaled_font_destroy).
    package static func face() throws -> OpaquePointer {
        let storage = Thread.current.threadDictionary
        if let f = storage[threadKey] as? ThreadFace { return f.face }
        var message = [CChar](repeating: 0, count: 512)
        guard FileManager.default.fileExists(atPath: path) else { throw Missing(detail: "no such file") }
        guard let f = springy_font_face_from_file(path, &message, message.count) else {
            throw Missing(detail: String(cBuffer: message))
        }
        storage[threadKey] = ThreadFace(f)
        return f
    }
}

/// Text in the scene's face: DejaVu Sans alone, or Inter with DejaVu Sans for the characters
/// Inter has no glyph for (runs of each, drawn one after the other).
struct SceneText {
    let primary: OpaquePointer
    let fallback: OpaquePointer?

    /// The runs of `text`, each with the face that draws it.
    func runs(_ text: String) -> [(String, OpaquePointer)] {
        guard let fallback else { return [(text, primary)] }
        var out: [(String, OpaquePointer)] = []
        for ch in text {
            let inPrimary = ch.isWhitespace || ch.unicodeScalars.allSatisfy { springy_font_has_glyph(primary, $0.value) != 0 }
            let face = inPrimary ? primary : fallback
            if let last = out.last, last.1 == face { out[out.count - 1].0.append(ch) } else { out.append((String(ch), face)) }
        }
        return out
    }

    func advance(_ cr: OpaquePointer, _ text: String) -> Double {
        var width = 0.0
        for (run, face) in runs(text) {
            cairo_set_font_face(cr, face)
            var te = cairo_text_extents_t()
            cairo_text_extents(cr, run, &te)
            width += te.x_advance
        }
        cairo_set_font_face(cr, primary)
        return width
    }

    /// Shows `text` from the current point.
    func show(_ cr: OpaquePointer, _ text: String) {
        for (run, face) in runs(text) {
            cairo_set_font_face(cr, face)
            cairo_show_text(cr, run)
        }
        cairo_set_font_face(cr, primary)
    }
}
