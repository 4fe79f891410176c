import Foundation
import SpringyFrame
import SpringyScene
import SpringySimulation
import Synchronization

/// The package root (where scenes/ and golden/ are).
package let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// A box falling under gravity for a second at 60 fps, 200 × 300 pt at 2x: the library's tests
/// and the ones comparing it with the command line draw the same scene.
package let fallingBoxScene = """
    springy: 1
    viewport: { size: [200, 300], scale: 2 }
    time: { fps: 60, duration: 1 }
    items:
      box: { center: [100, 40], size: [40, 40] }
    behaviors:
      - gravity: { items: [box] }
      - item: { items: [box], resistance: 0 }
    """

/// The folder the build's products are in (the test bundle's, where `springy` is too).
package let buildProducts: String = URL(fileURLWithPath: springyBinary).deletingLastPathComponent().path

/// The built `springy` executable, next to the test bundle.
package let springyBinary: String = {
    let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [dir.appendingPathComponent("springy"), dir.deletingLastPathComponent().appendingPathComponent("springy")] {
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
    }
    return packageRoot + "/.build/debug/springy"
}()

package struct RunResult: Sendable {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// Ended by a signal (`status` is then the signal's number), not by exiting.
    package var signalled = false
    /// Killed by the runner because it passed its time limit.
    package var timedOut = false
}

/// Runs the command line for real.
package func runSpringy(
    _ arguments: [String], cwd: String = packageRoot, environment: [String: String]? = nil,
    timeout: TimeInterval? = nil
) throws -> RunResult {
    try runProgram(springyBinary, arguments, cwd: cwd, environment: environment, timeout: timeout)
}

/// Runs a program to its end and gives what it printed (standard error read alongside, so a
/// chatty program never blocks).
package func runProgram(
    _ path: String, _ arguments: [String], cwd: String = packageRoot,
    environment: [String: String]? = nil, timeout: TimeInterval? = nil
) throws -> RunResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = arguments
    p.currentDirectoryURL = URL(fileURLWithPath: cwd)
    if let environment { p.environment = environment }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = FileHandle.nullDevice
    try p.run()
    let errors = Locked(Data())
    let done = DispatchSemaphore(value: 0)
    Thread {
        errors.value = err.fileHandleForReading.readDataToEndOfFile(); done.signal()
    }.start()
    // A time limit: past it the program is killed (SIGKILL) and the result says so.
    let killed = Locked(false), finished = DispatchSemaphore(value: 0)
    if let timeout {
        let pid = p.processIdentifier
        Thread {
            if finished.wait(timeout: .now() + timeout) == .timedOut { killed.value = true; kill(pid, SIGKILL) }
        }.start()
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    p.waitUntilExit()
    finished.signal()
    return RunResult(
        status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
        stderr: String(decoding: errors.value, as: UTF8.self),
        signalled: p.terminationReason == .uncaughtSignal, timedOut: killed.value)
}

/// A value shared between a test and the threads or callbacks it starts, behind a Mutex.
package final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    package init(_ value: Value) { mutex = Mutex(value) }
    package var value: Value {
        get { mutex.withLock { $0 } }
        set { mutex.withLock { $0 = newValue } }
    }
    /// Changes the value in place, under the lock.
    package func update(_ change: (inout Value) -> Void) { mutex.withLock { change(&$0) } }
}

/// A fresh temporary folder, removed with everything in it when the test ends.
package func temporaryDirectory(_ name: String = #function) -> String {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let path = NSTemporaryDirectory() + "springy-tests-\(safe)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    TemporaryFolders.shared.add(path)
    return path
}

/// Decodes scene text and runs it through the public path to its frames.
package func frames(_ yaml: String, file: String = "test.yaml") throws -> [FrameState] {
    try Simulation.frames(of: try SceneLoader.decode(yaml: yaml, file: file))
}

package func item(_ f: FrameState, _ id: String) -> ItemState? { f.items.first { $0.id == id } }

