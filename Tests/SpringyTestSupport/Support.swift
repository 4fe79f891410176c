import Foundation
import SpringyFrame
import SpringyScene
import SpringySimulation

/// The package root (where scenes/ and golden/ are).
public let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The built `springy` executable, next to the test bundle.
public let springyBinary: String = {
    let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [dir.appendingPathComponent("springy"), dir.deletingLastPathComponent().appendingPathComponent("springy")] {
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
    }
    return packageRoot + "/.build/debug/springy"
}()

public struct RunResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs the command line for real.
public func runSpringy(_ arguments: [String], cwd: String = packageRoot, environment: [String: String]? = nil) throws -> RunResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: springyBinary)
    p.arguments = arguments
    p.currentDirectoryURL = URL(fileURLWithPath: cwd)
    if let environment { p.environment = environment }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return RunResult(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
}

/// A fresh temporary folder.
public func temporaryDirectory(_ name: String = #function) -> String {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let path = NSTemporaryDirectory() + "springy-tests-\(safe)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Decodes scene text and runs it through the public path to its frames.
public func frames(_ yaml: String, file: String = "test.yaml") throws -> [FrameState] {
    try Simulation.frames(of: try SceneLoader.decode(yaml: yaml, file: file))
}

public func item(_ f: FrameState, _ id: String) -> ItemState? { f.items.first { $0.id == id } }
