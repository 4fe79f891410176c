import ArgumentParser
import Foundation
import SpringyCore
import SpringyOutput
import SpringyPipeline
import SpringyScene

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
    @Option(name: .customLong("max-contacts"), help: "Contacts between colliding items at once (about 1 kB each).")
    var maxContacts: Int = SceneLimits.default.maxContacts
    @Option(name: .customLong("max-drawn-pixels"), help: "Pixels one run may draw over all its frames (frames × width × height), e.g. 5e10.")
    var maxDrawnPixels: Double = SceneLimits.default.maxDrawnPixels
    @Option(name: .customLong("max-body-steps"), help: "Solver steps × bodies one run may simulate, e.g. 2e9.")
    var maxBodySteps: Double = SceneLimits.default.maxBodySteps
    @Option(name: .customLong("max-trace-bytes"), help: "Bytes a trace may print, e.g. 4e9.")
    var maxTraceBytes: Double = SceneLimits.default.maxTraceBytes
    @Option(name: .customLong("max-boundary-edges"), help: "Straight edges of collision boundaries in a scene (and 100 overlapping pairs of them per edge).")
    var maxBoundaryEdges: Int = SceneLimits.default.maxBoundaryEdges

    /// Each limit with its largest accepted value: far above any real scene, low enough that no
    /// count, sum or buffer size built from it can overflow.
    var bounded: [(name: String, value: Int, ceiling: Int)] {
        [("--max-file-size", maxFileSize, 1 << 30), ("--max-nodes", maxNodes, 1 << 30), ("--max-depth", maxDepth, 10_000),
         ("--max-items", maxItems, 1 << 30), ("--max-bodies", maxBodies, 10_000_000), ("--max-pixels", maxPixels, 1 << 30),
         ("--max-frames", maxFrames, 100_000_000), ("--max-events", maxEvents, 10_000_000),
         ("--max-contacts", maxContacts, 100_000_000), ("--max-boundary-edges", maxBoundaryEdges, 10_000_000)]
    }

    func validate() throws {
        for limit in bounded where !(1...limit.ceiling).contains(limit.value) {
            throw ValidationError("\(limit.name) must be between 1 and \(limit.ceiling), not \(limit.value)")
        }
        for (name, value) in [("--max-drawn-pixels", maxDrawnPixels), ("--max-body-steps", maxBodySteps), ("--max-trace-bytes", maxTraceBytes)]
            where !(value >= 1 && value <= 1e18) {
            throw ValidationError("\(name) must be between 1 and 1e18, not \(value)")
        }
    }

    var limits: SceneLimits {
        var l = SceneLimits()
        l.maxFileBytes = maxFileSize; l.maxNodes = maxNodes; l.maxDepth = maxDepth; l.maxItems = maxItems
        l.maxBodies = maxBodies; l.maxPixels = maxPixels; l.maxFrames = maxFrames; l.maxScriptEvents = maxEvents
        l.maxContacts = maxContacts; l.maxBoundaryEdges = maxBoundaryEdges
        l.maxDrawnPixels = maxDrawnPixels; l.maxBodySteps = maxBodySteps; l.maxTraceBytes = maxTraceBytes
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

/// Scenes whose outputs (or goldens) live in a folder named after the file must not share
/// that name: two `carousel.yaml` from different folders would mix their frames. Refuses
/// (exit 2) naming both files.
func refuseSharedNames(_ scenes: [Scene], folder: (Scene) -> String) throws {
    var owner: [String: String] = [:]
    for scene in scenes {
        let f = folder(scene)
        if let other = owner[f], other != scene.file {
            warn("springy: \(other) and \(scene.file) would both write into \(f) (scenes are named by their file name, \(scene.slug)); rename one, or run them separately with different --out")
            throw ExitCode(2)
        }
        owner[f] = scene.file
    }
}

/// An option's text that is not a value of its kind, and why (ArgumentParser prints it).
struct InvalidValue: Error, CustomStringConvertible {
    var description: String
}

/// `A-B`, `A`, `last` or `A-last`: inclusive frame numbers (`last` is the scene's last frame).
struct FrameRange {
    var lower: Int?          // nil: `last`
    var upper: Int?          // nil: `last`

    /// Parses the option's text, saying why it is not a range.
    static func parse(_ text: String) throws -> FrameRange {
        func bound(_ s: Substring) throws -> Int? {
            let t = s.trimmingCharacters(in: .whitespaces)
            if t == "last" { return nil }
            guard let n = Int(t), n >= 0 else {
                throw InvalidValue(description: "\"\(text)\" is not a frame range: \"\(t)\" is neither a frame number (0 or more) nor `last`; write A-B, A, last or A-last, e.g. 30-59")
            }
            return n
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            let b = try bound(parts[0])
            return FrameRange(lower: b, upper: b)
        case 2:
            let a = try bound(parts[0]), b = try bound(parts[1])
            if a == nil && b != nil {
                throw InvalidValue(description: "\"\(text)\" starts at the last frame and ends before it; write A-last")
            }
            if let a, let b, b < a {
                throw InvalidValue(description: "\"\(text)\" ends before it starts (\(b) < \(a)); write the smaller frame first: \(b)-\(a)")
            }
            return FrameRange(lower: a, upper: b)
        default:
            throw InvalidValue(description: "\"\(text)\" is not a frame range; write A-B, A, last or A-last, e.g. 30-59")
        }
    }

    /// The frames among `count` (frames 0…count−1), or why they are not there.
    func range(count: Int, file: String) throws -> ClosedRange<Int> {
        let last = count - 1
        let a = lower ?? last, b = upper ?? last
        if a > last || b > last {
            throw InvalidValue(description: "--frames \(describe): \(file) has \(counted(count, "frame")) (0-\(last))")
        }
        return a...b
    }

    var describe: String {
        let a = lower.map(String.init) ?? "last", b = upper.map(String.init) ?? "last"
        return a == b ? a : "\(a)-\(b)"
    }
}

/// The range `--frames` asks of one scene; a range past its end is bad input (exit 2).
func frameRange(_ frames: FrameRange?, of scene: Scene) throws -> ClosedRange<Int>? {
    guard let frames else { return nil }
    do { return try frames.range(count: scene.time.maxFrameCount, file: scene.file) } catch {
        warn("springy: \(error)")
        throw ExitCode(2)
    }
}

/// A `--pick` that names frames the scene does not have is bad input (exit 2), not clamped.
func checkPick(_ pick: FramePick?, of scene: Scene) throws {
    guard let pick else { return }
    if let problem = pick.problem(count: scene.time.maxFrameCount) {
        warn("springy: --pick: \(scene.file): \(problem)")
        throw ExitCode(2)
    }
}

/// `K/N`: shard K of N, 1-based, for `render` and `check` alike. What it partitions is the
/// command's: `render` renders a contiguous share of the frames (RenderJob.frameRange), `check`
/// checks every Nth scene from the Kth (`scenes`), as Playwright's --shard splits tests.
struct Shard: Sendable {
    var k: Int
    var n: Int
    /// At most a million shards: a shard's share of the frames is computed without overflow.
    static let maxShards = 1_000_000

    /// Parses the option's text, saying why it is not a shard.
    static func parse(_ text: String) throws -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw InvalidValue(description: "--shard \(text) is not a shard: write K/N, e.g. 2/4 for the second of four")
        }
        guard (1...maxShards).contains(n) else {
            throw InvalidValue(description: "--shard \(text): the number of shards must be between 1 and \(maxShards)")
        }
        guard (1...n).contains(k) else {
            throw InvalidValue(description: "--shard \(text): the shard must be between 1 and \(n)")
        }
        return Shard(k: k, n: n)
    }

    /// `check`'s share: every Nth of `paths` from the Kth, in the order given.
    func scenes(_ paths: [String]) -> [String] {
        paths.enumerated().filter { $0.offset % n == k - 1 }.map(\.element)
    }
}

