import CNative
import Foundation
import SpringyCore

/// What draws and encodes a frame, as this process loaded it: the libraries' run-time versions
/// and a hash of each pinned font file. A golden set records them (GoldenEnvironment), so a
/// failure an update explains can say which one changed.
package enum DrawingLibraries {
    package static let versions: [(String, String)] = {
        var buffer = [CChar](repeating: 0, count: 512)
        springy_library_versions(&buffer, buffer.count)
        var out: [(String, String)] = []
        let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { out.append((String(parts[0]), String(parts[1]))) }
        }
        for (name, path) in [("font-dejavu-sans", PinnedFont.path), ("font-inter", PinnedFont.interPath)] {
            guard let data = FileManager.default.contents(atPath: path) else { out.append((name, "missing")); continue }
            var hash = ContentHash()
            hash.add(data)
            out.append((name, hash.hex))
        }
        return out
    }()
}
