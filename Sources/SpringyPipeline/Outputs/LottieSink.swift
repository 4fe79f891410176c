import Foundation
import SpringyCore
import SpringyOutput
import SpringyRender
import SpringyTypes

/// `--format lottie`: the whole run as a Lottie 1.0 animation (`<scene>.json`, media type
/// video/lottie+json) that lottie-ios, lottie-android, lottie-web and ThorVG play: a shape
/// layer per element with its in and out points, keyframes within 0.25 px of every frame,
/// text as glyph shapes.
enum LottieOutput: OutputKind {
    static var format: OutputFormat { .lottie }
    static var inGallery: Bool { true }
    static var fileExtension: String { "json" }
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.video(job.scene, fileExtension) }

    /// A view's picture has no Lottie form yet: refused before anything is drawn.
    static func preflight(_ context: SinkContext) throws { try LottieSink.refusePictures(context, "lottie") }

    static func make(_ context: SinkContext) throws -> any OutputSink {
        LottieSink(context, path: context.path(OutputNames.video(context.scene, fileExtension))) { json, _ in json }
    }
}

/// `--format dotlottie`: the Lottie animation in a dotLottie archive (`<scene>.lottie`: a ZIP
/// of manifest.json and animations/<scene>.json).
enum DotLottieOutput: OutputKind {
    static var format: OutputFormat { .dotlottie }
    static var inGallery: Bool { true }
    static var fileExtension: String { "lottie" }
    static func writes(_ name: String, job: RenderJob) -> Bool { name == OutputNames.video(job.scene, fileExtension) }

    static func preflight(_ context: SinkContext) throws { try LottieSink.refusePictures(context, "dotlottie") }

    static func make(_ context: SinkContext) throws -> any OutputSink {
        LottieSink(context, path: context.path(OutputNames.video(context.scene, fileExtension)), wrap: archive)
    }

    /// The dotLottie of one animation: its manifest (autoplaying, looping) and its JSON.
    static func archive(_ json: [UInt8], id: String) throws -> [UInt8] {
        let manifest: [String: Any] = [
            "version": "1", "generator": "Springy \(SpringyVersion.current)", "author": "Springy",
            "animations": [["id": id, "autoplay": true, "loop": true, "speed": 1]],
        ]
        let m = Array(try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]))
        return try ZipArchive.bytes([("manifest.json", m), ("animations/\(id).json", json)])
    }
}

/// Collects the frames' states; the file is written whole at the end, or refused with what
/// Lottie cannot show (nothing is written then).
final class LottieSink: OutputSink {
    private let svg: AnimatedSVG
    private let path: String
    private let scene: String
    private let slug: String
    private let fps: Double
    private let wrap: ([UInt8], String) throws -> [UInt8]
    init(_ context: SinkContext, path: String, wrap: @escaping ([UInt8], _ id: String) throws -> [UInt8]) {
        let rate = context.rate
        svg = AnimatedSVG(renderer: context.renderer, rate: rate.description, seconds: rate.seconds)
        self.path = path; self.wrap = wrap; scene = context.scene.file; slug = context.scene.slug; fps = rate.perSecond
    }
    var needs: SinkNeeds { [] }

    /// Refuses, before the run, a scene whose free views show pictures (`image:`), naming the
    /// first: Lottie export does not draw them (smil does).
    static func refusePictures(_ context: SinkContext, _ format: String) throws {
        guard let view = context.scene.items.first(where: { $0.look.image != nil }) else { return }
        throw OutputError(
            "\(context.scene.file): items.\(view.name).image: a picture has no Lottie form in Springy yet: --format \(format) does not draw it; --format smil does"
        )
    }

    func add(_ frame: SinkFrame) throws { try svg.add(frame.state) }
    func finish() throws -> SinkResult {
        let json = try svg.finishLottie(name: slug, fps: fps, file: scene)
        let bytes = try wrap(json, slug)
        try AtomicFile.write(bytes, to: path)
        return SinkResult(files: 1, bytes: bytes.count)
    }
    func abandon() {}
}
