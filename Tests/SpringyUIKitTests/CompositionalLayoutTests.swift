import Foundation
import SpringyKit
import SpringyTestSupport
import SpringyUIKit
import XCTest

/// UICollectionViewCompositionalLayout, held to the scene files' compositional collections.
final class CompositionalLayoutTests: XCTestCase {
    /// scenes/compositional.yaml's script, as Swift values.
    static let script: [ScriptStep<Composed>] = [
        .swipe(at: 0.3, from: CGPoint(x: 300, y: 150), direction: .left, distance: 80, speed: 900),
        .swipe(at: 1.0, from: CGPoint(x: 300, y: 150), direction: .left, distance: 80, speed: 900),
        .pan(at: 1.8, from: CGPoint(x: 300, y: 580), to: CGPoint(x: 80, y: 585), duration: 0.25),
        .pan(at: 2.8, from: CGPoint(x: 200, y: 590), to: CGPoint(x: 200, y: 390), duration: 0.4, release: .hold),
        .swipe(at: 3.5, from: CGPoint(x: 320, y: 540), direction: .left, distance: 120, speed: 1200),
    ]

    /// Cells and headers by id: (centre, width, height).
    func placed(_ f: Frame) -> [String: (Point, Double, Double)] {
        var out: [String: (Point, Double, Double)] = [:]
        for i in f.items where i.isCell || i.id.hasPrefix("header.") { out[i.id] = (i.center, i.width, i.height) }
        for h in f.headers { out[h.id] = (h.center, h.width, h.height) }
        return out
    }

    /// The same cells and headers on every frame, each within 0.5 pt of the scene file's, at
    /// least `comparing` placements compared.
    func hold(_ swift: [Frame], to yaml: [Frame], comparing least: Int, line: UInt = #line) throws {
        XCTAssertEqual(swift.count, yaml.count, line: line)
        var worst = 0.0, compared = 0
        for (a, b) in zip(swift, yaml) {
            let x = placed(a), y = placed(b)
            XCTAssertEqual(x.keys.sorted(), y.keys.sorted(), "frame \(a.index): the same cells and headers", line: line)
            for (id, p) in x {
                guard let q = y[id] else { continue }
                worst = max(worst, abs(p.0.x - q.0.x), abs(p.0.y - q.0.y), abs(p.1 - q.1), abs(p.2 - q.2))
                compared += 1
            }
        }
        XCTAssertLessThan(worst, 0.5, line: line)
        XCTAssertGreaterThan(compared, least, line: line)
    }

    /// Every frame of the scene file's run: the same cells and headers on screen, each where the
    /// scene file has it (within 0.5 pt; measured: 0) — the rows paged, flung and dragged by the
    /// same fingers, the view's rubber band held while a finger is down in a row, and the
    /// vertical drag that starts in a row scrolling the view.
    func testTheCompositionalSceneMatchesTheSceneFileOnEveryFrame() throws {
        let swift = try Scene(named: "compositional", duration: 5, script: Self.script) { Storefront.make() }.simulate()
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/compositional.yaml").simulate()
        try hold(swift, to: yaml, comparing: 3000)
        // It moved as the script says: the featured row paged twice (item 2 centred at 2 s), the
        // shelf was dragged left, and the vertical drag that started in the paging row scrolled
        // the view up.
        let first = try XCTUnwrap(swift.first), last = try XCTUnwrap(swift.last)
        XCTAssertEqual(try XCTUnwrap(swift[120].item("0.2")).center.x, 187.5, accuracy: 0.01)
        let shelf = swift[150].items.filter { $0.id.hasPrefix("2.") }.map(\.id)
        XCTAssertFalse(shelf.isEmpty)
        XCTAssertFalse(shelf.contains("2.0") || shelf.contains("2.1") || shelf.contains("2.2"), "\(shelf)")
        let top = try XCTUnwrap(first.item("header.1")).center.y
        XCTAssertLessThan(try XCTUnwrap(last.item("header.1")).center.y, top - 100)
    }

