import SpringyCore
import SpringyDynamics
import SpringyFrame

/// The keys of the scene's top level and its small sections (viewport, time, golden, free items,
/// style), one table each: SceneDecoder reads them, and SCENE-FORMAT's top-level reference is
/// generated from them.
package enum TopLevelKeys {
    package static let scene = KeyTable(
        "(top level)",
        [
            SceneKey("springy", "whole number", range: 1...1, default: "required", "the format's version: 1"),
            SceneKey("name", "text", default: "the file's name", "shown in reports and the docs gallery"),
            SceneKey("viewport", "mapping", default: "required", "the reference view (`viewport`)"),
            SceneKey("time", "mapping", default: "60 fps for 2 s", "frames and steps (`time`)"),
            SceneKey("defaults", "item properties", default: "UIKit's", "properties of bodies no `item` behavior sets"),
            SceneKey("style", "mapping", default: "Springy's light style", "colours, fonts and overlays (`style`)"),
            SceneKey("golden", "mapping", default: "frames 0 and last", "what the golden test checks (`golden`)"),
            SceneKey("collection", "mapping", default: "none", "a collection view (`collection`)"),
            SceneKey("items", "mapping of name → item", default: "none", "free views (`items.<name>`)"),
            SceneKey("behaviors", "[behavior]", default: "none", "UIKit Dynamics behaviors (`behaviors[]`)"),
            SceneKey("script", "[event]", default: "none", "what happens when (`script[]`)"),
            SceneKey("solver", "{ springs: poles | stiffness }", default: "poles", "how springs become Box2D joints"),
            SceneKey("groups", "mapping of name → [item]", default: "none", "UIDynamicItemGroup: items moved as one body"),
        ])

    package static let viewport = KeyTable(
        "viewport",
        [
            SceneKey("size", "[w, h]", unit: "pt", default: "required", "the reference view's (or collection view's) bounds"),
            SceneKey("scale", "whole number", range: 1...3, unit: "px/pt", default: "2", "pixels per point"),
            SceneKey("background", "colour", default: "#FFFFFF", "behind everything (#RRGGBBAA for transparency)"),
        ])

    package static let time = KeyTable(
        "time",
        [
            SceneKey("fps", "whole number", range: 1...240, unit: "frames/s", default: "60", "output frames per second"),
            SceneKey(
                "duration", "number", range: 0...1e9, lowerOpen: true, unit: "s", default: "2", "how long; not with `until`"),
            SceneKey("until", "rest", default: "", "run until nothing moves and the script has ended"),
            SceneKey(
                "max_duration", "number", range: 0...1e9, lowerOpen: true, unit: "s", default: "10",
                "with `until: rest`: at most this long"),
            SceneKey(
                "step_rate", "whole number", range: 30...10_000, unit: "steps/s", default: "120",
                "fixed solver steps (UIKit's 120)"),
        ])

    package static let golden = KeyTable(
        "golden",
        [
            SceneKey("frames", "[whole number | last]", default: "[0, last]", "the frames compared"),
            SceneKey(
                "tolerance", "{ channel, pixels }", default: "{ 2, 0.001 }", "how far a pixel may differ (`golden.tolerance`)"),
            SceneKey(
                "trace", "{ position, size, angle, alpha } | false", default: "on",
                "the trace golden's tolerances (`golden.trace`)"),
            SceneKey(
                "hashes", "bool", default: "false",
                "also pin every frame's pixels as drawn by a hash (`frames.tsv`): every frame covered, PNGs only for `frames`"),
        ])

    package static let goldenTolerance = KeyTable(
        "golden.tolerance",
        [
            SceneKey("channel", "whole number", range: 0...255, default: "2", "per-channel difference allowed"),
            SceneKey("pixels", "number", range: 0...1, default: "0.001", "fraction of pixels allowed past it"),
        ])

    package static let goldenTrace = KeyTable(
        "golden.trace",
        [
            SceneKey("position", "number", range: 0...1e6, unit: "pt", default: "0.01", "centres"),
            SceneKey("size", "number", range: 0...1e6, unit: "pt", default: "0.01", "sizes"),
            SceneKey("angle", "number", range: 0...360, unit: "degrees", default: "0.01", "angles"),
            SceneKey("alpha", "number", range: 0...1, default: "0.001", "opacity"),
        ])

    package static let item = KeyTable(
        "items.<name>",
        [
            SceneKey("center", "[x, y]", unit: "pt", default: "required", "where it starts"),
            SceneKey("size", "[w, h]", unit: "pt", default: "required", "its bounds"),
            SceneKey("fill", "colour", default: "#007AFF", "its colour"),
            SceneKey("label", "text", default: "none", "drawn at its centre"),
            SceneKey(
                "shape", "rectangle | ellipse | path", default: "rectangle",
                "its collision bounds type (UIDynamicItemCollisionBoundsType)"),
            SceneKey("angle", "number", unit: "degrees", default: "0", "its start angle"),
            SceneKey("alpha", "number", range: 0...1, default: "1", "its opacity before any animation (UIView.alpha)"),
            SceneKey(
                "scale", "number or [sx, sy]", range: -100...100, default: "1",
                "its transform's scale before any animation (UIView.transform); drawn only: its body keeps its size"),
            SceneKey(
                "hidden", "bool", default: "false",
                "not drawn (UIView.isHidden) until an animation's `to: { hidden: false }`; its body still moves"),
            SceneKey(
                "path", "[[x, y], ...]", unit: "pt", default: "",
                "shape path: its outline, from its centre (convex pieces of ≤ 8 points)"),
            SceneKey(
                "corner_radius", "number", range: 0...1e6, unit: "pt", default: "the style's", "its corners (layer.cornerRadius)"),
            SceneKey("corners", "circular | continuous", default: "the style's", "its corner curve (layer.cornerCurve)"),
            SceneKey("border", "{ width, color }", default: "none", "a border inside its shape (layer.borderWidth, borderColor)"),
            SceneKey("shadow", "{ opacity, color, radius, offset }", default: "none", "a shadow under it (layer.shadow…)"),
            SceneKey("text_color", "colour", default: "the style's", "its label's colour (UILabel.textColor)"),
            SceneKey(
                "font_size", "number", range: 0...500, lowerOpen: true, unit: "pt", default: "the style's", "its label's size"),
            SceneKey(
                "text_align", TextAlignment.allCases.map(\.rawValue).joined(separator: " | "), default: "center",
                "where its label's lines sit (UILabel.textAlignment)"),
            SceneKey(
                "lines", "whole number", range: 0...1000, default: "1",
                "its label's lines at most, broken at spaces (UILabel.numberOfLines; 0: as many as fit)"),
            SceneKey(
                "line_break", LineBreak.allCases.map(\.rawValue).joined(separator: " | "), default: "truncate_tail",
                "how its label's text breaks and is cut where it does not fit (UILabel.lineBreakMode)"),
            SceneKey(
                "image", "path", default: "none",
                "a PNG beside the scene file (its folder or below; `@2x`, `@3x` in its name for its scale) drawn over the fill (UIImageView.image)"
            ),
            SceneKey(
                "content_mode", ContentMode.allCases.map(\.rawValue).joined(separator: " | "), default: "scale_to_fill",
                "how the image sits in its bounds (UIView.ContentMode)"),
            SceneKey("clips", "bool", default: "false", "the image is cut to its shape (clipsToBounds)"),
        ])
    /// `items.<name>.border`: CALayer's border, drawn inside the item's shape.
    package static let border = KeyTable(
        "items.<name>.border",
        [
            SceneKey("width", "number", range: 0...1e3, unit: "pt", default: "required", "its width (borderWidth)"),
            SceneKey("color", "colour", default: "#000000", "its colour (borderColor)"),
        ])
    /// `items.<name>.shadow`: CALayer's shadow, with its defaults but the opacity.
    package static let shadow = KeyTable(
        "items.<name>.shadow",
        [
            SceneKey("opacity", "number", range: 0...1, default: "required", "how dark (shadowOpacity)"),
            SceneKey("color", "colour", default: "#000000", "its colour (shadowColor)"),
            SceneKey("radius", "number", range: 0...1e3, unit: "pt", default: "3", "how soft (shadowRadius)"),
            SceneKey("offset", "[x, y]", unit: "pt", default: "[0, -3]", "where it falls, in the item's own turn (shadowOffset)"),
        ])

    package static let style = KeyTable(
        "style",
        [
            SceneKey(
                "appearance", Appearance.allCases.map(\.rawValue).joined(separator: " | "), default: "none",
                "iOS's light or dark system colours for what the scene does not set"),
            SceneKey(
                "chrome", Chrome.allCases.map(\.rawValue).joined(separator: " | "), default: "none",
                "a status bar or device frame"),
            SceneKey(
                "safe_area", "bool", default: "true",
                "with chrome: a vertical collection's content clears the status bar and home indicator"),
            SceneKey(
                "corners", CornerCurve.allCases.map(\.rawValue).joined(separator: " | "), default: "circular",
                "cells' corner curve"),
            SceneKey("separators", "bool", default: "false (iOS-look lists: true)", "list rows' separators"),
            SceneKey("font", FontChoice.allCases.map(\.rawValue).joined(separator: " | "), default: "dejavu", "the pinned font"),
            SceneKey("cell", "colour", default: "#8E8E93", "cells"),
            SceneKey("cell_selected", "colour", default: "#FF3B30", "selected cells"),
            SceneKey("palette", "[colour]", default: "none", "cells take these in turn, by stable identity"),
            SceneKey("palette_seed", "whole number", range: 0...1e9, default: "", "24 seeded colours instead of `palette`"),
            SceneKey("text", "colour", default: "black or white by contrast", "labels"),
            SceneKey("header", "colour", default: "#D1D1D6", "section headers"),
            SceneKey("header_text", "colour", default: "#1C1C1E", "headers' titles"),
            SceneKey("corner_radius", "number", range: 0...1e9, unit: "pt", default: "8 (list rows: 0)", "cells' corners"),
            SceneKey("font_size", "number", range: 0...500, lowerOpen: true, unit: "pt", default: "17", "labels"),
            SceneKey("header_font_size", "number", range: 0...500, lowerOpen: true, unit: "pt", default: "15", "headers"),
            SceneKey("springs", "bool", default: "false", "draw springs as lines"),
            SceneKey("spring_color", "colour", default: "#007AFF", "their colour"),
            SceneKey("spring_width", "number", range: 0...100, lowerOpen: true, unit: "pt", default: "1.5", "their width"),
            SceneKey("finger", "bool", default: "false", "draw the fingers"),
            SceneKey("coils", "bool", default: "false", "draw springs as coils"),
            SceneKey("anchors", "bool", default: "false", "draw attachment anchors"),
            SceneKey("velocity_arrows", "bool", default: "false", "draw each body's velocity"),
            SceneKey("boundaries", "bool", default: "false", "draw collision boundaries and outlines"),
            SceneKey("contacts", "bool", default: "false", "flash contact points"),
            SceneKey("clock", "bool", default: "false", "the frame's time in a corner"),
            SceneKey(
                "text_overflow", TextOverflow.allCases.map(\.rawValue).joined(separator: " | "), default: "truncate",
                "labels too long for their cell"),
            SceneKey("section_background", "colour", default: "#E5E5EA", "flow sections' decoration views"),
        ])

    package static let solver = KeyTable(
        "solver",
        [
            SceneKey(
                "springs", SpringModel.allCases.map(\.rawValue).joined(separator: " | "), default: "poles",
                "how springs become Box2D joints: period and decay exact, or stiffness exact (DYNAMICS.md)")
        ])

    package static let all: [KeyTable] = [
        scene, viewport, time, golden, goldenTolerance, goldenTrace, item, border, shadow, style, solver,
    ]
}
