import Foundation
import SpringyCore
import SpringyTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 26, items 5, 11 and 22: the preview over real sockets — oversized request lines and
/// headers, idle and surplus connections, running out of file descriptors, a foreign Host (and
/// a DNS-rebinding page in Chromium), a symbolic link out of the failures folder, a busy port,
/// bad --host values, bounded memory for a large scene, reloads past --max-file-size, and a
/// runtime error shown on the page.
final class PreviewHardeningTests: XCTestCase {
    typealias Preview = PreviewProcess

    func start(_ scene: String, _ extra: [String] = [], ulimit: Int? = nil) throws -> Preview {
        try XCTUnwrap(try PreviewProcess.start(scene, extra, ulimit: ulimit), "the preview did not start")
    }

    /// One raw exchange over a socket (python3's socket module): sends `request` (with `\\r\\n`
    /// escapes; `{PAD:N}` stands for N bytes of `a`), returns the status line or "closed"/"timeout".
    func exchange(_ port: Int, _ request: String, timeout: Double = 10) throws -> String {
        let file = temporaryDirectory() + "/request"
        try request.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try runProgram(
            try requireTool("python3", "the raw-socket client is a python3 script"),
            [
                "-c",
                """
                import re, socket, sys
                text = open(sys.argv[2]).read()
                text = re.sub(r"\\{PAD:(\\d+)\\}", lambda m: "a" * int(m.group(1)), text)
                data = text.encode("latin-1").decode("unicode_escape").encode("latin-1")
                s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=float(sys.argv[3]))
                try:
                    s.sendall(data)
                    got = s.recv(65536)
                    print(got.split(b"\\r\\n")[0].decode(errors="replace") if got else "closed")
                except socket.timeout:
                    print("timeout")
                except Exception as e:
                    print("closed", e)
                """, String(port), file, String(timeout),
            ])
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + (r.status == 0 ? "" : " " + r.stderr)
    }

    func get(_ port: Int, _ path: String, host: String? = nil, timeout: Double = 10) throws -> String {
        try exchange(
            port, "GET \(path) HTTP/1.1\\r\\nHost: \(host ?? "127.0.0.1:\(port)")\\r\\nConnection: close\\r\\n\\r\\n",
            timeout: timeout)
    }

    /// The body of GET `url` (empty on failure).
    func body(_ url: String) -> String {
        let done = DispatchSemaphore(value: 0)
        let box = Locked("")
        URLSession.shared.dataTask(with: URL(string: url)!) { data, _, _ in
            box.value = String(decoding: data ?? Data(), as: UTF8.self)
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 20)
        return box.value
    }

