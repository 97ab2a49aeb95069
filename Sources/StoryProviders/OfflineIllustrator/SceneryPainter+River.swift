import StoryDomain

/// A river across the middle of the picture: willows on the far bank, water with ripples between
/// grassy banks, a wooden humpbacked bridge on one side, stepping stones on the other, and reeds on
/// the near bank where the figures stand (whatever the framing, their feet are on the near bank).
extension SceneryPainter {
    /// Where the water runs, in scene units: from the far bank to the near one.
    static let riverTop = 338.0, riverBottom = 392.0

    func paintRiver(world: inout SeededGenerator, page: inout SeededGenerator) {
        let far = ground.mixed(with: horizonColor, 0.45)
        hills(baseY: horizon - 18, amplitude: 26, wavelength: 110, phase: 0.9, color: far, parallax: 0.2)
        // Willows and round trees along the far bank.
        for i in 0..<5 {
            let x = Double(i) * width / 4 + rnd(&world, -30...30) + pan * 0.35
            if i % 2 == 0 {
                willow(x: x, baseY: Self.riverTop + 2, height: rnd(&world, 120...150))
            } else {
                roundTree(x: x, baseY: Self.riverTop + 2, height: rnd(&world, 100...130), color: leafGreen.mixed(with: far, 0.3))
            }
        }
        // The far bank's edge.
        canvas.rect(0, horizon - 4, width, Self.riverTop - horizon + 8)
        canvas.fill(ground.mixed(with: far, 0.4))
        // Water, lighter where it catches the sky.
        let water = PaintColor(0.25, 0.58, 0.78).mixed(with: skyTint, 0.25)
        canvas.moveTo(-10, Self.riverTop)
        canvas.curveTo(width * 0.3, Self.riverTop - 6, width * 0.6, Self.riverTop + 6, width + 10, Self.riverTop - 2)
        canvas.lineTo(width + 10, Self.riverBottom + 4)
        canvas.curveTo(width * 0.6, Self.riverBottom + 10, width * 0.3, Self.riverBottom - 6, -10, Self.riverBottom + 2)
        canvas.closePath()
        canvas.setLinearGradient(x0: 0, y0: Self.riverTop, x1: 0, y1: Self.riverBottom,
                                 stops: [(0, water.lighter(0.25), 1), (1, water.darker(0.1), 1)])
        canvas.fill()
        ripples(top: Self.riverTop + 12, rows: 3, rowGap: 14, period: 70, parallax: 0.5, crest: 4, span: 26, width: 2, alpha: 0.5)
        // Stepping stones on the left, the bridge on the right.
        for k in 0..<5 {
            let sx = width * 0.08 + Double(k) * 42 + pan * 0.6
            let sy = Self.riverTop + 8 + Double(k) * 9
            canvas.ellipse(sx, sy, 19, 8)
            canvas.fill(PaintColor(0.62, 0.60, 0.58))
            canvas.ellipse(sx - 3, sy - 3, 12, 4)
            canvas.fill(PaintColor(0.78, 0.76, 0.74))
        }
        bridge(x: width * 0.76 + pan * 0.5)
        // The near bank, where the figures stand.
        hills(baseY: Self.riverBottom + 14, amplitude: 7, wavelength: 130, phase: 1.6, color: ground)
        for i in 0..<9 {
            let x = Double(i) * width / 8 + rnd(&world, -20...20) + pan * 0.8
            reeds(x: x, baseY: Self.riverBottom + 16)
        }
        let colours = [accent, PaintColor(1, 1, 1), PaintColor(1.0, 0.55, 0.65)]
        for i in 0..<8 {
            flower(x: rnd(&world, 10...width - 10) + pan * 0.8, y: rnd(&world, 425...500), size: 6, color: colours[i % colours.count])
        }
    }

    /// A willow: a short trunk under a drooping crown of long strands.
    private func willow(x: Double, baseY: Double, height h: Double) {
        canvas.roundedRect(x - h * 0.05, baseY - h * 0.5, h * 0.1, h * 0.5, radius: 3)
        canvas.fill(PaintColor(0.45, 0.32, 0.2))
        canvas.ellipse(x, baseY - h * 0.68, h * 0.34, h * 0.26)
        canvas.fill(leafGreen.lighter(0.12))
        for k in 0..<9 {
            let sx = x - h * 0.32 + Double(k) * h * 0.08
            canvas.moveTo(sx, baseY - h * 0.6)
            canvas.curveTo(sx - 4, baseY - h * 0.4, sx + 2, baseY - h * 0.2, sx - 2, baseY - h * 0.08)
        }
        canvas.stroke(leafGreen.lighter(0.2), width: 5)
    }

    /// A wooden humpbacked bridge across the water, with railings.
    private func bridge(x: Double) {
        let span = 200.0, rise = 46.0
        let wood = PaintColor(0.62, 0.42, 0.26)
        let left = x - span / 2, right = x + span / 2
        let foot = Self.riverBottom - 2, deck = foot - rise
        // The deck: a thick arch.
        canvas.moveTo(left - 16, foot + 6)
        canvas.curveTo(left + span * 0.25, deck, right - span * 0.25, deck, right + 16, foot + 6)
        canvas.lineTo(right + 4, foot + 6)
        canvas.curveTo(right - span * 0.28, deck + 18, left + span * 0.28, deck + 18, left - 4, foot + 6)
        canvas.closePath()
        canvas.fill(wood)
        // Posts and a rail.
        for k in 0...6 {
            let t = Double(k) / 6
            let px = left + span * t
            let py = foot + 4 - (rise + 6) * 4 * t * (1 - t) - 6
            canvas.moveTo(px, py)
            canvas.lineTo(px, py - 26)
        }
        canvas.stroke(wood.darker(0.2), width: 5)
        canvas.moveTo(left - 4, foot - 24)
        canvas.curveTo(left + span * 0.25, deck - 34, right - span * 0.25, deck - 34, right + 4, foot - 24)
        canvas.stroke(wood.darker(0.1), width: 6)
    }

    /// A clump of reeds with a bulrush.
    private func reeds(x: Double, baseY: Double) {
        for k in 0..<4 {
            let lean = Double(k - 2) * 5
            canvas.moveTo(x + Double(k) * 5, baseY)
            canvas.curveTo(x + Double(k) * 5, baseY - 20, x + lean + Double(k) * 5, baseY - 34, x + lean * 1.6 + Double(k) * 5, baseY - 44)
        }
        canvas.stroke(leafGreen.darker(0.1), width: 2.6)
        canvas.roundedRect(x + 5, baseY - 50, 6, 16, radius: 3)
        canvas.fill(PaintColor(0.45, 0.30, 0.18))
    }
}
