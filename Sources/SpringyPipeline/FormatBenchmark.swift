import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene

/// `springy bench --formats`: bytes and encoding time of the PNG frames (Springy's encoder and
/// libpng as Springy set it before) and of each animated format for a scene, against ffmpeg's
/// two-pass (palettegen + paletteuse) GIF of the same frames, with the GIFs' quality (PSNR,
/// SSIM) measured by ffmpeg against the rendered frames.
package enum FormatBenchmark {
    package struct Row {
        package var name: String; package var bytes: Int; package var seconds: Double; package var psnr: Double?;
        package var ssim: Double?
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    package static func run(_ scene: Scene, ffmpeg: String?) throws -> (frames: Int, rows: [Row]) {
        let dir = NSTemporaryDirectory() + "springy-bench-formats-\(getpid())-\(scene.slug)"
        try? FileManager.default.removeItem(atPath: dir)
        try AtomicFile.makeDirectory(dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The frames once, as PNG files: the input every encoder below reads.
        var pipeline = try FramePipeline(scene: scene, threads: 1)
        pipeline.encodePNG = true
        var pngs: [[UInt8]] = []
        var states: [FrameState] = []
        try pipeline.runEncoded { index, state, encoded in
            try AtomicFile.write(encoded.png, to: "\(dir)/\(OutputNames.frame(index))")
            pngs.append(encoded.png)
            states.append(state)
        }
        let width = pipeline.renderer.pixelWidth, height = pipeline.renderer.pixelHeight, fps = scene.time.fps,
            frameRate = scene.time.rate
        let opaque = pipeline.renderer.opaque
        var rows: [Row] = []
        /// Decodes every frame (as ffmpeg must too) and hands it to `add`; the time includes both.
        func timed(_ name: String, add: ([UInt8], Int) throws -> Void, finish: () throws -> Int) throws {
            let start = now()
            var image = RGBAImage(width: 0, height: 0, pixels: [])
            for (k, png) in pngs.enumerated() {
                try RGBAImage.decode(bytes: png, into: &image)
                try add(image.pixels, k)
            }
            let bytes = try finish()
            rows.append(Row(name: name, bytes: bytes, seconds: now() - start, psnr: nil, ssim: nil))
        }
        // The PNG frames themselves: Springy's encoder against libpng as Springy set it before.
        for (name, settings) in [("png frames, springy", PNGSettings.runs), ("png frames, libpng 3/up/rle (before)", .former)] {
            var total = 0
            try timed(
                name,
                add: { rgba, _ in
                    total += try PNGCodec.encode(rgba: rgba, width: width, height: height, opaque: opaque, settings: settings)
                        .count
                },
                finish: { total })
        }
        let gif = try GIFWriter(path: "\(dir)/ours.gif", width: width, height: height, rate: frameRate, opaque: opaque)
        let gifRow = rows.count
        try timed("springy gif", add: { try gif.add(rgba: $0, index: $1) }, finish: { try gif.finish() })
        for (name, lossless, quality) in [("springy webp lossless", true, 100.0), ("springy webp q80", false, 80.0)] {
            let webp = try WebPWriter(
                path: "\(dir)/ours-\(lossless ? "lossless" : "q80").webp", width: width, height: height, rate: frameRate,
                lossless: lossless, quality: quality, opaque: opaque)
            try timed(name, add: { rgba, _ in try webp.add(rgba: rgba) }, finish: { try webp.finish() })
        }
        let apng = try APNGWriter(path: "\(dir)/ours.apng", rate: frameRate)
        try timed(
            "springy apng",
            add: { rgba, _ in try apng.add(rgba: rgba, width: width, height: height, opaque: opaque, settings: APNGWriter.compact)
            },
            finish: { try apng.finish() })
        // The vector animations, drawn from the frames' states (not their pixels): the SVG with
        // SMIL, the Lottie JSON, and the dotLottie (that JSON zipped).
        let vector = AnimatedSVG(renderer: pipeline.renderer, rate: frameRate.description, seconds: frameRate.seconds)
        var start = now()
        for state in states { try vector.add(state) }
        let svg = try vector.finish()
        rows.append(Row(name: "springy smil (svg)", bytes: svg.count, seconds: now() - start, psnr: nil, ssim: nil))
        start = now()
        do {
            let json = try vector.finishLottie(name: scene.slug, fps: frameRate.perSecond, file: scene.file)
            rows.append(Row(name: "springy lottie (json)", bytes: json.count, seconds: now() - start, psnr: nil, ssim: nil))
            let dot = try DotLottieOutput.archive(json, id: scene.slug)
            rows.append(Row(name: "springy dotlottie", bytes: dot.count, seconds: now() - start, psnr: nil, ssim: nil))
        } catch {
            rows.append(Row(name: "springy lottie: refused", bytes: 0, seconds: 0, psnr: nil, ssim: nil))
        }
        guard let ffmpeg else { return (pngs.count, rows) }
        // ffmpeg's two passes at the same frame rate the GIF keeps.
        let rate = Double(fps) / Double(GIFWriter.step(for: frameRate))
        let input = ["-v", "error", "-framerate", "\(fps)", "-i", "\(dir)/frame-%05d.png"]
        start = now()
        try runTool(ffmpeg, input + ["-vf", "fps=\(rate),palettegen=stats_mode=diff", "-y", "\(dir)/palette.png"])
        try runTool(
            ffmpeg,
            input + [
                "-i", "\(dir)/palette.png", "-lavfi", "fps=\(rate)[x];[x][1:v]paletteuse=diff_mode=rectangle", "-y",
                "\(dir)/ffmpeg.gif",
            ])
        let ffmpegSeconds = now() - start
        let theirs = (try? FileManager.default.attributesOfItem(atPath: "\(dir)/ffmpeg.gif")[.size] as? Int) ?? 0
        rows.append(Row(name: "ffmpeg palettegen gif", bytes: theirs, seconds: ffmpegSeconds, psnr: nil, ssim: nil))
        // Quality of both GIFs against the frames, at the GIF's frame rate.
        for (k, file) in [(gifRow, "ours.gif"), (rows.count - 1, "ffmpeg.gif")] {
            let out = try runTool(
                ffmpeg,
                ["-v", "info", "-i", "\(dir)/\(file)"] + input.dropFirst(2)
                    + [
                        "-lavfi",
                        "[0:v]fps=\(rate),format=rgb24[a];[1:v]fps=\(rate),format=rgb24[b];[a]split[a1][a2];[b]split[b1][b2];[a1][b1]psnr;[a2][b2]ssim",
                        "-f", "null", "-",
                    ])
            rows[k].psnr = number(after: "average:", in: out)
            rows[k].ssim = number(after: "All:", in: out)
        }
        return (pngs.count, rows)
    }

    /// The number ffmpeg printed after `key` (its PSNR of identical pictures is `inf`).
    static func number(after key: String, in text: String) -> Double? {
        guard let r = text.range(of: key, options: .backwards) else { return nil }
        let value = text[r.upperBound...].drop { $0 == " " }
        if value.hasPrefix("inf") { return .infinity }
        return Double(value.prefix { $0.isNumber || $0 == "." })
    }

    @discardableResult
    static func runTool(_ path: String, _ args: [String]) throws -> String {
        let p = try ChildProcess(path, args, what: "bench --formats", discardOutput: true)
        p.input.closeFile()
        let data = p.errorOutput.readDataToEndOfFile()
        let status = p.wait()
        let text = String(decoding: data, as: UTF8.self)
        guard status == 0 else { throw OutputError("\(path) failed: \(text.suffix(400))") }
        return text
    }

    /// The vector formats' size targets (issue 47), by scene: what its SVG and its Lottie JSON
    /// may each take, in bytes (a GIF of the carousel takes about 900 kB).
    static let vectorTargets = [("springy-carousel", 100_000), ("drag-many", 300_000)]
    static let vectorRows = ["springy smil (svg)", "springy lottie (json)"]

    /// Each vector row of a scene that has a target, measured against it.
    static func targets(_ slug: String, rows: [Row]) -> [String] {
        guard let limit = vectorTargets.first(where: { $0.0 == slug })?.1 else { return [] }
        return rows.filter { vectorRows.contains($0.name) }.map { r in
            "target: \(r.name) \(r.bytes) bytes, at most \(limit): \(r.bytes <= limit ? "met" : "MISSED")"
        }
    }

    package static func table(_ scene: Scene, frames: Int, rows: [Row]) -> String {
        var lines = [
            "\(scene.slug): \(frames) frames", "| format | bytes | ms/frame | PSNR (dB) | SSIM |",
            "| --- | --- | --- | --- | --- |",
        ]
        for r in rows {
            let kb = String(format: "%.1f kB", Double(r.bytes) / 1024)
            let ms = String(format: "%.2f", r.seconds * 1000 / Double(max(frames, 1)))
            lines.append(
                "| \(r.name) | \(kb) | \(ms) | \(r.psnr.map { $0.isFinite ? String(format: "%.2f", $0) : "inf (identical)" } ?? "") | \(r.ssim.map { String(format: "%.4f", $0) } ?? "") |"
            )
        }
        return (lines + targets(scene.slug, rows: rows)).joined(separator: "\n")
    }
}
