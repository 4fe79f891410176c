import SpringyCore
import SpringyTypes

/// What every animator of a scene shares: the solver's fixed step rate, the item
/// properties an item has before any behavior changes them (UIKit's defaults with
/// the scene's `defaults:` merged in), and how many bodies one animator may hold.
package struct WorldSettings: Sendable, Equatable {
    /// Fixed solver steps per second.
    package var stepRate: Int
    package var defaults: ItemProperties
    /// The most live items one animator may hold (`--max-bodies`).
    package var maxBodies: Int
    /// How a spring's frequency and damping ratio become Box2D's stiffness and damping.
    package var springs: SpringModel
    /// The most contacts one animator may keep (`--max-contacts`): Box2D keeps one for every
    /// pair of colliding bodies whose boxes overlap, about 1 kB each, and solves them all every step.
    package var maxContacts: Int

    package init(
        stepRate: Int = 120, defaults: ItemProperties = .uikit, maxBodies: Int = WorldSettings.defaultMaxBodies,
        springs: SpringModel = .poles, maxContacts: Int = WorldSettings.defaultMaxContacts
    ) {
        self.stepRate = stepRate
        self.defaults = ItemProperties.uikit.merged(with: defaults)
        self.maxBodies = maxBodies
        self.springs = springs
        self.maxContacts = maxContacts
    }

    package static let defaultMaxBodies = Limits.defaultMaxBodies
    package static let defaultMaxContacts = Limits.defaultMaxContacts
    /// UIKit's defaults at 120 steps per second.
    package static let uikit = WorldSettings()

    /// The length of one step, in seconds.
    package var stepDuration: Double { 1 / Double(stepRate) }
}

/// `solver.springs` (DYNAMICS.md, "Springs"): one implicit Box2D step cannot give a spring
/// both its exact static stiffness and its exact oscillation, so the scene chooses.
package enum SpringModel: String, Sendable, CaseIterable {
    /// Period and decay per period exact at any frequency; statically stiffer by the factor
    /// DYNAMICS.md tabulates (1.03× at 2 Hz, 1.11× at 4 Hz, 1.28× at 8 Hz).
    case poles
    /// Stiffness exactly m·ω² (a steady force deflects the spring exactly F/k); the damping
    /// is chosen to keep period and decay as close as one step allows.
    case stiffness
}
