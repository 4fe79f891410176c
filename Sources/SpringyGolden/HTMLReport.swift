import Foundation
import SpringyCore
import SpringyOutput

/// The static HTML report of a check (`springy check --report DIR`): index.html with its style
/// and script inline, report.json, and the pictures beside them under images/. No server, no CDN.
package enum HTMLReport {
    /// Copies each failing scene's pictures into `dir`, points the report at them, and writes
    /// report.json and index.html. `rendered` holds each scene's golden frames as PNG bytes.
    /// `review` is the served review's token (`springy review`): the page gets Accept and Reject
    /// buttons that ask the server; without it (a static report) each failing golden has a box,
    /// and the page writes the `springy check --accept …` command for the boxes ticked.
    package static func write(
        _ report: CheckReport, rendered: [String: [(Int, [UInt8])]], hashShots: [String: [(Int, [UInt8])]] = [:],
        to dir: String, review: String? = nil
    ) throws -> CheckReport {
        // A served review shows paths as they are given (it is read from the project, not from
        // its own folder); a report folder's JSON resolves from that folder.
        let rebase = review == nil
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
        if rebase { report = report.rebased(from: ".", to: dir, pictures: false) }
        try AtomicFile.write(Array(try report.jsonData()), to: "\(dir)/report.json")
        try AtomicFile.write(Array(html(report, review: review).utf8), to: "\(dir)/index.html")
        return report
    }

    /// A failing golden's choice: Accept / Reject in a review, a box in a static report.
    /// `status` (failed or missing) is what the header counts it as, so an accept can take it
    /// off that count.
    static func decision(_ token: String?, _ status: GoldenStatus) -> String {
        guard let token else { return "" }
        return
            "<div class=\"decide\" data-accept=\"\(escape(token))\" data-status=\"\(status.rawValue)\"><label class=\"pick\"><input type=\"checkbox\" class=\"select\" checked> accept this one</label><button class=\"accept\">Accept</button><button class=\"reject\">Reject</button><span class=\"verdict\"></span></div>\n"
    }

    /// Combines shard reports: their scenes in the order given, their pictures copied into `dir`.
    package static func merge(_ dirs: [String], into dir: String) throws -> CheckReport {
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

    package static func html(_ report: CheckReport, review: String? = nil) -> String {
        let s = report.summary
        var body = """
            <h1>Springy check</h1>
            <p class="summary"><span id="passed" class="ok">\(s.passed) passed</span> · <span id="failed" class="bad">\(s.failed) failed</span> · \
            <span id="missing" class="bad">\(s.missing) missing</span> · <span id="recorded">\(s.recorded) recorded</span>\
            <span id="accepted-count" hidden> · <span id="accepted">0</span> accepted</span></p>
            <p class="keys">Keys: <kbd>j</kbd>/<kbd>k</kbd> next/previous failure · <kbd>b</kbd> blink expected and actual · <kbd>a</kbd> \(review == nil ? "tick or untick it" : "accept it") · <kbd>r</kbd> \(review == nil ? "untick it" : "reject it")</p>
            <div class="accept-box"><p>To accept the ticked goldens, run (each checks that the scene still makes exactly what is shown here):</p><pre id="accept-command"></pre></div>

            """
        for scene in report.scenes where !scene.passed {
            let tokens =
                scene.frames.filter { $0.status != .passed }.compactMap(\.accept)
                + [scene.trace, nil].compactMap { $0?.status == .passed ? nil : $0?.accept }
                + [scene.hashes?.status == .passed ? nil : scene.hashes?.accept].compactMap { $0 }
            body +=
                "<section class=\"scene failing\" id=\"\(escape(scene.slug))\" data-command=\"\(escape(scene.acceptCommand ?? ""))\">\n<h2>\(escape(scene.file))</h2>\n"
            if !tokens.isEmpty {
                body +=
                    "<p class=\"scene-decide\"><button class=\"accept-all\" data-accept=\"\(escape(tokens.joined(separator: " ")))\">Accept all in this scene</button></p>\n"
            }
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
                    "<div class=\"failure trace-failure\" data-golden=\"trace\"><p class=\"trace \(t.status.rawValue)\">trace golden \(escape(t.path)): \(t.status == .missing ? "missing" : "departs")"
                body +=
                    scene.frames.allSatisfy { $0.status == .passed } && t.status == .failed
                        && (scene.hashes.map { $0.status == .passed } ?? true)
                    ? " (the pixels pass: a change the eye cannot see yet)" : ""
                body += "</p>\n" + decision(t.accept, t.status) + "</div>\n"
            }
            if let h = scene.hashes, h.status != .passed {
                body +=
                    "<div class=\"failure hashes \(h.status.rawValue)\" data-golden=\"hashes\">\n<h3>\(escape(h.summary))</h3>\n"
                    + decision(h.accept, h.status)
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
                body += decision(f.accept, f.status)
                if f.status == .missing, let shown = scene.strip.first(where: { $0.frame == f.frame }) {
                    // Nothing to compare with: this run's frame, full size, to judge before accepting.
                    body +=
                        "<figure class=\"missing-actual\"><img src=\"\(escape(shown.image))\" alt=\"frame \(f.frame) as drawn now\"><figcaption>frame \(f.frame) as drawn now (no golden yet)</figcaption></figure>\n"
                }
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
            .failure.current { outline: 3px solid #007aff; outline-offset: 4px; }
            .decide { margin: 6px 0; } .decide button { margin-right: 6px; }
            .decide .verdict { font-weight: 600; } .decide.accepted .verdict { color: #248a3d; } .decide.rejected .verdict { color: #8e8e93; }
            .decide.refused .verdict { color: #d70015; }
            body.static .decide button, body.static .scene-decide { display: none; }
            body.review .decide .pick, body.review .accept-box { display: none; }
            .missing-actual img { max-width: 100%; border: 1px solid #d1d1d6; }
            .keys { color: #636366; font-size: 12px; } kbd { border: 1px solid #c7c7cc; border-radius: 3px; padding: 0 4px; }
            #accept-command { background: #f2f2f7; padding: 8px; white-space: pre-wrap; word-break: break-all; }
            </style></head>
            <body class="\(review == nil ? "static" : "review")" data-token="\(escape(review ?? ""))">
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
            // Failures in page order; j/k move, b blinks expected and actual, a/r decide.
            const failures = [...document.querySelectorAll('.failure')];
            failures.forEach((f, i) => { f.dataset.index = i; });
            let current = -1;
            function go(i) {
              if (!failures.length) return;
              if (current >= 0) failures[current].classList.remove('current');
              current = Math.max(0, Math.min(failures.length - 1, i));
              failures[current].classList.add('current');
              failures[current].scrollIntoView({block: 'center'});
            }
            const review = document.body.classList.contains('review');
            const token = document.body.dataset.token;
            function say(box, cls, text) {
              box.classList.remove('accepted', 'rejected', 'refused');
              box.classList.add(cls);
              box.querySelector('.verdict').textContent = text;
            }
            async function accept(tokens, boxes) {
              const query = 'token=' + encodeURIComponent(token) + tokens.map(t => '&golden=' + encodeURIComponent(t)).join('');
              const r = await fetch('/api/accept?' + query, {method: 'POST'});
              const answer = await r.json();
              for (const box of boxes) {
                if (r.ok && !box.classList.contains('accepted')) count(box.dataset.status);
                say(box, r.ok ? 'accepted' : 'refused', r.ok ? 'accepted: ' + answer.written.join('; ') : 'refused: ' + answer.error);
              }
            }
            // The header's counts follow the accepts: one fewer failed (or missing), one more accepted.
            function count(status) {
              const from = document.getElementById(status === 'missing' ? 'missing' : 'failed');
              const n = Math.max(0, parseInt(from.textContent) - 1);
              from.textContent = n + (status === 'missing' ? ' missing' : ' failed');
              const accepted = document.getElementById('accepted');
              accepted.textContent = parseInt(accepted.textContent) + 1;
              document.getElementById('accepted-count').hidden = false;
            }
            async function reject(box) {
              const r = await fetch('/api/reject?token=' + encodeURIComponent(token) + '&golden=' + encodeURIComponent(box.dataset.accept), {method: 'POST'});
              say(box, r.ok ? 'rejected' : 'refused', r.ok ? 'rejected: the golden stays' : 'refused');
            }
            // The static report: the command that accepts the ticked goldens, scene by scene.
            function command() {
              const lines = [];
              for (const scene of document.querySelectorAll('section.scene')) {
                const picked = [...scene.querySelectorAll('.decide')].filter(d => d.querySelector('input.select').checked);
                if (!picked.length || !scene.dataset.command) continue;
                lines.push(scene.dataset.command.replace('ACCEPT', picked.map(d => "--accept '" + d.dataset.accept + "'").join(' ')));
              }
              document.getElementById('accept-command').textContent = lines.join('\\n') || '(nothing ticked)';
            }
            for (const box of document.querySelectorAll('.decide')) {
              box.querySelector('button.accept').addEventListener('click', () => accept([box.dataset.accept], [box]));
              box.querySelector('button.reject').addEventListener('click', () => reject(box));
              box.querySelector('input.select').addEventListener('change', command);
            }
            for (const all of document.querySelectorAll('button.accept-all')) {
              all.addEventListener('click', () => accept(all.dataset.accept.split(' '), [...all.closest('section').querySelectorAll('.decide')]));
            }
            document.addEventListener('keydown', e => {
              if (e.target.tagName === 'INPUT' && e.target.type === 'range') return;
              const box = current >= 0 ? failures[current].querySelector('.decide') : null;
              if (e.key === 'j') go(current + 1);
              else if (e.key === 'k') go(current - 1);
              else if (e.key === 'b' && current >= 0) {
                const over = failures[current].querySelector('img.onion');
                if (over) over.style.opacity = over.style.opacity === '1' ? '0' : '1';
              } else if (e.key === 'a' && box) {
                if (review) accept([box.dataset.accept], [box]);
                else { const c = box.querySelector('input.select'); c.checked = !c.checked; command(); }
              } else if (e.key === 'r' && box) {
                if (review) reject(box); else { box.querySelector('input.select').checked = false; command(); }
              }
            });
            command();
            </script>
            </body></html>

            """
    }
}
