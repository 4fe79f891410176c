import Foundation
import SpringyFrame
import SpringyScene
import SpringySimulation

/// A scene's frames as its simulation produces them, on a thread of their own, kept in a window
/// of at most `budget` bytes of states: the live preview's frames (and any caller that looks at
/// frames in any order without holding them all). Frames before the window are simulated again
/// from time 0 when asked for — the solver's fixed steps give the same states —, and the
/// simulation waits while the window is full and what is asked for lies inside it. Memory is the
/// budget, whatever the scene's length.
package final class FrameWindow: @unchecked Sendable {  // every field below is guarded by `lock`
    package let scene: Scene
    package let budget: Int
    private let lock = NSCondition()
    /// The window: frames `windowStart ..< windowStart + window.count`.
    private var window: [FrameState] = []
    private var windowStart = 0
    private var windowBytes = 0
    /// Frames simulated so far, whether the run reached the end, and why it stopped early if it did.
    private var simulated = 0
    private var finished = false
    private var failure: String?
    /// The last frame simulated and whether it was at rest (for SceneWarnings.ofRun).
    private var last: (frame: Int, atRest: Bool)?
    /// The newest frame asked for, and a frame to restart from (before the window).
    private var wanted = 0
    private var restartFrom: Int?
    private var cancelled = false

    package init(scene: Scene, budget: Int) { self.scene = scene; self.budget = budget }

    struct Restart: Error {}

    /// Simulates on a thread of its own, again from time 0 whenever a frame before the window is
    /// asked for; the timeline fills as frames are ready.
    package func start() {
        let thread = Thread { [self] in
            var keepFrom = 0
            while true {
                do {
                    try Simulation(scene: scene).run { state in try self.keep(state, from: keepFrom) }
                    lock.lock(); finished = true
                } catch is Restart {
                    lock.lock()
                } catch is CancellationError {
                    return
                } catch {
                    lock.lock(); failure = "\(error)"; finished = true
                }
                // Done (or restarting): wait for a frame before the window, or the end.
                while restartFrom == nil && !cancelled { lock.wait() }
                if cancelled { lock.unlock(); return }
                keepFrom = restartFrom ?? 0
                restartFrom = nil
                window = []; windowStart = keepFrom; windowBytes = 0
                lock.broadcast()
                lock.unlock()
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Takes one simulated frame into the window (frames before `keepFrom` pass by), making room
    /// by dropping frames the page has moved past, or waiting while it looks at them.
    private func keep(_ state: FrameState, from keepFrom: Int) throws {
        lock.lock(); defer { lock.unlock() }
        if cancelled { throw CancellationError() }
        if restartFrom != nil { throw Restart() }
        simulated = max(simulated, state.frame + 1)
        if state.frame + 1 >= simulated { last = (state.frame, state.atRest) }
        guard state.frame >= keepFrom else { return }
        if window.isEmpty { windowStart = state.frame }
        window.append(state)
        windowBytes += Self.estimatedBytes(state)
        lock.broadcast()
        while windowBytes > budget && window.count > 1 {
            // Keep a quarter of the budget's frames behind the newest frame asked for.
            let behind = max(1, window.count / 4)
            if windowStart < wanted - behind {
                windowBytes -= Self.estimatedBytes(window.removeFirst())
                windowStart += 1
                continue
            }
            lock.wait()
            if cancelled { throw CancellationError() }
            if restartFrom != nil { throw Restart() }
        }
    }

    package func cancel() { lock.lock(); cancelled = true; lock.broadcast(); lock.unlock() }

    package var ready: Int { lock.lock(); defer { lock.unlock() }; return simulated }
    package var done: Bool { lock.lock(); defer { lock.unlock() }; return finished }
    /// The error that stopped the simulation part-way (shown on the page), if one did.
    package var runtimeError: String? { lock.lock(); defer { lock.unlock() }; return failure }
    /// What the finished run showed (SceneWarnings.ofRun); none before it ends.
    package var runWarnings: [String] {
        lock.lock(); defer { lock.unlock() }
        guard finished, failure == nil, let last else { return [] }
        return SceneWarnings.ofRun(scene, lastFrame: last.frame, atRest: last.atRest)
    }
    /// Frames held in memory now, and their estimated bytes.
    package var held: (frames: Int, bytes: Int) { lock.lock(); defer { lock.unlock() }; return (window.count, windowBytes) }

    /// Frame `n`'s state: from the window, or once the simulation reaches it (again, from time
    /// 0, when it is behind the window); nil only when the scene has no such frame (its run ended
    /// before it, or stopped with an error) or the window is cancelled. No clock bounds the wait:
    /// the simulation always moves towards the frame asked for and ends within the scene's frame
    /// budget, so a busy machine makes the answer slower, never "no such frame".
    package func state(_ n: Int) -> FrameState? {
        guard n >= 0 else { return nil }
        lock.lock(); defer { lock.unlock() }
        while true {
            if n >= windowStart && n < windowStart + window.count { return window[n - windowStart] }
            if cancelled || (finished && restartFrom == nil && n >= simulated) { return nil }
            // Behind the window: simulated again from time 0, kept from just before it.
            if n < windowStart && restartFrom == nil { restartFrom = max(0, n - 1) }
            wanted = n
            lock.broadcast()
            lock.wait()
        }
    }

    /// About how many bytes a frame's state holds (its arrays and strings), for the budget.
    static func estimatedBytes(_ f: FrameState) -> Int {
        var n = MemoryLayout<FrameState>.size + 64
        n += f.items.reduce(0) {
            $0 + MemoryLayout<ItemState>.stride + 32 + $1.id.utf8.count + ($1.label?.utf8.count ?? 0) + $1.outline.count * 16
        }
        n += f.headers.reduce(0) { $0 + MemoryLayout<HeaderState>.stride + 32 + $1.id.utf8.count + ($1.title?.utf8.count ?? 0) }
        n +=
            f.springs.count * (MemoryLayout<SpringSnapshot>.stride + 48) + f.events.count
            * (MemoryLayout<ContactEvent>.stride + 48)
        n += (f.fingers.count + 2 * f.boundaries.count + 2 * f.flashes.count) * 24
        return n
    }
}
