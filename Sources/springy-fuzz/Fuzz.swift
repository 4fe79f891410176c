// Springy's readers of untrusted bytes under libFuzzer: `scripts/fuzz SECONDS TARGET` builds
// this with -sanitize=fuzzer,address -DFUZZING. TARGET (SPRINGY_FUZZ_TARGET) is one of
// - scene: the scene decoder and validator, and the first frames of what they accept;
// - states: the state-stream reader (`render --states`), as given and with its chunk digests
//   made right, so the chunk decoder is reached too;
// - png: the fast PNG reader against libpng (what `check` reads goldens with), as given and
//   with every chunk's CRC made right, so chunk order, names and image data are reached: the
//   fast reader must refuse what libpng refuses and read what it reads to the same pixels.
// Built normally it replays files given as arguments (a corpus or a crash) through the same
// path, for regression tests; `--seeds DIR` writes seeds for the states and png targets.
import CNative
import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringySimulation

enum Target: String {
    case scene, states, png

    static var current: Target {
        Target(rawValue: ProcessInfo.processInfo.environment["SPRINGY_FUZZ_TARGET"] ?? "scene") ?? .scene
    }
}

/// Decode, validate and run the first frames of a scene; errors are fine, crashes are not.
func exerciseScene(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let text = String(bytes: bytes, encoding: .utf8) else { return }
    var limits = SceneLimits()
    limits.maxItems = 5_000
    limits.maxBodies = 2_000
    limits.maxNodes = 100_000
    guard let scene = try? SceneLoader.decode(yaml: text, file: "fuzz.yaml", limits: limits) else { return }
    guard let simulation = try? Simulation(scene: scene) else { return }
    _ = try? simulation.run(frames: 0...3) { _ in }
}

/// Where a states input is put for the reader (which reads a path): shared memory, one per process.
let streamPath = "/dev/shm/springy-fuzz-\(getpid()).states"

func le(_ b: [UInt8], _ at: Int, _ n: Int) -> Int {
    var v: UInt64 = 0
    for i in 0..<n { v |= UInt64(b[at + i]) << (8 * UInt64(i)) }
    return Int(truncatingIfNeeded: v)
}

/// The stream with every chunk digest its index can place recomputed (nil when the index
/// cannot be found at all).
func withDigestsMadeRight(_ b: [UInt8]) -> [UInt8]? {
    guard b.count >= 24 else { return nil }
    let lines = b.prefix(12_288).split(separator: 10, maxSplits: 3, omittingEmptySubsequences: false)
    guard lines.count > 1, let keyLine = String(bytes: lines[1], encoding: .utf8), keyLine.hasPrefix("key ") else {
        return nil
    }
    let key = String(keyLine.dropFirst(4))
    let t = b.count - 24, indexOffset = le(b, t, 8), chunks = le(b, t + 8, 4)
    guard indexOffset >= 0, indexOffset <= t, chunks <= (t - indexOffset) / 32 else { return nil }
    var out = b
    for c in 0..<chunks {
        let at = indexOffset + 32 * c
        let offset = le(b, at, 8), length = le(b, at + 8, 8), first = le(b, at + 16, 4), count = le(b, at + 20, 4)
        guard offset >= 0, length >= 0, offset <= b.count, length <= b.count - offset else { continue }
        let digest = b[offset..<(offset + length)].withUnsafeBytes {
            StateStream.digest($0, key: key, number: c, first: first, count: count)
        }
        for i in 0..<8 { out[at + 24 + i] = UInt8(truncatingIfNeeded: digest >> (8 * UInt64(i))) }
    }
    return out
}

func exerciseStates(_ bytes: UnsafeBufferPointer<UInt8>) {
    let given = Array(bytes)
    for variant in [given, withDigestsMadeRight(given)].compactMap({ $0 }) {
        guard FileManager.default.createFile(atPath: streamPath, contents: Data(variant)) else { return }
        guard let reader = try? StateStream.Reader(path: streamPath) else { continue }
        var next = 0
        _ = try? reader.run { state in
            precondition(state.frame == next, "frames out of order")
            next += 1
        }
    }
}

/// The PNG with every chunk's CRC recomputed, as far as its lengths walk.
func withCRCsMadeRight(_ b: [UInt8]) -> [UInt8] {
    var out = b
    var i = 8
    while i + 12 <= out.count {
        let n = Int(out[i]) << 24 | Int(out[i + 1]) << 16 | Int(out[i + 2]) << 8 | Int(out[i + 3])
        guard n <= out.count - i - 12 else { break }
        let crc = out.withUnsafeBufferPointer { springy_crc32(0, $0.baseAddress! + i + 4, n + 4) }
        out[i + 8 + n] = UInt8(crc >> 24)
        out[i + 9 + n] = UInt8((crc >> 16) & 0xFF)
        out[i + 10 + n] = UInt8((crc >> 8) & 0xFF)
        out[i + 11 + n] = UInt8(crc & 0xFF)
        i += 12 + n
    }
    return out
}

