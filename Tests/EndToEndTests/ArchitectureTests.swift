import Foundation
import SpringyTestSupport
import XCTest

/// The dependency rule of Package.swift and CONTRIBUTING.md, checked against the sources.
final class ArchitectureTests: XCTestCase {
    /// Bottom to top; a module may import only modules of a lower rank.
    static let rank: [String: Int] = [
        "SpringyCore": 0, "SpringyFrame": 1, "SpringyScene": 2, "SpringyDynamics": 2, "SpringyLayout": 3,
        "SpringySimulation": 4, "SpringyRender": 5, "SpringyOutput": 6, "SpringyGolden": 7, "SpringyPipeline": 8,
        "SpringyPreview": 9, "SpringyCLI": 10,
    ]
    static let forbidden: [String: Set<String>] = [
        "SpringyRender": ["SpringyLayout", "SpringySimulation", "SpringyDynamics"],
        "SpringyOutput": ["SpringyLayout", "SpringySimulation", "SpringyDynamics"],
        "SpringyGolden": ["SpringyLayout", "SpringySimulation", "SpringyDynamics"],
    ]

    func swiftFiles(_ dir: String) -> [String] {
        let root = packageRoot + "/" + dir
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { root + "/" + $0 }
    }

    func imports(ofModule module: String, in folder: String = "Sources") throws -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for file in swiftFiles(folder + "/" + module) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let statement = line.hasPrefix("@testable ") ? line.dropFirst(10) : line[...]
                guard statement.hasPrefix("import ") else { continue }
                out[String(statement.dropFirst(7)).trimmingCharacters(in: .whitespaces), default: []].insert(file)
            }
        }
        return out
    }

    /// Each target's declared dependencies, read from Package.swift.
    func declared() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        var out: [String: Set<String>] = [:]
        let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|testTarget)\(name: "(\w[\w-]*)"(?:, dependencies: \[([^\]]*)\])?"#)
        let ns = text as NSString
        for m in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let name = ns.substring(with: m.range(at: 1))
            var deps: Set<String> = []
            if m.range(at: 2).location != NSNotFound {
                let list = ns.substring(with: m.range(at: 2))
                let quoted = try NSRegularExpression(pattern: #""([\w-]+)""#)
                let ls = list as NSString
                for q in quoted.matches(in: list, range: NSRange(location: 0, length: ls.length)) {
                    deps.insert(ls.substring(with: q.range(at: 1)))
                }
                if list.contains("ArgumentParser") { deps.insert("ArgumentParser") }
            }
            out[name] = deps
        }
        return out
    }

    static let system: Set<String> = ["Foundation", "FoundationXML", "FoundationNetworking", "Dispatch", "Glibc", "Synchronization", "XCTest", "Testing"]

    func testEveryModuleImportsOnlyModulesBelowIt() throws {
        for (module, rank) in Self.rank.sorted(by: { $0.key < $1.key }) {
            for (imported, files) in try imports(ofModule: module).sorted(by: { $0.key < $1.key }) {
                guard let r = Self.rank[imported] else { continue }
                XCTAssertLessThan(r, rank, "\(module) imports \(imported), which is not below it (\(files.sorted().first ?? ""))")
                XCTAssertFalse(Self.forbidden[module]?.contains(imported) ?? false, "\(module) must not import \(imported)")
            }
        }
    }

    func testEveryImportIsDeclaredInPackageSwift() throws {
        let deps = try declared()
        for module in Self.rank.keys.sorted() + ["springy", "springy-fuzz"] {
            guard let declared = deps[module] else { XCTFail("\(module) is not a target in Package.swift"); continue }
            for (imported, files) in try imports(ofModule: module).sorted(by: { $0.key < $1.key })
            where !Self.system.contains(imported) {
                XCTAssertTrue(declared.contains(imported) || (imported == "Yams" && declared.contains("Yams")),
                              "\(module) imports \(imported) (\(files.sorted().first ?? "")) without declaring it in Package.swift")
            }
        }
    }

    /// Test targets too: a test that imports a module must say so, not reach it through another.
    func testEveryTestTargetDeclaresWhatItImports() throws {
        let deps = try declared()
        let targets = (try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Tests")).sorted()
        for target in targets where deps[target] != nil {
            let declared = deps[target] ?? []
            for (imported, files) in try imports(ofModule: target, in: "Tests").sorted(by: { $0.key < $1.key })
            where !Self.system.contains(imported) && imported != target {
                XCTAssertTrue(declared.contains(imported),
                              "\(target) imports \(imported) (\(files.sorted().first ?? "")) without declaring it in Package.swift")
            }
        }
        XCTAssertNotNil(deps["EndToEndTests"], "test targets are read from Package.swift")
    }

    func testNoSwiftSourceFileIsOver400Lines() throws {
        for file in swiftFiles("Sources") + swiftFiles("Tests") {
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
            XCTAssertLessThanOrEqual(lines, 400, "\(file) has \(lines) lines")
        }
    }
}
