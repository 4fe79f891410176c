import SpringyScene

/// Every file name Springy writes, in one place.
package enum OutputNames {
    /// `frame-00042.png` (five digits at least), or with another extension.
    package static func frame(_ index: Int, extension ext: String = "png") -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + "." + ext
    }

    /// The folder of a scene's outputs under `root`.
    package static func sceneFolder(_ root: String, _ scene: Scene) -> String { "\(root)/\(scene.slug)" }

    package static func apng(_ scene: Scene) -> String { "\(scene.slug).apng" }
    package static func sheet(_ scene: Scene) -> String { "\(scene.slug)-sheet.png" }
    package static func trail(_ scene: Scene) -> String { "\(scene.slug)-trail.png" }
    package static func video(_ scene: Scene, _ ext: String) -> String { "\(scene.slug).\(ext)" }

    /// Marks a folder whose render was interrupted (holding the run's key).
    package static let partialMarker = ".springy-partial"

    /// The resume marker of a render of `frames` (a shard's share, or a --frames range): one per
    /// range, so shards sharing a folder neither remove nor overwrite each other's.
    package static func partialMarker(frames: ClosedRange<Int>, of count: Int) -> String {
        frames == 0...(count - 1) ? partialMarker : "\(partialMarker)-\(frames.lowerBound)-\(frames.upperBound)"
    }
}
