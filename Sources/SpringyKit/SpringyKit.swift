import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyPipeline
import SpringyRender
import SpringyScene
import SpringySimulation
// The value types a user holds (OutputFormat, ...), defined once in SpringyTypes, the engine's own.
@_exported import SpringyTypes

/// A Springy scene, read and checked: the library's way in (`springy` is built on the same
/// pipeline). Load one from a file or from YAML text, find every problem it has, simulate it
/// into frames of plain values, draw any frame as RGBA pixels or PNG data, or write the
/// outputs the command line writes.
///
/// ```swift
/// let scene = try Scene(contentsOfFile: "scenes/springs.yaml")
/// let frames = try scene.simulate()
/// let png = try scene.image(ofFrame: 30).png()
/// ```
public struct Scene: Sendable {
    let model: SpringyScene.Scene

    /// Reads the scene file at `path`; a problem is thrown as ``Problems``, each located at its
    /// file, line, column and key.
    public init(contentsOfFile path: String) throws {
        try self.init(contentsOfFile: path, limits: Limits())
    }

    /// Reads the scene file at `path`, refusing what is over `limits`.
    public init(contentsOfFile path: String, limits: Limits) throws {
        do { model = try SceneLoader.load(path: path, limits: limits) } catch { throw Problems(error) }
    }

    init(model: SpringyScene.Scene) { self.model = model }

    /// Reads a scene from YAML text; `file` names it in problems.
    public init(yaml: String, file: String = "scene.yaml") throws {
        do { model = try SceneLoader.decode(yaml: yaml, file: file) } catch { throw Problems(error) }
    }

    /// The scene's `name`, or its file's name.
    public var name: String { model.displayName }
    /// The file it was read from, as given.
    public var file: String { model.file }
    /// Output frames per second.
    public var framesPerSecond: Int { model.time.fps }
    /// The viewport in points.
    public var width: Double { model.viewport.size.width }
    public var height: Double { model.viewport.size.height }
    /// Pixels per point.
    public var scale: Int { model.viewport.scale }
    /// The name of the folder its outputs and goldens go in (its file's name).
    public var slug: String { model.slug }
    /// Its frames: a fixed-length scene's count; for `until: rest`, the most it may have.
    public var frameCount: Int { model.time.maxFrameCount }
    /// The output frame rate.
    public var frameRate: FrameRate { model.time.rate }

    /// The same scene at another frame rate and/or length (a length makes an `until: rest`
    /// scene run exactly that long), refused when its frames would be over `limits`.
    public func retimed(rate: FrameRate?, duration: Double?, limits: Limits = Limits()) throws -> Scene {
        var s = model
        if let rate { s.time.rate = rate }
        if let duration { s.time.duration = duration; s.time.untilRest = false }
        if s.time.maxFrameCount > limits.maxFrames {
            throw Problems(
                "\(model.file): \(s.time.maxFrameCount) frames at \(s.time.rate) fps is over the limit of \(limits.maxFrames) (--max-frames)"
            )
        }
        return Scene(model: s)
    }

    /// Every problem `springy validate` reports for the scene file at `path` — what reading it
    /// finds, then what running it to its end would meet — and its warnings; empty problems
    /// mean `render` will not refuse it.
    public static func validate(
        file path: String, limits: Limits = Limits(), bodySteps: Double = Scene.validationBodySteps
    ) -> Validation {
        do { return try Scene(contentsOfFile: path, limits: limits).validate(bodySteps: bodySteps) } catch {
            return Validation(problems: Problems(error).problems)
        }
    }

    /// How much of a scene `springy validate` simulates by default, in body-steps (bodies ×
    /// solver steps): about a second of a release build's solver. A scene estimated over it is
    /// simulated that far, and the validation says so; `--full` (`.infinity`) runs it all.
    public static let validationBodySteps = 1e7

    /// Runs the scene as `springy validate` does: what running it would meet, its warnings, and
    /// what it costs. Past `bodySteps` (estimated before it starts), only the frames within
    /// them are simulated, and ``Validation/partial`` says so.
    public func validate(bodySteps: Double = .infinity) throws -> Validation {
        do {
            let v = try TraceJob.validate(model, bodySteps: bodySteps)
            return Validation(warnings: v.warnings, summary: v.cost.summary, framesRun: v.ranFrames, partial: v.unran)
        } catch { throw Problems(error) }
    }

    /// Runs the scene to its end: every frame's state, as plain values.
    public func simulate() throws -> [Frame] {
        do { return try Simulation.frames(of: model).map(Frame.init) } catch { throw Problems(error) }
    }

    /// Draws frame `index` (0 is the first) at `scale` pixels per point (the scene's own by
    /// default), simulating up to it.
    public func image(ofFrame index: Int, scale: Int? = nil) throws -> Image {
        do {
            let pipeline = try FramePipeline(scene: model, scale: scale)
            guard index >= 0, let state = try pipeline.states(frames: 0...index).last, state.frame == index else {
                throw Problems("\(model.file): the scene has no frame \(index)")
            }
            _ = try PinnedFont.face()
            let canvas = try pipeline.renderer.render(state)
            return Image(rgba: PNGCodec.decodedPixels(of: canvas), opaque: canvas.opaque)
        } catch let p as Problems { throw p } catch { throw Problems(error) }
    }

