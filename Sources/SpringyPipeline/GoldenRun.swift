import SpringyFrame
import SpringyGolden
import SpringyOutput
import SpringyScene

/// Golden tests through the very frame pipeline `render` uses.
public enum GoldenRun {
    /// The frames the scene's `golden.frames` names, as PNG bytes, in frame order;
    /// `last` is the scene's final frame (FramePick's one rule).
    public static func render(_ scene: Scene) throws -> [(Int, [UInt8])] {
        let pipeline = try FramePipeline(scene: scene, threads: 1)
        let states = try pipeline.states()
        guard let final = states.last else { return [] }
        for f in scene.golden.frames {
            if case .index(let i) = f, i > final.frame {
                throw OutputError("\(scene.file): golden.frames: frame \(i) is past the scene's last frame, \(final.frame)")
            }
        }
        let picked = FramePick.list(scene.golden.frames).resolve(count: states.count)
        return try picked.map { (states[$0].frame, try pipeline.encode(states[$0]).png) }
    }

    public static func check(_ scene: Scene, store: GoldenStore) throws -> [GoldenResult] {
        try store.check(scene, frames: try render(scene))
    }

    public static func record(_ scene: Scene, store: GoldenStore) throws -> [String] {
        try store.record(scene, frames: try render(scene))
    }
}
