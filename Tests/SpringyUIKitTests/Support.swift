import Synchronization

/// What a scene's code reports back to the test (closures run on the simulation's thread).
final class Reports: Sendable {
    let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
