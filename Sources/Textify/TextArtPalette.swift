/// The characters text art is drawn with.
public enum TextArtPalette: String, Sendable, CaseIterable, Equatable {
    /// Ten printable ASCII characters from empty to dense: shows in every font.
    case ascii
    /// Unicode shade blocks ░▒▓█: smooth tones in fonts that have them.
    case blocks
    /// Braille patterns: 2×4 dots per character, for fine detail (on or off per dot).
    case braille
    /// Printable ASCII matched to each cell's shape and tone (``GlyphMatcher``, from DejaVu Sans
    /// Mono's glyphs): edges become `|`, `-`, `/`, `_`, `(`…, flat areas glyphs of their tone.
    case shapes

    /// The tones from no ink to full ink (for Braille: a dot off, a dot on; for shapes, every
    /// glyph from the least ink to the most).
    public var ramp: [Character] {
        switch self {
        case .ascii: Array(" .:-=+*#%@")
        case .blocks: Array(" ░▒▓█")
        case .braille: ["\u{2800}", "\u{28FF}"]
        case .shapes: GlyphMatcher.dejaVuSansMono.rampByInk
        }
    }

    /// How many picture samples one character stands for, across and down.
    public var samplesPerCharacter: (across: Int, down: Int) {
        switch self {
        case .ascii, .blocks: (1, 1)
        case .braille: (2, 4)
        case .shapes: (GlyphMatcher.dejaVuSansMono.across, GlyphMatcher.dejaVuSansMono.down)
        }
    }
}
