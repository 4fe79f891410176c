import Foundation
import SpringyCore
import SpringyScene

/// `springy bench --preview`: edit-to-first-frame (a file change until the new frame 0 is
/// drawn, the watcher's polling included), scrubbing to any frame of a 10 s version of the scene
/// once simulated, and the memory the frame cache keeps bounded.
package enum PreviewBenchmark {
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    static func peakMemoryMB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    package static func run(scene path: String, limits: SceneLimits) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let dir = NSTemporaryDirectory() + "springy-bench-preview-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = "\(dir)/scene.yaml"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let session = PreviewSession(path: file, limits: limits)
        session.reload()
        session.watch(every: PreviewSession.pollInterval)
        func firstFrame(of version: Int, deadline: Double) throws -> Bool {
            while now() < deadline {
                if let good = session.versions.good, good.number == version, try good.png(0) != nil { return true }
                Thread.sleep(forTimeInterval: 0.001)
            }
            return false
        }
        _ = try firstFrame(of: 1, deadline: now() + 30)
        // Edits: each a real change to the file, picked up by the watcher.
        var edits: [Double] = []
        for k in 1...5 {
            let start = now()
            try (text + "\n# edit \(k)\n").write(toFile: file, atomically: true, encoding: .utf8)
            guard try firstFrame(of: k + 1, deadline: start + 30) else { throw PreviewError("the edit was not picked up") }
            edits.append((now() - start) * 1000)
        }
        // A 10 s scene: every frame simulated, then frames drawn in a scattered order, uncached.
        let long = text.replacingOccurrences(of: #"duration: [0-9.]+"#, with: "duration: 10", options: .regularExpression)
        try long.write(toFile: file, atomically: true, encoding: .utf8)
        let simStart = now()
        var good = session.versions.good
        while now() - simStart < 120 {
            good = session.versions.good
            if let g = good, g.number == 7, g.done { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        guard let version = good, version.number == 7 else { throw PreviewError("the 10 s version did not finish") }
        let simulated = now() - simStart
        let total = version.ready
        var scrubs: [Double] = []
        for k in 0..<60 {
            let n = (k * 149) % total
            let start = now()
            _ = try version.png(n)
            scrubs.append((now() - start) * 1000)
        }
        for n in 0..<total { _ = try version.png(n) }  // every frame once: the cache stays at its limit
        let sortedEdits = edits.sorted(), sortedScrubs = scrubs.sorted()
        return """
            preview bench: \(PathText.lastComponent(path))
              edit to first frame (file written → new frame 0 drawn; watcher polls every \(Int(PreviewSession.pollInterval * 1000)) ms): median \(String(format: "%.1f", sortedEdits[sortedEdits.count / 2])) ms, worst \(String(format: "%.1f", sortedEdits.last!)) ms
              10 s version (\(total) frames) simulated in \(String(format: "%.2f", simulated)) s
              scrub to a frame once simulated: median \(String(format: "%.1f", sortedScrubs[sortedScrubs.count / 2])) ms, worst \(String(format: "%.1f", sortedScrubs.last!)) ms
              after drawing every frame: peak memory \(String(format: "%.0f", peakMemoryMB())) MB (frame cache: the last \(PreviewVersion.cacheFrames))
            """
    }
}

typealias PreviewError = SpringyError