    func sceneFile(_ dir: String, _ text: String? = nil) throws -> String {
        let path = "\(dir)/s.yaml"
        try (text ?? String(contentsOfFile: packageRoot + "/scenes/falling-box.yaml", encoding: .utf8))
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testOversizedRequestsAreRefusedAtTheirCapsAndTheServerCarriesOn() throws {
        let preview = try start(try sceneFile(temporaryDirectory()))
        defer { preview.process.terminate() }
        let long = try exchange(preview.port, "GET /{PAD:524288} HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")
        XCTAssertTrue(long.hasPrefix("HTTP/1.1 414"), long)
        let pad = "X-Pad: \(String(repeating: "b", count: 1000))\\r\\n"
        let headers = try exchange(
            preview.port, "GET / HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n" + String(repeating: pad, count: 64) + "\\r\\n")
        XCTAssertTrue(headers.hasPrefix("HTTP/1.1 431"), headers)
        // The caps' edges: a request line of 8192 bytes before its \n is read (a 404 for an
        // unknown path), 8193 is refused; a head of 40 961 bytes (8 KB + 32 KB and its last \n)
        // is read, one more byte is refused.
        let edge = try exchange(preview.port, "GET /{PAD:8177} HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n")
        XCTAssertTrue(edge.hasPrefix("HTTP/1.1 404"), edge)
        let past = try exchange(preview.port, "GET /{PAD:8178} HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n")
        XCTAssertTrue(past.hasPrefix("HTTP/1.1 414"), past)
        func head(fill: Int) -> String {
            "GET / HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n" + String(repeating: pad, count: 40)
                + "X-Fill: \(String(repeating: "c", count: fill))\\r\\n\\r\\n"
        }
        let fullHead = try exchange(preview.port, head(fill: 556))
        XCTAssertTrue(fullHead.hasPrefix("HTTP/1.1 200"), fullHead)
        let overHead = try exchange(preview.port, head(fill: 557))
        XCTAssertTrue(overHead.hasPrefix("HTTP/1.1 431"), overHead)
        // Refused as soon as a cap is passed, not once the line or the head ends: a request
        // line over 8 KB, and 48 KB of headers, never finished, are answered (waiting for their
        // end would get the idle timeout's 408, or nothing).
        let unfinishedLine = try exchange(preview.port, "GET /{PAD:8188}")
        XCTAssertTrue(unfinishedLine.hasPrefix("HTTP/1.1 414"), unfinishedLine)
        let unfinishedHead = try exchange(
            preview.port, "GET / HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n" + String(repeating: pad, count: 48))
        XCTAssertTrue(unfinishedHead.hasPrefix("HTTP/1.1 431"), unfinishedHead)
        XCTAssertEqual(try get(preview.port, "/api/state"), "HTTP/1.1 200 OK")
        XCTAssertTrue(
            try exchange(preview.port, "POST /api/state HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nContent-Length: 5\\r\\n\\r\\nhello")
                .hasPrefix("HTTP/1.1 405"))
        XCTAssertTrue(try exchange(preview.port, "GET / HTTP/1.1\\r\\n\\r\\n").hasPrefix("HTTP/1.1 400"), "HTTP/1.1 needs a Host")
    }

    func testAForeignHostIsRefusedAndLocalNamesAreServed() throws {
        let preview = try start(try sceneFile(temporaryDirectory()))
        defer { preview.process.terminate() }
        for host in [
            "evil.test:\(preview.port)", "attacker.example", "127.0.0.1.nip.io:\(preview.port)", "localhost:1", "[::1]:1",
        ] {
            XCTAssertTrue(try get(preview.port, "/api/state", host: host).hasPrefix("HTTP/1.1 403"), host)
        }
        for host in ["127.0.0.1:\(preview.port)", "localhost:\(preview.port)", "LOCALHOST", "127.0.0.1", "[::1]:\(preview.port)"]
        {
            XCTAssertEqual(try get(preview.port, "/api/state", host: host), "HTTP/1.1 200 OK", host)
        }
    }

    func testARebindingPageInChromiumIsRefused() throws {
        let chromium = try requireTool("chromium", "Debian's chromium (scripts/install-deps --tests) opens the page")
        let preview = try start(try sceneFile(temporaryDirectory()))
        defer { preview.process.terminate() }
        // The rebinding name resolves to 127.0.0.1, as an attacker's DNS would after its first answer.
        let rebinding = try runProgram(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP rebind.test 127.0.0.1",
                "--dump-dom", "http://rebind.test:\(preview.port)/api/state",
            ])
        XCTAssertEqual(rebinding.status, 0, rebinding.stderr.suffix(300).description)
        XCTAssertTrue(rebinding.stdout.contains("answers only to an address of this machine"), rebinding.stdout)
        XCTAssertFalse(rebinding.stdout.contains("\"total\""), "no state leaks: \(rebinding.stdout)")
        let direct = try runProgram(
            chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "\(preview.base)api/state"])
        XCTAssertTrue(direct.stdout.contains("\"total\""), "the page's own address is served: \(direct.stdout.prefix(300))")
    }

    func testIdleAndSurplusConnectionsAreBoundedAndClosed() throws {
        let preview = try start(try sceneFile(temporaryDirectory()), ["--idle-timeout", "1"])
        defer { preview.process.terminate() }
        // 100 connections that send nothing: 64 are held (then closed after the idle timeout),
        // the rest are told 503 at once; the process never dies.
        let r = try runProgram(
            try requireTool("python3", "the raw-socket client is a python3 script"),
            [
                "-c",
                """
                import socket, sys, time
                port = int(sys.argv[1])
                conns = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(100)]
                time.sleep(0.3)
                busy = 0
                for c in conns:
                    c.setblocking(False)
                    try:
                        d = c.recv(65536)
                        if d.startswith(b"HTTP/1.1 503"): busy += 1
                    except BlockingIOError:
                        pass
                time.sleep(1.8)
                closed = 0
                for c in conns:
                    try:
                        if c.recv(100) == b"": closed += 1
                    except BlockingIOError:
                        pass
                    except OSError:
                        closed += 1
                print(busy, closed)
                """, String(preview.port),
            ])
        let numbers = r.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(numbers.count, 2, r.stdout + r.stderr)
        XCTAssertEqual(numbers.first, 36, "connections over the cap of 64 are answered 503: \(r.stdout)")
        XCTAssertEqual(numbers.last, 100, "every idle connection is closed after the idle timeout: \(r.stdout)")
        XCTAssertTrue(preview.process.isRunning)
        XCTAssertEqual(try get(preview.port, "/api/state"), "HTTP/1.1 200 OK")
    }

    func testRunningOutOfFileDescriptorsIsSurvived() throws {
        // 40 descriptors: the connections below take the rest, and accept fails with EMFILE.
        let preview = try start(try sceneFile(temporaryDirectory()), ["--idle-timeout", "30"], ulimit: 40)
        defer { preview.process.terminate() }
        let r = try runProgram(
            try requireTool("python3", "the raw-socket client is a python3 script"),
            [
                "-c",
                """
                import socket, sys, time
                port = int(sys.argv[1])
                conns = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(60)]
                time.sleep(0.5)
                for c in conns: c.close()
                time.sleep(0.5)
                s = socket.create_connection(("127.0.0.1", port), timeout=10)
                s.sendall(b"GET /api/state HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n")
                print(s.recv(100).split(b"\\r\\n")[0].decode())
                """, String(preview.port),
            ])
        XCTAssertEqual(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "HTTP/1.1 200 OK", r.stderr)
        XCTAssertTrue(preview.process.isRunning, "still serving after EMFILE")
    }

    func testNoSymbolicLinkOutOfTheFailuresFolderIsFollowed() throws {
        let dir = temporaryDirectory()
        let scene = try sceneFile(dir)
        try FileManager.default.createDirectory(atPath: "\(dir)/.springy-failures/s", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: "\(dir)/.springy-failures/s/frame-00000-diff.png", withDestinationPath: "/etc/passwd")
        try FileManager.default.createDirectory(atPath: "\(dir)/elsewhere/s", withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: "\(dir)/elsewhere/s/frame-00000-actual.png"))
        let preview = try start(scene)
        defer { preview.process.terminate() }
        let linked = try get(preview.port, "/failures/0/diff.png")
        XCTAssertTrue(linked.hasPrefix("HTTP/1.1 404"), linked)
        // A linked folder too.
        try FileManager.default.removeItem(atPath: "\(dir)/.springy-failures")
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/.springy-failures", withDestinationPath: "\(dir)/elsewhere")
        let folder = try get(preview.port, "/failures/0/actual.png")
        XCTAssertTrue(folder.hasPrefix("HTTP/1.1 404"), folder)
    }

    func testABusyPortAndBadHostsAreClearErrors() throws {
        let dir = temporaryDirectory()
        let scene = try sceneFile(dir)
        let preview = try start(scene)
        defer { preview.process.terminate() }
        // Refused, not waited on: a preview that kept trying the port would still be running
        // when the first one ends (the timeout only stops a hang).
        let busy = try runSpringy(["preview", scene, "--port", String(preview.port)], timeout: 20)
        XCTAssertFalse(busy.timedOut, "it waited for the port")
        XCTAssertEqual(busy.status, 2, busy.stderr)
        XCTAssertTrue(busy.stderr.contains("port \(preview.port) is in use; pass --port 0 for any free port"), busy.stderr)
        for host in ["999.1.1.1", "example.com", ""] {
            let r = try runSpringy(["preview", scene, "--host", host], timeout: 20)
            XCTAssertEqual(r.status, 2, host)
            XCTAssertTrue(r.stderr.contains("--host takes an IPv4 address"), r.stderr)
        }
        let exposed = try start(scene, ["--host", "0.0.0.0"])
        defer { exposed.process.terminate() }
        XCTAssertEqual(try get(exposed.port, "/api/state"), "HTTP/1.1 200 OK")
        exposed.process.terminate()
        exposed.process.waitUntilExit()
        let warning = String(decoding: exposed.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(warning.contains("other machines"), "exposing the preview is said: \(warning)")
    }

    func testMemoryStaysBoundedAndEarlierFramesAreSimulatedAgain() throws {
        let dir = temporaryDirectory()
        // 3000 cells for 15 s: every frame's state holds 3000 items; all 450 frames kept take
        // about 620 MB (measured with --preview-memory 4096), well over the bound below; a window
        // of 16 MB about 60 MB in all.
        let scene = try sceneFile(
            dir,
            """
            springy: 1
            viewport: { size: [375, 667], scale: 1 }
            time: { fps: 30, duration: 15 }
            collection:
              layout: { kind: flow, item_size: [4, 4], line_spacing: 1, interitem_spacing: 1 }
              sections: [{ items: 3000 }]
            script:
              - { at: 0.1, pan: { from: [180, 600], to: [180, 100], duration: 0.5 } }
            """)
        let preview = try start(scene, ["--preview-memory", "16"])
        defer { preview.process.terminate() }
        func rss() -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(preview.process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0  // kB
        }
        var peak = 0
        // A frame not yet simulated is answered once the simulation reaches it (about 2 s for 300
        // frames of 3000 cells in a debug build, alone; a loaded CI machine takes longer): the
        // timeout guards against a hang, it is not a speed target.
        for frame in stride(from: 0, to: 450, by: 75) + [449] {
            XCTAssertEqual(try get(preview.port, "/frames/1/\(frame).png", timeout: 60), "HTTP/1.1 200 OK", "frame \(frame)")
            peak = max(peak, rss())
        }
        XCTAssertEqual(
            try get(preview.port, "/frames/1/3.png", timeout: 60), "HTTP/1.1 200 OK", "an early frame, simulated again")
        // Frame 449 again, after frame 3 moved the window back: simulated again (the same hang guard).
        XCTAssertEqual(try get(preview.port, "/trace/1/449", timeout: 60), "HTTP/1.1 200 OK")
        peak = max(peak, rss())
        XCTAssertLessThan(peak, 150_000, "resident memory stays bounded (kB): \(peak)")
    }

    func testReloadsPastTheFileLimitAndRuntimeErrorsAreShown() throws {
        let dir = temporaryDirectory()
        let scene = try sceneFile(dir, stackingScene())
        let preview = try start(scene, ["--max-contacts", "5", "--max-file-size", "4096"])
        defer { preview.process.terminate() }
        var state = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && !state.contains("--max-contacts") {
            state = body("\(preview.base)api/state")
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertTrue(state.contains("--max-contacts"), "the runtime error is on the page: \(state)")
        try String(repeating: "# padding\n", count: 1000).write(toFile: scene, atomically: true, encoding: .utf8)
        let until = Date().addingTimeInterval(20)
        while Date() < until && !state.contains("--max-file-size") {
            state = body("\(preview.base)api/state")
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertTrue(state.contains("--max-file-size"), "a file over the limit is not read: \(state)")
    }
}
