import Foundation
import SpringyTestSupport
import XCTest

/// Issue 45: a UIKit member SpringyUIKit does not offer is a compile error that names it, never a
/// member that exists and does nothing. A file of such calls is type-checked against the built
/// module, beside the same file without them (which must pass: the failure is the members).
final class UIKitCompileTests: XCTestCase {
    func typecheck(_ source: String) throws -> RunResult {
        let dir = temporaryDirectory()
        let file = dir + "/Calls.swift"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        let build = packageRoot + "/.build/debug"
        // The C modules the Swift modules were built over (Box2D's API, Cairo's, ...).
        let maps = try FileManager.default.contentsOfDirectory(atPath: build).filter {
            $0.hasSuffix(".build") && !$0.hasSuffix("-tool.build")
        }.sorted()
            .map { build + "/" + $0 + "/module.modulemap" }.filter { FileManager.default.fileExists(atPath: $0) }
        // A module cache of its own: what it needs is found afresh, as on a fresh machine (and
        // nothing is left in the user's cache).
        var arguments = ["-typecheck", "-I", build + "/Modules", "-module-cache-path", dir + "/module-cache"]
        for map in maps { arguments += ["-Xcc", "-fmodule-map-file=" + map] }
        // The system libraries' headers, as SwiftPM finds them for CCairo and CPNG (pkg-config).
        let flags = try runProgram("/usr/bin/pkg-config", ["--cflags", "cairo", "libpng"], cwd: dir, timeout: 60)
        XCTAssertEqual(flags.status, 0, flags.stderr)
        for flag in flags.stdout.split(whereSeparator: \.isWhitespace) { arguments += ["-Xcc", String(flag)] }
        let swiftc = try XCTUnwrap(
            ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { $0 + "/swiftc" }
                .first { FileManager.default.isExecutableFile(atPath: $0) }, "swiftc on PATH")
        return try runProgram(swiftc, arguments + [file], cwd: dir, timeout: 300)
    }

    static let supported = """
        import SpringyUIKit

        final class Card: UIView {}
        let card = Card(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        card.layer.cornerRadius = 12
        let field = UIFieldBehavior.springField()
        field.region = UIRegion(radius: 40)
        UIView.animate(withDuration: 0.3) { card.alpha = 0.5 }
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
        let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: item.layoutSize, subitems: [item]))

        """

    func testAMemberOutsideTheSupportedSetIsACompileErrorNamingIt() throws {
        let fine = try typecheck(Self.supported)
        XCTAssertEqual(fine.status, 0, fine.stderr)
        let wrong = try typecheck(
            Self.supported + """
                let custom = UIFieldBehavior.field { _, _, _, _, _ in .zero }
                let both = UIRegion(radius: 10).union(with: UIRegion(radius: 20))
                card.layer.shadowPath = nil
                let estimated = NSCollectionLayoutDimension.estimated(44)
                section.visibleItemsInvalidationHandler = nil

                """)
        XCTAssertNotEqual(wrong.status, 0)
        for expected in [
            "type 'UIFieldBehavior' has no member 'field'", "value of type 'UIRegion' has no member 'union'",
            "value of type 'CALayer' has no member 'shadowPath'",
            "type 'NSCollectionLayoutDimension' has no member 'estimated'",
            "value of type 'NSCollectionLayoutSection' has no member 'visibleItemsInvalidationHandler'",
        ] {
            XCTAssertTrue(wrong.stderr.contains(expected), "\(expected)\n\(wrong.stderr)")
        }
    }
}
