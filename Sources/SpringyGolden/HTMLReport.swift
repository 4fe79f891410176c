import Foundation
import SpringyCore
import SpringyOutput

/// The static HTML report of a check (`springy check --report DIR`): index.html with its style
/// and script inline, report.json, and the pictures beside them under images/. No server, no CDN.
public enum HTMLReport {
    /// Copies each failing scene's pictures into `dir`, points the report at them, and writes
    /// report.json and index.html. `rendered` holds each scene's golden frames as PNG bytes.
    public static func write(
        _ report: CheckReport, rendered: [String: [(Int, [UInt8])]], hashShots: [String: [(Int, [UInt8])]] = [:],
        to dir: String
    ) throws -> CheckReport {
        var report = report
        try AtomicFile.makeDirectory(dir)
        for k in report.scenes.indices where !report.scenes[k].passed {
            let slug = report.scenes[k].slug
            let folder = "images/\(slug)"
            try AtomicFile.makeDirectory("\(dir)/\(folder)")
            let failing = Set(report.scenes[k].frames.filter { $0.status != .passed }.map(\.frame))  // asked only
            report.scenes[k].strip = try (rendered[slug] ?? []).map { frame, bytes in
                let name = "\(folder)/\(OutputNames.frame(frame))"
                try AtomicFile.write(bytes, to: "\(dir)/\(name)")
                return StripFrame(frame: frame, image: name, failed: failing.contains(frame))
            }
            // Frames whose hashes failed, drawn again: shown as this run's pictures.
            if var h = report.scenes[k].hashes {
                for i in h.shots.indices {
                    guard let bytes = hashShots[slug]?.first(where: { $0.0 == h.shots[i].frame })?.1 else { continue }
                    let name = "\(folder)/\(PathText.deletingExtension(OutputNames.frame(h.shots[i].frame)))-actual.png"
                    try AtomicFile.write(bytes, to: "\(dir)/\(name)")
                    h.shots[i].image = name
                }
                report.scenes[k].hashes = h
            }
            for f in report.scenes[k].frames.indices {
                var fr = report.scenes[k].frames[f]
                func copy(_ path: String?, _ suffix: String) throws -> String? {
                    guard let path, FileManager.default.fileExists(atPath: path) else { return nil }
                    let base = PathText.deletingExtension(OutputNames.frame(fr.frame))
                    let name = "\(folder)/\(base)-\(suffix).png"
                    try AtomicFile.write(Array(try Data(contentsOf: URL(fileURLWithPath: path))), to: "\(dir)/\(name)")
                    return name
                }
                fr.expected = try copy(fr.expected, "expected")
                fr.actual = try copy(fr.actual, "actual")
                fr.diff = try copy(fr.diff, "diff")
                report.scenes[k].frames[f] = fr
            }
        }
        // The pictures are in the folder now; the scene files and goldens are seen from it too.
        report = report.rebased(from: ".", to: dir, pictures: false)
        try AtomicFile.write(Array(try report.jsonData()), to: "\(dir)/report.json")
        try AtomicFile.write(Array(html(report).utf8), to: "\(dir)/index.html")
        return report
    }

