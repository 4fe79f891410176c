import Foundation
import PackagePlugin

/// `swift package springy COMMAND ...`: the `springy` command line, run in the package that asks
/// (its folder the working directory), so a package that depends on Springy needs no separate
/// install. A package with Swift scenes — an executable of its own that runs SpringyCLI's
/// `SpringyCommand.main(scenes:)` — gets that executable, built now, so its scenes go by name
/// (`swift package springy check` checks them too); with several such executables,
/// `--product NAME` (before the command) picks one. Otherwise Springy's `springy` executable,
/// built as the package's products are (debug), runs; `--release` (before the command) builds
/// it optimised instead — a first build takes longer, a long render about 3.9 times less. Writing into the package (renders, goldens, DocC articles) is asked for as
/// SwiftPM asks a plugin's permissions:
/// `swift package --allow-writing-to-package-directory springy render scenes/x.yaml`. SwiftPM
/// asks a plugin's permissions before it runs, for every subcommand alike, so a read-only
/// `check` needs the flag too (README says so).
@main
struct SpringyPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = arguments
        var chosen: String?
        var configuration = PackageManager.BuildConfiguration.debug
        while let first = arguments.first, first == "--product" || first == "--release" {
            if first == "--release" {
                configuration = .release
                arguments.removeFirst()
                continue
            }
            guard arguments.count >= 2 else { throw PluginProblem("--product needs the name of an executable product") }
            chosen = arguments[1]
            arguments.removeFirst(2)
        }
        let product: String
        let withScenes = context.package.products.compactMap { $0 as? ExecutableProduct }.filter(Self.runsSpringyCommand)
        if let name = chosen ?? (withScenes.count == 1 ? withScenes[0].name : nil) {
            guard withScenes.contains(where: { $0.name == name }) else {
                throw PluginProblem(
                    "\(name) is not an executable product of this package that runs SpringyCommand (those that do: \(withScenes.map(\.name).joined(separator: ", ")))"
                )
            }
            product = name
        } else if withScenes.count > 1 {
            throw PluginProblem(
                "several executables run SpringyCommand (\(withScenes.map(\.name).joined(separator: ", "))): pick one with `swift package springy --product NAME ...`"
            )
        } else {
            product = "springy"
        }
        // Built now, as the package's own products are (not as a plugin tool: SwiftPM builds a
        // tool's whole dependency graph a second time, for the host, before a plugin may run).
        let built = try packageManager.build(
            .product(product), parameters: .init(configuration: configuration, logging: .concise))
        guard built.succeeded, let artifact = built.builtArtifacts.first(where: { $0.kind == .executable }) else {
            Diagnostics.error(built.logText)
            throw PluginProblem("\(product) did not build")
        }
        let executable = artifact.url
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("springy \(arguments.first ?? "") ended with status \(process.terminationStatus)")
            throw PluginProblem("springy ended with status \(process.terminationStatus)")
        }
    }

    /// Whether an executable's code depends on Springy's SpringyCLI product (it runs SpringyCommand).
    static func runsSpringyCommand(_ product: ExecutableProduct) -> Bool {
        var seen: Set<String> = []
        func uses(_ target: Target) -> Bool {
            guard seen.insert(target.id).inserted else { return false }
            for dependency in target.dependencies {
                switch dependency {
                case .product(let p): if p.name == "SpringyCLI" { return true }
                case .target(let t): if uses(t) { return true }
                @unknown default: continue
                }
            }
            return false
        }
        return product.targets.contains(where: uses)
    }
}

struct PluginProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
