import SpringyCore
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
}
