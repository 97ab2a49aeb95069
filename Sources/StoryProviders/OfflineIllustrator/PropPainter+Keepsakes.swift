import Foundation

private typealias P = PropPainter.Palette

/// Things found and kept: bell, key, lantern, pair of glasses, feather, blanket, pillow.
extension PropPainter.Pen {
    /// A golden bell with a red bow.
    func bell() {
        shadow(34)
        canvas.circle(0, -10, 7)
        fill(P.gold.darker(0.2))
        canvas.moveTo(-36, -14)
        canvas.curveTo(-26, -24, -28, -84, 0, -84)
        canvas.curveTo(28, -84, 26, -24, 36, -14)
        canvas.closePath()
        fill(P.gold)
        canvas.moveTo(-30, -26); canvas.curveTo(-10, -20, 10, -20, 30, -26)
        mark(P.gold.darker(0.25), width: 2.5)
        for side in [-1.0, 1.0] {
            canvas.moveTo(0, -86)
            canvas.curveTo(side * 8, -100, side * 22, -98, side * 16, -88)
            canvas.curveTo(side * 12, -84, side * 6, -84, 0, -86)
            fill(P.red)
        }
        canvas.circle(0, -87, 4)
        fill(P.red)
        shine(-12, -60, 4, 12)
    }

    /// An old golden key, lying on a slant.
    func key() {
        shadow(36)
        turned(-0.5, about: 0, -40) {
            canvas.circle(-30, -40, 16)
            canvas.circle(-30, -40, 8)
            canvas.fillEvenOdd(P.gold)
            canvas.circle(-30, -40, 16)
            mark(P.outline, width: line)
            canvas.circle(-30, -40, 8)
            mark(P.outline, width: line)
            canvas.moveTo(-14, -44)
            canvas.lineTo(40, -44); canvas.lineTo(40, -30); canvas.lineTo(34, -30); canvas.lineTo(34, -36)
            canvas.lineTo(28, -36); canvas.lineTo(28, -30); canvas.lineTo(22, -30); canvas.lineTo(22, -36)
            canvas.lineTo(-14, -36)
            canvas.closePath()
            fill(P.gold)
            shine(-36, -48, 4, 2.5)
            shine(10, -42, 12, 1.2)
        }
    }

    /// A lantern with a warm flame behind its glass.
    func lantern() {
        shadow(28)
        tube(P.iron, width: 3) { canvas.arc(0, -84, 12, from: .pi, to: 2 * .pi) }
        canvas.glow(x: 0, y: -46, radius: 44, color: P.yellow, alpha: 0.5)
        canvas.roundedRect(-20, -72, 40, 56, radius: 6)
        fill(P.cream.mixed(with: P.yellow, 0.4))
        flame(0, -28, height: 26)
        for x in [-10.0, 10] {
            canvas.moveTo(x, -72); canvas.lineTo(x, -16)
        }
        mark(P.iron, width: 2)
        canvas.polygon([(-24, -72), (24, -72), (14, -84), (-14, -84)])
        fill(P.red)
        canvas.roundedRect(-26, -16, 52, 12, radius: 3)
        fill(P.red)
        shine(-14, -58, 2.5, 8, alpha: 0.7)
    }

    /// A pair of round glasses.
    func glasses() {
        shadow(42)
        tube(P.outline.lighter(0.15), width: 3) {
            canvas.moveTo(-44, -38); canvas.lineTo(-48, -52)
            canvas.moveTo(44, -38); canvas.lineTo(48, -52)
        }
        for x in [-24.0, 24] {
            canvas.circle(x, -30, 18)
            tint(P.sky, alpha: 0.55)
            canvas.moveTo(x - 9, -34); canvas.lineTo(x - 3, -40)
            mark(.white, width: 3, alpha: 0.9)
        }
        tube(P.red, width: 4) {
            canvas.circle(-24, -30, 18)
            canvas.circle(24, -30, 18)
        }
        tube(P.red, width: 3.5) { canvas.moveTo(-7, -34); canvas.curveTo(-3, -40, 3, -40, 7, -34) }
    }

    /// A curving teal feather.
    func feather() {
        shadow(30)
        canvas.translate(0, 8)
        defer { canvas.translate(0, -8) }
        turned(0.5, about: 0, -50) {
            canvas.moveTo(0, -98)
            canvas.curveTo(18, -80, 20, -40, 4, -22)
            canvas.lineTo(-2, -26)
            canvas.curveTo(-16, -40, -16, -80, 0, -98)
            canvas.closePath()
            fill(P.teal)
            canvas.moveTo(0, -96); canvas.curveTo(4, -70, 4, -40, 0, -4)
            mark(P.cream, width: 2)
            for y in [-76.0, -60, -44] {
                canvas.moveTo(2, y + 4); canvas.lineTo(14, y - 4)
                canvas.moveTo(0, y + 8); canvas.lineTo(-12, y)
            }
            mark(P.teal.lighter(0.4), width: 1.5)
        }
    }

    /// A folded patchwork blanket.
    func blanket() {
        shadow(46)
        let colours = [P.blue, P.yellow, P.pink, P.green]
        for layer in 0..<3 {
            let y = -18 - Double(layer) * 16
            canvas.roundedRect(-44, y - 16, 88, 18, radius: 8)
            fill(colours[layer])
            for k in 1..<4 {
                let x = -44 + Double(k) * 22
                canvas.rect(x - 11, y - 15, 11, 16)
            }
            tint(colours[(layer + 1) % colours.count], alpha: 0.55)
            canvas.roundedRect(-44, y - 16, 88, 18, radius: 8)
            mark(P.outline, width: line)
            canvas.moveTo(-38, y - 4); canvas.lineTo(38, y - 4)
            dashed(on: 3, off: 3) { mark(.white, width: 1.3, alpha: 0.8) }
        }
        shine(-30, -62, 10, 2)
    }

    /// A plump white pillow.
    func pillow() {
        shadow(44)
        canvas.moveTo(-44, -46)
        canvas.curveTo(-16, -40, 16, -40, 44, -46)
        canvas.curveTo(38, -30, 38, -18, 44, -4)
        canvas.curveTo(16, -10, -16, -10, -44, -4)
        canvas.curveTo(-38, -18, -38, -30, -44, -46)
        canvas.closePath()
        fill(P.paper.mixed(with: P.sky, 0.25))
        canvas.moveTo(-20, -28); canvas.curveTo(-8, -22, 8, -22, 20, -28)
        mark(P.sky.darker(0.15), width: 1.8)
        shine(-20, -36, 10, 3, alpha: 0.8)
    }
}
