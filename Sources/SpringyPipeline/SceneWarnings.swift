import SpringyCore
import SpringyFrame
import SpringyRender
import SpringyScene

/// What the user should know about a scene that is not an error, said the same by every
/// command that runs it (`validate`, `render`, `docs`, `preview`).
package enum SceneWarnings {
    /// Known before the run: texts with characters the pinned font cannot draw.
    package static func ofScene(_ scene: Scene) throws -> [String] { try Renderer.glyphWarnings(scene) }

    /// Known from the run's last frame: a scene asked to run until rest that was still moving at
    /// its max_duration (the frames stop there, mid-motion).
    package static func ofRun(_ scene: Scene, lastFrame: Int, atRest: Bool) -> [String] {
        guard scene.time.untilRest, lastFrame == scene.time.maxFrameCount - 1, !atRest else { return [] }
        return [
            "\(scene.file): `until: rest`, but nothing had come to rest by max_duration (\(NumberText.plain(scene.time.maxDuration)) s): the last frame still moves (raise time.max_duration, or give a fixed time.duration)"
        ]
    }

    package static func ofRun(_ scene: Scene, last: FrameState?) -> [String] {
        last.map { ofRun(scene, lastFrame: $0.frame, atRest: $0.atRest) } ?? []
    }

}