/// Scene text for a test: the header every scene starts with (`springy: 1`, a viewport
/// of `width` × `height` pt at `scale` (1), on `background` when one is given, and
/// `time: { <time> }`), then `body` (items, behaviors, collection, script), so each test
/// states only what it is about.
package func scene(
    _ width: Double, _ height: Double, scale: Int = 1, background: String? = nil, time: String = "fps: 60, duration: 2",
    _ body: String
) -> String {
    func number(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
    let paint = background.map { ", background: \"\($0)\"" } ?? ""
    return """
        springy: 1
        viewport: { size: [\(number(width)), \(number(height))], scale: \(scale)\(paint) }
        time: { \(time) }
        \(body)
        """
}

/// Scene text for free items: `items` are `name: { ... }` lines, `behaviors` one flow
/// mapping each (`gravity: { items: [box] }`), `extra` any further sections.
package func scene(
    _ width: Double, _ height: Double, scale: Int = 1, background: String? = nil, time: String = "fps: 60, duration: 2",
    items: [String], behaviors: [String], extra: String = ""
) -> String {
    let itemLines = items.map { "  " + $0 }.joined(separator: "\n")
    let behaviorLines = behaviors.map { "  - " + $0 }.joined(separator: "\n")
    return scene(
        width, height, scale: scale, background: background, time: time,
        "items:\n\(itemLines)\nbehaviors:\n\(behaviorLines)\n\(extra)")
}

/// Peaks and troughs (time, value) of a signal sampled every `dt`, parabola-interpolated.
package func extremes(_ xs: [Double], dt: Double) -> [(Double, Double)] {
    var out: [(Double, Double)] = []
    guard xs.count > 2 else { return out }
    for i in 1..<(xs.count - 1) {
        let (a, b, c) = (xs[i - 1], xs[i], xs[i + 1])
        let isMax = b > a && b >= c, isMin = b < a && b <= c
        guard isMax || isMin else { continue }
        let denom = a - 2 * b + c
        let d = denom != 0 ? 0.5 * (a - c) / denom : 0
        out.append(((Double(i) + d) * dt, b - 0.25 * (a - c) * d))
    }
    return out
}

/// The mean period and the amplitude ratio per period of an oscillation, from its extremes:
/// measured over `halves` half periods after the first extreme; nil when there are too few.
package func periodAndDecay(_ ext: [(Double, Double)], halves: Int) -> (period: Double, ratio: Double)? {
    guard ext.count > halves, halves > 0 else { return nil }
    let period = (ext[halves].0 - ext[0].0) / Double(halves) * 2
    let perHalf = pow(abs(ext[halves].1 / ext[0].1), 1 / Double(halves))
    return (period, perHalf * perHalf)
}

/// The relative errors of a measured oscillation's period and decay per period against
/// DYNAMICS.md's closed forms 1/(f√(1−ζ²)) and e^(−2πζ/√(1−ζ²)).
package func springErrors(_ ext: [(Double, Double)], frequency: Double, zeta: Double, halves: Int) -> (
    period: Double, decay: Double
)? {
    guard let m = periodAndDecay(ext, halves: halves) else { return nil }
    let root = (1 - zeta * zeta).squareRoot()
    return (m.period * frequency * root - 1, m.ratio / exp(-2 * .pi * zeta / root) - 1)
}

/// Why scene text is refused when it is read (the error's text), or nil when it is accepted.
package func refusal(_ yaml: String, file: String = "s.yaml") -> String? {
    do { _ = try SceneLoader.decode(yaml: yaml, file: file); return nil } catch { return "\(error)" }
}

/// A scene of `count` boxes stacked in a column under gravity, colliding: contacts appear as they
/// land (a scene to hold to --max-contacts at run time).
package func stackingScene(_ count: Int = 10) -> String {
    let items = (0..<count).map { "  b\($0): { center: [150, \(30 + 50 * $0)], size: [20, 20] }" }.joined(separator: "\n")
    let names = (0..<count).map { "b\($0)" }.joined(separator: ", ")
    return """
        springy: 1
        viewport: { size: [300, 600], scale: 1 }
        time: { fps: 30, duration: 3 }
        items:
        \(items)
        behaviors:
          - gravity: { items: [\(names)] }
          - collision: { items: [\(names)] }
        """
}

/// Waits (up to a minute) until `folder` holds at least `count` frame files.
package func waitForFrames(in folder: String, count: Int) {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
        let n = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix("frame-") }.count ?? 0
        if n >= count { return }
        Thread.sleep(forTimeInterval: 0.005)
    }
}

