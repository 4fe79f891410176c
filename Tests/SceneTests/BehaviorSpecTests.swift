import SpringyCore
import SpringyDynamics
import SpringyScene
import SpringyTestSupport
import XCTest

/// Setting a behavior's parameter is a field assignment on a plain value: no physics engine.
final class BehaviorSpecTests: XCTestCase {
    func testGravityMagnitudeKeepsTheDirection() {
        let g = BehaviorSpec.gravity(items: ["a"], vector: Vec2(3, 4))
        XCTAssertEqual(g.setting(.magnitude(10)), .gravity(items: ["a"], vector: Vec2(6, 8)))
    }

    func testGravityAngleKeepsTheMagnitude() throws {
        let g = BehaviorSpec.gravity(items: ["a"], vector: Vec2(0, 2))
        guard case .gravity(let s) = try XCTUnwrap(g.setting(.angle(0))) else { return XCTFail("not gravity") }
        XCTAssertEqual(s.vector.x, 2, accuracy: 1e-12)
        XCTAssertEqual(s.vector.y, 0, accuracy: 1e-12)
    }

    func vector(_ spec: BehaviorSpec?) -> Vec2? {
        switch spec {
        case .gravity(let g)?: return g.vector
        case .push(let p)?: return p.vector
        default: return nil
        }
    }

    /// Apple: setting magnitude 0 makes the vector (0, 0) and resets the angle to 0, so a
    /// magnitude set afterwards points right unless the angle is set again.
    func testMagnitudeZeroResetsTheAngleToZero() throws {
        for start in [
            BehaviorSpec.gravity(items: ["a"], vector: Vec2(0, 1)),
            .push(items: ["a"], mode: .continuous, vector: Vec2(0, 1), offset: .zero),
        ] {
            let zero = try XCTUnwrap(start.setting(.magnitude(0)))
            XCTAssertEqual(vector(zero), .zero)
            XCTAssertEqual(vector(zero.setting(.magnitude(1))), Vec2(1, 0), "right, not down")
            let turned = try XCTUnwrap(zero.setting(.angle(.pi)))
            XCTAssertEqual(vector(turned), .zero, "still no magnitude")
            let v = try XCTUnwrap(vector(turned.setting(.magnitude(2))))
            XCTAssertEqual(v.x, -2, accuracy: 1e-12, "the angle set while at 0 is kept")
            XCTAssertEqual(v.y, 0, accuracy: 1e-12)
        }
    }

    func testAttachmentFieldsAreAssignedOneByOne() {
        let a = BehaviorSpec.attachment(
            item: "a", to: .point(Vec2(1, 2)), length: nil, frequency: 1, damping: 0.1,
            offset: .zero, toOffset: .zero)
        let b = a.setting(.frequency(2))?.setting(.damping(0.5))?.setting(.length(40))?.setting(.anchor(Vec2(5, 6)))
        XCTAssertEqual(
            b,
            .attachment(
                item: "a", to: .point(Vec2(5, 6)), length: 40, frequency: 2, damping: 0.5,
                offset: .zero, toOffset: .zero))
    }

    func testAnItemToItemAttachmentHasNoAnchorToSet() {
        let a = BehaviorSpec.attachment(
            item: "a", to: .item("b"), length: nil, frequency: 0, damping: 0,
            offset: .zero, toOffset: .zero)
        XCTAssertNil(a.setting(.anchor(.zero)))
    }

    func testAParameterOfAnotherKindIsRefused() {
        XCTAssertNil(BehaviorSpec.snap(item: "a", to: .zero, damping: 0.5).setting(.frequency(3)))
        XCTAssertNil(BehaviorSpec.gravity(items: [], vector: .zero).setting(.length(1)))
    }

    func testItemPropertiesMergeOverTheOldOnes() {
        let i = BehaviorSpec.item(items: ["a"], properties: ItemProperties(elasticity: 0.5, friction: 0.1))
        XCTAssertEqual(
            i.setting(.properties(ItemProperties(friction: 0.9))),
            .item(items: ["a"], properties: ItemProperties(elasticity: 0.5, friction: 0.9)))
    }

    func testReferencedItemsIncludeAttachmentTargetsAndChildren() {
        let spec = BehaviorSpec.composite([
            .attachment(item: "a", to: .item("b"), length: nil, frequency: 0, damping: 0, offset: .zero, toOffset: .zero),
            .push(items: ["c", "d"], mode: .continuous, vector: .zero, offset: .zero),
        ])
        XCTAssertEqual(spec.referencedItems, ["a", "b", "c", "d"])
        XCTAssertNil(spec.withItems(["x"]), "a composite holds no item list of its own")
    }

