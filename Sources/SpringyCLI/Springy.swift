import ArgumentParser
import Foundation
import SpringyScene

/// The `springy` command line.
public struct Springy: ParsableCommand {
    public static let version = "0.1.0"
    public static let configuration = CommandConfiguration(
        commandName: "springy",
        abstract: "Render physics-driven collection views (UIKit Dynamics on Box2D) to PNG sequences, traces and golden tests.",
        discussion: """
        Exit codes: 0 ok, 1 a golden image differs, 2 bad input (a scene file, a flag, a path).
        The scene format: the README's "Scenes" section and the contract it extends, SCENE-FORMAT.md.
        """,
        version: version,
        subcommands: [Render.self, Trace.self, Validate.self, Check.self, Bench.self, PlotCommand.self, Docs.self])

    public init() {}

    /// Runs the command line; every error but a golden mismatch exits with 2.
    public static func runMain(_ arguments: [String]? = nil) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Foundation.exit(0)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help, --version
                Springy.exit(withError: error)
            }
            let message = fullMessage(for: error)
            FileHandle.standardError.write(Data(("springy: " + message + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// Prints to standard error.
func warn(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Limits on what a scene may ask for; each has a generous default (README, "Limits").
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-file-size"), help: "Largest scene file, bytes.")
    var maxFileSize: Int = SceneLimits.default.maxFileBytes
    @Option(name: .customLong("max-nodes"), help: "YAML nodes after alias expansion.")
    var maxNodes: Int = SceneLimits.default.maxNodes
    @Option(name: .customLong("max-depth"), help: "YAML nesting depth.")
    var maxDepth: Int = SceneLimits.default.maxDepth
    @Option(name: .customLong("max-items"), help: "Items (cells and free views) in a scene.")
    var maxItems: Int = SceneLimits.default.maxItems
    @Option(name: .customLong("max-bodies"), help: "Bodies simulated at once.")
    var maxBodies: Int = SceneLimits.default.maxBodies
    @Option(name: .customLong("max-pixels"), help: "Pixels in one frame.")
    var maxPixels: Int = SceneLimits.default.maxPixels
    @Option(name: .customLong("max-frames"), help: "Frames in a scene.")
    var maxFrames: Int = SceneLimits.default.maxFrames
    @Option(name: .customLong("max-events"), help: "Script events in a scene.")
    var maxEvents: Int = SceneLimits.default.maxScriptEvents

    func validate() throws {
        for (name, v) in [("--max-file-size", maxFileSize), ("--max-nodes", maxNodes), ("--max-depth", maxDepth),
                          ("--max-items", maxItems), ("--max-bodies", maxBodies), ("--max-pixels", maxPixels),
                          ("--max-frames", maxFrames), ("--max-events", maxEvents)] where v < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
    }

    var limits: SceneLimits {
        var l = SceneLimits()
        l.maxFileBytes = maxFileSize; l.maxNodes = maxNodes; l.maxDepth = maxDepth; l.maxItems = maxItems
        l.maxBodies = maxBodies; l.maxPixels = maxPixels; l.maxFrames = maxFrames; l.maxScriptEvents = maxEvents
        return l
    }
}

/// Loads every scene, printing each bad one's error; throws exit code 2 if any was bad.
func loadScenes(_ paths: [String], limits: SceneLimits = .default) throws -> [Scene] {
    var scenes: [Scene] = []
    var bad = false
    for p in paths {
        do { scenes.append(try SceneLoader.load(path: p, limits: limits)) } catch {
            warn("\(error)")
            bad = true
        }
    }
    if bad { throw ExitCode(2) }
    return scenes
}

/// `A-B` or `A`, inclusive frame numbers.
struct FrameRange: ExpressibleByArgument {
    var range: ClosedRange<Int>
    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, let a = Int(parts[0]), a >= 0 { range = a...a; return }
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a else { return nil }
        range = a...b
    }
    static var defaultValueDescription: String { "all" }
}

/// The scenes in `scenes/` when none are named.
func defaultScenes() throws -> [String] {
    let dir = "scenes"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
        warn("springy: no scenes named and no scenes/ folder here")
        throw ExitCode(2)
    }
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted().map { "\(dir)/\($0)" }
}
