/// How a picture becomes text art.
public struct TextArtOptions: Sendable, Equatable {
    /// Characters per line (clamped to ``TextArtLayout/columnRange``).
    public var columns: Int
    /// Lines; nil: from the picture's shape and a character cell twice as tall as wide.
    public var rows: Int?
    public var palette: TextArtPalette
    /// Floyd–Steinberg error diffusion: spreads each cell's rounding error onto its neighbours,
    /// so smooth tones show as a mix of characters instead of bands.
    public var dither: Bool
    /// False: bright parts get the dense characters (light text on a dark background, as in
    /// terminals and Discord's dark theme). True: dark parts do (dark text on light paper).
    public var invert: Bool
    /// Levels, contrast and gamma, applied to the sampled picture.
    public var tone: ToneAdjustment
    /// Draws the picture's outlines (where its shade changes) instead of its shades: ink on the
    /// edges and none elsewhere, so the art reads the same on a dark screen and a light one
    /// (`invert` and `tone` do not apply).
    public var outline: Bool

    public init(columns: Int = 60, rows: Int? = nil, palette: TextArtPalette = .ascii, dither: Bool = false,
                invert: Bool = false, tone: ToneAdjustment = .none, outline: Bool = false) {
        self.columns = columns
        self.rows = rows
        self.palette = palette
        self.dither = dither
        self.invert = invert
        self.tone = tone
        self.outline = outline
    }

    /// Settings that suit storybook pictures (mostly soft middle tones): levels stretched and
    /// tones spread (equalization 0.8), so hero, companion and sun stand out from sky and grass.
    public static func storybook(columns: Int, palette: TextArtPalette = .shapes, invert: Bool = false) -> TextArtOptions {
        TextArtOptions(columns: columns, palette: palette, dither: palette == .braille, invert: invert,
                       tone: ToneAdjustment(autoLevels: true, equalization: 0.8))
    }

    /// A line drawing for chats whose background is unknown (Discord's dark or light theme, on a
    /// phone or a computer): the picture's outlines in Braille dots, which read the same on both.
    public static func lineDrawing(columns: Int, palette: TextArtPalette = .braille) -> TextArtOptions {
        TextArtOptions(columns: columns, palette: palette, outline: true)
    }
}
