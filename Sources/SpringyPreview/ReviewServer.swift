import Foundation
import SpringyCore
import SpringyGolden
import SpringyOutput
import SpringyPipeline
import SpringyScene
import Synchronization

/// `springy review`: the check report served on loopback with Accept and Reject for each failing
/// golden. Accepting writes the golden through the same path as `check --accept` (and so as
/// `--record`), bound to the content hash of what the page showed: the scene is read again and
/// rendered, and if it no longer makes exactly that, the accept is refused. State-changing
/// requests are POSTs without a body that carry the session's token (a page of another origin
/// cannot read it) and, when the browser sends one, this server's own Origin.
package final class ReviewSession: Sendable {
    package let folder: String
    let failures: String
    let goldenRoot: String
    let limits: SceneLimits
    /// The scene files by slug, in the order given.
    let scenes: [(slug: String, path: String)]
    package let token: String
    package let summary: CheckReport.Summary
    let decisions = Mutex<[(golden: String, verdict: String)]>([])

    /// Checks `paths` against `goldenRoot` and writes the review page into a folder of its own.
    package init(paths: [String], goldenRoot: String, limits: SceneLimits) throws {
        var bytes = [UInt8](repeating: 0, count: 16)
        var rng = SystemRandomNumberGenerator()  // a secret, not a number anything is drawn from
        for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
        token = bytes.map { String(format: "%02x", $0) }.joined()
        let base = NSTemporaryDirectory() + "springy-review-\(getpid())-\(token.prefix(8))"
        folder = base + "/report"
        failures = base + "/failures"
        self.goldenRoot = goldenRoot
        self.limits = limits
        var scenes: [(String, String)] = []
        var reports: [SceneReport] = []
        var rendered: [String: [(Int, [UInt8])]] = [:], shots: [String: [(Int, [UInt8])]] = [:]
        let store = GoldenStore(goldenRoot: goldenRoot, failureRoot: failures)
        for path in paths {
            let scene = try SceneLoader.load(path: path, limits: limits)
            let check = try GoldenRun.check(scene, store: store)
            scenes.append((scene.slug, path))
            let (g, p) = (shellQuoted(goldenRoot), shellQuoted(path))
            var r = SceneReport(
                check, file: path, recorded: [], recordCommand: "springy check --record failed --golden \(g) \(p)")
            r.acceptCommand = "springy check --golden \(g) ACCEPT \(p)"
            reports.append(r)
            rendered[check.slug] = check.rendered
            shots[check.slug] = check.hashShots
        }
        self.scenes = scenes
        let report = CheckReport(scenes: reports)
        summary = report.summary
        _ = try HTMLReport.write(report, rendered: rendered, hashShots: shots, to: folder, review: token)
    }

    /// Removes the page's folder.
    package func close() { try? FileManager.default.removeItem(atPath: PathText.parent(folder)) }

    static func json(_ status: Int, _ object: [String: Any]) -> PreviewHTTP.Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return .init(
            status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: Array(data))
    }

    /// Answers one request.
    package func respond(_ request: PreviewHTTP.Request) -> PreviewHTTP.Response {
        if request.method == "POST" {
            // The Host was already held to this machine; a browser's Origin must be that same page.
            if let origin = request.header("origin"), origin != "http://\(request.header("host") ?? "")" {
                return Self.json(
                    403, ["error": "this review takes decisions from its own page only, not from \(origin.prefix(100))"])
            }
            guard request.query("token") == token else {
                return Self.json(403, ["error": "the review's token is missing or wrong (reload the page)"])
            }
            let goldens = request.query.filter { $0.name == "golden" }.map(\.value)
            switch request.path {
            case "/api/accept": return accept(goldens)
            case "/api/reject":
                decisions.withLock { d in for g in goldens { d.append((g, "rejected")) } }
                return Self.json(200, ["rejected": goldens])
            default: return .text(404, "not found")  // open set: request paths
            }
        }
        switch request.path {
        case "/", "/index.html": return file("index.html", type: "text/html; charset=utf-8")
        case "/api/decisions":
            let list = decisions.withLock { $0 }.map { ["golden": $0.golden, "verdict": $0.verdict] }
            return Self.json(200, ["decisions": list])
        default:  // open set: request paths
            // The report's own pictures: images/<slug>/frame-N[-kind].png, inside its folder.
            let parts = request.path.split(separator: "/")
            guard parts.count == 3, parts[0] == "images", Scene.isSlug(String(parts[1])),
                ShardReport.isImageName(parts[2])
            else { return .text(404, "not found") }
            return file("images/\(parts[1])/\(parts[2])", type: "image/png")
        }
    }

    func file(_ relative: String, type: String) -> PreviewHTTP.Response {
        guard let data = try? ContainedFile.read(relative, in: folder, limit: 256 << 20) else { return .text(404, "not found") }
        return .init(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-store")], body: data)
    }

    /// Every named golden checked against what its scene makes now (read again from its file),
    /// then all written; a refusal writes nothing.
    func accept(_ goldens: [String]) -> PreviewHTTP.Response {
        guard !goldens.isEmpty, goldens.count <= 10_000 else { return Self.json(400, ["error": "name the goldens to accept"]) }
        var wanted: [(slug: String, name: String, hash: String)] = []
        for g in goldens {
            guard let t = GoldenRun.parseAcceptToken(g) else {
                return Self.json(400, ["error": "\(g.prefix(120)) is not SLUG/FILE@HASH"])
            }
            wanted.append(t)
        }
        do {
            var plans: [GoldenRun.Acceptance] = []
            let store = GoldenStore(goldenRoot: goldenRoot, failureRoot: failures)
            for (slug, path) in scenes where wanted.contains(where: { $0.slug == slug }) {
                let scene = try SceneLoader.load(path: path, limits: limits)
                plans.append(
                    try GoldenRun.acceptance(scene, store: store, wanted.filter { $0.slug == slug }.map { ($0.name, $0.hash) }))
            }
            if let stray = wanted.first(where: { w in !scenes.contains { $0.slug == w.slug } }) {
                return Self.json(409, ["error": "\(stray.slug) is not a scene of this review"])
            }
            var written: [String] = []
            for plan in plans { written += try plan.write() }
            decisions.withLock { d in for g in goldens { d.append((g, "accepted")) } }
            return Self.json(200, ["written": written])
        } catch {
            return Self.json(409, ["error": "\(error)"])
        }
    }
}
