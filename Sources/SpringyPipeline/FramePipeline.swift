import Dispatch
import Foundation
import SpringyCore
import SpringyFrame
import SpringyOutput
import SpringyRender
import SpringyScene
import SpringySimulation

/// Scene → Simulation → FrameState → Renderer → PNG.
///
/// On one thread everything runs in turn on the caller. On N threads the simulation
/// runs ahead on its own thread, N - 1 workers and the caller draw and encode, and the
/// caller hands the frames on in order; at most four frames per thread are in flight, so
/// memory stays bounded whatever the length. A frame that draws the same as the one
/// before (a scene at rest) reuses its encoded bytes: no drawing, no encoding. Every frame
/// is a pure function of its state, so the bytes do not depend on the thread count.
package struct FramePipeline: Sendable {
    package var scene: Scene
    package var renderer: Renderer
    package var png: PNGSettings
    package var threads: Int
    /// Encode PNG bytes for each frame (the default), and/or raw YUV4MPEG2 frames.
    /// Where the frame states come from (a shard may draw from a state stream).
    package var states = StateSource.simulation
    package var encodePNG = true
    package var encodeY4M = false
    /// Straight RGBA bytes per frame (for a video encoder that keeps alpha).
    package var encodeRGBA = false
    /// Encodes exactly what the given sinks need (PNG, YUV4MPEG2 and/or RGBA bytes).
    package mutating func encode(for needs: SinkNeeds) {
        encodePNG = needs.contains(.png)
        encodeY4M = needs.contains(.y4m)
        encodeRGBA = needs.contains(.rgba)
    }
    /// The hash of each frame's pixels as drawn (PixelHash), for the pinned table.
    package var hashPixels = false
    /// Reuse the previous frame's bytes when nothing visible changed.
    package var reuseRestFrames = true

    package init(scene: Scene, scale: Int? = nil, png: PNGSettings = PNGSettings(), threads: Int = 1) throws {
        self.scene = scene
        renderer = try Renderer(scene: scene, scale: scale)
        self.png = png
        self.threads = max(1, threads)
    }

    package struct Encoded {
        /// CPU seconds spent drawing and encoding it (0 when reused): `render --timings`.
        package var seconds = 0.0
        package var png: [UInt8] = []
        package var y4m: [UInt8] = []
        package var rgba: [UInt8] = []
        package var pixelHash: UInt64?
        /// True when these bytes are the previous frame's, reused.
        package var reused = false
    }

    /// The states of frames `range` (all when nil), simulated on the calling thread.
    package func states(frames range: ClosedRange<Int>? = nil) throws -> [FrameState] {
        var out: [FrameState] = []
        try states.run(scene, frames: range) { out.append($0) }
        return out
    }

    /// Frames `range` (all when nil) as PNG bytes, in order, on the calling thread.
    package func run(
        frames range: ClosedRange<Int>? = nil, only wanted: Set<Int>? = nil,
        sink: (Int, FrameState, [UInt8]) throws -> Void
    ) throws {
        try runEncoded(frames: range, only: wanted) { i, state, out in try sink(i, state, out.png) }
    }

    /// One frame through this pipeline's renderer and encoders.
    package func encode(_ state: FrameState) throws -> Encoded {
        var spare: Canvas?
        return try encode(state, reusing: &spare)
    }

    /// One frame, drawn into the calling thread's `spare` canvas (see Renderer.render(_:reusing:)):
    /// every encoding is copied out of it before this returns.
    package func encode(_ state: FrameState, reusing spare: inout Canvas?) throws -> Encoded {
        _ = try PinnedFont.face()  // this thread's own face, loaded (or its failure reported) before drawing
        let started = CPUTime.thread  // measured for --timings only: nothing drawn depends on it
        let canvas = try renderer.render(state, reusing: &spare)
        var e = Encoded()
        if encodePNG { e.png = try PNGCodec.encode(canvas, settings: png) }
        if encodeY4M { e.y4m = Y4M.frame(canvas) }
        if encodeRGBA { e.rgba = RawRGBA.frame(canvas) }
        if hashPixels { e.pixelHash = PixelHash.of(canvas) }
        e.seconds = CPUTime.thread - started
        return e
    }

    /// Like `run`, with every encoding the pipeline is set up for. `cancelled` is asked at every
    /// simulated frame (on the simulation's thread), so a stop is heard during a fast-forward too.
    package func runEncoded(
        frames range: ClosedRange<Int>? = nil, only wanted: Set<Int>? = nil,
        cancelled: @escaping @Sendable () throws -> Void = {},
        sink: (Int, FrameState, Encoded) throws -> Void
    ) throws {
        if threads == 1 {
            var previous: (FrameState, Encoded)?
            var spare: Canvas?
            try states.run(scene, frames: range, cancelled: cancelled) { state in
                if let wanted, !wanted.contains(state.frame) { return }
                var out: Encoded
                if reuseRestFrames, let (p, bytes) = previous, state.drawsSame(as: p) {
                    out = bytes
                    out.reused = true
                    out.seconds = 0
                } else {
                    out = try encode(state, reusing: &spare)
                }
                previous = (state, out)
                try sink(state.frame, state, out)
            }
            return
        }
        try runParallel(range: range, wanted: wanted, cancelled: cancelled, sink: sink)
    }

    /// Shared state of a parallel run, guarded by one condition lock. Each thread says when it
    /// waits, so that a change wakes only a thread that can go on with it: a frame switch costs
    /// the kernel, and two cores have little to spare.
    final class Exchange: @unchecked Sendable {  // every field guarded by `lock` (a condition: waits and broadcasts)
        struct Job { let sequence: Int; let state: FrameState; let reuse: Bool }
        let lock = NSCondition()
        var jobs: [Job] = []
        var jobHead = 0
        var produced = 0  // jobs handed out so far
        var consumed = 0  // frames the caller has taken: the next it wants is this one
        var finishedProducing = false
        var results: [Int: (state: FrameState, out: Encoded)] = [:]  // looked up by sequence only
        var failure: Error?
        var cancelled = false
        var idleWorkers = 0  // workers waiting for a job
        var callerWaits = false  // the caller, waiting for its next frame or a job
        var producerWaits = false  // the simulation, waiting for room
        /// At most `capacity` frames between the simulation and the caller; once full, the
        /// simulation sleeps until half of them are taken, then fills up again.
        let capacity: Int
        init(capacity: Int) { self.capacity = capacity }
        var hasJob: Bool { jobHead < jobs.count }

        /// The next job, if any (under the lock).
        func takeJob() -> Job? {
            guard hasJob else { return nil }
            let job = jobs[jobHead]
            jobHead += 1
            if jobHead > 64 && jobHead * 2 > jobs.count { jobs.removeFirst(jobHead); jobHead = 0 }
            return job
        }

        /// Stores a job's frame (under the lock), waking the caller if that is the frame it waits for.
        func finish(_ job: Job, _ out: Encoded) {
            results[job.sequence] = (job.state, out)
            if callerWaits && job.sequence == consumed { lock.broadcast() }
        }

        /// Records the first failure and stops everyone (under the lock).
        func fail(_ error: Error) {
            if failure == nil { failure = error }
            cancelled = true
            lock.broadcast()
        }
    }

    /// N threads: the simulation on its own thread, N - 1 workers, and the caller, which draws
    /// and encodes too while the frame it is to hand on next is not ready.
    func runParallel(
        range: ClosedRange<Int>?, wanted: Set<Int>?, cancelled: @escaping @Sendable () throws -> Void,
        sink: (Int, FrameState, Encoded) throws -> Void
    ) throws {
        let x = Exchange(capacity: threads * 4)
        let scene = self.scene
        let reuse = reuseRestFrames
        let source = states
        // The simulation, ahead on its own thread.
        let producer = Thread {
            do {
                var previous: FrameState?
                try source.run(scene, frames: range, cancelled: cancelled) { state in
                    if let wanted, !wanted.contains(state.frame) { return }
                    let same = reuse && previous.map { state.drawsSame(as: $0) } == true
                    previous = state
                    x.lock.lock()
                    defer { x.lock.unlock() }
                    while x.produced - x.consumed >= x.capacity && !x.cancelled {
                        x.producerWaits = true
                        x.lock.wait()
                        x.producerWaits = false
                    }
                    if x.cancelled { throw CancellationError() }
                    x.jobs.append(.init(sequence: x.produced, state: state, reuse: same))
                    x.produced += 1
                    if x.idleWorkers > 0 || x.callerWaits { x.lock.broadcast() }
                }
            } catch is CancellationError {
            } catch {
                x.lock.lock(); x.fail(error); x.lock.unlock()
            }
            x.lock.lock(); x.finishedProducing = true; x.lock.broadcast(); x.lock.unlock()
        }
        producer.stackSize = 8 << 20
        producer.start()
        /// Draws and encodes one job (outside the lock); nil after a failure, which it reports.
        @Sendable func work(_ job: Exchange.Job, _ spare: inout Canvas?) -> Encoded? {
            if job.reuse { return Encoded(reused: true) }
            do { return try encode(job.state, reusing: &spare) } catch {
                x.lock.lock(); x.fail(error); x.lock.unlock()
                return nil
            }
        }
        // Workers: draw and encode.
        let group = DispatchGroup()
        for _ in 1..<threads {
            group.enter()
            let worker = Thread {
                defer { group.leave() }
                var spare: Canvas?
                while true {
                    x.lock.lock()
                    while !x.hasJob && !x.finishedProducing && !x.cancelled {
                        x.idleWorkers += 1
                        x.lock.wait()
                        x.idleWorkers -= 1
                    }
                    guard !x.cancelled, let job = x.takeJob() else { x.lock.unlock(); return }
                    x.lock.unlock()
                    guard let out = work(job, &spare) else { return }
                    x.lock.lock(); x.finish(job, out); x.lock.unlock()
                }
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        // The caller: frames in order, and a job of its own whenever the next frame is not ready.
        var spare: Canvas?
        var previous: Encoded?
        var sinkError: Error?
        while sinkError == nil {
            x.lock.lock()
            if x.failure != nil { x.lock.unlock(); break }
            let next = x.consumed
            if let (state, done) = x.results.removeValue(forKey: next) {
                var out = done
                x.consumed += 1
                if x.producerWaits && x.produced - x.consumed <= x.capacity / 2 { x.lock.broadcast() }
                x.lock.unlock()
                if out.reused, let p = previous {
                    out = p  // the previous frame's every encoding
                    out.reused = true
                    out.seconds = 0
                } else {
                    previous = out
                }
                do { try sink(state.frame, state, out) } catch { sinkError = error }
            } else if let job = x.takeJob() {
                x.lock.unlock()
                guard let out = work(job, &spare) else { break }
                x.lock.lock(); x.finish(job, out); x.lock.unlock()
            } else if x.finishedProducing && next >= x.produced {
                x.lock.unlock()
                break
            } else {
                x.callerWaits = true
                x.lock.wait()
                x.callerWaits = false
                x.lock.unlock()
            }
        }
        x.lock.lock(); x.cancelled = true; x.lock.broadcast(); x.lock.unlock()
        group.wait()
        while true {
            x.lock.lock(); let done = x.finishedProducing; if !done { x.lock.wait() }; x.lock.unlock()
            if done { break }
        }
        if let e = sinkError { throw e }
        if let e = x.failure { throw e }
    }
}
