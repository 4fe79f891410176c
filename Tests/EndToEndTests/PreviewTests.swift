import Foundation
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `springy preview`: the server's routes, live reload, errors, safety, and the page in Chromium.
final class PreviewTests: XCTestCase {
    /// Starts a preview of `scene` on a free port; returns the process and its URL.
    func start(_ scene: String) throws -> (Process, String) {
        let preview = try XCTUnwrap(try PreviewProcess.start(scene), "the preview did not start")
        return (preview.process, preview.base)
    }

    func get(_ url: String) -> (Int, Data) { Self.fetch(url) }

    static func fetch(_ url: String) -> (Int, Data) {
        let done = DispatchSemaphore(value: 0)
        let status = Locked(0), body = Locked(Data())
        URLSession.shared.dataTask(with: URL(string: url)!) { data, response, _ in
            status.value = (response as? HTTPURLResponse)?.statusCode ?? 0
            body.value = data ?? Data()
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 20)
        return (status.value, body.value)
    }

    func state(_ base: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: get(base + "api/state").1) as? [String: Any] ?? [:]
    }

    /// Waits until the state says `ok`.
    func waitFor(_ base: String, _ ok: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(20)
        var s: [String: Any] = [:]
        while Date() < deadline {
            s = try state(base)
            if ok(s) { return s }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("timed out; last state \(s)")
        return s
    }

    /// Issue 43, the preview's friction: an `until: rest` scene's scrubber spanned its
    /// max_duration; `#overlays=` dropped names it did not know (the style key's own
    /// `velocity_arrows` among them); the clock overlay sat on the status bar's icons.
    func testUntilRestEndsTheTimelineOverlaysAreNamedAndTheClockClearsTheStatusBar() throws {
        let chromium = try requireTool("chromium", "Debian's chromium (scripts/install-deps --tests): the page was not opened")
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = "\(dir)/rest.yaml"
        try String(contentsOfFile: packageRoot + "/scenes/gravity.yaml", encoding: .utf8).replacingOccurrences(
            of: "viewport: {", with: "style: { chrome: status_bar }\nviewport: {"
        ).write(toFile: scene, atomically: true, encoding: .utf8)
        let (p, base) = try start(scene)
        defer { if p.isRunning { p.terminate() } }
        let done = try waitFor(base) { ($0["done"] as? Bool) == true }
        XCTAssertEqual(done["ready"] as? Int, 199, "gravity rests at frame 198")
        XCTAssertEqual(done["total"] as? Int, 199, "the timeline ends where the scene rests, not at max_duration's 480")
        XCTAssertEqual(done["until_rest"] as? Bool, true)
        // The style key's spelling names the same overlay; a name that is none is refused, said.
        let (ok, arrows) = get(base + "frames/1/20.png?o=velocity_arrows")
        XCTAssertEqual(ok, 200)
        XCTAssertEqual(arrows, get(base + "frames/1/20.png?o=velocities").1)
        let (bad, why) = get(base + "frames/1/20.png?o=velocities,sparkles")
        XCTAssertEqual(bad, 400)
        XCTAssertTrue(String(decoding: why, as: UTF8.self).contains("unknown overlay \"sparkles\""))
        let page = try browserDrive(
            chromium,
            [
                ["open": base + "#overlays=velocity_arrows,sparkles&frame=20"],
                ["until": "document.getElementById('label').textContent.startsWith('20 / ')"],
                ["eval": "document.getElementById('label').textContent"],
                ["eval": "document.getElementById('notes').textContent"],
                ["eval": "document.getElementById('frame').getAttribute('src')"],
            ])
        XCTAssertEqual(page.count, 3, "\(page)")
        XCTAssertEqual(page.first as? String, "20 / 198")
        XCTAssertTrue((page.dropFirst().first as? String ?? "").contains("unknown overlay in the link: sparkles"), "\(page)")
        XCTAssertEqual(page.last as? String, "/frames/1/20.png?o=velocities")
        // The clock: drawn, and nowhere in the status bar's 20 pt (this 375 × 667 scene at 2x: 40 rows).
        let plain = try RGBAImage.decode(bytes: Array(get(base + "frames/1/20.png").1))
        let clock = try RGBAImage.decode(bytes: Array(get(base + "frames/1/20.png?o=clock").1))
        XCTAssertNotEqual(plain, clock, "the clock is drawn")
        let rowBytes = plain.width * 4, statusBar = plain.height * 20 / 667
        XCTAssertEqual(
            Array(plain.pixels[0..<(statusBar * rowBytes)]), Array(clock.pixels[0..<(statusBar * rowBytes)]),
            "the status bar is untouched by the clock")
    }

    func testRoutesReloadErrorsSafetyAndCtrlC() throws {
        let dir = temporaryDirectory()
        let scene = "\(dir)/s.yaml"
        let text = try String(contentsOfFile: packageRoot + "/scenes/springs.yaml", encoding: .utf8)
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        // A failing check's pictures for golden frame 0, where `springy check` leaves them.
        let picture = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/golden/springs/frame-00000.png"))
        try FileManager.default.createDirectory(atPath: "\(dir)/.springy-failures/s", withIntermediateDirectories: true)
        for kind in ["expected", "actual", "diff"] {
            try picture.write(to: URL(fileURLWithPath: "\(dir)/.springy-failures/s/frame-00000-\(kind).png"))
        }
        let (p, base) = try start(scene)
        defer { if p.isRunning { p.terminate() } }
        XCTAssertTrue(base.hasPrefix("http://127.0.0.1:"), "loopback by default: \(base)")
        let first = try waitFor(base) { ($0["done"] as? Bool) == true }
        XCTAssertEqual(first["total"] as? Int, 240)
        XCTAssertEqual(first["ready"] as? Int, 240)
        let (status, png) = get(base + "frames/1/30.png")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let rendered = try runSpringy(["still", scene, "--frame", "30", "--out", "\(dir)/30.png"])
        XCTAssertEqual(rendered.status, 0)
        XCTAssertEqual(png, try Data(contentsOf: URL(fileURLWithPath: "\(dir)/30.png")), "the same frame render draws")
        XCTAssertTrue(String(decoding: get(base + "trace/1/30").1, as: UTF8.self).hasPrefix("{\"frame\": 30,"))
        XCTAssertEqual(first["failures"] as? [Int], [0], "the failing golden frame")
        let diff = get(base + "failures/0/diff.png")
        XCTAssertEqual(diff.0, 200)
        XCTAssertEqual(diff.1, picture)
        for bad in [
            "failures/0/other.png", "failures/20/diff.png", "failures/0/../../s.yaml", "frames/1/9999.png", "frames/7/1.png",
            "frames/../../../etc/passwd", "frames/1/-1.png", "trace/x/1", "etc/passwd", "api",
        ] {
            XCTAssertEqual(get(base + bad).0, 404, bad)
        }
        // An edit reloads; a broken edit shows its located errors and keeps the last good version.
        try text.replacingOccurrences(of: "frequency: 2, damping: 0.3", with: "frequency: 3, damping: 0.3").write(
            toFile: scene, atomically: true, encoding: .utf8)
        let second = try waitFor(base) { ($0["shown"] as? Int) == 2 }
        XCTAssertEqual((second["errors"] as? [String])?.count, 0)
        try (text + "\noops: [\n").write(toFile: scene, atomically: true, encoding: .utf8)
        let broken = try waitFor(base) { ($0["version"] as? Int) == 3 }
        XCTAssertEqual(broken["shown"] as? Int, 2, "the last good version stays on screen")
        let errors = broken["errors"] as? [String] ?? []
        XCTAssertTrue(errors.first?.contains("s.yaml:") ?? false, "\(errors)")
        XCTAssertEqual(get(base + "frames/2/0.png").0, 200)
        // A malformed request gets a 4xx (or the connection closed), and the server carries on.
        let port = Int(base.split(separator: ":").last!.dropLast()) ?? 0
        let raw = try runProgram(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import socket, sys
                s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5)
                s.sendall(b"\\x00\\x01 NOT HTTP\\r\\n\\r\\n")
                try:
                    print(s.recv(200).split(b"\\r\\n")[0].decode(errors="replace"))
                except Exception as e:
                    print("closed", e)
                """, String(port),
            ])
        let line = raw.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(raw.status, 0, raw.stderr)
        XCTAssertTrue(line.hasPrefix("HTTP/1.1 400 "), "a 400 status line: \(line)")
        XCTAssertEqual(get(base + "api/state").0, 200, "still serving")
        // Ctrl-C: a clean exit.
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let missing = try runSpringy(["preview", "\(dir)/none.yaml"])
        XCTAssertEqual(missing.status, 2)
    }

    /// Many requests for one frame at the same moment draw it once: the others wait for its bytes
    /// (the preview renders on its server's threads, through the Pipeline, each frame once).
    func testConcurrentRequestsForOneFrameDrawItOnce() throws {
        let (process, base) = try start(packageRoot + "/scenes/falling-box.yaml")
        defer { process.terminate(); process.waitUntilExit() }
        _ = try waitFor(base) { ($0["ready"] as? Int ?? 0) > 40 }
        XCTAssertEqual(try state(base)["drawn"] as? Int, 0, "nothing drawn before it is asked for")
        let results = Mutex<[Data]>([])
        DispatchQueue.concurrentPerform(iterations: 12) { _ in
            let (status, png) = Self.fetch(base + "frames/1/40.png")
            XCTAssertEqual(status, 200)
            results.withLock { $0.append(png) }
        }
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, 12)
        XCTAssertEqual(Set(all).count, 1, "every request gets the same bytes")
        XCTAssertGreaterThan(all[0].count, 1000)
        XCTAssertEqual(try state(base)["drawn"] as? Int, 1, "twelve requests, one drawing")
        _ = get(base + "frames/1/41.png")
        XCTAssertEqual(try state(base)["drawn"] as? Int, 2)
    }

    func testThePagePlaysReloadsAndShowsErrorsInChromium() throws {
        let chromium = try requireTool(
            "chromium", "Debian's chromium (scripts/install-deps --tests): the preview page was not opened")
        let dir = temporaryDirectory()
        let scene = "\(dir)/s.yaml"
        let text = try String(contentsOfFile: packageRoot + "/scenes/falling-box.yaml", encoding: .utf8)
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let (p, base) = try start(scene)
        defer { if p.isRunning { p.terminate() } }
        _ = try waitFor(base) { ($0["done"] as? Bool) == true }
        func dom(_ fragment: String = "") throws -> String {
            let r = try runProgram(
                chromium,
                ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=2500", "--dump-dom", base + fragment])
            XCTAssertEqual(r.status, 0, r.stderr.suffix(300).description)
            return r.stdout
        }
        let page = try dom()
        XCTAssertTrue(page.contains("data-version=\"1\""), page.prefix(600).description)
        XCTAssertTrue(page.contains("src=\"/frames/1/"), "a frame is shown")
        XCTAssertTrue(page.contains("A box falls onto the floor"), "the scene's name")
        XCTAssertTrue(page.contains("data-item=\""), "the frame's trace beside it")
        // Golden frames marked on the timeline; overlays and the item under the pointer from the page.
        let golden = (try state(base)["golden"] as? [Int]) ?? []
        XCTAssertFalse(golden.isEmpty)
        for g in golden { XCTAssertTrue(page.contains("class=\"golden\" data-frame=\"\(g)\""), "golden frame \(g) marked") }
        let trace = try JSONSerialization.jsonObject(with: get(base + "trace/1/10").1) as? [String: Any]
        let first = (trace?["items"] as? [[String: Any]])?.first
        let center = first?["center"] as? [Double] ?? [0, 0]
        let id = first?["id"] as? String ?? "?"
        // A user's hand (scripts/browser-drive.py, real mouse events): the page opened at frame 10
        // with two overlays; the pointer over the first item highlights its trace row; a click
        // two thirds along the scrubber shows that frame.
        let width = try XCTUnwrap(try state(base)["width"] as? Double),
            height = try XCTUnwrap(try state(base)["height"] as? Double)
        let seen = try browserDrive(
            chromium,
            [
                ["open": base + "#overlays=coils,clock&frame=10"],
                // The frame's trace listed and its picture drawn (the pointer maps through its size).
                [
                    "until":
                        "document.querySelectorAll('#trace [data-item]').length > 0 && document.getElementById('frame').complete"
                        + " && document.getElementById('frame').naturalWidth > 0 && document.getElementById('frame').clientWidth > 0"
                ],
                ["eval": "document.getElementById('frame').getAttribute('src')"],
                ["hover": "#frame", "at": [center[0] / width, center[1] / height]],
                ["eval": "(document.querySelector('#trace .hover') || {dataset: {}}).dataset.item || ''"],
                ["click": "#scrub", "at": [2.0 / 3, 0.5]],
                ["wait": 300],
                ["eval": "document.getElementById('scrub').value"],
                ["eval": "document.getElementById('frame').getAttribute('src')"],
                ["eval": "document.querySelectorAll('#trace .spring').length"],
            ])
        XCTAssertEqual(seen.count, 5)
        guard seen.count == 5 else { return }
        XCTAssertEqual(seen[0] as? String, "/frames/1/10.png?o=coils,clock", "the page opened where its link says")
        XCTAssertEqual(seen[1] as? String, id, "the item under the pointer: \(id)")
        let scrubbed = try XCTUnwrap(Int(seen[2] as? String ?? ""), "\(seen)")
        XCTAssertTrue((70...90).contains(scrubbed), "two thirds of 120 frames: \(scrubbed)")
        XCTAssertTrue(
            (seen[3] as? String ?? "").hasPrefix("/frames/1/\(scrubbed).png"), "the scrubber's frame is shown: \(seen[3] ?? "")")
        XCTAssertEqual(seen[4] as? Int, 0, "falling-box has no springs, and none are listed")
        let (status, withClock) = get(base + "frames/1/10.png?o=clock")
        XCTAssertEqual(status, 200)
        XCTAssertNotEqual(withClock, get(base + "frames/1/10.png").1, "the clock overlay is drawn")
        try text.replacingOccurrences(of: "duration: 2", with: "duration: 1.5").write(
            toFile: scene, atomically: true, encoding: .utf8)
        _ = try waitFor(base) { ($0["shown"] as? Int) == 2 }
        XCTAssertTrue(try dom().contains("data-version=\"2\""), "the edit reloaded")
        try (text + "\nbogus_key: 1\n").write(toFile: scene, atomically: true, encoding: .utf8)
        _ = try waitFor(base) { ($0["version"] as? Int) == 3 }
        let broken = try dom()
        XCTAssertTrue(broken.contains("data-errors=\"1\""), "the error is shown")
        XCTAssertTrue(broken.contains("bogus_key"), "with its key")
        // The spring panel, on a scene with springs: one row per spring of the frame shown.
        let springScene = "\(dir)/springs.yaml"
        try String(contentsOfFile: packageRoot + "/scenes/springs.yaml", encoding: .utf8).write(
            toFile: springScene, atomically: true, encoding: .utf8)
        let (q, springBase) = try start(springScene)
        defer { if q.isRunning { q.terminate() } }
        _ = try waitFor(springBase) { ($0["done"] as? Bool) == true }
        let frame30 = try JSONSerialization.jsonObject(with: get(springBase + "trace/1/30").1) as? [String: Any]
        let springs = (frame30?["springs"] as? [[String: Any]]) ?? []
        XCTAssertGreaterThan(springs.count, 0, "the scene's frame 30 has springs")
        let rows = try browserDrive(
            chromium,
            [
                ["open": springBase + "#frame=30"],
                ["until": "document.querySelectorAll('#trace [data-item]').length > 0"],
                ["eval": "[...document.querySelectorAll('#trace .spring')].map(d => d.textContent)"],
            ])
        let listed = try XCTUnwrap(rows.first as? [String], "\(rows)")
        XCTAssertEqual(listed.count, springs.count, "a row per spring of frame 30")
        let item = springs[0]["item"] as? String ?? "?"
        XCTAssertTrue(listed.first?.hasPrefix("spring \(item) ") ?? false, "the first spring's row names its item \(item)")
    }

    /// A scene's errors reach the terminal too (standard error), located, once — not only the page.
    func testErrorsArePrintedToTheTerminal() throws {
        let dir = temporaryDirectory()
        let scene = "\(dir)/s.yaml"
        try "springy: 1\nviewport: { size: [100, 100] }\nitems:\n  a: { center: [50, 50], size: [20, 20], fill: \"#zz\" }\n"
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let preview = try XCTUnwrap(try PreviewProcess.start(scene), "the preview did not start")
        _ = try waitFor(preview.base) { ($0["errors"] as? [String])?.isEmpty == false }
        Thread.sleep(forTimeInterval: 0.3)
        preview.process.terminate()
        preview.process.waitUntilExit()
        let err = String(decoding: preview.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let line = "s.yaml:4:48: items.a.fill: expected a colour"
        XCTAssertTrue(err.contains(line), "the located error on the terminal: \(err)")
        XCTAssertEqual(err.components(separatedBy: line).count - 1, 1, "once")
    }

    /// The golden marks on the timeline sit at their frames on the scrubber: a click on a mark
    /// (a real mouse event at its x) moves the scrubber to that frame, within one frame.
    func testAClickOnAGoldenMarkShowsThatFrame() throws {
        let chromium = try requireTool("chromium", "Debian's chromium (scripts/install-deps --tests): the page was not opened")
        let (p, base) = try start(packageRoot + "/scenes/falling-box.yaml")
        defer { if p.isRunning { p.terminate() } }
        _ = try waitFor(base) { ($0["done"] as? Bool) == true }
        let ready = "document.querySelectorAll('#marks span').length > 0 && document.getElementById('scrub').max > 0"
        let layout = try browserDrive(
            chromium,
            [
                ["open": base], ["until": ready],
                [
                    "eval":
                        "(() => { const t = document.getElementById('scrub').getBoundingClientRect(); return [...document.querySelectorAll('#marks span')].map(s => { const r = s.getBoundingClientRect(); return [parseInt(s.dataset.frame), (r.left + r.width / 2 - t.left) / t.width]; }); })()"
                ],
            ])
        let marks = try XCTUnwrap(layout.first as? [[Double]], "\(layout)")
        XCTAssertGreaterThan(marks.count, 2, "the scene's golden frames are marked")
        // Paused from the start (a page opened at #frame=0 does not play: clicking Play could
        // start a playback that had already ended on a busy machine), and the thumb moved away
        // before each click (a press on the thumb itself starts a drag and does not jump).
        var steps: [[String: Any]] = [["open": base + "#frame=0"], ["until": ready]]
        for m in marks {
            steps.append(["click": "#scrub", "at": [m[1] < 0.5 ? 0.97 : 0.03, 0.5]])
            steps.append(["click": "#scrub", "at": [m[1], 0.5]])
            steps.append(["eval": "parseInt(document.getElementById('scrub').value)"])
        }
        let values = try browserDrive(chromium, steps).compactMap { $0 as? Int }
        XCTAssertEqual(values.count, marks.count)
        for (m, v) in zip(marks, values) {
            XCTAssertEqual(Double(v), m[0], accuracy: 1, "the mark of frame \(Int(m[0])) is where the scrubber shows it")
        }
    }
}