    /// scenes/ios-app-store.yaml: featured cards paging by centred card, a shelf resting on a
    /// group's leading edge, a two-column grid, under the status bar — the collection view's
    /// adjusted content inset takes the safe area, as the scene file's collection does — on every
    /// frame within 0.5 pt (measured: 0).
    func testTheAppStoreSceneMatchesTheSceneFileUnderTheStatusBar() throws {
        let script: [ScriptStep<Composed>] = [
            .swipe(at: 0.3, from: CGPoint(x: 330, y: 250), direction: .left, distance: 90, speed: 1000),
            .pan(at: 0.9, from: CGPoint(x: 330, y: 470), to: CGPoint(x: 140, y: 475), duration: 0.2),
            .pan(at: 2.4, from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 520), duration: 0.4, release: .hold),
        ]
        let reports = Reports()
        let swift = try Scene(
            named: "ios-app-store", size: CGSize(width: 390, height: 844), chrome: .statusBar, duration: 5,
            script: script + [
                .at(0.1) { vc in reports.add("\(vc.collectionView.adjustedContentInset) \(vc.collectionView.contentOffset)") }
            ]
        ) {
            Composed([4, 10, 8]) {
                UICollectionViewCompositionalLayout { section, _ in
                    let item = Self.item()
                    let group: NSCollectionLayoutGroup
                    var behavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
                    switch section {
                    case 0:
                        group = .horizontal(layoutSize: Self.size(.fractionalWidth(0.9), .absolute(260)), subitems: [item])
                        behavior = .groupPagingCentered
                    case 1:
                        group = .horizontal(layoutSize: Self.size(.absolute(100), .absolute(100)), subitems: [item])
                        behavior = .continuousGroupLeadingBoundary
                    default:
                        group = .horizontal(
                            layoutSize: Self.size(.fractionalWidth(1), .absolute(70)), repeatingSubitem: item, count: 2)
                        group.interItemSpacing = .fixed(12)
                    }
                    let made = NSCollectionLayoutSection(group: group)
                    made.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 20, bottom: 16, trailing: 20)
                    made.interGroupSpacing = 12
                    made.orthogonalScrollingBehavior = behavior
                    made.boundarySupplementaryItems = [
                        NSCollectionLayoutBoundarySupplementaryItem(
                            layoutSize: Self.size(.fractionalWidth(1), .absolute(44)),
                            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
                    ]
                    made.supplementariesFollowContentInsets = false
                    return made
                }
            }
        }.simulate()
        let yaml = try Scene(contentsOfFile: packageRoot + "/scenes/ios-app-store.yaml").simulate()
        try hold(swift, to: yaml, comparing: 2000)
        // The status bar of a 844 pt screen covers 47 pt and its home indicator 34: the content
        // starts below the one and ends above the other.
        XCTAssertEqual(reports.all, ["UIEdgeInsets(top: 47.0, left: 0.0, bottom: 34.0, right: 0.0) CGPoint(x: 0.0, y: -47.0)"])
    }

    static func size(_ w: NSCollectionLayoutDimension, _ h: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(widthDimension: w, heightDimension: h)
    }

    /// A group of one item repeats it as many times as fit (an item 30 % of a 375 pt group, 5 pt
    /// apart, fits three times), each cell its item's box inset by the item's contentInsets, rows
    /// interGroupSpacing apart; a group's height may be a fraction of the section's width.
    func testAGroupRepeatsItsItemAsManyAsFitAndCellsKeepTheirItemsInsets() throws {
        let frames = try Scene(named: "repeat", duration: 0.1) {
            Composed([7, 2]) {
                UICollectionViewCompositionalLayout { section, _ in
                    let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(0.3), .fractionalHeight(1)))
                    item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
                    let height: NSCollectionLayoutDimension = section == 0 ? .absolute(100) : .fractionalWidth(0.5)
                    let group = NSCollectionLayoutGroup.horizontal(
                        layoutSize: Self.size(.fractionalWidth(1), height), subitems: [item])
                    group.interItemSpacing = .fixed(5)
                    let made = NSCollectionLayoutSection(group: group)
                    made.interGroupSpacing = 10
                    return made
                }
            }
        }.simulate()
        let f = try XCTUnwrap(frames.first)
        // Item 4: row 1, column 1 — its box at x 117.5, y 110, 112.5 × 100; the cell 4 pt inside.
        let c = try XCTUnwrap(f.item("0.4"))
        XCTAssertEqual(c.center.x, 117.5 + 4 + 52.25, accuracy: 1e-9)
        XCTAssertEqual(c.center.y, 110 + 4 + 46, accuracy: 1e-9)
        XCTAssertEqual(c.width, 104.5, accuracy: 1e-9)
        XCTAssertEqual(c.height, 92, accuracy: 1e-9)
        // Three to a row: item 3 starts the second row, item 6 the third.
        XCTAssertEqual(try XCTUnwrap(f.item("0.3")).center.x, 4 + 52.25, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(f.item("0.6")).center.y, 220 + 50, accuracy: 1e-9)
        // Section 1 starts after section 0's three rows; its rows are half the width tall.
        let d = try XCTUnwrap(f.item("1.1"))
        XCTAssertEqual(d.center.y, 320 + 4 + (187.5 - 8) / 2, accuracy: 1e-9)
        XCTAssertEqual(d.height, 187.5 - 8, accuracy: 1e-9)
    }

    /// Headers and footers (top and bottom boundary items) follow the section's insets unless
    /// told not to; a pinned header stays at the top while its section shows, then is pushed up
    /// by its section's end.
    func testHeadersFooterAndAPinnedHeader() throws {
        let script: [ScriptStep<Composed>] = [
            .at(0.1) { vc in vc.collectionView.contentOffset = CGPoint(x: 0, y: 300) },
            .at(0.2) { vc in vc.collectionView.contentOffset = CGPoint(x: 0, y: 1060) },
        ]
        let frames = try Scene(named: "pinned", duration: 0.3, script: script) {
            Composed([20, 20]) {
                UICollectionViewCompositionalLayout { _, _ in
                    let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(
                        layoutSize: Self.size(.fractionalWidth(1), .absolute(50)), repeatingSubitem: item, count: 1)
                    let made = NSCollectionLayoutSection(group: group)
                    made.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 20, bottom: 5, trailing: 20)
                    let header = NSCollectionLayoutBoundarySupplementaryItem(
                        layoutSize: Self.size(.fractionalWidth(1), .absolute(40)),
                        elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
                    header.pinToVisibleBounds = true
                    let footer = NSCollectionLayoutBoundarySupplementaryItem(
                        layoutSize: Self.size(.absolute(100), .absolute(30)),
                        elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottomTrailing)
                    made.boundarySupplementaryItems = [header, footer]
                    return made
                }
            }
        }.simulate()
        // A section: header 40, inset 5, 20 rows of 50, inset 5, footer 30 = 1080 pt.
        let h0 = try XCTUnwrap(frames[0].item("header.0"))
        XCTAssertEqual(h0.center.x, 187.5, accuracy: 1e-9)
        XCTAssertEqual(h0.width, 335, accuracy: 1e-9)
        XCTAssertEqual(h0.center.y, 20, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(frames[0].item("0.0")).center.y, 40 + 5 + 25, accuracy: 1e-9)
        // Scrolled 300: pinned at the view's top.
        XCTAssertEqual(try XCTUnwrap(frames[9].item("header.0")).center.y, 20, accuracy: 1e-9)
        // Scrolled 1060: section 0's end (1080, its footer's bottom) has pushed it up to 1040; its
        // footer shows at the right of the section's insets, and section 1's header is where it lies.
        let pushed = frames[15]
        XCTAssertEqual(try XCTUnwrap(pushed.item("header.0")).center.y, 1040 + 20 - 1060, accuracy: 1e-9)
        let footer = try XCTUnwrap(pushed.item("footer.0"))
        XCTAssertEqual(footer.center.x, 375 - 20 - 50, accuracy: 1e-9)
        XCTAssertEqual(footer.center.y, 1080 - 15 - 1060, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(pushed.item("header.1")).center.y, 1080 + 20 - 1060, accuracy: 1e-9)
    }

    /// A tap on a row's cell selects the item the row has scrolled there; scrollToItem centres an
    /// item in its row.
    func testATapInAScrolledRowSelectsWhatIsThereAndScrollToItemMovesTheRow() throws {
        let reports = Reports()
        let script: [ScriptStep<Composed>] =
            Self.script.prefix(2)
            + [
                .tap(at: 2.0, CGPoint(x: 187.5, y: 150)),
                .at(2.2) { vc in
                    reports.add("\(vc.selections)")
                    vc.collectionView.scrollToItem(
                        at: IndexPath(item: 7, section: 2), at: .centeredHorizontally, animated: false)
                },
            ]
        let frames = try Scene(named: "tap", duration: 2.4, script: script) { Storefront.make() }.simulate()
        XCTAssertEqual(reports.all, ["[[0, 2]]"])
        // Item 7 of the shelf (16 + 7 × 110 + 50 = 836 in its row) centred: at 187.5.
        XCTAssertEqual(try XCTUnwrap(frames.last?.item("2.7")).center.x, 187.5, accuracy: 1e-9)
    }

    func problem(_ make: @escaping @Sendable () -> UICollectionViewCompositionalLayout) throws -> String {
        do {
            _ = try Scene(named: "wrong", duration: 0.1) { Composed([3]) { make() } }.simulate()
        } catch {
            return "\(error)"
        }
        XCTFail("no error")
        return ""
    }

    /// What Springy's compositional layout does not cover is refused with a located error, never
    /// laid out some other way.
    static func item() -> NSCollectionLayoutItem {
        NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
    }
    static func full() -> NSCollectionLayoutSize { size(.fractionalWidth(1), .absolute(50)) }

    func testWhatIsNotCoveredIsRefusedWhereItWasWritten() throws {
        var line = #line + 3
        var text = try problem {
            let inner = NSCollectionLayoutGroup.horizontal(layoutSize: Self.full(), subitems: [Self.item()])
            let outer = NSCollectionLayoutGroup.vertical(layoutSize: Self.full(), subitems: [inner])
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: outer))
        }
        XCTAssertTrue(text.contains("CompositionalLayoutTests.swift:\(line)") && text.contains("a group inside a group"), text)
        line = #line + 2
        text = try problem {
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.full(), subitems: [Self.item(), Self.item()])
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        }
        XCTAssertTrue(text.contains("CompositionalLayoutTests.swift:\(line)") && text.contains("different items"), text)
        text = try problem {
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.full(), repeatingSubitem: Self.item(), count: 2)
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .continuous
            return UICollectionViewCompositionalLayout(section: section)
        }
        XCTAssertTrue(text.contains("groups of 2 items"), text)
        text = try problem {
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.full(), repeatingSubitem: Self.item(), count: 0)
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        }
        XCTAssertTrue(text.contains("at least once, not 0 times"), text)
        // The boundary: one repeat is laid out.
        XCTAssertNoThrow(
            try Scene(named: "once", duration: 0.1) {
                Composed([3]) {
                    UICollectionViewCompositionalLayout(
                        section: NSCollectionLayoutSection(
                            group: .horizontal(layoutSize: Self.full(), repeatingSubitem: Self.item(), count: 1)))
                }
            }.simulate())
        line = #line + 4
        text = try problem {
            let configuration = UICollectionViewCompositionalLayoutConfiguration()
            configuration.scrollDirection = .horizontal
            return UICollectionViewCompositionalLayout(
                section: NSCollectionLayoutSection(group: .horizontal(layoutSize: Self.full(), subitems: [Self.item()])),
                configuration: configuration)
        }
        XCTAssertTrue(text.contains("CompositionalLayoutTests.swift:\(line)") && text.contains("scrolls horizontally"), text)
        text = try problem {
            let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: Self.full(), subitems: [Self.item()]))
            section.boundarySupplementaryItems = [
                NSCollectionLayoutBoundarySupplementaryItem(layoutSize: Self.full(), elementKind: "side", alignment: .leading)
            ]
            return UICollectionViewCompositionalLayout(section: section)
        }
        XCTAssertTrue(text.contains("aligned leading is not covered"), text)
        text = try problem { UICollectionViewCompositionalLayout { _, _ in nil } }
        XCTAssertTrue(text.contains("gave no section 0"), text)
        text = try problem {
            let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: Self.full(), subitems: [Self.item()]))
            section.contentInsets.top = -1
            return UICollectionViewCompositionalLayout(section: section)
        }
        XCTAssertTrue(text.contains("contentInsets must be finite and not negative"), text)
    }

    /// A group repeats its item as many times as fit, up to 10 000: an item 375/10 000 pt wide
    /// fills a 375 pt group 10 000 times and is laid out; a narrower one (and one 1e-300 pt wide,
    /// whose count no Int holds) is refused where its group was written.
    func testAGroupRepeatsItsItemAtMost10000Times() throws {
        @Sendable func layout(_ width: CGFloat) -> UICollectionViewCompositionalLayout {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.absolute(width), .absolute(50)))
            return UICollectionViewCompositionalLayout(
                section: NSCollectionLayoutSection(group: .horizontal(layoutSize: Self.full(), subitems: [item])))
        }
        XCTAssertNoThrow(try Scene(named: "many", duration: 0.1) { Composed([3]) { layout(0.0375) } }.simulate())
        for width in [0.0374, 1e-300] as [CGFloat] {
            let text = try problem { layout(width) }
            XCTAssertTrue(text.contains("more than the 10000 Springy lays out"), text)
            XCTAssertTrue(text.contains("CompositionalLayoutTests.swift:"), text)
        }
    }

    /// The layout's answers at their edges: the space between sections is not after the last;
    /// an item's attributes exist from index 0 and not below it; a header may be 0 pt wide but
    /// not less; a bounds change lays it out again only for a new size or a pinned header; a row
    /// whose section is gone loses its scroll view.
    func testTheLayoutsAnswersAtTheirEdges() throws {
        let reports = Reports()
        @Sendable func layout(pinned: Bool, headerWidth: CGFloat) -> UICollectionViewCompositionalLayout {
            let configuration = UICollectionViewCompositionalLayoutConfiguration()
            configuration.interSectionSpacing = 20
            return UICollectionViewCompositionalLayout(
                sectionProvider: { section, _ in
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.full(), subitems: [Self.item()])
                    let made = NSCollectionLayoutSection(group: group)
                    made.orthogonalScrollingBehavior = section == 1 ? .continuous : .none
                    let header = NSCollectionLayoutBoundarySupplementaryItem(
                        layoutSize: Self.size(.absolute(headerWidth), .absolute(10)),
                        elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
                    header.pinToVisibleBounds = pinned
                    made.boundarySupplementaryItems = [header]
                    return made
                }, configuration: configuration)
        }
        func run(pinned: Bool, headerWidth: CGFloat = 0) throws {
            _ = try Scene(
                named: "edges", duration: 0.2,
                script: [
                    .at(0.05) { (vc: Composed) in
                        let l = vc.collectionView.collectionViewLayout
                        let cv = vc.collectionView!
                        reports.add("height \(Int(l.collectionViewContentSize.height))")
                        reports.add("item 0 \(l.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) != nil)")
                        reports.add("item -1 \(l.layoutAttributesForItem(at: IndexPath(item: -1, section: 0)) != nil)")
                        reports.add("same size \(l.shouldInvalidateLayout(forBoundsChange: cv.bounds.offsetBy(dx: 0, dy: 5)))")
                        reports.add("rows \(cv.subviews.filter { $0 is UIScrollView }.count)")
                        vc.counts = [2]
                        cv.reloadData()
                        cv.layoutIfNeeded()
                        reports.add("rows after \(cv.subviews.filter { $0 is UIScrollView }.count)")
                    }
                ]
            ) { Composed([2, 3]) { layout(pinned: pinned, headerWidth: headerWidth) } }.simulate()
        }
        try run(pinned: false)
        // Section 0: a 10 pt header and 2 rows of 50; 20 pt; section 1: a header and one orthogonal
        // row of 50 — and no space after the last.
        XCTAssertEqual(
            reports.all,
            ["height 190", "item 0 true", "item -1 false", "same size false", "rows 1", "rows after 0"])
        XCTAssertThrowsError(try run(pinned: false, headerWidth: -1)) { error in
            XCTAssertTrue("\(error)".contains("must have a finite size, not negative"), "\(error)")
        }
        let pinned = Reports()
        _ = try Scene(
            named: "pinned", duration: 0.1,
            script: [
                .at(0.05) { (vc: Composed) in
                    let cv = vc.collectionView!
                    pinned.add(
                        "\(cv.collectionViewLayout.shouldInvalidateLayout(forBoundsChange: cv.bounds.offsetBy(dx: 0, dy: 5)))")
                }
            ]
        ) { Composed([2, 3]) { layout(pinned: true, headerWidth: 0) } }.simulate()
        XCTAssertEqual(pinned.all, ["true"])
    }

    /// A new size lays the sections out again (fractions of the new width); a scroll alone does not need to.
    func testANewSizeLaysTheSectionsOutAgain() throws {
        let frames = try Scene(
            named: "resize", duration: 0.2,
            script: [.at(0.1) { (vc: Composed) in vc.collectionView.frame = CGRect(x: 0, y: 0, width: 200, height: 667) }]
        ) {
            Composed([3]) {
                UICollectionViewCompositionalLayout(
                    section: NSCollectionLayoutSection(
                        group: .horizontal(layoutSize: Self.full(), repeatingSubitem: Self.item(), count: 1)))
            }
        }.simulate()
        XCTAssertEqual(try XCTUnwrap(frames.first?.item("0.0")).width, 375)
        XCTAssertEqual(try XCTUnwrap(frames.last?.item("0.0")).width, 200)
    }
}
