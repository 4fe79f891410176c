import ArgumentParser
import Foundation
import SpringyKit

// Which frames (and which share of them) a command works on: --frames, --pick, --shard.

/// An option's text that is not a value of its kind, and why (ArgumentParser prints it).
/// A flag's value that cannot be used: its message alone (ArgumentParser prints it for the flag).
struct InvalidValue: Error, CustomStringConvertible {
    let description: String
}

/// `A-B`, `A`, `last` or `A-last`: inclusive frame numbers (`last` is the scene's last frame).
struct FrameRange {
    var lower: Int?  // nil: `last`
    var upper: Int?  // nil: `last`

    /// Parses the option's text, saying why it is not a range.
    static func parse(_ text: String) throws -> FrameRange {
        func bound(_ s: Substring) throws -> Int? {
            let t = s.trimmingCharacters(in: .whitespaces)
            if t == "last" { return nil }
            guard let n = Int(t), n >= 0 else {
                throw InvalidValue(
                    description:
                        "\"\(text)\" is not a frame range: \"\(t)\" is neither a frame number (0 or more) nor `last`; write A-B, A, last or A-last, e.g. 30-59"
                )
            }
            return n
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            let b = try bound(parts[0])
            return FrameRange(lower: b, upper: b)
        case 2:
            let a = try bound(parts[0]), b = try bound(parts[1])
            if a == nil && b != nil {
                throw InvalidValue(description: "\"\(text)\" starts at the last frame and ends before it; write A-last")
            }
            if let a, let b, b < a {
                throw InvalidValue(
                    description: "\"\(text)\" ends before it starts (\(b) < \(a)); write the smaller frame first: \(b)-\(a)")
            }
            return FrameRange(lower: a, upper: b)
        default:  // open set: how many parts
            throw InvalidValue(description: "\"\(text)\" is not a frame range; write A-B, A, last or A-last, e.g. 30-59")
        }
    }

    /// The frames among `count` (frames 0…count−1), or why they are not there.
    func range(count: Int, file: String) throws -> ClosedRange<Int> {
        let last = count - 1
        let a = lower ?? last, b = upper ?? last
        if a > last || b > last {
            throw InvalidValue(description: "--frames \(describe): \(file) has \(Wording.counted(count, "frame")) (0-\(last))")
        }
        return a...b
    }

    var describe: String {
        let a = lower.map(String.init) ?? "last", b = upper.map(String.init) ?? "last"
        return a == b ? a : "\(a)-\(b)"
    }
}

/// The range `--frames` asks of one scene; a range past its end is bad input (exit 2).
func frameRange(_ frames: FrameRange?, of scene: Scene) throws -> ClosedRange<Int>? {
    guard let frames else { return nil }
    do { return try frames.range(count: scene.frameCount, file: scene.file) } catch {
        warn("springy: \(error)")
        throw ExitCode(2)
    }
}

/// A `--pick` that names frames the scene does not have is bad input (exit 2), not clamped.
func checkPick(_ pick: FramePick?, of scene: Scene) throws {
    guard let pick else { return }
    if let problem = pick.problem(in: scene) {
        warn("springy: --pick: \(scene.file): \(problem)")
        throw ExitCode(2)
    }
}

/// `K/N`: shard K of N, 1-based, for `render` and `check` alike. What it partitions is the
/// command's: `render` renders a contiguous share of the frames (Render.frameRange), `check`
/// checks every Nth scene from the Kth (`scenes`), as Playwright's --shard splits tests.
enum ShardArgument {
    /// At most a million shards: a shard's share of the frames is computed without overflow.
    static let maxShards = Shard.maxCount

    /// Parses the option's text, saying why it is not a shard: `K/N`, or `auto` / `auto/N`,
    /// the index (and count) a scheduler put in the environment.
    static func parse(_ text: String) throws -> ShardChoice {
        if text == "auto" || text.hasPrefix("auto/") {
            var count: Int?
            if text != "auto" {
                guard let n = Int(text.dropFirst(5)), (1...maxShards).contains(n) else {
                    throw InvalidValue(description: "--shard \(text): write auto/N with N between 1 and \(maxShards)")
                }
                count = n
            }
            do {
                let (shard, source) = try Shard.fromEnvironment(ProcessInfo.processInfo.environment, count: count)
                return ShardChoice(shard: shard, source: source)
            } catch let p as Problems { throw InvalidValue(description: p.description) }
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw InvalidValue(
                description:
                    "--shard \(text) is not a shard: write K/N, e.g. 2/4 for the second of four, or auto (the scheduler's)")
        }
        guard (1...maxShards).contains(n) else {
            throw InvalidValue(description: "--shard \(text): the number of shards must be between 1 and \(maxShards)")
        }
        guard (1...n).contains(k) else {
            throw InvalidValue(description: "--shard \(text): the shard must be between 1 and \(n)")
        }
        return ShardChoice(shard: Shard(k, of: n), source: nil)
    }
}

/// A shard, and the scheduler whose environment gave it (`--shard auto`).
struct ShardChoice {
    var shard: Shard
    var source: String?

    /// Says which scheduler gave the shard, when one did.
    func announce() {
        if let source { warn("springy: --shard auto: shard \(shard.index)/\(shard.count) from the \(source)") }
    }
}
