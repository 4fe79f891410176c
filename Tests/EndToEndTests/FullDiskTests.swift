import Foundation
import FoundationXML
import SpringyCore
import SpringyOutput
import SpringyTestSupport
import XCTest

/// Every output into a full filesystem (a small tmpfs): a non-zero exit, an error naming the
/// path and the cause, and no partial file under a final name (whole files written before the
/// disk filled may stay). Needs root to mount; without it the test says so and is skipped.
final class FullDiskTests: XCTestCase {
    var mountPoint = ""

    override func setUpWithError() throws {
        mountPoint = temporaryDirectory("full-disk")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/mount")
        p.arguments = ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mountPoint]
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { throw unavailable("cannot run mount: full-disk behaviour not checked") }
        p.waitUntilExit()
        if p.terminationStatus != 0 { throw unavailable("cannot mount a tmpfs (not root?): full-disk behaviour not checked") }
    }

    override func tearDown() {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/umount")
        p.arguments = [mountPoint]
        try? p.run()
        p.waitUntilExit()
    }

    /// The tmpfs's free bytes now.
    func freeBytes() throws -> Int {
        let attributes = try FileManager.default.attributesOfFileSystem(forPath: mountPoint)
        return try XCTUnwrap((attributes[.systemFreeSize] as? NSNumber)?.intValue)
    }

    /// Fills the tmpfs but for about `free` bytes, and checks that it did: a test that never met a
    /// full disk would prove nothing.
    func fill(leaving free: Int) throws {
        let filler = "\(mountPoint)/filler"
        unlink(filler)
        let available = try freeBytes()
        XCTAssertGreaterThan(available, free, "the tmpfs has room to fill")
        XCTAssertTrue(
            FileManager.default.createFile(atPath: filler, contents: Data(count: max(0, available - free))),
            "the filler was written")
        // tmpfs counts whole 4 KiB pages: what is left is `free` rounded to pages.
        XCTAssertLessThanOrEqual(try freeBytes(), free + 4096, "the disk is full but for about \(free) bytes")
    }

    /// Files (not folders) under `dir`, relative.
    func files(_ dir: String) -> [String] {
        var out: [String] = []
        let e = FileManager.default.enumerator(atPath: dir)
        while let f = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(dir)/\(f)", isDirectory: &isDir), !isDir.boolValue { out.append(f) }
        }
        return out.sorted()
    }

    /// Each file left is whole: PNGs decode, PDFs end with %%EOF, SVGs parse; nothing temporary.
    func checkNothingPartial(_ dir: String, _ what: String) {
        for f in files(dir) {
            XCTAssertFalse(f.contains(".springy-tmp-"), "\(what): temporary file left: \(f)")
            let path = "\(dir)/\(f)"
            if f.hasSuffix(".png") || f.hasSuffix(".apng") {
                XCTAssertNoThrow(try RGBAImage.decode(file: path), "\(what): \(f) is whole")
            } else if f.hasSuffix(".pdf") {
                let d = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
                XCTAssertTrue(String(decoding: d.suffix(8), as: UTF8.self).contains("%%EOF"), "\(what): \(f) is whole")
            } else if f.hasSuffix(".svg") {
                XCTAssertTrue(XMLParser(contentsOf: URL(fileURLWithPath: path))?.parse() ?? false, "\(what): \(f) is whole")
            } else {
                XCTAssertTrue(
                    f.hasSuffix(".springy-partial") || f.hasSuffix(".springy-docs-hash") || f.hasSuffix(".springy-docs-index"),
                    "\(what): \(f) should not be there after a failure")
            }
        }
    }

    func expectFailure(_ r: RunResult, _ what: String) {
        XCTAssertNotEqual(r.status, 0, "\(what) must fail: \(r.stdout)")
        XCTAssertTrue(r.stderr.contains(mountPoint), "\(what) names the path: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("No space left on device"), "\(what) names the cause: \(r.stderr)")
    }

    func testEveryRenderFormatFailsCleanlyOnAFullDisk() throws {
        _ = try requireTool("ffmpeg", "Debian's ffmpeg: mp4 and webm on a full disk not checked")
        let formats = ["png", "apng", "sheet", "trail", "pdf", "svg", "y4m", "mp4", "webm"]
        for format in formats {
            for free in [2_000, 40_000] {
                try fill(leaving: free)
                let out = "\(mountPoint)/out-\(format)-\(free)"
                let r = try runSpringy([
                    "render", "scenes/falling-box.yaml", "--out", out, "--format", format, "--quiet", "--threads", "1",
                ])
                // With 2 kB free, every format's output is larger: each must meet ENOSPC.
                if free == 2_000 { XCTAssertNotEqual(r.status, 0, "\(format) met a full disk") }
                if r.status == 0 {
                    // It fitted: nothing temporary is left behind.
                    XCTAssertFalse(files(out).contains { $0.contains(".springy-tmp-") }, "\(format) with \(free) bytes free")
                    continue
                }
                expectFailure(r, "\(format) with \(free) bytes free")
                checkNothingPartial(out, "\(format) with \(free) bytes free")
            }
        }
    }

    /// PAM frames are whole files, but only PNG frames resume: a run that meets a full disk after
    /// writing some removes the ones it wrote (checkNothingPartial counts any left as a fault).
    func testPAMFramesWrittenBeforeAFullDiskAreRemoved() throws {
        let scene = temporaryDirectory() + "/small.yaml"
        // 40 × 40 px: 6.4 kB a frame, 30 frames; 40 kB free holds a few of them, not all.
        let text = SpringyTestSupport.scene(
            40, 40, time: "fps: 30, duration: 1",
            """
            items:
              a: { center: [20, 10], size: [10, 10] }
            behaviors:
              - gravity: { items: [a] }
            """)
        try Data(text.utf8).write(to: URL(fileURLWithPath: scene))
        try fill(leaving: 40_000)
        let out = "\(mountPoint)/out-pam"
        let r = try runSpringy(["render", scene, "--out", out, "--format", "pam", "--threads", "1"])
        expectFailure(r, "pam")
        XCTAssertEqual(files(out).filter { $0.hasSuffix(".pam") }, [], "no frame of a stopped run is left")
        checkNothingPartial(out, "pam")
    }

    func testDocsGoldensAndTracesFailCleanlyOnAFullDisk() throws {
        try fill(leaving: 4_000)
        let docs = try runSpringy(["docs", "scenes/falling-box.yaml", "--out", "\(mountPoint)/gallery"])
        expectFailure(docs, "docs")
        checkNothingPartial("\(mountPoint)/gallery", "docs")

        let record = try runSpringy(
            ["check", "--record", "--golden", "\(mountPoint)/golden", "scenes/falling-box.yaml"],
            environment: ProcessInfo.processInfo.environment.filter { $0.key != "CI" })
        expectFailure(record, "check --record")
        checkNothingPartial("\(mountPoint)/golden", "check --record")

        // A failing check writes expected, actual and diff images: on a full disk that is an error too.
        let goldens = temporaryDirectory("goldens")
        try FileManager.default.createDirectory(atPath: "\(goldens)/falling-box", withIntermediateDirectories: true)
        try FaultTests.widePNG(width: 7).write(to: URL(fileURLWithPath: "\(goldens)/falling-box/frame-00000.png"))
        let check = try runSpringy([
            "check", "--golden", goldens, "--failures", "\(mountPoint)/failures", "scenes/falling-box.yaml",
        ])
        expectFailure(check, "check's failure images")
        checkNothingPartial("\(mountPoint)/failures", "check's failure images")

        let trace = try runProgram(
            "/bin/bash", ["-c", "'\(springyBinary)' trace scenes/falling-box.yaml > '\(mountPoint)/trace.jsonl'"])
        XCTAssertNotEqual(trace.status, 0, "a trace cut short by a full disk fails")
        let said = trace.stderr
        XCTAssertTrue(said.contains("No space left on device"), said)
    }
}
