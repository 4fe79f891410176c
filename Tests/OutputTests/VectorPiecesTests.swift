import Foundation
import SpringyCore
import SpringyFrame
import SpringyScene
import SpringySimulation
import SpringyTestSupport
import XCTest

@testable import SpringyRender

/// What a frame draws, as the vector formats see it: each thing once, springs and marks only
/// when the style asks for them (scripts/mutate found these choices untested).
final class VectorPiecesTests: XCTestCase {
    /// `style` over the attachment scene's own (three springs, each from an anchor or an item to
    /// a moving item, all on the screen), and its pieces at frame 20.
    func pieces(_ style: String, scene name: String = "attachment") throws -> [VectorPiece] {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try String(contentsOfFile: packageRoot + "/scenes/\(name).yaml", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("style:") ? "style: \(style)" : String($0) }.joined(separator: "\n")
        try text.write(toFile: "\(dir)/s.yaml", atomically: true, encoding: .utf8)
        let model = try SceneLoader.load(path: "\(dir)/s.yaml")
        let state = try Simulation.frames(of: model)[20]
        XCTAssertEqual(state.springs.count, 3)
        return try Renderer(scene: model).vectorPieces(state)
    }

    func springLines(_ p: [VectorPiece]) -> Int {
        p.filter { $0.look == .springLine(coil: false) || $0.look == .springLine(coil: true) }.count
    }
    func anchors(_ p: [VectorPiece]) -> Int { p.filter { $0.key.hasSuffix(":o") }.count }

    /// Springs, coils and anchors each show on their own; with none asked for, no spring piece.
    func testEachOfSpringsCoilsAndAnchorsShowsOnItsOwn() throws {
        XCTAssertEqual(springLines(try pieces("{ springs: true }")), 3)
        XCTAssertEqual(springLines(try pieces("{ coils: true }")), 3)
        let anchored = try pieces("{ anchors: true }")
        XCTAssertEqual(springLines(anchored), 0)
        XCTAssertEqual(anchors(anchored), 3)
        let none = try pieces("{ springs: false }")
        XCTAssertEqual(springLines(none) + anchors(none), 0)
    }

    /// A drawn item's spring is one piece, under its item's key, not a second time as a stray.
    func testADrawnItemsSpringIsOnePiece() throws {
        let all = try pieces("{ springs: true }")
        let keys = all.map(\.key)
        XCTAssertEqual(Set(keys).count, keys.count, "no key twice: \(keys)")
        XCTAssertEqual(springLines(all), 3)
    }

    /// Velocity arrows alone (no contact flashes) are drawn: one `marks` piece.
    func testVelocityArrowsAloneAreMarks() throws {
        XCTAssertEqual(try pieces("{ springs: true, velocity_arrows: true }").filter { $0.key == "marks" }.count, 1)
        XCTAssertEqual(try pieces("{ springs: true }").filter { $0.key == "marks" }.count, 0)
    }
}
