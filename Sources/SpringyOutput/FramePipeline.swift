import Dispatch
import Foundation
import SpringyLayout
import SpringyRender
import SpringyScene

/// Scene → Simulation → FrameState → Renderer → PNG, with rendering and encoding spread
/// over `threads` workers. The simulation runs on the calling thread; frames are handed
/// over in batches, so memory stays bounded; each frame is a pure function of its state,
/// so the bytes do not depend on the thread count.
public struct FramePipeline {
    public var scene: Scene
    public var renderer: Renderer
    public var png: PNGSettings
    public var threads: Int
    /// Encode PNG bytes for each frame (the default), and/or raw YUV4MPEG2 frames.
    public var encodePNG = true
    public var encodeY4M = false

    public init(scene: Scene, scale: Int? = nil, png: PNGSettings = PNGSettings(), threads: Int = 1) throws {
        self.scene = scene
        renderer = try Renderer(scene: scene, scale: scale)
        self.png = png
        self.threads = max(1, threads)
    }

    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Renders the frames in `range` (all when nil); `sink` gets each frame's index and PNG
    /// bytes, in frame order, on the calling thread.
    public func run(frames range: ClosedRange<Int>? = nil, only wanted: Set<Int>? = nil,
                    sink: (Int, FrameState, [UInt8]) throws -> Void) throws {
        try runEncoded(frames: range, only: wanted) { i, state, out in try sink(i, state, out.png) }
    }

    public struct Encoded {
        public var png: [UInt8] = []
        public var y4m: [UInt8] = []
    }

    /// Like `run`, with every encoding the pipeline is set up for.
    public func runEncoded(frames range: ClosedRange<Int>? = nil, only wanted: Set<Int>? = nil,
                           sink: (Int, FrameState, Encoded) throws -> Void) throws {
        let simulation = try Simulation(scene: scene)
        let batchSize = threads * 4
        var batch: [FrameState] = []
        func flush() throws {
            guard !batch.isEmpty else { return }
            var results = [Result<Encoded, Error>?](repeating: nil, count: batch.count)
            let states = batch
            let renderer = self.renderer, png = self.png, wantPNG = encodePNG, wantY4M = encodeY4M
            results.withUnsafeMutableBufferPointer { out in
                let buffer = out
                DispatchQueue.concurrentPerform(iterations: threads) { worker in
                    var k = worker
                    while k < states.count {
                        buffer[k] = Result {
                            let canvas = renderer.render(states[k])
                            var e = Encoded()
                            if wantPNG { e.png = try PNGCodec.encode(canvas, settings: png) }
                            if wantY4M { e.y4m = Y4M.frame(canvas) }
                            return e
                        }
                        k += threads
                    }
                }
            }
            for (k, r) in results.enumerated() {
                try sink(states[k].frame, states[k], try r!.get())
            }
            batch.removeAll(keepingCapacity: true)
        }
        try simulation.run(frames: range) { state in
            if let wanted, !wanted.contains(state.frame) { return }
            batch.append(state)
            if batch.count >= batchSize { try flush() }
        }
        try flush()
    }
}
