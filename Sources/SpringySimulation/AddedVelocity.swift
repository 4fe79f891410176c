import SpringyCore
import SpringyScene

extension AddedVelocity: PlayedGesture {
    /// UIDynamicItemBehavior.addLinearVelocity / addAngularVelocity: the view's body (its group's,
    /// when it is in one) gets the velocity added at once; no input stays in progress.
    func start(in sim: Simulation, event: ScriptEvent) {
        guard let animator = sim.freeAnimator else { return }
        let body = animator.group(of: item) ?? item
        guard let s = animator.state(of: body) else { return }
        animator.setVelocity(body, s.velocity + linear, angular: s.angularVelocity + angular)
    }
}
