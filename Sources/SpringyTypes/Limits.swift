/// What a scene may ask for, each with a generous default (README, "Limits"): a scene over
/// one is refused with a problem naming it, before it costs more than the limit allows. The
/// command line's `--max-*` flags, the library's field and the decoder's own limits.
public struct Limits: Sendable, Equatable {
    /// Largest scene file, bytes.
    public var maxFileBytes = 4 * 1024 * 1024
    /// YAML nodes visited while decoding, aliases counted every time they are used.
    public var maxNodes = 1_000_000
    /// How deeply YAML collections may nest.
    public var maxDepth = 64
    /// Items (cells and free views) in a scene.
    public var maxItems = 2_000_000
    /// Bodies simulated at once (free items, springy cells in the window, dragged cells).
    public var maxBodies = Limits.defaultMaxBodies
    /// Pixels in one frame.
    public var maxPixels = 7680 * 4320
    /// Frames in a scene.
    public var maxFrames = 100_000
    /// Script events in a scene.
    public var maxScriptEvents = 10_000
    /// Contacts between colliding items (pairs whose boxes overlap), at the start and at every step.
    public var maxContacts = Limits.defaultMaxContacts
    /// Straight edges of collision boundaries (paths, circles and rounded rects are made of
    /// them), in the scene and added by its script. Box2D pairs every two boundary edges whose
    /// boxes overlap on its first step, so overlapping pairs are held to 100 per edge allowed.
    public var maxBoundaryEdges = 10_000
    /// Pixels one run may draw over all its frames (frames × width × height).
    public var maxDrawnPixels = 5e10
    /// Solver steps × bodies one run may simulate.
    public var maxBodySteps = 2e9
    /// Bytes a trace may print.
    public var maxTraceBytes = 4e9

    public init() {}

    /// Bodies one animator may hold unless a scene's limits say otherwise.
    public static let defaultMaxBodies = 20_000
    /// 100 000 contacts: about 100 MB and a second or two per simulated second in Box2D; 20 000
    /// items piled on one spot would make 2·10⁸ (200 GB).
    public static let defaultMaxContacts = 100_000
}
