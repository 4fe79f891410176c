import Foundation
import SpringyCore
import SpringyOutput
import SpringyTypes

/// `springy bench --animation-memory`: the heap each animated format's writer holds after `n`
/// and after 4n frames of 1920×1080 whose every pixel changes (moving noise and a block), so
/// "flat in the frame count" is a number: the growth per frame (bytes), which should be about 0.
package enum AnimationMemoryBenchmark {
    package struct Row {
        package var format: String; package var heapAtN: Int; package var heapAt4N: Int; package var perFrame: Double;
        package var fileBytes: Int
    }

    static func heapInUse() -> Int { Heap.inUse }

    package static func run(frames n: Int = 30, width: Int = 1920, height: Int = 1080, into dir: String) throws -> [Row] {
        try AtomicFile.makeDirectory(dir)
        var noise = [UInt8](repeating: 0, count: width * height * 4)
        var seed: UInt32 = 12345
        for i in stride(from: 0, to: noise.count, by: 4) {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            noise[i] = UInt8(truncatingIfNeeded: seed >> 24); noise[i + 1] = UInt8(truncatingIfNeeded: seed >> 16)
            noise[i + 2] = UInt8(truncatingIfNeeded: seed >> 8); noise[i + 3] = 255
        }
        // Every frame is the noise moved by k pixels (every pixel changes) with a block over it.
        func frame(_ k: Int) -> [UInt8] {
            let shift = (k * 4 * 7) % noise.count
            var f = Array(noise[shift...] + noise[..<shift])
            let x0 = (k * 37) % (width - 200), y0 = (k * 23) % (height - 200)
            for y in y0..<(y0 + 200) {
                for x in x0..<(x0 + 200) { let i = (y * width + x) * 4; f[i] = 255; f[i + 1] = UInt8(k % 256); f[i + 2] = 0 }
            }
            return f
        }
        typealias Writer = (add: ([UInt8], Int) throws -> Void, finish: () throws -> Int)
        let makers: [(String, (String) throws -> Writer)] = [
            (
                "apng",
                { path in
                    let w = try APNGWriter(path: path, rate: FrameRate(60))
                    return (
                        { rgba, _ in
                            try w.add(
                                rgba: rgba, width: width, height: height, opaque: true,
                                settings: PNGSettings(level: 1, filter: .up, strategy: .rle))
                        }, { try w.finish() }
                    )
                }
            ),
            (
                "gif",
                { path in
                    let w = try GIFWriter(path: path, width: width, height: height, rate: FrameRate(50), opaque: true)
                    return ({ try w.add(rgba: $0, index: $1) }, { try w.finish() })
                }
            ),
            (
                "webp",
                { path in
                    let w = try WebPWriter(
                        path: path, width: width, height: height, rate: FrameRate(60), lossless: false, quality: 50, opaque: true)
                    return ({ rgba, _ in try w.add(rgba: rgba) }, { try w.finish() })
                }
            ),
        ]
        var rows: [Row] = []
        for (name, make) in makers {
            let base = heapInUse()
            let writer = try make("\(dir)/memory.\(name)")
            var atN = 0
            for k in 0..<(4 * n) {
                try writer.add(frame(k), k)
                if k == n - 1 { atN = heapInUse() - base }
            }
            let at4N = heapInUse() - base
            let size = try writer.finish()
            rows.append(
                Row(format: name, heapAtN: atN, heapAt4N: at4N, perFrame: Double(at4N - atN) / Double(3 * n), fileBytes: size))
        }
        return rows
    }

    package static func table(_ rows: [Row], frames n: Int) -> String {
        var lines = [
            "animation memory: heap held by each writer after \(n) and \(4 * n) frames of 1920×1080 (growth per frame ≈ 0 is flat)",
            "format  heap@\(n) (MB)  heap@\(4 * n) (MB)  growth/frame (kB)  file (MB)",
        ]
        for r in rows {
            lines.append(
                String(
                    format: "%-6@  %12.1f  %13.1f  %17.1f  %9.1f", r.format as NSString, Double(r.heapAtN) / 1e6,
                    Double(r.heapAt4N) / 1e6,
                    r.perFrame / 1e3, Double(r.fileBytes) / 1e6))
        }
        return lines.joined(separator: "\n")
    }
}
