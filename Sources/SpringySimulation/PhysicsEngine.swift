import SpringyDynamics

/// The rigid-body engine simulations run on, as loaded: what a golden set records beside
/// Springy's version (so the pipeline needs no Dynamics of its own).
package enum PhysicsEngine {
    /// Box2D's own `b2_version` (Debian's libbox2d), e.g. `2.4.1`.
    package static var version: String { EngineVersion.box2D }
}