    /// Issue 44, item 4: a `set` parameter is a key of its kind's own `setKeys` table. Every key
    /// of every kind's table, `set` through the script with a value of its type, is taken by
    /// that kind's `setting` (the table and the code that reads it agree).
    func testEverySetKeyOfEveryKindIsTakenByItsKind() throws {
        let declared = [
            "gravity: { items: [a] }", "attachment: { item: a, to: [10, 10] }", "snap: { item: a, to: [20, 20] }",
            "push: { item: a, angle: 90, magnitude: 1 }", "item: { items: [a], elasticity: 0.5 }",
            "field: { kind: spring, items: [a], position: [90, 80], strength: 0.1 }", "sticky_corners: { item: b, inset: 4 }",
        ]
        let scene = try SceneLoader.decode(yaml: spec(declared, sets: []), file: "s.yaml")
        var sets: [String] = []
        for (k, decl) in scene.behaviors.enumerated() {
            guard let kind = BehaviorKind(rawValue: decl.spec.kindName) else { return XCTFail(decl.spec.kindName) }
            for key in kind.spec.setKeys.keys where key.name != "behavior" {
                let value: String
                if key.type.hasPrefix("[") {
                    value = "[30, 40]"
                } else if key.type == "bool" {
                    value = "true"
                } else {
                    value = key.range.map { NumberText.plain(min(max(0.5, $0.lowerBound + 0.25), $0.upperBound)) } ?? "0.5"
                }
                sets.append("{ at: 0.1, set: { behavior: \(k), \(key.name): \(value) } }")
            }
        }
        XCTAssertGreaterThan(sets.count, 15, "every kind's keys")
        let withSets = try SceneLoader.decode(yaml: spec(declared, sets: sets), file: "s.yaml")
        for event in withSets.script {
            guard case .set(let index, let parameters) = event.action else { continue }
            let kindSpec = withSets.behaviors[index].spec
            for p in parameters {
                // `active` is the animator's (a push's force on or off), not the spec's.
                if p.key == "active" { continue }
                XCTAssertNotNil(kindSpec.setting(p), "\(kindSpec.kindName) does not take its own key \(p.key)")
            }
        }
    }

    /// A `set` with only `behavior` sets nothing and is refused, whatever the kind; one key more
    /// is taken.
    func testASetOfNothingButTheBehaviorIsRefusedForEveryKind() throws {
        let declared = [
            "gravity: { items: [a] }", "attachment: { item: a, to: [10, 10] }", "snap: { item: a, to: [20, 20] }",
            "push: { item: a, angle: 90, magnitude: 1 }", "item: { items: [a], elasticity: 0.5 }",
            "field: { kind: spring, items: [a], position: [90, 80], strength: 0.1 }", "sticky_corners: { item: b, inset: 4 }",
        ]
        for k in declared.indices {
            XCTAssertThrowsError(
                try SceneLoader.decode(yaml: spec(declared, sets: ["{ at: 0.1, set: { behavior: \(k) } }"]), file: "s.yaml")
            ) { error in
                XCTAssertTrue("\(error)".contains("`set` needs at least one parameter besides `behavior`"), "\(k): \(error)")
            }
        }
        XCTAssertNoThrow(
            try SceneLoader.decode(
                yaml: spec(declared, sets: ["{ at: 0.1, set: { behavior: 4, friction: 0.9 } }"]), file: "s.yaml"))
    }

    func spec(_ behaviors: [String], sets: [String]) -> String {
        scene(
            300, 400,
            """
            items:
              a: { center: [50, 50], size: [20, 20] }
              b: { center: [150, 150], size: [20, 20] }
            behaviors:
            \(behaviors.map { "  - " + $0 }.joined(separator: "\n"))
            \(sets.isEmpty ? "" : "script:\n" + sets.map { "  - " + $0 }.joined(separator: "\n"))
            """)
    }
}

