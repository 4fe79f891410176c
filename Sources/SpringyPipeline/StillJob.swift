import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyScene

/// `springy still`: one frame of a scene as a PNG (Manim's `-s`).
package enum StillJob {
    package enum Moment: Equatable, Sendable {
        case frame(Int)
        /// The frame shown at this time (s): the last one whose time is not after it.
        case time(Double)
        /// The scene's final frame (for `until: rest`, the first at rest).
        case last
    }

    package static func render(_ scene: Scene, at moment: Moment, scale: Int?, png: PNGSettings = PNGSettings()) throws -> (
        frame: Int, png: [UInt8]
    ) {
        try RunCost.check(scene, drawn: false)
        var pipeline = try FramePipeline(scene: scene, scale: scale, png: png, threads: 1)
        pipeline.encodePNG = true
        let count = scene.time.maxFrameCount
        let index: Int
        switch moment {
        case .frame(let n):
            guard n < count else { throw OutputError("\(scene.file): frame \(n) is past the scene's last frame, \(count - 1)") }
            index = n
        case .time(let t):
            guard let n = scene.time.frame(atTime: t, count: count) else {
                throw OutputError(
                    "\(scene.file): \(NumberText.plain(t)) s is past the scene's end (\(scene.time.length(frames: count)) s)")
            }
            index = n
        case .last:
            guard let final = try pipeline.states().last else { throw OutputError("\(scene.file): the scene has no frames") }
            return (final.frame, try pipeline.encode(final).png)
        }
        var bytes: [UInt8] = []
        try pipeline.runEncoded(frames: index...index) { _, _, encoded in bytes = encoded.png }
        return (index, bytes)
    }
}
