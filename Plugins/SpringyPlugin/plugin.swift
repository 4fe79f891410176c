import Foundation
import PackagePlugin

/// `swift package springy COMMAND ...`: the `springy` command line, built from this package,
/// run in the package that asks (its folder the working directory), so a package that depends
/// on Springy needs no separate install. Writing into the package (renders, goldens, DocC
/// articles) is asked for as SwiftPM asks a plugin's permissions:
/// `swift package --allow-writing-to-package-directory springy render scenes/x.yaml`. SwiftPM
/// asks a plugin's permissions before it runs, for every subcommand alike, so a read-only
/// `check` needs the flag too (README says so).
@main
struct SpringyPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "springy")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("springy \(arguments.first ?? "") ended with status \(process.terminationStatus)")
            throw SpringyFailed(status: process.terminationStatus)
        }
    }
}

struct SpringyFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "springy ended with status \(status)" }
}
