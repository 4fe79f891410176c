/// What every animator of a scene shares: the solver's fixed step rate, the item
/// properties an item has before any behavior changes them (UIKit's defaults with
/// the scene's `defaults:` merged in), and how many bodies one animator may hold.
public struct WorldSettings: Sendable, Equatable {
    /// Fixed solver steps per second.
    public var stepRate: Int
    public var defaults: ItemProperties
    /// The most live items one animator may hold (`--max-bodies`).
    public var maxBodies: Int

    public init(stepRate: Int = 120, defaults: ItemProperties = .uikit, maxBodies: Int = WorldSettings.defaultMaxBodies) {
        self.stepRate = stepRate
        self.defaults = ItemProperties.uikit.merged(with: defaults)
        self.maxBodies = maxBodies
    }

    public static let defaultMaxBodies = 20_000
    /// UIKit's defaults at 120 steps per second.
    public static let uikit = WorldSettings()

    /// The length of one step, in seconds.
    public var stepDuration: Double { 1 / Double(stepRate) }
}