func exercisePNG(_ bytes: UnsafeBufferPointer<UInt8>) {
    let given = Array(bytes)
    for variant in [given, withCRCsMadeRight(given)] {
        // Sizes past 16 M pixels are libpng's allocation, not the differential's.
        if let size = PNGCodec.size(of: variant) {
            let (pixels, over) = size.width.multipliedReportingOverflow(by: size.height)
            if over || pixels > 1 << 24 { continue }
        }
        let fast = RGBAImage.decodeFast(bytes: variant)
        let libpng = try? RGBAImage.decodeWithLibpng(bytes: variant)
        if let fast {
            guard let libpng else { fatalError("the fast reader read a PNG libpng refuses") }
            precondition(fast == libpng, "the fast reader and libpng read other pixels")
        }
        var reused = RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 0])
        if (try? RGBAImage.decode(bytes: variant, into: &reused)) != nil {
            precondition(libpng != nil && reused == libpng, "decode(into:) read what libpng does not")
        }
    }
}

func exercise(_ bytes: UnsafeBufferPointer<UInt8>) {
    switch Target.current {
    case .scene: exerciseScene(bytes)
    case .states: exerciseStates(bytes)
    case .png: exercisePNG(bytes)
    }
}

/// Seeds for the states and png targets: small streams (one, two and three chunks, views with
/// labels, colours and outlines) and PNGs from both encoders (opaque and not, odd widths).
func writeSeeds(into folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var rng = SplitMix64(state: 43)
    switch Target.current {
    case .scene:
        break
    case .states:
        for (n, frames) in [1, 61, 130].enumerated() {
            let writer = try StateStream.Writer(path: "\(folder)/seed-\(n).states", key: "5eed\(n)", scene: "seed.yaml")
            for f in 0..<frames {
                var items: [ItemState] = []
                for i in 0..<3 {
                    var item = ItemState(
                        id: "i\(i)", center: Vec2(Double(rng.next() % 300), Double(f)), size: Size2(20, 10),
                        angle: Double(f) / 10, alpha: 1, z: i, velocity: Vec2(1, 2), selected: i == 1,
                        kind: i == 0 ? .cell : .view, label: i == 2 ? "label \(f)" : nil, shape: i == 1 ? .ellipse : .rectangle)
                    if i == 2 { item.outline = [Vec2(0, 0), Vec2(5, 0), Vec2(0, 5)] }
                    items.append(item)
                }
                try writer.add(
                    FrameState(
                        frame: f, time: Double(f) / 60, contentOffset: Vec2(0, Double(f)), atRest: f == frames - 1,
                        items: items, headers: [], springs: [], events: [], fingers: f % 2 == 0 ? [Vec2(3, 4)] : []))
            }
            try writer.finish()
        }
    case .png:
        for (n, (w, h, opaque)) in [(1, 1, true), (7, 5, false), (33, 9, true), (16, 16, false)].enumerated() {
            let canvas = try Canvas(width: w, height: h, opaque: opaque)
            canvas.markDirty()
            var pixels = [UInt8](repeating: 0, count: w * h * 4)
            for i in pixels.indices { pixels[i] = UInt8(truncatingIfNeeded: rng.next() % (n == 3 ? 3 : 256)) }
            RawRGBA.fill(canvas, from: pixels)
            for (e, settings) in [PNGSettings(), PNGSettings(level: 6, filter: .all, strategy: .default)].enumerated() {
                let bytes = try PNGCodec.encode(canvas, settings: settings)
                try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/seed-\(n)-\(e).png"))
            }
        }
    }
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
        if argc == 3, let flag = argv?[1], String(cString: flag) == "--seeds", let folder = argv?[2] {
            do { try writeSeeds(into: String(cString: folder)) } catch {
                FileHandle.standardError.write(Data("springy-fuzz: \(error)\n".utf8))
                return 2
            }
            return 0
        }
        defer { unlink(streamPath) }
        var count = argc
        var vector = argv
        return LLVMFuzzerRunDriver(&count, &vector) { data, size in fuzzOne(data, size) }
    }
#else
    @main
    struct Replay {
        static func main() {
            var paths = Array(CommandLine.arguments.dropFirst())
            if paths.count == 2 && paths[0] == "--seeds" {
                do { try writeSeeds(into: paths[1]) } catch {
                    FileHandle.standardError.write(Data("springy-fuzz: \(error)\n".utf8))
                    exit(2)
                }
                return
            }
            if paths.isEmpty {
                FileHandle.standardError.write(
                    Data(
                        "usage: springy-fuzz FILE... | --seeds DIR (SPRINGY_FUZZ_TARGET=scene|states|png; scripts/fuzz runs the fuzzer)\n"
                            .utf8))
                exit(2)
            }
            defer { unlink(streamPath) }
            paths = paths.filter { FileManager.default.fileExists(atPath: $0) }
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                data.withUnsafeBytes { raw in exercise(raw.bindMemory(to: UInt8.self)) }
            }
            print("replayed \(paths.count) input(s)")
        }
    }
#endif
