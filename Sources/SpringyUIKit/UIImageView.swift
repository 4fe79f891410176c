import Foundation
import SpringyFrame
import Synchronization

/// A picture: a PNG's pixels, decoded once with libpng. `UIImage(contentsOfFile:)` reads a file,
/// `UIImage(named:)` finds one in your app's resources (the main bundle, and the resource bundles
/// SwiftPM puts beside the executable, in name order), `UIImage(data:)` takes the bytes. Its scale
/// is UIKit's: 2 or 3 for a file named `…@2x.png` or `…@3x.png`. SF Symbols cannot ship with
/// Springy: `UIImage(systemName:)` is nil, as for a symbol that does not exist, with a warning.
/// A file that is not a PNG, or is over 4096 pixels a side or 32 MB, is nil, as UIKit's unreadable
/// files are.
open class UIImage: NSObject {
    let pixels: ImagePixels

    init(pixels: ImagePixels) {
        self.pixels = pixels
        super.init()
    }

    public convenience init?(contentsOfFile path: String) {
        guard let pixels = try? ImagePixels.png(contentsOfFile: path) else { return nil }
        self.init(pixels: pixels)
    }

    public convenience init?(data: Data) {
        guard let pixels = try? ImagePixels.png(Array(data), name: "the data") else { return nil }
        self.init(pixels: pixels)
    }

    /// The image `name` (`photo`, `photo.png`; `photo@2x.png` and `photo@3x.png` too) in the
    /// app's resources, the scene's screen scale first (`@2x` in a scene of scale 2).
    public convenience init?(named name: String) {
        let screen = UIKitRuntime.current.map { UITraitCollection(displayScale: CGFloat($0.scale)) }
        self.init(named: name, in: nil, compatibleWith: screen)
    }

    /// The image `name` in `bundle`'s resources (your package's `Bundle.module`; the app's when
    /// nil), preferring the trait collection's display scale (`photo@3x.png` for 3).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let folders = bundle.map { [$0.resourcePath ?? $0.bundlePath] } ?? Self.resourceFolders()
        var files = Self.candidates(name)
        if let k = traitCollection.map({ Int($0.displayScale) }), k >= 1, files.count > 1 {
            // The display's own scale first, then as without a trait collection.
            let own = k == 1 ? name + ".png" : name + "@\(k)x.png"
            files = [own] + files.filter { $0 != own }
        }
        // As UIKit caches named images, a run decodes each file once (the run's code asks again
        // at every cell it configures).
        let run = UIKitRuntime.current
        for folder in folders {
            for file in files {
                let path = (folder as NSString).appendingPathComponent(file)
                if let pixels = run?.namedImages[path] ?? (try? ImagePixels.png(contentsOfFile: path)) {
                    run?.namedImages[path] = pixels
                    self.init(pixels: pixels)
                    return
                }
            }
        }
        return nil
    }

    /// Nil: SF Symbols are Apple's and cannot ship with Springy (a warning says so, once per name).
    public convenience init?(systemName name: String, file: String = #fileID, line: Int = #line) {
        Self.warnOnce("\(file):\(line): warning: UIImage(systemName: \"\(name)\") is nil: SF Symbols cannot ship with Springy")
        return nil
    }

    /// Its size in points: its pixels over its scale.
    open var size: CGSize {
        let p = pixels.pointSize
        return CGSize(width: p.width, height: p.height)
    }
    open var scale: CGFloat { CGFloat(pixels.scale) }

    /// The file names `name` may be: as given, then as a PNG at 1×, 2× and 3×.
    static func candidates(_ name: String) -> [String] {
        if (name as NSString).pathExtension.lowercased() == "png" { return [name] }
        return [name + ".png", name + "@2x.png", name + "@3x.png"]
    }

    /// The main bundle's resources, then the `*.resources` bundles beside the executable, by name.
    static func resourceFolders() -> [String] {
        var out: [String] = []
        if let r = Bundle.main.resourcePath { out.append(r) }
        let beside = Bundle.main.bundleURL.path
        let bundles = (try? FileManager.default.contentsOfDirectory(atPath: beside)) ?? []
        for b in bundles.sorted() where b.hasSuffix(".resources") { out.append((beside as NSString).appendingPathComponent(b)) }
        return out
    }

    private static let warned = Warned()
    static func warnOnce(_ line: String) {
        guard warned.first(line) else { return }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// The warnings already given (scenes run on several threads).
final class Warned: Sendable {
    private let seen = Mutex<Set<String>>([])  // looked up only
    func first(_ line: String) -> Bool { seen.withLock { $0.insert(line).inserted } }
}

extension UIView {
    /// How a view lays out its content in its bounds (an image view's picture).
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0
        case scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight, bottomLeft,
            bottomRight
    }
}

/// A view that shows a picture, laid out by its `contentMode` (`.scaleToFill` by default), over
/// its background and under its border; cut to its bounds' shape when it clips to them. As UIKit's,
/// it takes no touches unless you enable them, and `init(image:)` makes it the picture's size.
open class UIImageView: UIView {
    open var image: UIImage?

    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Its picture's size (no picture: zero), as UIKit's.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }
}

/// The traits an image is looked up for: the display's scale (the appearance is the scene's own).
open class UITraitCollection: NSObject {
    public let displayScale: CGFloat
    public init(displayScale scale: CGFloat) {
        displayScale = scale
        super.init()
    }
}