    /// Writes the scene as `springy render` does: each of `formats` into `folder`/<scene>/,
    /// replacing files that exist only with `overwrite`. Returns the files' paths.
    @discardableResult
    public func write(_ formats: [OutputFormat], to folder: String, scale: Int? = nil, overwrite: Bool = false) throws
        -> [String]
    {
        var options = RenderOptions()
        options.formats = formats
        options.folder = folder
        options.scale = scale
        options.overwrite = overwrite
        let job = try render(options)
        if !overwrite, let existing = job.existingOutputs(), !existing.isEmpty {
            throw Problems("\(existing[0]) exists; pass overwrite: true to replace it")
        }
        do { _ = try job.run() } catch let stopped as RenderStopped { throw stopped.problems ?? Problems(stopped) }
        let dir = job.folder
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().map { "\(dir)/\($0)" }
    }
}

/// What validating a scene found.
public struct Validation: Sendable {
    /// Empty when `render` will not refuse the scene.
    public var problems: [Problem] = []
    public var warnings: [String] = []
    /// What running it costs: "120 frames, 3 bodies, …" (empty when it has problems).
    public var summary = ""
    /// The frames simulated when the validation stopped short of the scene's end (its estimate
    /// was over the body-steps asked for); nil when it ran to the end.
    public var framesRun: Int?
    /// How far it ran and what the rest would take, when it stopped short (nil: it did not).
    public var partial: String?
    /// No problems.
    public var isValid: Bool { problems.isEmpty }
}

/// One frame of a run: where everything is.
public struct Frame: Sendable, Equatable {
    public var index: Int
    /// Seconds from the start.
    public var time: Double
    /// The collection view's content offset (zero without one).
    public var contentOffset: Point
    /// Whether every body is asleep (UIKit's animator would pause).
    public var atRest: Bool
    public var items: [Item]
    /// A scene file's collection's section headers and footers as drawn (`header.0`, `footer.0`;
    /// a UIKit scene's supplementary views are among its items, named the same way).
    public var headers: [Header]

    init(_ state: FrameState) {
        index = state.frame
        time = state.time
        contentOffset = Point(state.contentOffset)
        atRest = state.atRest
        items = state.items.map(Item.init)
        headers = state.headers.map(Header.init)
    }

    /// The item named `id` (a free view's name, or a cell's "section.item").
    public func item(_ id: String) -> Item? { items.first { $0.id == id } }
}

/// A section's header or footer as drawn in a frame, in view points.
public struct Header: Sendable, Equatable {
    public var id: String
    public var center: Point
    public var width: Double
    public var height: Double
    /// Held at the view's edge while its section scrolls under it.
    public var isPinned: Bool
    public var title: String?

    init(_ h: HeaderState) {
        id = h.id
        center = Point(h.frame.center)
        width = h.frame.width
        height = h.frame.height
        isPinned = h.pinned
        title = h.title
    }
}

/// An item as drawn in a frame, in view points.
public struct Item: Sendable, Equatable {
    public var id: String
    public var center: Point
    public var width: Double
    public var height: Double
    /// Radians, clockwise on screen.
    public var angle: Double
    public var alpha: Double
    public var velocity: Point
    /// A collection view's cell or a list's row (its id is its index path, "section.item").
    public var isCell: Bool
    /// The text drawn on it (a cell's number, a label's text), if any.
    public var label: String?

    init(_ s: ItemState) {
        id = s.id
        center = Point(s.center)
        width = s.size.width
        height = s.size.height
        angle = s.angle
        alpha = s.alpha
        velocity = Point(s.velocity)
        isCell = s.kind == .cell || s.kind == .row
        label = s.label
    }
}

public struct Point: Sendable, Equatable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    init(_ v: Vec2) { x = v.x; y = v.y }
    public var description: String { "(\(x), \(y))" }
}

/// A drawn frame: straight RGBA pixels, row by row.
public struct Image: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    /// Whether the scene's background is opaque (its PNG is RGB).
    public var opaque: Bool

    init(rgba: RGBAImage, opaque: Bool) {
        width = rgba.width; height = rgba.height; pixels = rgba.pixels; self.opaque = opaque
    }

    /// The PNG bytes `springy render` writes for this frame.
    public func png() throws -> [UInt8] {
        do { return try PNGCodec.encode(rgba: pixels, width: width, height: height, opaque: opaque) } catch {
            throw Problems(error)
        }
    }
}

extension OutputFormat {
    /// Made from each frame's pixels, so `RenderOptions.merge` can make it from the PNG frames
    /// shards wrote (the others are drawn from frame states).
    public var mergesFromFrames: Bool { kind.isAnimation }
}
