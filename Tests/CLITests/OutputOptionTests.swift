import ArgumentParser
import Foundation
import SpringyKit
import XCTest

@testable import SpringyCLI

/// Issue 44, item 3: an output option is described once (SpringyTypes' OutputOption): the
/// command line's flag, help and range check, the run key, the docs page's flags and README's
/// row all come from that description. These hold each of them to it, on every range's
/// boundary and one step past it.
final class OutputOptionTests: XCTestCase {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    func testEveryOptionIsAFlagWithItsOwnHelpAndARowInTheReadme() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let render = Springy.Render.helpMessage(columns: 10_000)
        let docs = Springy.Docs.helpMessage(columns: 10_000)
        for (option, help) in EncoderOptions.options.map({ ($0.description, $0.help) })
            + VideoOptions.options.map({ ($0.description, $0.help) })
        {
            XCTAssertTrue(render.contains(option), "render --help lacks \(option)")
            XCTAssertTrue(render.contains(help), "render --help: \(option)'s help is its description's")
        }
        for option in EncoderOptions.options {
            XCTAssertTrue(docs.contains(option.description), "docs --help lacks \(option)")
            XCTAssertTrue(
                readme.contains("[\(option) \(option.valueName)]"), "README's render row: [\(option) \(option.valueName)]")
        }
        for option in VideoOptions.options {
            let value = option.valueName.replacingOccurrences(of: "|", with: "\\|")
            XCTAssertTrue(readme.contains("[\(option) \(value)]"), "README's video row: [\(option) \(value)]")
        }
    }

    /// --merge reads every frame the shards wrote: alone it is taken; beside --shard, --timings
    /// or a scene from standard input (each alone) it is refused with the one message.
    func testMergeIsRefusedBesideEachOfShardTimingsAndStandardInput() throws {
        XCTAssertNoThrow(try Springy.parseAsRoot(["render", "s.yaml", "--merge", "--format", "apng"]))
        for extra in [["s.yaml", "--shard", "1/2"], ["s.yaml", "--timings", "t.tsv"], ["-"]] {
            XCTAssertThrowsError(try Springy.parseAsRoot(["render"] + extra + ["--merge", "--format", "apng"])) { e in
                let message = Springy.message(for: e)
                XCTAssertTrue(message.contains("--merge reads every frame the shards wrote"), "\(extra): \(message)")
            }
        }
    }

    /// Each range accepts its ends and refuses one step past each, with the flag's message.
    func testEveryRangeOnItsBoundaryAndOneStepPast() throws {
        let cases: [(flag: String, low: String, high: String, below: String, above: String)] = [
            ("--webp-quality", "0", "100", "-0.5", "100.5"), ("--avif-quality", "0", "100", "-1", "101"),
            ("--apng-max-colors", "2", "255", "1", "256"), ("--gif-colors", "2", "255", "1", "256"),
            ("--crf", "0", "63", "-1", "64"),
        ]
        for c in cases {
            let format = c.flag == "--crf" ? "mp4" : c.flag == "--apng-max-colors" ? "apng" : "png"
            for ok in [c.low, c.high] {
                XCTAssertNoThrow(
                    try Springy.parseAsRoot(["render", "s.yaml", "--format", format, "\(c.flag)=\(ok)"]), "\(c.flag) \(ok)")
            }
            for bad in [c.below, c.above] {
                XCTAssertThrowsError(try Springy.parseAsRoot(["render", "s.yaml", "--format", format, "\(c.flag)=\(bad)"])) { e in
                    let message = Springy.message(for: e)
                    XCTAssertTrue(message.contains("\(c.flag) must be"), "\(c.flag) \(bad): \(message)")
                }
            }
        }
        XCTAssertThrowsError(try Springy.parseAsRoot(["render", "s.yaml", "--format", "mp4", "--pix-fmt", "yuv 420"])) {
            XCTAssertTrue(Springy.message(for: $0).contains("--pix-fmt takes an ffmpeg pixel format name"))
        }
        XCTAssertThrowsError(try Springy.parseAsRoot(["render", "s.yaml", "--format", "png", "--apng-max-colors", "8"])) {
            XCTAssertTrue(Springy.message(for: $0).contains("--apng-max-colors is for --format apng"))
        }
    }

    /// What a flag writes back (the docs page's "Made with" line, the run key) is the value, and
    /// nothing at the default.
    func testTextAndKeyOfEachOption() {
        var o = EncoderOptions()
        XCTAssertEqual(EncoderOptions.options.compactMap { $0.text(o) }, [], "defaults write no flag")
        XCTAssertEqual(EncoderOptions.options.map { $0.key(o) }, ["0", "255", "-1.0", "80"], "the docs hash's key, unchanged")
        o.apngMaxColors = 64; o.gifColors = 254; o.webpQuality = 80; o.avifQuality = 79
        XCTAssertEqual(EncoderOptions.options.compactMap { $0.text(o) }, ["64", "254", "80", "79"])
        o.webpQuality = 72.5
        XCTAssertEqual(EncoderOptions.webpQualityOption.text(o), "72.5")
        XCTAssertNil(o.problem)
        o.gifColors = 256
        XCTAssertEqual(o.problem, "--gif-colors must be 2-255, not 256")
        var v = VideoOptions()
        XCTAssertEqual(VideoOptions.options.map { $0.key(v) }, ["-", "-1", "-"])
        v.codec = .hevc; v.crf = 63; v.pixelFormat = "yuv444p"
        XCTAssertEqual(VideoOptions.options.compactMap { $0.text(v) }, ["hevc", "63", "yuv444p"])
        XCTAssertNil(v.problem)
        v.crf = 64
        XCTAssertEqual(v.problem, "--crf must be 0-63, not 64")
    }

    /// `docs --for`: what does not fit a destination is refused before anything (issue 47).
    func testDocsDestinationsRefuseWhatDoesNotFit() throws {
        for (arguments, message) in [
            (["docs", "s.yaml", "--for", "docc"], "--for docc writes into a DocC catalogue: name it with --docc PATH.docc"),
            (["docs", "s.yaml", "--for", "github", "--format", "gif"], "--for github picks the formats: leave out --format"),
            (["docs", "s.yaml", "--for", "web", "--docc", "x.docc"], "--docc is --for docc's"),
            (["docs", "s.yaml", "--video"], "--video is for --for docc"),
        ] {
            XCTAssertThrowsError(try Springy.parseAsRoot(arguments), "\(arguments)") {
                XCTAssertTrue(Springy.message(for: $0).contains(message), Springy.message(for: $0))
            }
        }
        XCTAssertThrowsError(try Springy.parseAsRoot(["docs", "s.yaml", "--for", "print"]))
        XCTAssertNoThrow(try Springy.parseAsRoot(["docs", "s.yaml", "--for", "slides"]))
    }

    /// `plot --from` is the release of `--spring`'s closed form: alone it is refused (issue 47).
    func testPlotFromNeedsASpring() {
        XCTAssertThrowsError(try Springy.parseAsRoot(["plot", "s.yaml", "--item", "a", "--from", "1.1s"])) {
            XCTAssertTrue(Springy.message(for: $0).contains("--from is the release time of --spring's closed form"))
        }
        XCTAssertNoThrow(try Springy.parseAsRoot(["plot", "s.yaml", "--item", "a", "--spring", "1,0.3", "--from", "1.1s"]))
        XCTAssertNoThrow(try Springy.parseAsRoot(["plot", "s.yaml", "--item", "a", "--spring", "1,0.3", "--from", "0"]))
        XCTAssertThrowsError(try Springy.parseAsRoot(["plot", "s.yaml", "--item", "a", "--spring", "1,0.3", "--from", "-0.1"]))
    }
}
