import Foundation

private typealias P = PropPainter.Palette

/// Weather: umbrella, boots, puddle, snowman, sled, scarf, kite.
extension PropPainter.Pen {
    /// An open red-and-yellow umbrella on a crook handle.
    func umbrella() {
        shadow(16, x: -4)
        tube(P.iron, width: 3.5) {
            canvas.moveTo(0, -60); canvas.lineTo(0, -12)
            canvas.arc(-7, -12, 7, from: 0, to: .pi)
        }
        let scallops = 4
        canvas.moveTo(-48, -58)
        canvas.curveTo(-46, -96, 46, -96, 48, -58)
        for k in 0..<scallops {
            let x = 48 - Double(k) * 24
            canvas.curveTo(x - 6, -66, x - 18, -66, x - 24, -58)
        }
        canvas.closePath()
        fill(P.red)
        canvas.layer {
            canvas.moveTo(-48, -58)
            canvas.curveTo(-46, -96, 46, -96, 48, -58)
            canvas.closePath()
            canvas.clip()
            for x in [-24.0, 24] {
                canvas.moveTo(0, -92); canvas.lineTo(x - 10, -50); canvas.lineTo(x + 10, -50); canvas.closePath()
            }
            tint(P.yellow)
        }
        canvas.moveTo(0, -92); canvas.lineTo(0, -96)
        mark(P.outline, width: 3)
        shine(-26, -76, 8, 4)
    }

    /// A pair of yellow rain boots.
    func boots() {
        shadow(44)
        rainBoot(x: -20)
        rainBoot(x: 14)
    }

    private func rainBoot(x: Double) {
        canvas.moveTo(x - 16, -66)
        canvas.lineTo(x + 10, -66)
        canvas.lineTo(x + 10, -22)
        canvas.curveTo(x + 24, -22, x + 32, -14, x + 32, -4)
        canvas.lineTo(x - 16, -4)
        canvas.closePath()
        fill(P.yellow)
        canvas.rect(x - 17, -70, 28, 10)
        fill(P.gold)
        canvas.rect(x - 16, -8, 48, 5)
        fill(P.iron)
        shine(x - 9, -44, 2.5, 14, alpha: 0.6)
    }

    /// A blue puddle with ripples.
    func puddle() {
        canvas.moveTo(-46, -12)
        canvas.curveTo(-50, -26, -22, -32, -4, -28)
        canvas.curveTo(14, -34, 48, -28, 46, -14)
        canvas.curveTo(44, -2, 10, -2, -6, -4)
        canvas.curveTo(-26, -2, -44, -2, -46, -12)
        canvas.closePath()
        fill(P.blue.lighter(0.25))
        canvas.ellipse(4, -16, 18, 5)
        mark(.white, width: 2, alpha: 0.75)
        canvas.ellipse(4, -16, 8, 2.2)
        mark(.white, width: 1.5, alpha: 0.75)
        shine(-28, -22, 8, 2)
    }

    /// A snowman with a hat, a carrot nose, a scarf and stick arms.
    func snowman() {
        shadow(30)
        let snow = PaintColor(0.97, 0.98, 1.0)
        tube(P.brown, width: 2.5) {
            canvas.moveTo(-16, -58); canvas.lineTo(-42, -76); canvas.moveTo(-34, -71); canvas.lineTo(-38, -82)
            canvas.moveTo(16, -58); canvas.lineTo(42, -76); canvas.moveTo(34, -71); canvas.lineTo(40, -82)
        }
        canvas.circle(0, -26, 25)
        fill(snow)
        canvas.circle(0, -60, 18)
        fill(snow)
        canvas.circle(0, -84, 13)
        fill(snow)
        for y in [-66.0, -56] {
            canvas.circle(0, y, 2.5)
        }
        tint(P.outline)
        canvas.circle(-5, -87, 2); canvas.circle(5, -87, 2)
        tint(P.outline)
        canvas.polygon([(0, -84), (16, -81), (0, -80)])
        fill(P.orange)
        canvas.roundedRect(-16, -74, 32, 7, radius: 3)
        fill(P.red)
        canvas.rect(6, -70, 7, 14)
        fill(P.red)
        canvas.rect(-13, -97, 26, 4)
        fill(P.outline)
        canvas.rect(-9, -100, 18, 5)
        fill(P.outline)
        canvas.arc(0, -26, 22, from: 0.2, to: 1.2)
        mark(P.sky, width: 3, alpha: 0.7)
        shine(-9, -34, 6, 8, alpha: 0.8)
    }

