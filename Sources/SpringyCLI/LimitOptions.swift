import ArgumentParser
import SpringyKit

/// Limits on what a scene may ask for; each has a generous default (README, "Limits").
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-file-size"), help: "Largest scene file, bytes.")
    var maxFileSize: Int = Limits().maxFileBytes
    @Option(name: .customLong("max-nodes"), help: "YAML nodes after alias expansion.")
    var maxNodes: Int = Limits().maxNodes
    @Option(name: .customLong("max-depth"), help: "YAML nesting depth.")
    var maxDepth: Int = Limits().maxDepth
    @Option(name: .customLong("max-items"), help: "Items (cells and free views) in a scene.")
    var maxItems: Int = Limits().maxItems
    @Option(name: .customLong("max-bodies"), help: "Bodies simulated at once.")
    var maxBodies: Int = Limits().maxBodies
    @Option(name: .customLong("max-pixels"), help: "Pixels in one frame.")
    var maxPixels: Int = Limits().maxPixels
    @Option(name: .customLong("max-frames"), help: "Frames in a scene.")
    var maxFrames: Int = Limits().maxFrames
    @Option(name: .customLong("max-events"), help: "Script events in a scene.")
    var maxEvents: Int = Limits().maxScriptEvents
    @Option(name: .customLong("max-contacts"), help: "Contacts between colliding items at once (about 1 kB each).")
    var maxContacts: Int = Limits().maxContacts
    @Option(
        name: .customLong("max-drawn-pixels"),
        help: "Pixels one run may draw over all its frames (frames × width × height), e.g. 5e10.")
    var maxDrawnPixels: Double = Limits().maxDrawnPixels
    @Option(name: .customLong("max-body-steps"), help: "Solver steps × bodies one run may simulate, e.g. 2e9.")
    var maxBodySteps: Double = Limits().maxBodySteps
    @Option(name: .customLong("max-trace-bytes"), help: "Bytes a trace may print, e.g. 4e9.")
    var maxTraceBytes: Double = Limits().maxTraceBytes
    @Option(
        name: .customLong("max-boundary-edges"),
        help: "Straight edges of collision boundaries in a scene (and 100 overlapping pairs of them per edge).")
    var maxBoundaryEdges: Int = Limits().maxBoundaryEdges

    /// Each limit with its largest accepted value: far above any real scene, low enough that no
    /// count, sum or buffer size built from it can overflow.
    var bounded: [(name: String, value: Int, ceiling: Int)] {
        [
            ("--max-file-size", maxFileSize, 1 << 30), ("--max-nodes", maxNodes, 1 << 30), ("--max-depth", maxDepth, 10_000),
            ("--max-items", maxItems, 1 << 30), ("--max-bodies", maxBodies, 10_000_000), ("--max-pixels", maxPixels, 1 << 30),
            ("--max-frames", maxFrames, 100_000_000), ("--max-events", maxEvents, 10_000_000),
            ("--max-contacts", maxContacts, 100_000_000), ("--max-boundary-edges", maxBoundaryEdges, 10_000_000),
        ]
    }

    func validate() throws {
        for limit in bounded where !(1...limit.ceiling).contains(limit.value) {
            throw ValidationError("\(limit.name) must be between 1 and \(limit.ceiling), not \(limit.value)")
        }
        for (name, value) in [
            ("--max-drawn-pixels", maxDrawnPixels), ("--max-body-steps", maxBodySteps), ("--max-trace-bytes", maxTraceBytes),
        ]
        where !(value >= 1 && value <= 1e18) {
            throw ValidationError("\(name) must be between 1 and 1e18, not \(value)")
        }
    }

    var limits: Limits {
        var l = Limits()
        l.maxFileBytes = maxFileSize; l.maxNodes = maxNodes; l.maxDepth = maxDepth; l.maxItems = maxItems
        l.maxBodies = maxBodies; l.maxPixels = maxPixels; l.maxFrames = maxFrames; l.maxScriptEvents = maxEvents
        l.maxContacts = maxContacts; l.maxBoundaryEdges = maxBoundaryEdges
        l.maxDrawnPixels = maxDrawnPixels; l.maxBodySteps = maxBodySteps; l.maxTraceBytes = maxTraceBytes
        return l
    }
}
