import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringyTypes

/// `render --merge`: the PNG frames that shards wrote into the scene's folder, read back in
/// order and fed to the animation and video encoders as if they had just been drawn — so the
/// APNG, GIF, WebP, AVIF or video is the one a single run makes from the same pixels.
package enum MergedFrames {
    /// Formats a merge can make: those written from each frame's pixels.
    package static let formats = OutputFormat.allCases.filter { $0.kind.isAnimation }

    /// Frames `range` from `folder`, each checked whole and of the renderer's size, to `body`
    /// with the encodings `needs` asks for.
    static func run(
        folder: String, frames range: ClosedRange<Int>, renderer: Renderer, needs: SinkNeeds, scene: Scene,
        cancelled: () throws -> Void, _ body: (Int, FrameState, FramePipeline.Encoded) throws -> Void
    ) throws {
        let (w, h) = (renderer.pixelWidth, renderer.pixelHeight)
        let missing = range.filter { !FileManager.default.fileExists(atPath: "\(folder)/\(OutputNames.frame($0))") }
        if !missing.isEmpty {
            throw OutputError(
                "\(folder): \(counted(missing.count, "frame")) of \(range.count) missing (first \(OutputNames.frame(missing[0]))): render every shard before --merge"
            )
        }
        let canvas = needs.contains(.y4m) ? try Canvas(width: w, height: h, opaque: renderer.opaque) : nil
        for index in range {
            try cancelled()
            let path = "\(folder)/\(OutputNames.frame(index))"
            // One copy of the file's bytes: checked, decoded and passed on.
            guard let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }),
                PNGCodec.isWhole(bytes, width: w, height: h)
            else {
                throw OutputError(
                    "\(path) is not a whole \(w)×\(h) PNG frame of \(scene.file) at this scale: render its shard again")
            }
            let image: RGBAImage
            do { image = try RGBAImage.decode(bytes: bytes) } catch {
                throw OutputError("\(path) cannot be read as a PNG frame (\(error)): render its shard again")
            }
            var encoded = FramePipeline.Encoded()
            encoded.png = bytes
            if needs.contains(.rgba) { encoded.rgba = image.pixels }
            if let canvas {
                RawRGBA.fill(canvas, from: image.pixels)
                encoded.y4m = Y4M.frame(canvas)
            }
            let state = FrameState(
                frame: index, time: scene.time.rate.seconds(index), contentOffset: Vec2(0, 0), atRest: false, items: [],
                headers: [], springs: [], events: [], fingers: [])
            try body(index, state, encoded)
        }
    }
}
