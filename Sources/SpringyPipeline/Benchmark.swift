import Dispatch
import Foundation
import SpringyCore
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringySimulation
import SpringyTypes
import Synchronization

/// `springy bench`: what each stage of the pipeline costs (never used by tests for timing).
package enum Benchmark {
    package struct Result {
        var name: String
        var encoder = "springy"
        var fps: Int
        var frames: Int
        var simulate, draw, encode, write: Double  // seconds, summed over frames, one thread
        var solver = 0.0  // of `simulate`, the animators' steps
        /// Of `simulate`: each named step stage's seconds (StepStage order).
        var stages: [(name: String, seconds: Double)] = []
        var restFrames = 0  // frames that show the scene at rest
        var restShare = 0.0  // share of the one-thread pipeline's time they took
        var pipelineOne, pipelineN: Double  // wall seconds for the whole render
        /// Wall seconds for `threads` one-thread renders at once, sharing no work: what the machine
        /// gives that many threads (0 on one thread).
        var sideBySide = 0.0
        var threads: Int
        var bytes: Int
        var peakMemoryKB: Int

        func ms(_ s: Double) -> String { String(format: "%.3f", s * 1000 / Double(max(frames, 1))) }
        package var table: String {
            """
            \(name): \(counted(frames, "frame")), PNG by \(encoder)
              solver (animator steps): \(ms(solver)) ms per frame, \(String(format: "%.1f", Double(frames) / (Double(fps) * max(solver, 1e-9))))× real time
              step stages, ms per frame: \(stages.map { "\($0.name) \(ms($0.seconds))" }.joined(separator: ", "))
              one thread, per frame: simulate \(ms(simulate)) ms, draw \(ms(draw)) ms, encode \(ms(encode)) ms, write \(ms(write)) ms
              full pipeline: \(String(format: "%.1f", Double(frames) / pipelineOne)) frames/s on 1 thread (\(ms(pipelineOne)) ms/frame), \(String(format: "%.1f", Double(frames) / pipelineN)) frames/s on \(threads)\(scalingNote)
              \(counted(restFrames, "frame")) at rest took \(String(format: "%.1f", restShare * 100)) % of the one-thread time
              \(bytes / max(frames, 1)) bytes per frame, peak memory \(peakMemoryKB / 1024) MiB
            """
        }
        /// How many times one thread's rate N threads give, and (the machine's ceiling) N one-thread runs at once.
        var scaling: Double { pipelineOne / pipelineN }
        var ceiling: Double { sideBySide > 0 ? Double(threads) * pipelineOne / sideBySide : 1 }
        var scalingNote: String {
            threads > 1
                ? String(format: " (%.2f×; %d one-thread renders at once: %.2f× one)", scaling, threads, ceiling) : ""
        }
        package var json: String {
            "{\"scene\": \"\(name)\", \"png_encoder\": \"\(encoder)\", \"frames\": \(frames), \"simulate_ms\": \(ms(simulate)), \"draw_ms\": \(ms(draw)), "
                + "\"encode_ms\": \(ms(encode)), \"write_ms\": \(ms(write)), \"pipeline_ms_1\": \(ms(pipelineOne)), "
                + "\"fps_1\": \(String(format: "%.2f", Double(frames) / pipelineOne)), \"threads\": \(threads), "
                + "\"fps_n\": \(String(format: "%.2f", Double(frames) / pipelineN)), \"scaling_n\": \(String(format: "%.3f", scaling)), "
                + "\"scaling_side_by_side\": \(String(format: "%.3f", ceiling)), \"bytes_per_frame\": \(bytes / max(frames, 1)), "
                + "\"rest_frames\": \(restFrames), \"rest_share\": \(String(format: "%.4f", restShare)), \"peak_memory_kb\": \(peakMemoryKB), "
                + "\"stages_ms\": {\(stages.map { "\"\($0.name)\": \(ms($0.seconds))" }.joined(separator: ", "))}}"
        }
    }

    /// Encodes 12 frames of each scene at every zlib level, filter and strategy; one line each.
    package static func pngSweep(_ scenes: [Scene], print: (String) -> Void) throws {
        var canvases: [Canvas] = []
        for scene in scenes {
            let renderer = try Renderer(scene: scene)
            let picks = Set(FramePick.evenly(12).resolve(count: scene.time.maxFrameCount))
            try Simulation(scene: scene).run { if picks.contains($0.frame) { canvases.append(try renderer.render($0)) } }
        }
        print("level filter strategy   ms/frame  bytes/frame")
        func measure(_ settings: PNGSettings) throws -> (ms: Double, bytes: Int) {
            let start = now()
            var bytes = 0
            for c in canvases { bytes += try PNGCodec.encode(c, settings: settings).count }
            return ((now() - start) * 1000 / Double(canvases.count), bytes / canvases.count)
        }
        // Springy's own encoder (the default) first, then libpng's every setting.
        let own = try measure(.runs)
        print(
            String(
                format: "%5@ %-6@ %-9@ %8.2f %12d", "-" as NSString, "up/sub" as NSString, "runs" as NSString, own.ms, own.bytes))
        for level in 1...9 {
            for filter in PNGSettings.Filter.allCases {
                for strategy in PNGSettings.Strategy.allCases where strategy != .huffman || level == 1 {
                    let (ms, bytes) = try measure(PNGSettings(level: level, filter: filter, strategy: strategy))
                    print(
                        String(
                            format: "%5d %-6@ %-9@ %8.2f %12d", level, filter.rawValue as NSString, strategy.rawValue as NSString,
                            ms, bytes))
                }
            }
        }
    }

    /// The stage table with libpng as Springy set it before (level 3, `up`, run-length) and with
    /// Springy's own encoder, measured one after the other in the same run, side by side.
    package static func encoders(_ scene: Scene, threads: Int) throws -> (before: Result, after: Result, table: String) {
        let before = try measure(scene, threads: threads, png: .former), after = try measure(scene, threads: threads)
        /// A row; the last column is how many times better `after` is (a cost: before / after; a rate: after / before).
        func row(_ label: String, _ f: (Result) -> Double, _ format: String, rate: Bool = false) -> String {
            let gain = rate ? f(after) / max(f(before), 1e-12) : f(before) / max(f(after), 1e-12)
            return
                "| \(label) | \(String(format: format, f(before))) | \(String(format: format, f(after))) | \(String(format: "%.2f×", gain)) |"
        }
        func perFrame(_ s: KeyPath<Result, Double>) -> (Result) -> Double {
            { $0[keyPath: s] * 1000 / Double(max($0.frames, 1)) }
        }
        let fpsOne = { (r: Result) in Double(r.frames) / r.pipelineOne }, fpsN = { (r: Result) in Double(r.frames) / r.pipelineN }
        let lines = [
            "\(scene.slug): \(counted(after.frames, "frame")), the same run, one thread unless said (ms per frame)",
            "| stage | \(before.encoder) (before) | \(after.encoder) (after) | gain |",
            "| --- | --- | --- | --- |",
            row("simulate", perFrame(\.simulate), "%.3f"), row("draw", perFrame(\.draw), "%.3f"),
            row("encode", perFrame(\.encode), "%.3f"), row("write", perFrame(\.write), "%.3f"),
            row("whole pipeline", perFrame(\.pipelineOne), "%.3f"),
            row("frames/s, 1 thread", fpsOne, "%.1f", rate: true), row("frames/s, \(threads) threads", fpsN, "%.1f", rate: true),
            row("\(threads) threads / 1", \.scaling, "%.2f×", rate: true),
            row("\(threads) one-thread renders at once / 1", \.ceiling, "%.2f×", rate: true),
            row("bytes per frame", { Double($0.bytes / max($0.frames, 1)) }, "%.0f"),
        ]
        return (before, after, lines.joined(separator: "\n"))
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Stage by stage on one thread, then the whole pipeline on one and on `threads` threads,
    /// the frames encoded with `png`.
    package static func measure(_ scene: Scene, threads: Int, png: PNGSettings = PNGSettings()) throws -> Result {
        let dir = NSTemporaryDirectory() + "springy-bench-\(getpid())"
        try AtomicFile.makeDirectory(dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let renderer = try Renderer(scene: scene)
        var r = Result(
            name: scene.slug, fps: scene.time.fps, frames: 0, simulate: 0, draw: 0, encode: 0, write: 0, pipelineOne: 0,
            pipelineN: 0, threads: threads, bytes: 0, peakMemoryKB: 0)
        r.encoder = png.label
        // Stage by stage, one thread.
        let simulation = try Simulation(scene: scene)
        simulation.solverClock = now
        var t = now()
        var spare: Canvas?  // one canvas drawn frame after frame, as the pipeline does
        try simulation.run { state in
            let t1 = now()
            r.simulate += t1 - t
            let canvas = try renderer.render(state, reusing: &spare)
            _ = canvas.data
            let t2 = now()
            let bytes = try PNGCodec.encode(canvas, settings: png)
            let t3 = now()
            try AtomicFile.write(bytes, to: "\(dir)/\(OutputNames.frame(state.frame))", folderMade: true)
            let t4 = now()
            r.draw += t2 - t1; r.encode += t3 - t2; r.write += t4 - t3
            r.frames += 1
            r.bytes += bytes.count
            t = now()
        }
        // The whole pipeline, on one and on N threads, alternately, each into a folder of its own
        // (no file is replaced), and N one-thread renders at once (the machine's own ceiling for
        // N threads). The best of at least five rounds, more while they have taken under three
        // seconds (up to fifteen): a run of a few hundred frames lasts a fraction of a second,
        // within reach of the machine's noise, and N threads need every core quiet at once.
        r.pipelineOne = .infinity; r.pipelineN = .infinity; r.sideBySide = threads > 1 ? .infinity : 0
        var round = 0, spent = 0.0
        while round < 5 || (spent < 3 && round < 15) {
            for (count, keyPath) in [(1, \Result.pipelineOne), (threads, \Result.pipelineN)] {
                let folder = "\(dir)/\(count == 1 ? "one" : "many")-\(round)"
                try AtomicFile.makeDirectory(folder)
                let start = now()
                var last = start, restTime = 0.0, rest = 0
                try FramePipeline(scene: scene, png: png, threads: count).run { i, state, bytes in
                    try AtomicFile.write(bytes, to: "\(folder)/\(OutputNames.frame(i))", folderMade: true)
                    let now = now()
                    if state.atRest { restTime += now - last; rest += 1 }
                    last = now
                }
                let seconds = now() - start
                spent += seconds
                if seconds < r[keyPath: keyPath] {
                    r[keyPath: keyPath] = seconds
                    if count == 1 { r.restFrames = rest; r.restShare = restTime / seconds }
                }
            }
            if threads > 1 {
                let seconds = try sideBySide(scene, png: png, count: threads, folder: "\(dir)/apart-\(round)")
                spent += seconds
                r.sideBySide = min(r.sideBySide, seconds)
            }
            round += 1
        }
        r.solver = simulation.solverSeconds
        r.stages = zip(StepStage.allCases, simulation.stageSeconds).map { ($0.rawValue, $1) }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        r.peakMemoryKB = usage.ru_maxrss
        return r
    }

    /// Wall seconds for `count` one-thread renders of `scene` at once, each on a thread of its own
    /// into a folder of its own: they share no work, only the scene they read and the machine.
    static func sideBySide(_ scene: Scene, png: PNGSettings, count: Int, folder: String) throws -> Double {
        let failure = Mutex<(any Error)?>(nil)
        let group = DispatchGroup()
        let start = now()
        for k in 0..<count {
            group.enter()
            let render = Thread {
                defer { group.leave() }
                do {
                    let dir = "\(folder)/\(k)"
                    try AtomicFile.makeDirectory(dir)
                    try FramePipeline(scene: scene, png: png, threads: 1).run { i, _, bytes in
                        try AtomicFile.write(bytes, to: "\(dir)/\(OutputNames.frame(i))", folderMade: true)
                    }
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
            }
            render.stackSize = 8 << 20  // the simulation runs on it, as on FramePipeline's own threads
            render.start()
        }
        group.wait()
        let seconds = now() - start
        if let error = failure.withLock({ $0 }) { throw error }
        return seconds
    }
}