    /// A wooden sled on red runners with a pull rope.
    func sled() {
        shadow(44)
        canvas.moveTo(-46, -8)
        canvas.lineTo(34, -8)
        canvas.curveTo(46, -8, 50, -18, 44, -26)
        mark(P.outline, width: 5 + 2 * line)
        canvas.moveTo(-46, -8)
        canvas.lineTo(34, -8)
        canvas.curveTo(46, -8, 50, -18, 44, -26)
        mark(P.red, width: 5)
        for x in [-30.0, 0, 26] {
            tube(P.red, width: 4) { canvas.moveTo(x, -10); canvas.lineTo(x, -24) }
        }
        canvas.roundedRect(-44, -34, 80, 11, radius: 3)
        fill(P.wood)
        for x in [-20.0, 4] {
            canvas.moveTo(x, -33); canvas.lineTo(x, -24)
        }
        mark(P.brown, width: 1.5)
        canvas.moveTo(36, -28); canvas.curveTo(44, -50, 20, -52, 10, -44)
        mark(P.cream.darker(0.2), width: 2.5)
        shine(-30, -31, 8, 1.5)
    }

    /// A striped woolly scarf, looped, with fringes.
    func scarf() {
        tube(P.red, width: 14) { canvas.ellipse(0, -78, 26, 12) }
        canvas.polygon([(-16, -76), (-2, -76), (-6, -12), (-22, -14)])
        fill(P.red)
        canvas.polygon([(2, -72), (16, -74), (26, -20), (12, -16)])
        fill(P.red.darker(0.08))
        for y in [-56.0, -40, -26] {
            canvas.polygon([(-17.5, y), (-3.5, y), (-3.8, y - 6), (-17.2, y - 6)])
            canvas.polygon([(6 + (y + 76) * 0.2, y - 2), (20 + (y + 76) * 0.2, y - 4), (21 + (y + 76) * 0.2, y - 10), (7 + (y + 76) * 0.2, y - 8)])
        }
        tint(P.cream)
        for k in 0..<4 {
            let x = -21 + Double(k) * 5
            canvas.moveTo(x, -13); canvas.lineTo(x, -4)
            let y = 12 + Double(k) * 4.5
            canvas.moveTo(y, -16); canvas.lineTo(y + 2, -6)
        }
        mark(P.red, width: 2.5)
        shine(-18, -86, 7, 2.5)
    }

    /// A diamond kite with a bow-tied tail (the tail's end at the base).
    func kite() {
        canvas.moveTo(0, -44)
        canvas.curveTo(14, -32, -14, -18, 4, -2)
        mark(P.outline, width: 1.5)
        for (x, y) in [(4.0, -34.0), (-3.0, -20.0), (5.0, -8.0)] {
            canvas.polygon([(x - 6, y - 4), (x + 6, y + 4), (x + 6, y - 4), (x - 6, y + 4)])
            fill(P.yellow)
        }
        let top = (0.0, -98.0), right = (26.0, -70.0), bottom = (0.0, -44.0), left = (-26.0, -70.0)
        canvas.polygon([top, right, bottom, left])
        fill(P.red)
        canvas.polygon([top, right, (0, -70)])
        tint(P.yellow)
        canvas.polygon([bottom, left, (0, -70)])
        tint(P.yellow)
        canvas.polygon([top, right, bottom, left])
        mark(P.outline, width: line)
        canvas.moveTo(0, -98); canvas.lineTo(0, -44)
        canvas.moveTo(-26, -70); canvas.lineTo(26, -70)
        mark(P.outline, width: 1.5)
        shine(-10, -80, 3, 5, alpha: 0.5)
    }
}