    /// Combines shard reports: their scenes in the order given, their pictures copied into `dir`.
    public static func merge(_ dirs: [String], into dir: String) throws -> CheckReport {
        var scenes: [SceneReport] = []
        var slugs: Set<String> = []  // looked up only
        // Every shard is read and checked before anything is written.
        let shards = try dirs.map { try ShardReport(folder: $0) }
        try AtomicFile.makeDirectory("\(dir)/images")
        for shard in shards {
            // Its scene files and goldens, seen from the merged report's folder.
            let seen = shard.report.rebased(from: shard.folder, to: dir, pictures: false)
            for var scene in seen.scenes {
                var slug = scene.slug
                var n = 2
                while slugs.contains(slug) { slug = "\(scene.slug)-\(n)"; n += 1 }
                slugs.insert(slug)
                func moved(_ path: String?) throws -> String? {
                    guard let path else { return nil }
                    let name = "images/\(slug)/\(PathText.lastComponent(path))"
                    try AtomicFile.makeDirectory("\(dir)/images/\(slug)")
                    try AtomicFile.write(try shard.image(path), to: "\(dir)/\(name)")
                    return name
                }
                scene.slug = slug
                scene.strip = try scene.strip.map { s in
                    var s = s; s.image = try moved(s.image) ?? s.image; return s
                }
                if let h = scene.hashes {
                    scene.hashes?.shots = try h.shots.map {
                        var s = $0; s.image = try moved(s.image); return s
                    }
                }
                scene.frames = try scene.frames.map { f in
                    var f = f
                    f.expected = try moved(f.expected); f.actual = try moved(f.actual); f.diff = try moved(f.diff)
                    return f
                }
                scenes.append(scene)
            }
        }
        let report = CheckReport(scenes: scenes)
        try AtomicFile.write(Array(try report.jsonData()), to: "\(dir)/report.json")
        try AtomicFile.write(Array(html(report).utf8), to: "\(dir)/index.html")
        return report
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Each frame's departure from the golden as a line over the frames (log scale; the dashed
    /// line is the tolerance, the red mark the first differing frame, ticks the golden frames).
    static func sparkline(_ t: TimingDiagnosis, golden: [Int]) -> String {
        let n = t.perFrame.count, width = 720.0, height = 48.0
        let top = max(t.perFrame.max() ?? 1, 10)
        func x(_ k: Int) -> Double { n > 1 ? Double(k) / Double(n - 1) * width : 0 }
        func y(_ v: Double) -> Double { height - 4 - log10(1 + max(v, 0)) / log10(1 + top) * (height - 8) }
        let points = t.perFrame.enumerated().map { String(format: "%.1f,%.1f", x($0.offset), y($0.element)) }
        var svg =
            "<svg class=\"sparkline\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"departure from the golden per frame\">"
        svg += String(format: "<line class=\"tolerance\" x1=\"0\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\"/>", width, y(1), y(1))
        for g in golden where g < n {
            svg += String(
                format: "<line class=\"golden\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.0f\" y2=\"%.0f\"/>", x(g), x(g), height - 4, height
            )
        }
        svg += "<polyline points=\"\(points.joined(separator: " "))\"/>"
        if let first = t.firstDifferingFrame, first < n {
            svg += String(format: "<circle class=\"first\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\"/>", x(first), y(t.perFrame[first]))
        }
        svg += "</svg>"
        let words = t.sentences.map { "<li>\(escape($0))</li>" }.joined()
        return "<div class=\"timing\">\(svg)<ul class=\"when\">\(words)</ul></div>"
    }

    public static func html(_ report: CheckReport) -> String {
        let s = report.summary
        var body = """
            <h1>Springy check</h1>
            <p class="summary"><span id="passed" class="ok">\(s.passed) passed</span> · <span id="failed" class="bad">\(s.failed) failed</span> · \
            <span id="missing" class="bad">\(s.missing) missing</span> · <span id="recorded">\(s.recorded) recorded</span></p>

            """
        for scene in report.scenes where !scene.passed {
            body += "<section class=\"scene failing\" id=\"\(escape(scene.slug))\">\n<h2>\(escape(scene.file))</h2>\n"
            if let error = scene.error { body += "<p class=\"error bad\">\(escape(error))</p>\n" }
            if let environment = scene.environment {
                body +=
                    "<p class=\"environment\">environment differs from the goldens': \(escape(environment.joined(separator: ", ")))</p>\n"
            }
            if let timing = scene.timing, !timing.perFrame.isEmpty {
                body += "<h3>When</h3>\n" + sparkline(timing, golden: scene.frames.map(\.frame)) + "\n"
            }
            if !scene.explanation.isEmpty {
                body += "<h3>What moved</h3>\n<ul class=\"explanation\">\n"
                body += scene.explanation.map { "<li>\(escape($0))</li>" }.joined(separator: "\n") + "\n</ul>\n"
            }
            if let t = scene.trace, t.status != .passed {
                body +=
                    "<p class=\"trace \(t.status.rawValue)\">trace golden \(escape(t.path)): \(t.status == .missing ? "missing" : "departs")"
                body +=
                    scene.frames.allSatisfy { $0.status == .passed } && t.status == .failed
                        && (scene.hashes.map { $0.status == .passed } ?? true)
                    ? " (the pixels pass: a change the eye cannot see yet)" : ""
                body += "</p>\n"
            }
            if let h = scene.hashes, h.status != .passed {
                body += "<div class=\"hashes \(h.status.rawValue)\">\n<h3>\(escape(h.summary))</h3>\n"
                for shot in h.shots {
                    body += "<figure class=\"hash-shot\" data-frame=\"\(shot.frame)\">"
                    if let image = shot.image {
                        body += "<img src=\"\(escape(image))\" alt=\"frame \(shot.frame) as drawn now\">"
                    }
                    body += "<figcaption>frame \(shot.frame) as drawn now"
                    body += shot.moved.isEmpty ? "" : ": " + shot.moved.map(escape).joined(separator: "; ")
                    body += "</figcaption></figure>\n"
                }
                body += "</div>\n"
            }
            if !scene.strip.isEmpty {
                body +=
                    "<div class=\"strip\">\n"
                    + scene.strip.map { f in
                        "<figure class=\"\(f.failed ? "failing" : "passing")\" data-frame=\"\(f.frame)\"><img src=\"\(escape(f.image))\" alt=\"frame \(f.frame)\"><figcaption>\(f.frame)</figcaption></figure>"
                    }.joined(separator: "\n") + "\n</div>\n"
            }
            for f in scene.frames where f.status != .passed {
                body +=
                    "<div class=\"failure\" data-frame=\"\(f.frame)\">\n<h3>frame \(f.frame): \(f.status == .missing ? "missing" : escape(f.summary ?? "differs"))</h3>\n"
                if let moved = f.moved, !moved.isEmpty {
                    body += "<ul class=\"moved\">" + moved.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
                }
                if let regions = f.regions, !regions.isEmpty {
                    body += "<ul class=\"regions\">" + regions.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
                }
                if let e = f.expected, let a = f.actual {
                    body += "<div class=\"sides\">"
                    body += [("expected", e), ("actual", a), ("diff", f.diff)].compactMap { label, path in
                        path.map {
                            "<figure><img src=\"\(escape($0))\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>"
                        }
                    }.joined()
                    body += "</div>\n"
                    body += """
                        <div class="compare"><div class="stack"><img src="\(escape(e))" alt="expected"><img class="over clip" src="\(escape(a))" alt="actual" style="clip-path: inset(0 0 0 50%)"></div>
                        <label>slider <input type="range" class="slider" min="0" max="100" value="50"></label></div>
                        <div class="compare"><div class="stack"><img src="\(escape(e))" alt="expected"><img class="over onion" src="\(escape(a))" alt="actual" style="opacity: 0.5"></div>
                        <label>onion skin <input type="range" class="onion-range" min="0" max="100" value="50"></label></div>

                        """
                }
                body += "</div>\n"
            }
            body += "<p class=\"record\">if the change is meant: <code>\(escape(scene.recordCommand))</code></p>\n</section>\n"
        }
        let passing = report.scenes.filter(\.passed)
        if !passing.isEmpty {
            body +=
                "<h2>Passed</h2>\n<ul class=\"passed\">\n" + passing.map { "<li>\(escape($0.file))</li>" }.joined(separator: "\n")
                + "\n</ul>\n"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Springy check</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
            .ok { color: #248a3d; } .bad { color: #d70015; }
            .strip { display: flex; gap: 6px; overflow-x: auto; padding: 6px 0; }
            .strip figure { margin: 0; border: 3px solid transparent; border-radius: 4px; }
            .strip figure.failing { border-color: #ff3b30; }
            .strip img { height: 120px; display: block; } figcaption { font-size: 11px; text-align: center; }
            .sides { display: flex; gap: 8px; } .sides img { max-height: 360px; }
            .sides figure { margin: 0; }
            .strip img, .sides img, .stack { border: 1px solid #d1d1d6; }
            .compare { display: inline-block; margin: 8px 16px 8px 0; vertical-align: top; }
            .stack { position: relative; display: inline-block; } .stack img { max-height: 360px; display: block; }
            .stack img.over { position: absolute; left: 0; top: 0; height: 100%; }
            .compare label { display: block; }
            .hash-shot { display: inline-block; margin: 0 12px 8px 0; } .hash-shot img { max-height: 240px; border: 1px solid #d1d1d6; display: block; }
            .sparkline { display: block; background: #f8f8fa; border: 1px solid #d1d1d6; }
            .sparkline polyline { fill: none; stroke: #007aff; stroke-width: 1.5; }
            .sparkline .tolerance { stroke: #ff9500; stroke-dasharray: 4 3; } .sparkline .golden { stroke: #8e8e93; }
            .sparkline .first { fill: #ff3b30; }
            </style></head>
            <body>
            \(body)
            <script>
            function bind(root) {
              for (const c of root.querySelectorAll('.compare')) {
                const slider = c.querySelector('input.slider'), onion = c.querySelector('input.onion-range');
                const over = c.querySelector('img.over');
                if (slider) slider.addEventListener('input', () => { over.style.clipPath = 'inset(0 0 0 ' + slider.value + '%)'; });
                if (onion) onion.addEventListener('input', () => { over.style.opacity = String(onion.value / 100); });
              }
            }
            bind(document);
            </script>
            </body></html>

            """
    }
}
