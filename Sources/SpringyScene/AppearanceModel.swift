import SpringyCore

/// iOS's light and dark appearances: the system colours a screen is drawn in.
package enum Appearance: String, Sendable, CaseIterable {
    case light, dark

    /// UIColor.systemBackground.
    package var background: Color { Color(hex: self == .light ? "#FFFFFF" : "#000000")! }
    /// UIColor.label.
    package var label: Color { Color(hex: self == .light ? "#000000" : "#FFFFFF")! }
    /// UIColor.opaqueSeparator.
    package var separator: Color { Color(hex: self == .light ? "#C6C6C8" : "#38383A")! }
    /// UIColor.systemGroupedBackground.
    package var groupedBackground: Color { Color(hex: self == .light ? "#F2F2F7" : "#000000")! }
    /// UIColor.secondarySystemGroupedBackground: cells in a grouped list.
    package var secondaryGroupedBackground: Color { Color(hex: self == .light ? "#FFFFFF" : "#1C1C1E")! }
    /// UIColor.systemGray5: neutral cells.
    package var gray5: Color { Color(hex: self == .light ? "#E5E5EA" : "#2C2C2E")! }
    /// UIColor.systemGray6.
    package var gray6: Color { Color(hex: self == .light ? "#F2F2F7" : "#1C1C1E")! }
    /// UIColor.systemBlue (the default tint).
    package var tint: Color { Color(hex: self == .light ? "#007AFF" : "#0A84FF")! }
    /// A grouped list's section header text (secondary label, opaque).
    package var secondaryLabel: Color { Color(hex: self == .light ? "#6D6D72" : "#8D8D93")! }
}

/// What is drawn around the screen: nothing, iOS's status bar (and home indicator on
/// notch-era sizes), or that inside a device frame.
package enum Chrome: String, Sendable, CaseIterable {
    case none
    case statusBar = "status_bar"
    case device
}

/// The scene's text face: DejaVu Sans (the default), or Inter (close to iOS's system font)
/// with DejaVu Sans for the characters Inter lacks.
package enum FontChoice: String, Sendable, CaseIterable { case dejavu, inter }

/// How rounded corners are drawn: circular arcs, or iOS's continuous (smoothed) curve.
package enum CornerCurve: String, Sendable, CaseIterable { case circular, continuous }

extension Style {
    /// Applies an appearance's system colours to every colour the scene did not give (`given`
    /// holds the style keys it did).
    package mutating func apply(_ appearance: Appearance, given: [String]) {
        self.appearance = appearance
        if !given.contains("cell") { cell = appearance.gray5 }
        if !given.contains("cell_selected") { cellSelected = appearance.tint }
        if !given.contains("header") { header = appearance.groupedBackground }
        if !given.contains("header_text") { headerText = appearance.secondaryLabel }
        if !given.contains("section_background") { sectionBackground = appearance.gray6 }
        if !given.contains("spring_color") { springColor = appearance.tint }
        if !given.contains("corners") { corners = .continuous }
        if !given.contains("font") { font = .inter }
    }
}

extension Style {
    /// A plain list's look, as UITableView's plain style draws it, for what the scene did not
    /// give: square rows (a table's cells have no corners); with an appearance, rows in the
    /// screen's own background (systemBackground, or `viewport.background`), told apart by
    /// separators, which are on.
    mutating func applyPlainList(_ background: Color) {
        if !given.contains("corner_radius") { cornerRadius = 0 }
        // UITableView's separatorStyle is .singleLine unless told otherwise.
        if appearance != nil && !given.contains("separators") { separators = true }
        if appearance != nil && !given.contains("cell") && !given.contains("palette") && !given.contains("palette_seed") {
            cell = background
        }
    }

    /// A collection view's section headers with an appearance: supplementary views with no
    /// background of their own (no band), their titles in the label colour.
    mutating func applyCollectionHeaders() {
        guard let appearance else { return }
        if !given.contains("header") { header = Color(r: 0, g: 0, b: 0, a: 0) }
        if !given.contains("header_text") { headerText = appearance.label }
    }

    /// An inset-grouped list's look, as iOS Settings draws it, for what the scene did not give:
    /// rows in secondarySystemGroupedBackground (white, or #1C1C1E dark), headers without a
    /// band (their title in the secondary label colour), separators between rows.
    mutating func applyInsetGrouped(_ appearance: Appearance) {
        if !given.contains("cell") && !given.contains("palette") && !given.contains("palette_seed") {
            cell = appearance.secondaryGroupedBackground
        }
        if !given.contains("header") { header = Color(r: 0, g: 0, b: 0, a: 0) }
        if !given.contains("header_text") { headerText = appearance.secondaryLabel }
        if !given.contains("separators") { separators = true }
    }
}

extension Style {
    /// The layout's own look over the appearance's colours, for what the scene did not give:
    /// an inset-grouped list's (and the screen's grouped background, unless the viewport names
    /// one), a plain list's, or a collection's headers.
    package mutating func applyLayoutLook(_ layout: LayoutSpec, background: inout Color, backgroundGiven: Bool) {
        if layout.insetGrouped {
            let a = appearance ?? .light
            applyInsetGrouped(a)
            if !backgroundGiven { background = a.groupedBackground }
        } else if layout.kind == .list {
            applyPlainList(background)
        } else {
            applyCollectionHeaders()
        }
    }
}

extension Scene {
    /// The scene in iOS's colours of `appearance` (a DocC catalogue's `~dark` picture): every
    /// colour of its style and its screen's background become that appearance's system
    /// colours — its palette and its views' own fills are kept — and then the layout's own
    /// look applies as the decoder applies it (a plain list's rows in the screen's background,
    /// an inset-grouped list's, a collection's headers), so a plain list's dark rows are black
    /// as they are with `appearance: dark`, not systemGray5.
    package func inAppearance(_ appearance: Appearance) -> Scene {
        var s = self
        s.style.given = style.given.filter { $0 == "palette" || $0 == "palette_seed" }
        s.style.apply(appearance, given: s.style.given)
        s.viewport.background = appearance.background
        if let layout = collection?.layout {
            s.style.applyLayoutLook(layout, background: &s.viewport.background, backgroundGiven: false)
        }
        return s
    }
}
