import StoryDomain

/// Paints everything behind the figures: sky and light for the hour, and the story's setting.
///
/// Works in scene units: the picture is `height` (512) units tall and `width` units wide; the
/// horizon sits at `horizon`. Layout comes from a per-story `world` generator (the same on every
/// page) shifted by a per-page `pan`, so pages differ a little but show the same place.
final class SceneryPainter {
    let canvas: CairoCanvas
    let width: Double
    let height: Double
    let setting: StorySetting
    let light: Lighting
    let pan: Double
    let horizon: Double = 330
    let ground: PaintColor
    let accent: PaintColor
    let skyTint: PaintColor
    /// Whether the bedroom shows its own bed (at bedtime the beds are drawn round their sleepers instead).
    var showsBed = true
    /// Warm lights (windows, lamps) collected while painting the land, lit after the tint.
    private var lamps: [(x: Double, y: Double, w: Double, h: Double)] = []

    init(canvas: CairoCanvas, width: Double, height: Double, sheet: CharacterSheet, setting: StorySetting? = nil,
         light: Lighting, pan: Double) {
        self.canvas = canvas
        self.width = width
        self.height = height
        self.setting = setting ?? sheet.setting
        self.light = light
        self.pan = pan
        self.ground = PaintColor(sheet.palette.ground)
        self.accent = PaintColor(sheet.palette.accent)
        self.skyTint = PaintColor(sheet.palette.sky)
    }

