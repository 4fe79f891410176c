import SpringyCore
import SpringyDynamics
import SpringyScene

/// `tilt`: the device turns from its angle now to the script's at a steady rate, and every
/// gravity behavior of the free views points where gravity is on the turned screen, keeping its
/// magnitude — what an app does that sets each UIGravityBehavior's gravityDirection from
/// CMDeviceMotion's gravity on every motion update. A gravity behavior added after a tilt keeps
/// its own direction until the next one.
struct DeviceTilt: ActiveInput {
    let motion: TiltMotion
    let start: Double
    let from: Double

    static var stage: InputStage { .motion }
    var fingers: [Vec2] { [] }

    init(_ motion: TiltMotion, start: Double, from: Double) { self.motion = motion; self.start = start; self.from = from }

    /// The device's angle `local` s after the tilt began.
    func angle(at local: Double) -> Double {
        motion.duration <= 0 ? motion.angle : from + (motion.angle - from) * min(1, max(0, local / motion.duration))
    }

    mutating func update(time t: Double, sim: Simulation) throws -> Bool {
        let local = t - start
        sim.deviceAngle = angle(at: local)
        if let animator = sim.freeAnimator {
            let direction = TiltMotion.gravityAngle(deviceAngle: sim.deviceAngle)
            for id in animator.behaviorIDs {
                guard case .gravity = animator.spec(of: id) else { continue }
                try animator.set(id, [.angle(direction)])
            }
        }
        return local < motion.duration - ActiveGesture.timeSlack
    }
}

extension TiltMotion: PlayedGesture {
    func start(in sim: Simulation, event: ScriptEvent) { sim.start(DeviceTilt(self, start: sim.time, from: sim.deviceAngle)) }
}
