import Foundation
import SpringyKit
import SpringyUIKit
import XCTest

/// require(toFail:): a single tap that waits for a double tap on the same view not to come.
final class FailureRequirementTests: XCTestCase {
    final class Card: UIView {
        let reports = Reports()
        let single = UITapGestureRecognizer()
        let double = UITapGestureRecognizer()
        init(requires: Bool) {
            super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            double.numberOfTapsRequired = 2
            single.addTarget { [unowned self] _ in reports.add("single") }
            double.addTarget { [unowned self] _ in reports.add("double") }
            addGestureRecognizer(single)
            addGestureRecognizer(double)
            if requires { single.require(toFail: double) }
        }
    }

    func run(requires: Bool = true, _ script: [ScriptStep<Card>]) throws -> [String] {
        let box = Reports()
        _ = try Scene(
            named: "card", duration: 1.2,
            script: script + [.at(1.15) { c in for line in c.reports.all { box.add(line) } }]
        ) { Card(requires: requires) }.simulate()
        return box.all
    }

    /// One tap: the single tap recognises once the double tap's time for a second tap (0.35 s
    /// after the lift) has run out — not before.
    func testASingleTapWaitsForTheDoubleTapToFail() throws {
        let lines = try run([
            .tap(at: 0.2, CGPoint(x: 100, y: 100)),
            .at(0.6) { c in c.reports.add("at 0.6") },
            .at(0.7) { c in c.reports.add("at 0.7") },
        ])
        // The finger lifts at 0.3 s: the double tap fails after 0.65 s.
        XCTAssertEqual(lines, ["at 0.6", "single", "at 0.7"])
    }

    /// Two taps: the double tap recognises and the single tap, waiting, fails.
    func testADoubleTapRecognisesAndTheSingleTapFails() throws {
        XCTAssertEqual(try run([.doubleTap(at: 0.2, CGPoint(x: 100, y: 100))]), ["double"])
    }

    /// Without the requirement both recognise, each on its own rule.
    func testWithoutTheRequirementBothRecognise() throws {
        XCTAssertEqual(
            try run(requires: false, [.doubleTap(at: 0.2, CGPoint(x: 100, y: 100))]), ["single", "single", "double"])
    }

    /// A second tap too late for the double tap: two single taps, each after its wait.
    func testTwoTapsTooFarApartAreTwoSingleTaps() throws {
        XCTAssertEqual(
            try run([.tap(at: 0.1, CGPoint(x: 100, y: 100)), .tap(at: 0.6, CGPoint(x: 100, y: 100))]), ["single", "single"])
    }

    /// Only tap recognisers wait: asking it of a pan is refused where it is written.
    func testAPanCannotRequireAnotherToFail() throws {
        let line = #line + 4
        XCTAssertThrowsError(
            try Scene(named: "pan", duration: 0.2) { () -> UIView in
                let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                UIPanGestureRecognizer { _ in }.require(toFail: UITapGestureRecognizer())
                return v
            }.simulate()
        ) { error in
            XCTAssertTrue("\(error)".contains("FailureRequirementTests.swift:\(line)"), "\(error)")
            XCTAssertTrue("\(error)".contains("require(toFail:) on a UIPanGestureRecognizer is not covered"), "\(error)")
        }
    }
}
