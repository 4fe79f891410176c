// The scene decoder and validator under libFuzzer: `scripts/fuzz SECONDS` builds this
// with -sanitize=fuzzer,address -DFUZZING. Built normally it replays files given as
// arguments (a corpus or a crash) through the same path, for regression tests.
import Foundation
import SpringyScene
import SpringySimulation

/// Decode, validate and run the first frames of a scene; errors are fine, crashes are not.
func exercise(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let text = String(bytes: bytes, encoding: .utf8) else { return }
    var limits = SceneLimits()
    limits.maxItems = 5_000
    limits.maxBodies = 2_000
    limits.maxNodes = 100_000
    guard let scene = try? SceneLoader.decode(yaml: text, file: "fuzz.yaml", limits: limits) else { return }
    guard let simulation = try? Simulation(scene: scene) else { return }
    _ = try? simulation.run(frames: 0...3) { _ in }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    package func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
        exercise(UnsafeBufferPointer(start: data, count: size))
        return 0
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (libFuzzer's own C symbol)
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
    ) -> Int32

    /// SwiftPM links an executable's entry point under this name; hand over to libFuzzer's driver.
    @_cdecl("springy_fuzz_main")
    package func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var count = argc
        var vector = argv
        return LLVMFuzzerRunDriver(&count, &vector) { data, size in fuzzOne(data, size) }
    }
#else
    @main
    struct Replay {
        static func main() {
            let paths = CommandLine.arguments.dropFirst()
            if paths.isEmpty {
                FileHandle.standardError.write(
                    Data("usage: springy-fuzz FILE... (replays inputs; scripts/fuzz runs the fuzzer)\n".utf8))
                exit(2)
            }
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                data.withUnsafeBytes { raw in exercise(raw.bindMemory(to: UInt8.self)) }
            }
            print("replayed \(paths.count) input(s)")
        }
    }
#endif