    func rnd(_ g: inout SeededGenerator, _ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &g)
    }

    var leafGreen: PaintColor { PaintColor(0.25, 0.55, 0.30).mixed(with: ground, 0.2) }
    var horizonColor: PaintColor { light.skyStops.last?.1 ?? .white }

    /// Paints sky and setting. `world` must be seeded per story; `page` per page.
    func paint(world: inout SeededGenerator, page: inout SeededGenerator) {
        switch setting {
        case .home:
            paintHome(world: &world)
        case .underwater:
            canvas.tintedGroup(tint: light.tint, tintAlpha: light.tintAlpha * 0.8) { paintUnderwater(world: &world) }
            bubbles(page: &page)
        case .space:
            paintSpace(world: &world)
        case .school:
            paintSchool(world: &world)
        case .library:
            RoomPainter(canvas: canvas, width: width, height: height, light: light, accent: accent).paint(.library, ovenX: nil)
        default:
            paintSky(stars: SeededGenerator(seed: 0x5EED, salt: "stars"), cloudSeed: &world)
            canvas.tintedGroup(tint: light.tint, tintAlpha: light.tintAlpha) { paintLand(world: &world, page: &page) }
        }
        lightLamps()
        if setting == .snow { snowfall(page: &page) }
    }

    /// A soft darkening of the corners, painted before the figures.
    func vignette() {
        let cx = width / 2, cy = height * 0.55
        let r = (width * width + height * height).squareRoot() * 0.55
        canvas.setRadialGradient(x: cx, y: cy, r0: r * 0.55, r1: r,
                                 stops: [(0, .black, 0), (1, PaintColor(0.05, 0.03, 0.12), light.isDark ? 0.45 : 0.25)])
        canvas.rect(0, 0, width, height)
        canvas.fill()
    }

    // MARK: Sky

    /// The outdoor sky seen through a room's window: clipped to the frame and squeezed into it.
    private func paintSkyThroughWindow(x: Double, y: Double, width windowWidth: Double, height windowHeight: Double,
                                       skyOffset: Double, clouds: SeededGenerator) {
        canvas.layer {
            canvas.rect(x, y, windowWidth, windowHeight)
            canvas.clip()
            canvas.translate(x - skyOffset, y)
            canvas.scale(1, windowHeight / (horizon + 20))
            var clouds = clouds
            paintSky(stars: SeededGenerator(seed: 0x5EED, salt: "stars"), cloudSeed: &clouds)
        }
    }

    private func paintSky(stars: SeededGenerator, cloudSeed: inout SeededGenerator) {
        canvas.setLinearGradient(x0: 0, y0: 0, x1: 0, y1: horizon + 20, stops: light.skyStops.map { ($0.0, $0.1, 1) })
        canvas.rect(0, 0, width, horizon + 40)
        canvas.fill()
        var starGen = stars
        paintStars(count: light.starCount, maxY: horizon - 40, gen: &starGen)
        paintOrb()
        if light.clouds {
            let cloudColor = PaintColor.white.mixed(with: horizonColor, light.time == .afternoon ? 0.05 : 0.45)
            for i in 0..<3 {
                let x = Double(i) * width / 3 + rnd(&cloudSeed, 20...width / 3 - 60) + pan * 0.3
                cloud(x: x, y: rnd(&cloudSeed, 60...170), size: rnd(&cloudSeed, 0.7...1.2), color: cloudColor)
            }
        }
    }

    private func paintStars(count: Int, maxY: Double, gen: inout SeededGenerator) {
        guard count > 0 else { return }
        let starColor = PaintColor(1, 0.97, 0.85)
        for i in 0..<count {
            let x = rnd(&gen, 0...width), y = rnd(&gen, 0...maxY)
            let r = rnd(&gen, 0.8...2.0)
            let a = rnd(&gen, 0.5...1.0) * (1 - y / (maxY * 1.4))
            if i % 9 == 0 {
                sparkle(x: x, y: y, size: r * 3.5, color: starColor, alpha: a)
            } else {
                canvas.circle(x, y, r)
                canvas.fill(starColor, alpha: a)
            }
        }
    }

    /// A four-pointed twinkle.
    func sparkle(x: Double, y: Double, size: Double, color: PaintColor, alpha: Double) {
        let s = size, t = size * 0.22
        canvas.moveTo(x, y - s)
        canvas.curveTo(x + t * 0.3, y - t, x + t, y - t * 0.3, x + s, y)
        canvas.curveTo(x + t, y + t * 0.3, x + t * 0.3, y + t, x, y + s)
        canvas.curveTo(x - t * 0.3, y + t, x - t, y + t * 0.3, x - s, y)
        canvas.curveTo(x - t, y - t * 0.3, x - t * 0.3, y - t, x, y - s)
        canvas.closePath()
        canvas.fill(color, alpha: alpha)
    }

    private func paintOrb() {
        switch light.orb {
        case let .sun(fx, y, radius, color):
            let x = fx * width + pan * 0.1
            canvas.glow(x: x, y: y, radius: radius * 4, color: color, alpha: 0.45)
            canvas.setRadialGradient(x: x - radius * 0.3, y: y - radius * 0.3, r0: 0, r1: radius * 1.2,
                                     stops: [(0, color.lighter(0.6), 1), (1, color, 1)])
            canvas.circle(x, y, radius)
            canvas.fill()
        case let .moon(fx, y, radius, crescent):
            let x = fx * width + pan * 0.1
            let moonColor = PaintColor(1.0, 0.96, 0.80)
            canvas.glow(x: x, y: y, radius: radius * 4, color: PaintColor(0.85, 0.85, 1.0), alpha: 0.3)
            // Everything below stays inside the moon's disc (the crescent only erases).
            let margin = 2.0
            canvas.group(bounds: (x - radius - margin, y - radius - margin, 2 * (radius + margin), 2 * (radius + margin))) {
                canvas.circle(x, y, radius)
                canvas.fill(moonColor)
                if crescent {
                    canvas.circle(x + radius * 0.55, y - radius * 0.25, radius * 0.9)
                    canvas.erase()
                } else {
                    canvas.circle(x - radius * 0.3, y + radius * 0.2, radius * 0.22)
                    canvas.fill(moonColor.darker(0.08))
                    canvas.circle(x + radius * 0.35, y - radius * 0.3, radius * 0.15)
                    canvas.fill(moonColor.darker(0.08))
                }
            }
        }
    }

    func cloud(x: Double, y: Double, size s: Double, color: PaintColor) {
        canvas.ellipse(x, y + 8 * s, 62 * s, 16 * s)
        canvas.circle(x - 30 * s, y, 22 * s)
        canvas.circle(x + 2 * s, y - 12 * s, 30 * s)
        canvas.circle(x + 32 * s, y + 2 * s, 20 * s)
        canvas.fill(color, alpha: 0.88)
    }

    // MARK: Shared shapes

    /// A band of rolling land from `baseY` to the bottom of the picture.
    func hills(baseY: Double, amplitude: Double, wavelength: Double, phase: Double, color: PaintColor,
                       shade: Bool = true, parallax: Double = 0.5) {
        let step = 16.0
        canvas.moveTo(-10, height + 10)
        var x = -10.0
        while x <= width + step {
            let shifted = x - pan * parallax
            let y = baseY - amplitude * (0.6 * sinApprox(shifted / wavelength + phase) + 0.4 * sinApprox(shifted / (wavelength * 0.43) + phase * 1.7))
            canvas.lineTo(x, y)
            x += step
        }
        canvas.lineTo(width + 10, height + 10)
        canvas.closePath()
        if shade {
            canvas.setLinearGradient(x0: 0, y0: baseY - amplitude, x1: 0, y1: height,
                                     stops: [(0, color.lighter(0.08), 1), (1, color.darker(0.12), 1)])
            canvas.fill()
        } else {
            canvas.fill(color)
        }
    }

    private func sinApprox(_ v: Double) -> Double {
        // Bhaskara-free smooth periodic curve with no Foundation dependency.
        let t = v.truncatingRemainder(dividingBy: 2 * .pi)
        let u = t < 0 ? t + 2 * .pi : t
        let x = u > .pi ? u - .pi : u
        let s = 16 * x * (.pi - x) / (5 * .pi * .pi - 4 * x * (.pi - x))
        return u > .pi ? -s : s
    }

    private func pineTree(x: Double, baseY: Double, height h: Double, color: PaintColor, snow: Bool = false) {
        canvas.rect(x - h * 0.04, baseY - h * 0.18, h * 0.08, h * 0.18)
        canvas.fill(PaintColor(0.42, 0.28, 0.18))
        for i in 0..<3 {
            let fi = Double(i)
            let top = baseY - h + fi * h * 0.22
            let bottom = baseY - h * 0.12 - (2 - fi) * h * 0.2
            let half = h * (0.2 + fi * 0.07)
            canvas.polygon([(x, top), (x + half, bottom), (x - half, bottom)])
            canvas.fill(color.lighter(0.04 * fi))
            if snow {
                canvas.polygon([(x, top), (x + half * 0.45, top + (bottom - top) * 0.45), (x, top + (bottom - top) * 0.35),
                                (x - half * 0.45, top + (bottom - top) * 0.45)])
                canvas.fill(PaintColor(0.96, 0.97, 1.0))
            }
        }
    }

    func roundTree(x: Double, baseY: Double, height h: Double, color: PaintColor) {
        canvas.roundedRect(x - h * 0.05, baseY - h * 0.45, h * 0.1, h * 0.45, radius: h * 0.03)
        canvas.fill(PaintColor(0.45, 0.30, 0.18))
        canvas.circle(x, baseY - h * 0.72, h * 0.28)
        canvas.circle(x - h * 0.2, baseY - h * 0.55, h * 0.2)
        canvas.circle(x + h * 0.2, baseY - h * 0.56, h * 0.21)
        canvas.fill(color)
        canvas.circle(x - h * 0.08, baseY - h * 0.8, h * 0.12)
        canvas.fill(color.lighter(0.18), alpha: 0.7)
    }

    func flower(x: Double, y: Double, size s: Double, color: PaintColor) {
        canvas.moveTo(x, y)
        canvas.lineTo(x, y + s * 2.2)
        canvas.stroke(leafGreen.darker(0.1), width: max(1.2, s * 0.25))
        for i in 0..<5 {
            let a = Double(i) * 2 * .pi / 5
            canvas.circle(x + s * 0.8 * cosApprox(a), y + s * 0.8 * sinApprox(a), s * 0.6)
        }
        canvas.fill(color)
        canvas.circle(x, y, s * 0.45)
        canvas.fill(PaintColor(1.0, 0.85, 0.25))
    }

    private func cosApprox(_ v: Double) -> Double { sinApprox(v + .pi / 2) }

    private func house(x: Double, baseY: Double, w: Double, h: Double, wall: PaintColor, roof: PaintColor) {
        canvas.rect(x, baseY - h, w, h)
        canvas.fill(wall)
        canvas.polygon([(x - w * 0.1, baseY - h), (x + w / 2, baseY - h - w * 0.55), (x + w * 1.1, baseY - h)])
        canvas.fill(roof)
        canvas.roundedRect(x + w * 0.38, baseY - h * 0.45, w * 0.24, h * 0.45, radius: w * 0.06)
        canvas.fill(roof.darker(0.3))
        for wx in [x + w * 0.12, x + w * 0.68] {
            let wy = baseY - h * 0.82, ww = w * 0.2, wh = h * 0.26
            canvas.rect(wx, wy, ww, wh)
            canvas.fill(PaintColor(0.55, 0.70, 0.85).darker(light.isDark ? 0.5 : 0))
            lamps.append((wx, wy, ww, wh))
        }
    }

    private func fence(y: Double, color: PaintColor) {
        canvas.rect(0, y - 34, width, 5)
        canvas.rect(0, y - 16, width, 5)
        var x = (pan * 0.9).truncatingRemainder(dividingBy: 26) - 26
        while x < width + 26 {
            canvas.polygon([(x, y), (x, y - 44), (x + 5, y - 50), (x + 10, y - 44), (x + 10, y)])
            x += 26
        }
        canvas.fill(color)
    }

    // MARK: Land settings

    private func paintLand(world: inout SeededGenerator, page: inout SeededGenerator) {
        let far = ground.mixed(with: horizonColor, 0.45)
        switch setting {
        case .forest:
            hills(baseY: horizon - 10, amplitude: 22, wavelength: 90, phase: 1, color: far, parallax: 0.2)
            for i in 0..<10 {
                let x = Double(i) * width / 9 + rnd(&world, -25...25) + pan * 0.35
                pineTree(x: x, baseY: horizon + 10, height: rnd(&world, 110...170), color: leafGreen.mixed(with: far, 0.4))
            }
            hills(baseY: horizon + 25, amplitude: 10, wavelength: 120, phase: 2, color: ground)
            for i in 0..<6 {
                let x = Double(i) * width / 5 + rnd(&world, -30...30) + pan * 0.7
                if i % 2 == 0 {
                    roundTree(x: x, baseY: horizon + 40, height: rnd(&world, 130...170), color: leafGreen)
                } else {
                    pineTree(x: x, baseY: horizon + 45, height: rnd(&world, 160...210), color: leafGreen.darker(0.15))
                }
            }
            meadowDetails(world: &world, page: &page, flowers: 10, mushrooms: true)
        case .meadow, .garden:
            hills(baseY: horizon - 20, amplitude: 30, wavelength: 110, phase: 0.5, color: far, parallax: 0.2)
            hills(baseY: horizon + 5, amplitude: 22, wavelength: 80, phase: 2.5, color: ground.mixed(with: far, 0.5), parallax: 0.4)
            roundTree(x: width * 0.14 + pan * 0.4, baseY: horizon + 5, height: 120, color: leafGreen.mixed(with: far, 0.3))
            hills(baseY: horizon + 40, amplitude: 14, wavelength: 140, phase: 1.2, color: ground)
            if setting == .garden {
                canvas.roundedRect(-20, horizon - 5, width + 40, 50, radius: 24)
                canvas.fill(leafGreen.darker(0.2))
                fence(y: horizon + 62, color: PaintColor(0.97, 0.95, 0.90))
                for i in 0..<7 {
                    let x = Double(i) * width / 6 + rnd(&world, -20...20) + pan * 0.8
                    flower(x: x, y: horizon + rnd(&world, 70...100), size: 9, color: i % 2 == 0 ? accent : PaintColor(1, 0.5, 0.6))
                }
            }
            meadowDetails(world: &world, page: &page, flowers: setting == .meadow ? 26 : 14, mushrooms: false)
        case .seaside:
            let sea = PaintColor(0.15, 0.55, 0.78).mixed(with: skyTint, 0.2)
            canvas.setLinearGradient(x0: 0, y0: horizon - 20, x1: 0, y1: horizon + 70,
                                     stops: [(0, sea.lighter(0.2), 1), (1, sea.darker(0.15), 1)])
            canvas.rect(0, horizon - 20, width, 120)
            canvas.fill()
            ripples(top: horizon - 5, rows: 4, rowGap: 18, period: 60, parallax: 0.3, crest: 6, span: 24, width: 2.2, alpha: 0.55)
            boat(x: width * 0.3 + rnd(&world, -40...40) + pan * 0.3, y: horizon + 5)
            lighthouse(x: width * 0.86 + pan * 0.4, baseY: horizon + 40)
            let sand = ground.lighter(0.15)
            hills(baseY: horizon + 75, amplitude: 8, wavelength: 100, phase: 3, color: sand)
            for i in 0..<5 {
                let x = Double(i) * width / 4 + rnd(&world, -30...30) + pan * 0.8
                shell(x: x, y: horizon + rnd(&world, 110...175))
            }
        case .castle:
            hills(baseY: horizon - 10, amplitude: 24, wavelength: 100, phase: 0.2, color: far, parallax: 0.2)
            castle(x: width * 0.5 + pan * 0.3, baseY: horizon + 5)
            hills(baseY: horizon + 40, amplitude: 12, wavelength: 130, phase: 1.5, color: ground)
            for i in 0..<2 {
                let x = i == 0 ? width * 0.08 : width * 0.92
                roundTree(x: x + pan * 0.7, baseY: horizon + 60, height: 150, color: leafGreen)
            }
            meadowDetails(world: &world, page: &page, flowers: 10, mushrooms: false)
        case .mountains:
            mountainRange(baseY: horizon + 60, peak: 200, count: 4, color: PaintColor(0.55, 0.60, 0.75).mixed(with: horizonColor, 0.35), world: &world, parallax: 0.15)
            mountainRange(baseY: horizon + 60, peak: 150, count: 5, color: PaintColor(0.45, 0.48, 0.62), world: &world, parallax: 0.3)
            hills(baseY: horizon + 40, amplitude: 14, wavelength: 110, phase: 0.8, color: ground)
            for i in 0..<5 {
                let x = Double(i) * width / 4 + rnd(&world, -30...30) + pan * 0.7
                if i != 2 { pineTree(x: x, baseY: horizon + 55, height: rnd(&world, 90...130), color: leafGreen.darker(0.15)) }
            }
            meadowDetails(world: &world, page: &page, flowers: 8, mushrooms: false)
        case .town:
            hills(baseY: horizon - 20, amplitude: 18, wavelength: 100, phase: 0.2, color: far, parallax: 0.2)
            let walls = [PaintColor(0.98, 0.88, 0.70), PaintColor(0.85, 0.92, 0.98), PaintColor(0.98, 0.80, 0.78), PaintColor(0.88, 0.95, 0.82)]
            let roofs = [PaintColor(0.80, 0.30, 0.25), accent, PaintColor(0.35, 0.40, 0.60), PaintColor(0.55, 0.35, 0.25)]
            var x = -30 + pan * 0.4
            var i = 0
            while x < width + 20 {
                let w = rnd(&world, 80...110), h = rnd(&world, 70...110)
                house(x: x, baseY: horizon + 30, w: w, h: h, wall: walls[i % walls.count], roof: roofs[(i * 3 + 1) % roofs.count])
                x += w + rnd(&world, 14...30)
                i += 1
            }
            canvas.rect(0, horizon + 30, width, height)
            canvas.fill(ground.mixed(with: PaintColor(0.7, 0.68, 0.65), 0.5))
            canvas.rect(0, horizon + 30, width, 8)
            canvas.fill(PaintColor(0.6, 0.58, 0.56))
            for i in 0..<14 {
                let cx = Double(i) * 60 + (pan * 0.8).truncatingRemainder(dividingBy: 60)
                canvas.roundedRect(cx, horizon + 60 + Double(i % 3) * 40, 40, 16, radius: 6)
            }
            canvas.fill(.white, alpha: 0.12)
        case .jungle:
            hills(baseY: horizon - 10, amplitude: 20, wavelength: 80, phase: 1, color: PaintColor(0.2, 0.45, 0.30).mixed(with: far, 0.4), parallax: 0.2)
            for i in 0..<7 {
                let x = Double(i) * width / 6 + rnd(&world, -20...20) + pan * 0.35
                palm(x: x, baseY: horizon + 20, height: rnd(&world, 150...220), world: &world)
            }
            hills(baseY: horizon + 40, amplitude: 10, wavelength: 120, phase: 2, color: ground)
            for side in [0.0, 1.0] {
                for j in 0..<3 {
                    let x = side == 0 ? -10 + Double(j) * 30 : width + 10 - Double(j) * 30
                    bigLeaf(x: x, y: height + 10, angle: (side == 0 ? -0.6 : 0.6) * (1 + Double(j) * 0.5) + (side == 0 ? 0.3 : -0.3),
                            length: 150 + Double(j) * 20, color: PaintColor(0.18, 0.55, 0.28).lighter(Double(j) * 0.08))
                }
            }
            for i in 0..<5 {
                let x = Double(i) * width / 4.5 + rnd(&world, 10...60) + pan * 0.5
                vine(x: x, length: rnd(&world, 60...150))
            }
            meadowDetails(world: &world, page: &page, flowers: 6, mushrooms: false)
        case .snow:
            let snow = PaintColor(0.93, 0.95, 1.0)
            hills(baseY: horizon - 15, amplitude: 26, wavelength: 100, phase: 0.4, color: snow.mixed(with: PaintColor(0.6, 0.7, 0.9), 0.3), parallax: 0.2)
            for i in 0..<8 {
                let x = Double(i) * width / 7 + rnd(&world, -25...25) + pan * 0.4
                pineTree(x: x, baseY: horizon + 15, height: rnd(&world, 100...150), color: PaintColor(0.18, 0.42, 0.38), snow: true)
            }
            hills(baseY: horizon + 35, amplitude: 14, wavelength: 130, phase: 1.8, color: snow)
            snowman(x: width * 0.12 + pan * 0.8, baseY: horizon + 95)
        case .farm:
            hills(baseY: horizon - 15, amplitude: 24, wavelength: 110, phase: 0.8, color: far, parallax: 0.2)
            for row in 0..<5 {
                let y = horizon - 5 + Double(row) * 7
                canvas.moveTo(0, y)
                canvas.lineTo(width, y + 4)
                canvas.stroke(PaintColor(0.85, 0.72, 0.35).mixed(with: far, 0.3), width: 3)
            }
            barn(x: width * 0.68 + pan * 0.4, baseY: horizon + 35)
            roundTree(x: width * 0.9 + pan * 0.45, baseY: horizon + 35, height: 140, color: leafGreen)
            hills(baseY: horizon + 45, amplitude: 10, wavelength: 140, phase: 2.2, color: ground)
            fence(y: horizon + 60, color: PaintColor(0.75, 0.55, 0.38))
            hayBale(x: width * 0.1 + pan * 0.8, y: horizon + 110)
            meadowDetails(world: &world, page: &page, flowers: 8, mushrooms: false)
        case .river:
            paintRiver(world: &world, page: &page)
        case .home, .underwater, .space, .school, .library:
            break
        }
    }

    /// Rows of little white wave crests across water, shifted with the page's pan.
    func ripples(top: Double, rows: Int, rowGap: Double, period: Double, parallax: Double, crest: Double, span: Double,
                 width lineWidth: Double, alpha: Double) {
        for row in 0..<rows {
            let y = top + Double(row) * rowGap
            var x = (pan * parallax).truncatingRemainder(dividingBy: period) - period + Double(row % 2) * period / 2
            while x < width + period {
                canvas.moveTo(x, y)
                canvas.curveTo(x + 8, y - crest, x + span - 8, y - crest, x + span, y)
                x += period
            }
            canvas.stroke(.white, width: lineWidth, alpha: alpha)
        }
    }

    func meadowDetails(world: inout SeededGenerator, page: inout SeededGenerator, flowers: Int, mushrooms: Bool) {
        let colors = [accent, PaintColor(1, 1, 1), PaintColor(1.0, 0.55, 0.65), PaintColor(0.65, 0.55, 0.95)]
        for i in 0..<flowers {
            let y = rnd(&world, horizon + 60...height - 10)
            let x = rnd(&world, 0...width) + pan * (0.5 + (y - horizon) / 400)
            flower(x: x, y: y, size: 3 + (y - horizon) / 40, color: colors[i % colors.count])
        }
        for _ in 0..<12 {
            let x = rnd(&page, 0...width), y = rnd(&page, horizon + 50...height)
            canvas.moveTo(x, y)
            canvas.lineTo(x - 3, y - 9)
            canvas.moveTo(x + 3, y)
            canvas.lineTo(x + 5, y - 8)
        }
        canvas.stroke(ground.darker(0.2), width: 1.8)
        if mushrooms {
            for i in 0..<2 {
                let x = i == 0 ? width * 0.1 + pan * 0.9 : width * 0.88 + pan * 0.9
                let y = horizon + 125
                canvas.roundedRect(x - 5, y - 16, 10, 16, radius: 3)
                canvas.fill(PaintColor(0.97, 0.94, 0.88))
                canvas.arc(x, y - 14, 14, from: .pi, to: 2 * .pi)
                canvas.fill(PaintColor(0.85, 0.22, 0.2))
                canvas.circle(x - 5, y - 21, 2.5)
                canvas.circle(x + 5, y - 19, 2)
                canvas.fill(.white)
            }
        }
    }

    private func boat(x: Double, y: Double) {
        canvas.polygon([(x - 34, y), (x + 34, y), (x + 24, y + 14), (x - 24, y + 14)])
        canvas.fill(PaintColor(0.6, 0.35, 0.2))
        canvas.moveTo(x, y)
        canvas.lineTo(x, y - 56)
        canvas.stroke(PaintColor(0.4, 0.25, 0.15), width: 2.5)
        canvas.polygon([(x + 2, y - 54), (x + 30, y - 6), (x + 2, y - 6)])
        canvas.fill(.white)
        canvas.polygon([(x - 2, y - 44), (x - 22, y - 6), (x - 2, y - 6)])
        canvas.fill(accent)
    }

    private func lighthouse(x: Double, baseY: Double) {
        canvas.polygon([(x - 22, baseY), (x + 22, baseY), (x + 14, baseY - 130), (x - 14, baseY - 130)])
        canvas.fill(.white)
        for i in 0..<3 {
            let y0 = baseY - 25 - Double(i) * 38
            let half0 = 22 - (baseY - y0) / 130 * 8, half1 = 22 - (baseY - y0 + 16) / 130 * 8
            canvas.polygon([(x - half0, y0), (x + half0, y0), (x + half1, y0 - 16), (x - half1, y0 - 16)])
        }
        canvas.fill(PaintColor(0.85, 0.2, 0.22))
        canvas.rect(x - 12, baseY - 152, 24, 22)
        canvas.fill(PaintColor(1.0, 0.92, 0.55).darker(light.isDark ? 0 : 0.1))
        canvas.polygon([(x - 16, baseY - 152), (x, baseY - 170), (x + 16, baseY - 152)])
        canvas.fill(PaintColor(0.85, 0.2, 0.22))
        canvas.rect(x - 18, baseY - 132, 36, 4)
        canvas.fill(PaintColor(0.3, 0.3, 0.35))
        lamps.append((x - 12, baseY - 152, 24, 22))
        canvas.ellipse(x, baseY, 50, 10)
        canvas.fill(PaintColor(0.45, 0.42, 0.40))
    }

    private func shell(x: Double, y: Double) {
        canvas.arc(x, y, 8, from: .pi, to: 2 * .pi)
        canvas.closePath()
        canvas.fill(PaintColor(1.0, 0.80, 0.78))
        for dx in [-4.0, 0, 4] {
            canvas.moveTo(x, y)
            canvas.lineTo(x + dx, y - 7)
        }
        canvas.stroke(PaintColor(0.85, 0.55, 0.55), width: 1)
    }

    private func castle(x: Double, baseY: Double) {
        let stone = PaintColor(0.80, 0.78, 0.84).mixed(with: ground, 0.1)
        canvas.rect(x - 90, baseY - 90, 180, 90)
        canvas.fill(stone)
        for i in 0..<9 {
            canvas.rect(x - 90 + Double(i) * 21, baseY - 102, 12, 12)
        }
        canvas.fill(stone)
        for tx in [-110.0, 0, 110] {
            let th = tx == 0 ? 170.0 : 135.0, tw = tx == 0 ? 52.0 : 44.0
            canvas.rect(x + tx - tw / 2, baseY - th, tw, th)
            canvas.fill(stone.darker(tx == 0 ? 0 : 0.06))
            canvas.polygon([(x + tx - tw / 2 - 8, baseY - th), (x + tx, baseY - th - 60), (x + tx + tw / 2 + 8, baseY - th)])
            canvas.fill(accent)
            let top = baseY - th - 60
            canvas.moveTo(x + tx, top)
            canvas.lineTo(x + tx, top - 24)
            canvas.stroke(PaintColor(0.35, 0.3, 0.3), width: 2)
            canvas.polygon([(x + tx, top - 24), (x + tx + 22, top - 18), (x + tx, top - 12)])
            canvas.fill(tx == 0 ? PaintColor(1.0, 0.8, 0.2) : accent.lighter(0.3))
            let wy = baseY - th * 0.7
            canvas.roundedRect(x + tx - 7, wy, 14, 22, radius: 7)
            canvas.fill(PaintColor(0.3, 0.28, 0.4))
            lamps.append((x + tx - 7, wy + 4, 14, 18))
        }
        canvas.arc(x, baseY - 30, 22, from: .pi, to: 2 * .pi)
        canvas.lineTo(x + 22, baseY)
        canvas.lineTo(x - 22, baseY)
        canvas.closePath()
        canvas.fill(PaintColor(0.45, 0.30, 0.22))
    }

    private func mountainRange(baseY: Double, peak: Double, count: Int, color: PaintColor, world: inout SeededGenerator, parallax: Double) {
        let step = width / Double(count - 1)
        for i in -1...count {
            let x = Double(i) * step + rnd(&world, -30...30) + pan * parallax
            let h = peak * rnd(&world, 0.75...1.15)
            let half = step * rnd(&world, 0.7...0.95)
            let top = baseY - h
            canvas.polygon([(x - half, baseY), (x, top), (x + half, baseY)])
            canvas.setLinearGradient(x0: x - half, y0: 0, x1: x + half, y1: 0,
                                     stops: [(0, color.lighter(0.1), 1), (0.5, color.lighter(0.05), 1), (0.5, color.darker(0.08), 1), (1, color.darker(0.12), 1)])
            canvas.fill()
            let f = 0.3
            canvas.polygon([(x, top), (x + half * f, top + h * f), (x + half * f * 0.4, top + h * f * 0.8),
                            (x, top + h * f * 1.05), (x - half * f * 0.4, top + h * f * 0.8), (x - half * f, top + h * f)])
            canvas.fill(PaintColor(0.97, 0.98, 1.0))
        }
    }

    private func palm(x: Double, baseY: Double, height h: Double, world: inout SeededGenerator) {
        canvas.moveTo(x, baseY)
        canvas.curveTo(x + 10, baseY - h * 0.4, x - 8, baseY - h * 0.7, x + 4, baseY - h)
        canvas.stroke(PaintColor(0.45, 0.33, 0.22), width: 9)
        for k in 0..<6 {
            let angle = -0.5 * .pi + (Double(k) - 2.5) * 0.55
            bigLeaf(x: x + 4, y: baseY - h, angle: angle + .pi / 2, length: h * 0.42,
                    color: PaintColor(0.15, 0.45, 0.25).lighter(rnd(&world, 0...0.15)))
        }
    }

    /// A long pointed leaf growing from (x, y) in direction `angle` (0 = up).
    private func bigLeaf(x: Double, y: Double, angle: Double, length: Double, color: PaintColor) {
        canvas.layer {
            canvas.translate(x, y)
            canvas.rotate(angle)
            canvas.moveTo(0, 0)
            canvas.curveTo(length * 0.35, -length * 0.25, length * 0.3, -length * 0.8, 0, -length)
            canvas.curveTo(-length * 0.3, -length * 0.8, -length * 0.35, -length * 0.25, 0, 0)
            canvas.fill(color)
            canvas.moveTo(0, 0)
            canvas.lineTo(0, -length * 0.9)
            canvas.stroke(color.darker(0.25), width: 2)
        }
    }

    private func vine(x: Double, length: Double) {
        canvas.moveTo(x, -5)
        canvas.curveTo(x + 12, length * 0.3, x - 12, length * 0.6, x + 4, length)
        canvas.stroke(PaintColor(0.2, 0.45, 0.2), width: 3.5)
        var y = 15.0
        while y < length {
            canvas.ellipse(x + (Int(y) % 2 == 0 ? 7 : -7), y, 7, 4)
            y += 22
        }
        canvas.fill(PaintColor(0.3, 0.62, 0.3))
    }

    private func snowman(x: Double, baseY: Double) {
        canvas.circle(x, baseY - 24, 26)
        canvas.circle(x, baseY - 66, 19)
        canvas.fill(.white)
        canvas.circle(x - 6, baseY - 70, 2.5)
        canvas.circle(x + 6, baseY - 70, 2.5)
        canvas.fill(.ink)
        canvas.polygon([(x, baseY - 65), (x + 16, baseY - 62), (x, baseY - 60)])
        canvas.fill(PaintColor(1.0, 0.55, 0.15))
        canvas.rect(x - 18, baseY - 52, 36, 7)
        canvas.fill(accent)
    }

    private func barn(x: Double, baseY: Double) {
        let red = PaintColor(0.78, 0.18, 0.16)
        canvas.polygon([(x - 70, baseY), (x - 70, baseY - 80), (x - 50, baseY - 125), (x + 50, baseY - 125), (x + 70, baseY - 80), (x + 70, baseY)])
        canvas.fill(red)
        canvas.polygon([(x - 78, baseY - 78), (x - 54, baseY - 132), (x + 54, baseY - 132), (x + 78, baseY - 78), (x + 70, baseY - 78), (x + 50, baseY - 124), (x - 50, baseY - 124), (x - 70, baseY - 78)])
        canvas.fill(.white)
        canvas.rect(x - 28, baseY - 62, 56, 62)
        canvas.fill(red.darker(0.25))
        canvas.rect(x - 28, baseY - 62, 56, 62)
        canvas.moveTo(x - 28, baseY - 62); canvas.lineTo(x + 28, baseY)
        canvas.moveTo(x + 28, baseY - 62); canvas.lineTo(x - 28, baseY)
        canvas.stroke(.white, width: 4)
        canvas.rect(x - 12, baseY - 108, 24, 20)
        canvas.fill(PaintColor(0.95, 0.85, 0.5).darker(0.2))
        lamps.append((x - 12, baseY - 108, 24, 20))
    }

    private func hayBale(x: Double, y: Double) {
        canvas.roundedRect(x - 30, y - 36, 60, 36, radius: 10)
        canvas.fill(PaintColor(0.92, 0.78, 0.38))
        for dy in [-24.0, -12] {
            canvas.moveTo(x - 26, y + dy)
            canvas.lineTo(x + 26, y + dy)
        }
        canvas.stroke(PaintColor(0.75, 0.6, 0.25), width: 2)
    }

    // MARK: Whole-picture settings

    private func paintUnderwater(world: inout SeededGenerator) {
        let water = PaintColor(0.10, 0.50, 0.72).mixed(with: skyTint, 0.15)
        canvas.setLinearGradient(x0: 0, y0: 0, x1: 0, y1: height,
                                 stops: [(0, water.lighter(0.35), 1), (0.6, water, 1), (1, water.darker(0.3), 1)])
        canvas.paint()
        for i in 0..<5 {
            let x = Double(i) * width / 4 + rnd(&world, -40...40) + pan * 0.2
            canvas.polygon([(x - 12, 0), (x + 18, 0), (x + 90, height * 0.8), (x + 30, height * 0.8)])
            canvas.setLinearGradient(x0: 0, y0: 0, x1: 0, y1: height * 0.8, stops: [(0, .white, 0.22), (1, .white, 0)])
            canvas.fill()
        }
        for i in 0..<4 {
            fish(x: rnd(&world, 40...width - 40) + pan * 0.5, y: rnd(&world, 70...250), size: rnd(&world, 0.7...1.2),
                 color: [accent, PaintColor(1.0, 0.6, 0.2), PaintColor(1.0, 0.85, 0.3), PaintColor(0.9, 0.45, 0.7)][i], flip: i % 2 == 0)
        }
        hills(baseY: horizon + 50, amplitude: 12, wavelength: 100, phase: 0.5, color: ground.mixed(with: PaintColor(0.95, 0.85, 0.6), 0.5))
        for i in 0..<7 {
            let x = Double(i) * width / 6 + rnd(&world, -25...25) + pan * 0.7
            seaweed(x: x, baseY: horizon + 75, height: rnd(&world, 80...160))
        }
        for i in 0..<3 {
            let x = Double(i) * width / 2 + rnd(&world, -20...20) + pan * 0.8
            coral(x: x, baseY: horizon + 95)
        }
    }

    private func fish(x: Double, y: Double, size s: Double, color: PaintColor, flip: Bool) {
        canvas.layer {
            canvas.translate(x, y)
            canvas.scale(flip ? -s : s, s)
            canvas.ellipse(0, 0, 20, 12)
            canvas.polygon([(16, 0), (32, -11), (30, 11)])
            canvas.fill(color)
            canvas.circle(-9, -3, 3.2)
            canvas.fill(.white)
            canvas.circle(-9.5, -3, 1.8)
            canvas.fill(.ink)
        }
    }

    private func seaweed(x: Double, baseY: Double, height h: Double) {
        canvas.moveTo(x, baseY)
        canvas.curveTo(x - 20, baseY - h * 0.3, x + 20, baseY - h * 0.6, x - 6, baseY - h)
        canvas.stroke(PaintColor(0.2, 0.6, 0.35), width: 8)
    }

    private func coral(x: Double, baseY: Double) {
        let c = PaintColor(1.0, 0.5, 0.55)
        for (dx, h) in [(-14.0, 40.0), (0, 58), (14, 36)] {
            canvas.moveTo(x, baseY)
            canvas.curveTo(x + dx * 0.3, baseY - h * 0.5, x + dx, baseY - h * 0.6, x + dx, baseY - h)
        }
        canvas.stroke(c, width: 7)
    }

    private func bubbles(page: inout SeededGenerator) {
        for _ in 0..<22 {
            let x = rnd(&page, 0...width), y = rnd(&page, 20...height - 60), r = rnd(&page, 2...7)
            canvas.circle(x, y, r)
            canvas.stroke(.white, width: 1.5, alpha: 0.65)
            canvas.circle(x - r * 0.35, y - r * 0.35, r * 0.25)
            canvas.fill(.white, alpha: 0.7)
        }
    }

    private func snowfall(page: inout SeededGenerator) {
        for _ in 0..<70 {
            canvas.circle(rnd(&page, 0...width), rnd(&page, 0...height), rnd(&page, 1.2...3.2))
        }
        canvas.fill(.white, alpha: 0.85)
    }

    private func paintSpace(world: inout SeededGenerator) {
        let top = light.skyStops.first?.1 ?? .black
        let deep = PaintColor(0.04, 0.03, 0.14).mixed(with: top, 0.25)
        canvas.setLinearGradient(x0: 0, y0: 0, x1: width, y1: height,
                                 stops: [(0, deep, 1), (0.6, PaintColor(0.18, 0.10, 0.32).mixed(with: top, 0.2), 1), (1, deep.darker(0.3), 1)])
        canvas.paint()
        canvas.glow(x: width * 0.3, y: 140, radius: 220, color: PaintColor(0.6, 0.3, 0.8), alpha: 0.25)
        var stars = SeededGenerator(seed: 0x5EED, salt: "space-stars")
        paintStars(count: 120, maxY: height * 0.8, gen: &stars)
        earth(x: Self.earthCentre(width: width).x + pan * 0.2, y: Self.earthCentre(width: width).y)
        canvas.tintedGroup(tint: light.tint, tintAlpha: light.tintAlpha * 0.3) {
            // The moon's grey surface, gently rolling, with craters.
            let grey = PaintColor(0.72, 0.72, 0.76)
            hills(baseY: horizon + 20, amplitude: 18, wavelength: 160, phase: 0.7, color: grey.darker(0.15))
            hills(baseY: horizon + 50, amplitude: 12, wavelength: 120, phase: 2.1, color: grey)
            for k in 0..<7 {
                let x = (Double(k) + rnd(&world, 0.1...0.9)) * width / 7 + pan * 0.8
                let y = rnd(&world, horizon + 80...height - 30), r = rnd(&world, 18...42)
                crater(x: x, y: y, radius: r, color: grey)
            }
        }
    }

    /// Where Earth hangs in the moon's sky, in scene units (the illustrator's description uses it).
    static func earthCentre(width: Double) -> (x: Double, y: Double) { (width * 0.8, 105) }
    static let earthRadius = 44.0
    static let earthBlue = PaintColor(0.20, 0.45, 0.85)

    /// The blue and green Earth with white clouds.
    private func earth(x: Double, y: Double) {
        let r = Self.earthRadius
        canvas.glow(x: x, y: y, radius: r * 2.4, color: PaintColor(0.5, 0.7, 1.0), alpha: 0.35)
        canvas.group(bounds: (x - r - 2, y - r - 2, 2 * r + 4, 2 * r + 4)) {
            canvas.circle(x, y, r)
            canvas.fill(Self.earthBlue)
            for (dx, dy, rx, ry) in [(-14.0, -10.0, 16.0, 11.0), (12, 12, 13, 16), (20, -22, 9, 6)] {
                canvas.ellipse(x + dx, y + dy, rx, ry)
                canvas.fill(PaintColor(0.30, 0.68, 0.35))
            }
            canvas.ellipse(x - 4, y + 24, 20, 4)
            canvas.ellipse(x + 6, y - 30, 16, 3.5)
            canvas.fill(.white, alpha: 0.85)
            canvas.circle(x + r * 0.35, y + r * 0.1, r)
            canvas.fill(.black, alpha: 0.18)
        }
    }

    private func crater(x: Double, y: Double, radius r: Double, color: PaintColor) {
        canvas.ellipse(x, y, r, r * 0.38)
        canvas.fill(color.darker(0.28))
        canvas.ellipse(x + r * 0.08, y + r * 0.06, r * 0.82, r * 0.28)
        canvas.fill(color.darker(0.12))
        canvas.arc(x, y, r, from: 0.05 * .pi, to: 0.95 * .pi)
        canvas.stroke(color.lighter(0.3), width: 2.5)
    }

    /// A classroom: wall, green blackboard, a big window with the sky, paintings and a row of desks.
    private func paintSchool(world: inout SeededGenerator) {
        let frame = Self.schoolWindow(width: width)
        let (winX, winY, winW, winH) = (frame.x + pan * 0.2, frame.y, frame.w, frame.h)
        paintSkyThroughWindow(x: winX, y: winY, width: winW, height: winH, skyOffset: width * 0.3,
                              clouds: SeededGenerator(seed: 2, salt: "school-window"))
        let dim = light.isDark ? light.tintAlpha * 0.6 : light.tintAlpha * 0.4
        canvas.tintedGroup(tint: light.tint, tintAlpha: dim) {
            let wall = PaintColor(0.96, 0.92, 0.80)
            canvas.rect(0, 0, width, 370)
            canvas.rect(winX, winY, winW, winH)
            canvas.fillEvenOdd(wall)
            canvas.rect(0, 250, width, 120)
            canvas.fill(accent.mixed(with: wall, 0.7))
            canvas.rect(winX - 8, winY - 8, winW + 16, winH + 16)
            canvas.rect(winX, winY, winW, winH)
            canvas.fillEvenOdd(.white)
            canvas.rect(winX + winW / 2 - 3, winY, 6, winH)
            canvas.fill(.white)
            // The blackboard, with chalk: a sun, "ABC" strokes and a star.
            let board = Self.blackboard(width: width)
            let bx = board.x + pan * 0.2
            canvas.roundedRect(bx - 8, board.y - 8, board.w + 16, board.h + 16, radius: 4)
            canvas.fill(PaintColor(0.55, 0.38, 0.22))
            canvas.rect(bx, board.y, board.w, board.h)
            canvas.fill(Self.boardGreen)
            canvas.circle(bx + 46, board.y + 44, 18)
            canvas.stroke(.white, width: 2.5, alpha: 0.85)
            for k in 0..<3 {
                let lx = bx + 100 + Double(k) * 34
                canvas.moveTo(lx, board.y + 70); canvas.lineTo(lx + 12, board.y + 30); canvas.lineTo(lx + 24, board.y + 70)
            }
            canvas.stroke(.white, width: 2.5, alpha: 0.85)
            // Paintings on the wall.
            let paints = [PaintColor(0.95, 0.5, 0.4), PaintColor(0.5, 0.75, 0.95), PaintColor(0.98, 0.85, 0.3)]
            for (k, colour) in paints.enumerated() {
                let px = bx + board.w + 40 + Double(k) * 60
                guard px + 44 < winX - 10 else { break }
                canvas.rect(px, 90 + Double(k % 2) * 30, 44, 54)
                canvas.fill(.white)
                canvas.circle(px + 22, 117 + Double(k % 2) * 30, 14)
                canvas.fill(colour)
            }
            // Floor.
            canvas.setLinearGradient(x0: 0, y0: 370, x1: 0, y1: height,
                                     stops: [(0, PaintColor(0.72, 0.55, 0.38), 1), (1, PaintColor(0.80, 0.63, 0.45), 1)])
            canvas.rect(0, 370, width, height - 370)
            canvas.fill()
            // A row of little desks at the back, each with a pot of crayons.
            for k in 0..<5 {
                let dx = Double(k) * width / 5 + 30 + pan * 0.6
                canvas.rect(dx, 338, 110, 12)
                canvas.fill(Self.deskBrown)
                canvas.rect(dx + 8, 350, 7, 40)
                canvas.rect(dx + 95, 350, 7, 40)
                canvas.fill(Self.deskBrown.darker(0.2))
                canvas.rect(dx + 40, 322, 14, 16)
                canvas.fill(paints[k % 3])
            }
            _ = rnd(&world, 0...1)
        }
    }

    static let boardGreen = PaintColor(0.16, 0.36, 0.26)
    static let deskBrown = PaintColor(0.62, 0.42, 0.25)
    static func blackboard(width: Double) -> (x: Double, y: Double, w: Double, h: Double) { (width * 0.08, 60, 240, 150) }
    static func schoolWindow(width: Double) -> (x: Double, y: Double, w: Double, h: Double) { (width * 0.7, 60, 170, 170) }

    private func rocket(x: Double, y: Double) {
        canvas.layer {
            canvas.translate(x, y)
            canvas.rotate(0.5)
            canvas.polygon([(-10, 26), (-22, 44), (-10, 40)])
            canvas.polygon([(10, 26), (22, 44), (10, 40)])
            canvas.fill(PaintColor(0.9, 0.25, 0.25))
            canvas.moveTo(0, -44)
            canvas.curveTo(18, -26, 14, 20, 10, 36)
            canvas.lineTo(-10, 36)
            canvas.curveTo(-14, 20, -18, -26, 0, -44)
            canvas.fill(PaintColor(0.95, 0.95, 0.98))
            canvas.circle(0, -8, 7)
            canvas.fill(PaintColor(0.45, 0.75, 0.95))
            canvas.polygon([(-7, 38), (0, 62), (7, 38)])
            canvas.fill(PaintColor(1.0, 0.7, 0.2))
        }
    }

    private func paintHome(world: inout SeededGenerator) {
        let winX = width * 0.62 + pan * 0.2, winY = 70.0, winW = 170.0, winH = 150.0
        paintSkyThroughWindow(x: winX, y: winY, width: winW, height: winH, skyOffset: width * 0.25,
                              clouds: SeededGenerator(seed: 1, salt: "window"))
        let dim = light.isDark ? light.tintAlpha * 0.6 : light.tintAlpha * 0.5
        canvas.tintedGroup(tint: light.tint, tintAlpha: dim) {
            let wall = accent.mixed(with: PaintColor(0.98, 0.93, 0.85), 0.8)
            canvas.rect(0, 0, width, 380)
            canvas.rect(winX, winY, winW, winH)
            canvas.fillEvenOdd(wall)
            var x = (pan * 0.2).truncatingRemainder(dividingBy: 40) - 40
            while x < width {
                canvas.rect(x, 0, 14, 380)
                x += 40
            }
            canvas.fill(wall.darker(0.04))
            canvas.rect(winX - 8, winY - 8, winW + 16, winH + 16)
            canvas.rect(winX, winY, winW, winH)
            canvas.fillEvenOdd(PaintColor(0.95, 0.92, 0.88))
            canvas.rect(winX + winW / 2 - 3, winY, 6, winH)
            canvas.rect(winX, winY + winH / 2 - 3, winW, 6)
            canvas.fill(PaintColor(0.95, 0.92, 0.88))
            for side in [-1.0, 1.0] {
                let cx = side < 0 ? winX - 20 : winX + winW + 20
                canvas.moveTo(cx - 22, winY - 16)
                canvas.lineTo(cx + 22, winY - 16)
                canvas.curveTo(cx + 10, winY + 80, cx + 26, winY + 150, cx + 18, winY + winH + 30)
                canvas.lineTo(cx - 18, winY + winH + 30)
                canvas.curveTo(cx - 26, winY + 150, cx - 10, winY + 80, cx - 22, winY - 16)
                canvas.fill(accent.darker(0.1))
            }
            canvas.setLinearGradient(x0: 0, y0: 380, x1: 0, y1: height,
                                     stops: [(0, ground.darker(0.1), 1), (1, ground.lighter(0.05), 1)])
            canvas.rect(0, 380, width, height - 380)
            canvas.fill()
            for i in 0..<8 {
                canvas.moveTo(0, 392 + Double(i) * 17)
                canvas.lineTo(width, 392 + Double(i) * 17)
            }
            canvas.stroke(ground.darker(0.2), width: 1.2, alpha: 0.5)
            canvas.rect(0, 372, width, 10)
            canvas.fill(PaintColor(0.9, 0.86, 0.8))
            if showsBed {
                // Bed on the left.
                let bx = width * 0.04 + pan * 0.3
                canvas.roundedRect(bx, 250, 18, 170, radius: 6)
                canvas.fill(PaintColor(0.55, 0.36, 0.22))
                canvas.roundedRect(bx + 10, 340, 210, 50, radius: 12)
                canvas.fill(PaintColor(0.97, 0.96, 0.94))
                canvas.roundedRect(bx + 20, 318, 60, 30, radius: 14)
                canvas.fill(.white)
                canvas.roundedRect(bx + 70, 330, 160, 70, radius: 16)
                canvas.fill(accent)
                for k in 0..<4 {
                    canvas.circle(bx + 95 + Double(k) * 36, 362, 6)
                }
                canvas.fill(.white, alpha: 0.6)
                canvas.roundedRect(bx + 212, 340, 14, 80, radius: 5)
                canvas.fill(PaintColor(0.55, 0.36, 0.22))
            }
            // Lamp on a little table on the right.
            let lx = width * 0.94 + pan * 0.3
            canvas.rect(lx - 30, 330, 60, 8)
            canvas.rect(lx - 24, 338, 6, 60)
            canvas.rect(lx + 18, 338, 6, 60)
            canvas.fill(PaintColor(0.6, 0.4, 0.26))
            canvas.rect(lx - 3, 290, 6, 40)
            canvas.fill(PaintColor(0.4, 0.35, 0.3))
            canvas.polygon([(lx - 26, 294), (lx - 14, 256), (lx + 14, 256), (lx + 26, 294)])
            canvas.fill(PaintColor(1.0, 0.88, 0.6))
            lamps.append((lx - 20, 262, 40, 30))
            // Round rug.
            canvas.ellipse(width * 0.5 + pan * 0.5, 462, 210, 36)
            canvas.fill(accent.lighter(0.45))
            canvas.ellipse(width * 0.5 + pan * 0.5, 462, 180, 26)
            canvas.stroke(accent.lighter(0.2), width: 4)
            _ = rnd(&world, 0...1)
        }
    }

    private func lightLamps() {
        guard light.isDark || setting == .home || setting == .school else { return }
        let warm = PaintColor(1.0, 0.82, 0.45)
        let strength = light.isDark ? 1.0 : 0.35
        for lamp in lamps {
            let cx = lamp.x + lamp.w / 2, cy = lamp.y + lamp.h / 2
            canvas.glow(x: cx, y: cy, radius: max(lamp.w, lamp.h) * (setting == .home ? 5 : 2.2), color: warm, alpha: 0.55 * strength)
            if light.isDark && setting != .home {
                canvas.rect(lamp.x, lamp.y, lamp.w, lamp.h)
                canvas.fill(PaintColor(1.0, 0.86, 0.5))
            }
        }
    }
}