/// A running `springy preview` (or `springy review`) and the port it printed.
package struct PreviewProcess {
    package var process: Process
    package var port: Int
    package var stderr: Pipe
    /// What it printed before its URL (review prints the check's summary first).
    package var printed = ""
    package var base: String { "http://127.0.0.1:\(port)/" }

    /// Starts `springy preview SCENE --port 0 EXTRA...` in the scene's folder (under `ulimit -n`
    /// when given) and reads its URL; nil when it printed none within 20 s.
    package static func start(_ scene: String, _ extra: [String] = [], ulimit: Int? = nil) throws -> PreviewProcess? {
        try start(
            ["preview", scene, "--port", "0"] + extra, cwd: URL(fileURLWithPath: scene).deletingLastPathComponent().path,
            ulimit: ulimit)
    }

    /// Starts `springy ARGUMENTS...` in `cwd` and reads the URL it prints; nil when it printed
    /// none within `wait` s.
    package static func start(
        _ args: [String], cwd: String, environment: [String: String]? = nil, ulimit: Int? = nil, wait: TimeInterval = 20
    ) throws -> PreviewProcess? {
        let p = Process()
        if let ulimit {
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            p.arguments = ["-c", "ulimit -n \(ulimit) && exec \"$0\" \"$@\"", springyBinary] + args
        } else {
            p.executableURL = URL(fileURLWithPath: springyBinary)
            p.arguments = args
        }
        p.currentDirectoryURL = URL(fileURLWithPath: cwd)
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        var text = ""
        let deadline = Date().addingTimeInterval(wait)
        func url() -> Range<String.Index>? {
            guard let r = text.range(of: "http://127.0.0.1:"), text[r.upperBound...].contains("\n") else { return nil }
            return r
        }
        while Date() < deadline, url() == nil {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let r = url(), let port = Int(text[r.upperBound...].prefix { $0.isNumber }) else {
            p.terminate()
            return nil
        }
        return PreviewProcess(process: p, port: port, stderr: err, printed: String(text[..<r.lowerBound]))
    }
}

/// The environment a person's shell has here: CI and GitHub Actions unset (these tests record
/// and review goldens on purpose, which CI refuses).
package var environmentOutsideCI: [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["CI"] = nil
    env["GITHUB_ACTIONS"] = nil
    return env
}

/// `springy check ARGUMENTS...` in `cwd`, outside CI.
package func checkOutsideCI(_ args: [String], cwd: String) throws -> RunResult {
    try runSpringy(["check"] + args, cwd: cwd, environment: environmentOutsideCI)
}
/// A scrolling grid: 400 cells of 80 pt in 4 columns (10 pt apart: 100 rows, 8990 pt) in a
/// 375 × 667 view at 60 fps, with `scroll` keys, more `layout` keys and a `script`.
package func scrollGridScene(scroll: String = "{}", layout: String = "", duration: Double = 3, script: String) -> String {
    scene(
        375, 667, time: "fps: 60, duration: \(duration)",
        """
        collection:
          layout: { kind: flow, item_size: [80, 80]\(layout) }
          sections:
            - items: 400
          scroll: \(scroll)
        script:
        \(script)
        """)
}

/// One 20 × 20 pt item `p` (mass 0.04) at `at`, without resistance, in `field` (a flow mapping),
/// with `charge` and a `script`, at `fps` (120) for `duration` s.
package func fieldScene(
    at: String = "[300, 300]", field: String, charge: Double = 0, duration: Double = 3, fps: Int = 120,
    script: String = "  []"
) -> String {
    scene(
        600, 600, time: "fps: \(fps), duration: \(duration)",
        """
        items:
          p: { center: \(at), size: [20, 20] }
        behaviors:
          - item: { items: [p], resistance: 0, angular_resistance: 0, charge: \(charge) }
          - field: \(field)
        script:
        \(script)
        """)
}

/// Snap scenes the snap's tests and CONFORMANCE rows share (issue 46).
package enum SnapScenes {
    /// How far past its point an 80-pt card snapped 400 pt from rest goes (pt; negative: it
    /// never reaches it), at 120 fps over 2 s.
    package static func overshoot(damping: Double) throws -> Double {
        let f = try frames(
            scene(
                900, 400, time: "fps: 120, duration: 2",
                """
                items:
                  card: { center: [100, 200], size: [80, 80] }
                behaviors:
                  - snap: { item: card, to: [500, 200], damping: \(damping) }
                """))
        return f.map { item($0, "card")!.center.x - 500 }.max()!
    }

    /// A 375 × 80 row that may not turn, on a sliding attachment along x at [400, 150], snapped
    /// `move` pt to the left, run until it rests (8 s at most): its frames.
    package static func slidingRow(move: Double, damping: Double) throws -> [FrameState] {
        try frames(
            scene(
                800, 300, time: "fps: 60, until: rest, max_duration: 8",
                """
                items:
                  row: { center: [400, 150], size: [375, 80] }
                behaviors:
                  - item: { items: [row], allows_rotation: false }
                  - attachment: { item: row, kind: sliding, to: [400, 150], axis: [1, 0] }
                  - snap: { item: row, to: [\(400 - move), 150], damping: \(damping) }
                """))
    }
}