/// Each kind holds the values a Swift program sets (which never pass the scene decoder) to its
/// keys' ranges: the last value taken, and one step past it, for every range it checks.
final class BehaviorProblemTests: XCTestCase {
    func testEachKindsRangesHoldOnTheirEdges() {
        func attachment(_ change: (inout AttachmentSpec) -> Void) -> String? {
            var a = AttachmentSpec(
                item: "a", to: .point(.zero), length: nil, frequency: 0, damping: 0, offset: .zero, toOffset: .zero)
            change(&a)
            return BehaviorSpec.attachment(a).payload.problem
        }
        XCTAssertNil(attachment { $0.frequency = AttachmentSpec.maxFrequency })
        XCTAssertNotNil(attachment { $0.frequency = AttachmentSpec.maxFrequency.nextUp })
        XCTAssertNotNil(attachment { $0.frequency = -Double.leastNonzeroMagnitude })
        XCTAssertNil(attachment { $0.damping = 10 })
        XCTAssertNotNil(attachment { $0.damping = 10.0.nextUp })
        XCTAssertNotNil(attachment { $0.damping = -Double.leastNonzeroMagnitude })
        XCTAssertNil(attachment { $0.length = 0 })
        XCTAssertEqual(attachment { $0.length = -0.5 }, "length -0.5 is negative")
        XCTAssertEqual(attachment { $0.to = .item("a") }, "an item cannot be attached to itself")
        XCTAssertNil(attachment { $0.to = .item("b") })
        XCTAssertEqual(
            attachment {
                $0.kind = .sliding; $0.axis = .zero
            }, "an axis of translation needs a direction, not [0, 0]")
        XCTAssertNil(
            attachment {
                $0.kind = .sliding; $0.axis = Vec2(0, 1e-150)
            })
        XCTAssertNil(attachment { $0.axis = .zero }, "only a sliding attachment has an axis")
        // attachmentRange contains 0 (an end may be open, nil).
        XCTAssertNil(
            attachment {
                $0.rangeLower = 0; $0.rangeUpper = 0
            })
        XCTAssertNil(
            attachment {
                $0.rangeLower = nil; $0.rangeUpper = 0
            })
        XCTAssertNil(
            attachment {
                $0.rangeLower = 0; $0.rangeUpper = nil
            })
        XCTAssertEqual(
            attachment { $0.rangeLower = Double.leastNonzeroMagnitude },
            "attachmentRange must contain 0, where the item starts: its minimum is above 0")
        XCTAssertEqual(
            attachment { $0.rangeUpper = -Double.leastNonzeroMagnitude },
            "attachmentRange must contain 0, where the item starts: its maximum is below 0")

        for make in [
            { BehaviorSpec.gravity(items: ["a"], vector: Vec2(0, $0)) },
            { BehaviorSpec.push(items: ["a"], mode: .continuous, vector: Vec2($0, 0), offset: .zero) },
        ] {
            XCTAssertNil(make(1000).payload.problem)
            XCTAssertNil(make(-1000).payload.problem, "a vector's length is never negative")
            XCTAssertEqual(make(1000.0.nextUp).payload.problem, "magnitude \(1000.0.nextUp) is outside -1000.0...1000.0")
        }

        XCTAssertNil(BehaviorSpec.snap(item: "a", to: .zero, damping: 1).payload.problem)
        XCTAssertNil(BehaviorSpec.snap(item: "a", to: .zero, damping: 0).payload.problem)
        XCTAssertNotNil(BehaviorSpec.snap(item: "a", to: .zero, damping: 1.0.nextUp).payload.problem)
        XCTAssertNotNil(BehaviorSpec.snap(item: "a", to: .zero, damping: -Double.leastNonzeroMagnitude).payload.problem)

        func density(_ d: Double) -> String? {
            var p = ItemProperties()
            p.density = d
            return BehaviorSpec.item(items: ["a"], properties: p).payload.problem
        }
        XCTAssertNil(density(.leastNonzeroMagnitude))
        XCTAssertEqual(density(0), "density 0.0 must be above 0")

        func field(_ change: (inout FieldSpec) -> Void) -> String? {
            var f = FieldSpec(kind: .radial_gravity, items: ["a"], position: .zero)
            change(&f)
            return BehaviorSpec.field(f).payload.problem
        }
        XCTAssertNil(field { _ in })
        XCTAssertNil(field { $0.strength = -1e6 })
        XCTAssertNotNil(field { $0.strength = 1e6.nextUp })
        XCTAssertNotNil(field { $0.strength = -1e6.nextUp })
        XCTAssertNil(field { $0.falloff = 10 })
        XCTAssertNotNil(field { $0.falloff = 10.0.nextUp })
        XCTAssertNotNil(field { $0.falloff = -Double.leastNonzeroMagnitude })
        XCTAssertNil(field { $0.minimumRadius = 1e6 })
        XCTAssertNotNil(field { $0.minimumRadius = 1e6.nextUp })
        XCTAssertNil(field { $0.minimumRadius = .leastNonzeroMagnitude })
        XCTAssertNotNil(field { $0.minimumRadius = 0 })
        XCTAssertNil(field { $0.smoothness = 1 })
        XCTAssertNotNil(field { $0.smoothness = 1.0.nextUp })
        XCTAssertNotNil(field { $0.smoothness = -Double.leastNonzeroMagnitude })
        XCTAssertNil(field { $0.animationSpeed = 1000 })
        XCTAssertNotNil(field { $0.animationSpeed = 1000.0.nextUp })
        XCTAssertNotNil(field { $0.animationSpeed = -Double.leastNonzeroMagnitude })
        XCTAssertNil(field { $0.region = .circle(radius: 1e6) })
        XCTAssertNotNil(field { $0.region = .circle(radius: 1e6.nextUp) })
        XCTAssertNotNil(field { $0.region = .circle(radius: 0) })
        XCTAssertNil(field { $0.region = .rect(Size2(0, 0)) })
        XCTAssertNotNil(field { $0.region = .rect(Size2(-0.5, 1)) })
        XCTAssertNotNil(field { $0.region = .rect(Size2(1, -0.5)) })

        for free in [
            BehaviorSpec.collision(items: ["a"], mode: .everything, bounds: true, insets: .zero, boundaries: []),
            .composite([.snap(item: "a", to: .zero, damping: 5)]), .stickyCorners(StickyCornersSpec(item: "a")),
        ] {
            XCTAssertNil(free.payload.problem, "\(free.kindName) has no range of its own")
        }
    }
}