/// `FREQUENCY,DAMPING[,REST]`: a released spring to draw beside a plot.
struct SpringArgument: ExpressibleByArgument {
    var frequency: Double
    var damping: Double
    var rest: Double?
    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard (2...3).contains(parts.count), let f = parts[0], let d = parts[1], f > 0, f.isFinite, d >= 0, d.isFinite
        else { return nil }
        if parts.count == 3 { guard let r = parts[2], r.isFinite else { return nil }; rest = r }
        frequency = f; damping = d
    }
}

/// `png,apng`: formats, comma-separated (the option may also repeat).
struct FormatList: ExpressibleByArgument {
    var formats: [OutputFormat]
    init?(argument: String) {
        var out: [OutputFormat] = []
        for part in argument.split(separator: ",") {
            guard let f = OutputFormat(rawValue: part.trimmingCharacters(in: .whitespaces).lowercased()) else { return nil }
            out.append(f)
        }
        if out.isEmpty { return nil }
        formats = out
    }
    static var allValueStrings: [String] { OutputFormat.allCases.map(\.rawValue) }
}
extension PlotQuantity: ExpressibleByArgument {}
extension PNGSettings.Filter: ExpressibleByArgument {}
extension PNGSettings.Strategy: ExpressibleByArgument {}
extension FramePick: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
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

/// Prints an error the way the command line reports it and gives the exit to throw:
/// located errors (scene, simulation) as `file:line:column: key: message`, others after `springy:`.
func report(_ error: Error) -> Error {
    switch error {
    case is ExitCode: return error
    case is StandardOutput.Closed: return ExitCode(141)   // the reader went away (`| head`): stop quietly
    case is LocatedError: warn("\(error)")
    default: warn("springy: \(error)")
    }
    return ExitCode(2)
}

/// A word as a shell reads it back: quoted when it holds anything but safe characters.
func shellQuoted(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
    return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
