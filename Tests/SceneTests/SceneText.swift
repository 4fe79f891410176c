import SpringyScene

/// A scene decoded from `body` under the header every decoder test shares (format 1, a
/// `width` × `height` viewport, one second at 30 fps).
func decodedScene(_ body: String, width: Int = 400, height: Int = 400) throws -> Scene {
    try SceneLoader.decode(
        yaml: """
            springy: 1
            viewport: { size: [\(width), \(height)] }
            time: { fps: 30, duration: 1 }
            \(body)
            """, file: "s.yaml")
}
