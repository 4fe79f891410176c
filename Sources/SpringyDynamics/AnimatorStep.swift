import CBox2D
import Foundation
import SpringyCore
import SpringyFrame

// One fixed step of the world, as a short list of phases.

extension Animator {
    /// Advances one fixed step of 1/stepRate s.
    package func step() throws {
        let held = VelocityHolds(self)
        applyForces(held: held)
        applyFields(held: held)
        held.hold(in: self)
        sb_world_step(world, Float(h), Units.velocityIterations, Units.positionIterations)
        held.release(in: self)
        let contacts = Int(sb_world_contact_count(world))
        if contacts > settings.maxContacts {
            throw DynamicsError.invalid(
                "\(contacts) contacts between colliding items is over the limit of \(settings.maxContacts) (--max-contacts): too many items overlap at once",
                behavior: "collision")
        }
        settleAnchors()
        stepCount += 1
        events.collect(
            from: world, item: { $0 < self.bodies.count ? self.bodies[$0].id : nil },
            boundary: { $0 < self.registry.boundaries.count ? self.registry.boundaries[$0].name : nil }, points: points)
        try checkFinite()
        let rest = isAtRest
        // The first step says only how the animator starts (at rest, or running): a pause or a
        // resume is a change after it.
        if stepCount == 1 {
            wasAtRest = rest
        } else if rest != wasAtRest {
            events.append(ContactEvent(kind: rest ? .paused : .resumed, item: "", with: "", point: nil))
            wasAtRest = rest
        }
    }

    /// True when every dynamic body sleeps (Box2D: under 1 pt/s and 2°/s for 0.5 s).
    package var isAtRest: Bool {
        for i in bodies.indices where !bodies[i].removed {
            let handle = bodies[i].handle
            if sb_body_type(world, handle) == Int32(SB_DYNAMIC) && sb_body_is_awake(world, handle) != 0 { return false }
        }
        return true
    }

    /// The live collision boundaries' segments, in points (for drawing).
    package var boundarySegments: [(from: Vec2, to: Vec2)] {
        registry.liveBoundaries
    }

    /// Contact and pause/resume events since the last call.
    package func drainEvents() -> [ContactEvent] { events.drain() }

    func checkFinite() throws {
        for i in bodies.indices where !bodies[i].removed {
            let r = rawState(bodies[i].handle)
            if !(r.x.isFinite && r.y.isFinite && r.angle.isFinite && r.vx.isFinite && r.vy.isFinite && r.w.isFinite) {
                let id = bodies[i].id
                throw DynamicsError.nonFinite(item: id, behaviors: registry.labels(touching: id), step: stepCount)
            }
        }
    }

    func wake(_ id: String) {
        if let i = bodyIndex[id] { sb_body_set_awake(world, bodies[i].handle, 1) }
    }
}
