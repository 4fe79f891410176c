import Foundation
import SpringyCore
import SpringyFrame
import SpringyLayout
import SpringyScene
import XCTest

/// A layout asked about any rect, with any spacing a Swift program gives, answers: the far
/// ends of CGRect.infinite, and lines or items that advance by nothing (a spacing of minus the
/// item's size, which UIKit takes: they overlap), never trap a conversion to Int.
final class LayoutQueryEdgeTests: XCTestCase {
    /// CGRect.infinite's rect: from −greatestFiniteMagnitude / 2, as wide as greatestFiniteMagnitude.
    let everywhere = Rect(
        x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2, width: .greatestFiniteMagnitude,
        height: .greatestFiniteMagnitude)

    func flow(interitem: Double = 10, line: Double = 10, count: Int = 12) -> FlowLayout {
        var spec = LayoutSpec()
        spec.itemSize = Size2(80, 80)
        spec.interitemSpacing = interitem
        spec.lineSpacing = line
        return FlowLayout(spec: spec, sectionCounts: [count], viewSize: Size2(375, 667))
    }

    func testEveryLayoutAnswersARectReachingEverywhere() {
        XCTAssertEqual(flow().attributes(in: everywhere).count, 12)
        var spec = LayoutSpec()
        spec.kind = .list
        XCTAssertEqual(
            ListLayout(spec: spec, sectionCounts: [7], viewSize: Size2(375, 667), expanded: nil).attributes(in: everywhere)
                .count, 7)
        spec.kind = .grid
        spec.columns = 3
        XCTAssertEqual(GridLayout(spec: spec, sectionCounts: [7], viewSize: Size2(375, 667)).attributes(in: everywhere).count, 7)
        spec.kind = .compositional
        var section = SectionSpec(labels: Array(repeating: "", count: 7))
        section.itemSize = Size2(100, 100)
        XCTAssertEqual(
            CompositionalLayout(spec: spec, sectionCounts: [7], viewSize: Size2(375, 667), sectionSpecs: [section])
                .attributes(in: everywhere).count, 7)
        XCTAssertEqual(flow().attributes(in: Rect(x: .nan, y: .nan, width: 10, height: 10)).count, 0, "a NaN rect meets nothing")
    }

    /// Items 80 pt wide, −80 apart, advance by nothing: all twelve share one line at the
    /// leading edge. At −79 they advance 1 pt: 375 − 79 = 296 fit a line.
    func testItemsThatAdvanceByNothingShareALine() {
        let none = flow(interitem: -80).attributes(in: everywhere)
        XCTAssertEqual(none.count, 12)
        XCTAssertEqual(Set(none.map(\.frame.minY)).count, 1, "one line")
        let one = flow(interitem: -79).attributes(in: everywhere)
        XCTAssertEqual(one.count, 12)
        XCTAssertEqual(Set(one.map(\.frame.minY)).count, 1, "296 a line: one line still")
    }

    /// Lines of one item (300 pt between items: one fits a line), 80 pt tall and −80 apart,
    /// advance by nothing: a rect at the top finds every line (they all lie there). At −79 they
    /// advance 1 pt: a rect from 85 to 95 finds the lines that start at 6 to 11.
    func testLinesThatAdvanceByNothingAreAllFound() {
        let top = Rect(x: 0, y: 0, width: 375, height: 10)
        XCTAssertEqual(flow(interitem: 300, line: -80).attributes(in: top).count, 12, "twelve lines of one, all at 0")
        XCTAssertEqual(
            flow(interitem: 300, line: -79).attributes(in: top).count, 10, "lines 1 pt apart: the ten that start above 10")
        XCTAssertEqual(
            flow(interitem: 300, line: -79).attributes(in: Rect(x: 0, y: 85, width: 375, height: 10)).count, 6,
            "lines starting at 6…11 reach past 85")
    }
}
