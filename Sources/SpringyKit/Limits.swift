import SpringyScene

/// What a scene may ask for, each with a generous default (README, "Limits"): a scene over
/// one is refused with a problem naming it, before it costs more than the limit allows.
public struct Limits: Sendable {
    var model = SceneLimits()

    public init() {}

    /// Largest scene file, bytes.
    public var maxFileBytes: Int {
        get { model.maxFileBytes }
        set { model.maxFileBytes = newValue }
    }
    /// YAML nodes after alias expansion.
    public var maxNodes: Int {
        get { model.maxNodes }
        set { model.maxNodes = newValue }
    }
    /// YAML nesting depth.
    public var maxDepth: Int {
        get { model.maxDepth }
        set { model.maxDepth = newValue }
    }
    /// Items (cells and free views) in a scene.
    public var maxItems: Int {
        get { model.maxItems }
        set { model.maxItems = newValue }
    }
    /// Bodies simulated at once.
    public var maxBodies: Int {
        get { model.maxBodies }
        set { model.maxBodies = newValue }
    }
    /// Pixels in one frame.
    public var maxPixels: Int {
        get { model.maxPixels }
        set { model.maxPixels = newValue }
    }
    /// Frames in a scene.
    public var maxFrames: Int {
        get { model.maxFrames }
        set { model.maxFrames = newValue }
    }
    /// Script events in a scene.
    public var maxScriptEvents: Int {
        get { model.maxScriptEvents }
        set { model.maxScriptEvents = newValue }
    }
    /// Contacts between colliding items at once.
    public var maxContacts: Int {
        get { model.maxContacts }
        set { model.maxContacts = newValue }
    }
    /// Straight edges of collision boundaries in a scene.
    public var maxBoundaryEdges: Int {
        get { model.maxBoundaryEdges }
        set { model.maxBoundaryEdges = newValue }
    }
    /// Pixels one run may draw over all its frames (frames × width × height).
    public var maxDrawnPixels: Double {
        get { model.maxDrawnPixels }
        set { model.maxDrawnPixels = newValue }
    }
    /// Solver steps × bodies one run may simulate.
    public var maxBodySteps: Double {
        get { model.maxBodySteps }
        set { model.maxBodySteps = newValue }
    }
    /// Bytes a trace may print.
    public var maxTraceBytes: Double {
        get { model.maxTraceBytes }
        set { model.maxTraceBytes = newValue }
    }
}
