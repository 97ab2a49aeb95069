import StoryDomain

/// How a time of day colours the picture: sky gradient, sun or moon, stars and the tint laid
/// over the landscape.
struct Lighting: Sendable {
    enum Orb: Sendable {
        /// A sun at (x as a fraction of the width, y in scene units) with a radius and colour.
        case sun(x: Double, y: Double, radius: Double, color: PaintColor)
        /// A moon; `crescent` cuts a bite out of it.
        case moon(x: Double, y: Double, radius: Double, crescent: Bool)
    }

    var time: TimeOfDay
    /// Sky gradient stops from the top (0) to the horizon (1).
    var skyStops: [(Double, PaintColor)]
    var orb: Orb
    var starCount: Int
    /// Laid over the landscape (not the sky, not the figures) to give it the hour's light.
    var tint: PaintColor
    var tintAlpha: Double
    /// Dusk and night: windows glow, lanterns shine.
    var isDark: Bool { time == .dusk || time == .night }
    /// Whether to draw a few soft clouds.
    var clouds: Bool

    init(time: TimeOfDay, palette: Palette) {
        self.time = time
        let paletteSky = PaintColor(palette.sky)
        switch time {
        case .morning:
            skyStops = [(0, PaintColor(0.60, 0.80, 0.96).mixed(with: paletteSky, 0.3)),
                        (0.65, PaintColor(0.90, 0.90, 0.92)), (1, PaintColor(1.0, 0.84, 0.72))]
            orb = .sun(x: 0.18, y: 250, radius: 34, color: PaintColor(1.0, 0.93, 0.70))
            starCount = 0
            tint = PaintColor(1.0, 0.85, 0.75); tintAlpha = 0.08
            clouds = true
        case .afternoon:
            skyStops = [(0, PaintColor(0.22, 0.54, 0.92).mixed(with: paletteSky, 0.3)),
                        (1, PaintColor(0.66, 0.86, 0.99).mixed(with: paletteSky, 0.2))]
            orb = .sun(x: 0.82, y: 84, radius: 40, color: PaintColor(1.0, 0.90, 0.35))
            starCount = 0
            tint = .white; tintAlpha = 0
            clouds = true
        case .goldenHour:
            skyStops = [(0, PaintColor(0.42, 0.58, 0.86)), (0.6, PaintColor(0.98, 0.82, 0.58)),
                        (1, PaintColor(1.0, 0.72, 0.38))]
            orb = .sun(x: 0.76, y: 232, radius: 42, color: PaintColor(1.0, 0.80, 0.35))
            starCount = 0
            tint = PaintColor(1.0, 0.65, 0.25); tintAlpha = 0.14
            clouds = true
        case .sunset:
            skyStops = [(0, PaintColor(0.30, 0.24, 0.52)), (0.45, PaintColor(0.90, 0.42, 0.52)),
                        (0.8, PaintColor(1.0, 0.58, 0.32)), (1, PaintColor(1.0, 0.78, 0.42))]
            orb = .sun(x: 0.70, y: 318, radius: 50, color: PaintColor(1.0, 0.55, 0.25))
            starCount = 0
            tint = PaintColor(0.95, 0.40, 0.35); tintAlpha = 0.2
            clouds = true
        case .dusk:
            skyStops = [(0, PaintColor(0.13, 0.11, 0.33)), (0.55, PaintColor(0.42, 0.30, 0.58)),
                        (1, PaintColor(0.85, 0.55, 0.62))]
            orb = .moon(x: 0.80, y: 220, radius: 30, crescent: false)
            starCount = 18
            tint = PaintColor(0.30, 0.20, 0.50); tintAlpha = 0.38
            clouds = false
        case .night:
            skyStops = [(0, PaintColor(0.02, 0.04, 0.16)), (0.7, PaintColor(0.07, 0.11, 0.30)),
                        (1, PaintColor(0.14, 0.20, 0.42))]
            orb = .moon(x: 0.78, y: 92, radius: 34, crescent: true)
            starCount = 90
            tint = PaintColor(0.04, 0.07, 0.25); tintAlpha = 0.55
            clouds = false
        }
    }
}
