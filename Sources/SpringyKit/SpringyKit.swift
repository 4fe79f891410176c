import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyPipeline
import SpringyRender
import SpringyScene
import SpringySimulation

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
    package let model: SpringyScene.Scene

    /// Reads the scene file at `path`; a problem is thrown as ``Problems``, each located at its
    /// file, line, column and key.
    public init(contentsOfFile path: String) throws {
        do { model = try SceneLoader.load(path: path) } catch { throw Problems(error) }
    }

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

    /// Every problem `springy validate` reports for the scene file at `path` — what reading it
    /// finds, then what running it to its end would meet — and its warnings; empty problems
    /// mean `render` will not refuse it.
    public static func validate(file path: String) -> (problems: [Problem], warnings: [String]) {
        do {
            let scene = try SceneLoader.load(path: path)
            let (_, warnings) = try TraceJob.validate(scene)
            return ([], warnings)
        } catch {
            return (Problems(error).problems, [])
        }
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
                throw Problems.single("\(model.file): the scene has no frame \(index)")
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
        var settings = RenderJob.Settings()
        settings.formats = formats.map(\.pipeline)
        settings.out = folder
        settings.scale = scale
        settings.overwrite = overwrite
        let job = RenderJob(scene: model, settings: settings, version: SpringyVersion.current)
        do {
            if !overwrite, let existing = job.existingOutputs(), !existing.isEmpty {
                throw Problems.single("\(existing[0]) exists; pass overwrite: true to replace it")
            }
            _ = try job.run()
        } catch let p as Problems { throw p } catch { throw Problems(error) }
        let dir = job.folder
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().map { "\(dir)/\($0)" }
    }
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

    init(_ state: FrameState) {
        index = state.frame
        time = state.time
        contentOffset = Point(state.contentOffset)
        atRest = state.atRest
        items = state.items.map(Item.init)
    }

    /// The item named `id` (a free view's name, or a cell's "section.item").
    public func item(_ id: String) -> Item? { items.first { $0.id == id } }
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

    init(_ s: ItemState) {
        id = s.id
        center = Point(s.center)
        width = s.size.width
        height = s.size.height
        angle = s.angle
        alpha = s.alpha
        velocity = Point(s.velocity)
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

/// What `write` can produce: the formats of `springy render --format`.
public enum OutputFormat: String, Sendable, CaseIterable {
    case png, apng, gif, webp, avif, sheet, trail, pdf, svg, y4m, mp4, webm, mov

    var pipeline: SpringyPipeline.OutputFormat { SpringyPipeline.OutputFormat(rawValue: rawValue)! }
}

/// A problem with a scene, located where it can be.
public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 0 when the problem is with the file as a whole (or has no file).
    public var line: Int
    public var column: Int
    /// The key path (`behaviors[2].frequency`), or "".
    public var key: String
    public var message: String
    /// `file:line:column: key: message`, as the command line prints it.
    public var description: String
}

/// The problems that stopped a scene from being read, run, drawn or written.
public struct Problems: Error, Sendable, CustomStringConvertible {
    public var problems: [Problem]
    public var description: String { problems.map(\.description).joined(separator: "\n") }

    init(_ error: Error) {
        func one(_ e: SpringyError) -> Problem {
            Problem(file: e.file, line: e.line, column: e.column, key: e.keyPath, message: e.message, description: e.description)
        }
        switch error {
        case let many as SceneErrors: problems = many.errors.map(one)
        case let e as SpringyError: problems = [one(e)]
        case let p as Problems: problems = p.problems
        default: problems = [Problem(file: "", line: 0, column: 0, key: "", message: "\(error)", description: "\(error)")]
        }
    }

    static func single(_ message: String) -> Problems { Problems(SpringyError(message)) }
}
