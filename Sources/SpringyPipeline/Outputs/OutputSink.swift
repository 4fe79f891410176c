import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringyTypes

/// What `springy render` makes of a scene (SpringyTypes' OutputFormat, the one the library's
/// users hold). Each format is registered once, in `kind`: the type that checks, names and
/// writes it (Outputs/<Format>Sink.swift).
/// The parts of a rendered frame a sink reads; the pipeline encodes only what some sink needs.
package struct SinkNeeds: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let png = SinkNeeds(rawValue: 1)
    package static let rgba = SinkNeeds(rawValue: 2)
    package static let y4m = SinkNeeds(rawValue: 4)
}

/// One frame as every sink receives it.
package struct SinkFrame {
    /// The scene's frame number.
    package var index: Int
    /// Its place in this run (0 for the run's first frame).
    package var position: Int
    package var state: FrameState
    package var encoded: FramePipeline.Encoded
}

/// What a sink is made from: the scene, the render's settings, the folder and the frames.
package struct SinkContext {
    package var scene: Scene
    package var settings: RenderJob.Settings
    package var folder: String
    /// The frames this run renders.
    package var frames: ClosedRange<Int>
    package var renderer: Renderer
    package var width: Int { renderer.pixelWidth }
    package var height: Int { renderer.pixelHeight }
    package var opaque: Bool { renderer.opaque }
    package var rate: FrameRate { scene.time.rate }
    /// `name` inside the scene's folder.
    package func path(_ name: String) -> String { "\(folder)/\(name)" }

    /// Refuses frames over `maxSide` pixels on a side for a format that cannot hold them (its
    /// name in the message, `alternative` telling what to do instead).
    func refuseFramesOver(_ maxSide: Int, in format: String, alternative: String) throws {
        guard max(width, height) > maxSide else { return }
        throw OutputError(
            "\(scene.file): a\(format.first.map { "AEIOU".contains($0) } == true ? "n" : "") \(format) frame is at most \(maxSide) pixels on a side, and this scene's frames are \(width)×\(height) at scale \(settings.scale ?? scene.viewport.scale); \(alternative)"
        )
    }
}

/// What a sink wrote, once finished.
package struct SinkResult {
    package var files: Int
    package var bytes: Int
    package var warnings: [String] = []
}

/// One output being written: frames in, one or more whole files out (or none, if abandoned).
package protocol OutputSink: AnyObject {
    /// What it reads of each frame.
    var needs: SinkNeeds { get }
    func add(_ frame: SinkFrame) throws
    /// Completes its files; after this they are in place, whole.
    func finish() throws -> SinkResult
    /// Removes whatever it started; nothing half-written is left.
    func abandon()
}

/// One output format: everything `render` (and `docs`) need to know about it.
package protocol OutputKind {
    /// The format this kind writes: the declaration springy-generate turns into OutputFormat's
    /// case and the `kind` switch (OutputKind+Generated.swift).
    static var format: OutputFormat { get }
    /// Written by ffmpeg (OutputFormat.isVideo).
    static var isVideo: Bool { get }
    /// One file of every frame, which `render --merge` also makes from shards' PNG frames.
    static var isAnimation: Bool { get }
    /// A `springy docs --format` animation (one browsers and DocC pages show).
    static var inGallery: Bool { get }
    /// Formats drawn from kept states after the run (`--pick` applies).
    static var isStill: Bool { get }
    /// The file name's extension of its one file (`<scene>.<extension>`): the format's name
    /// unless it says otherwise.
    static var fileExtension: String { get }
    /// Whether `name` (a file in the scene's folder) is one this format writes for `job`.
    static func writes(_ name: String, job: RenderJob) -> Bool
    /// Refuses, before anything is written, what this format cannot hold (its size limits).
    static func preflight(_ context: SinkContext) throws
    /// What the user should know before the run (a format that cannot keep alpha, ...).
    static func warnings(_ context: SinkContext) -> [String]
    static func make(_ context: SinkContext) throws -> any OutputSink
}

extension OutputKind {
    package static var isStill: Bool { false }
    static var fileExtension: String { format.rawValue }
    package static var isVideo: Bool { false }
    package static var isAnimation: Bool { false }
    package static var inGallery: Bool { false }
    package static func preflight(_ context: SinkContext) throws {}
    package static func warnings(_ context: SinkContext) -> [String] { [] }
}

/// An animation writer fed each frame's RGBA, whole at `finish` (GIF, WebP, AVIF, palette
/// APNG): one sink for all of them, each format saying only how its writer takes a frame.
final class RGBAWriterSink: OutputSink {
    private let add: (SinkFrame) throws -> Void
    private let complete: () throws -> Int
    private let drop: () -> Void
    private let every: Int
    private var held: FramePipeline.Encoded?
    /// `every` > 1 (`docs --every`): each Nth frame is shown and held until the next one, the
    /// frames between given as repeats — which every writer of this shape merges into one
    /// longer frame, so the timing stays the scene's.
    init(
        every: Int = 1, add: @escaping (SinkFrame) throws -> Void, finish: @escaping () throws -> Int,
        abandon: @escaping () -> Void
    ) {
        self.every = max(1, every); self.add = add; complete = finish; drop = abandon
    }
    var needs: SinkNeeds { .rgba }
    func add(_ frame: SinkFrame) throws {
        if frame.position % every == 0 || held == nil {
            held = every > 1 ? frame.encoded : nil
            try add(frame)
        } else if let held {
            var repeated = frame
            repeated.encoded = held
            try add(repeated)
        }
    }
    func finish() throws -> SinkResult { SinkResult(files: 1, bytes: try complete()) }
    func abandon() { drop() }
}
