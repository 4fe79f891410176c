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

    nonisolated(unsafe) private static var cached: OpaquePointer?
    private static let lock = NSLock()

    /// The characters of `text` the pinned font has no glyph for (spaces and controls aside).
    public static func missingCharacters(in text: String) throws -> [Character] {
        let f = try face()
        lock.lock(); defer { lock.unlock() }
        var out: [Character] = []
        for ch in text where !ch.isWhitespace {
            let covered = ch.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control || $0.properties.isVariationSelector
                || $0.properties.generalCategory == .nonspacingMark && springy_font_has_glyph(f, $0.value) != 0
                || springy_font_has_glyph(f, $0.value) != 0 }
            if !covered && !out.contains(ch) { out.append(ch) }
        }
        return out
    }

    /// The Cairo font face, loaded once and shared (Cairo locks FreeType faces itself).
    public static func face() throws -> OpaquePointer {
        lock.lock(); defer { lock.unlock() }
        if let f = cached { return f }
        var message = [CChar](repeating: 0, count: 512)
        guard FileManager.default.fileExists(atPath: path) else { throw Missing(detail: "no such file") }
        guard let f = springy_font_face_from_file(path, &message, message.count) else {
            throw Missing(detail: String(cString: message))
        }
        cached = f
        return f
    }
}
