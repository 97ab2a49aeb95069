import Foundation

private typealias P = PropPainter.Palette

/// Kitchen and baking: oven, bread, cake, bowl, spoon, cookies, pie, teapot, teacup, apron.
extension PropPainter.Pen {
    /// A red enamel oven with a glowing window, knobs and feet.
    func oven() {
        shadow(46)
        canvas.rect(-40, -8, 8, 8); canvas.rect(32, -8, 8, 8)
        fill(P.iron)
        canvas.roundedRect(-44, -90, 88, 84, radius: 6)
        fill(P.red)
        canvas.roundedRect(-47, -98, 94, 10, radius: 3)
        fill(P.iron)
        for k in -1...1 {
            canvas.circle(Double(k) * 14 + 20, -80, 3.5)
            fill(P.cream)
        }
        canvas.roundedRect(-32, -64, 64, 44, radius: 5)
        fill(PaintColor(0.30, 0.20, 0.18))
        canvas.glow(x: 0, y: -36, radius: 30, color: P.orange, alpha: 0.8)
        // A loaf baking inside.
        canvas.moveTo(-16, -28); canvas.curveTo(-16, -44, 16, -44, 16, -28); canvas.closePath()
        fill(P.crust)
        canvas.rect(-28, -70, 56, 4)
        fill(P.metal)
        shine(-36, -60, 3, 20, alpha: 0.35)
        shine(-18, -58, 8, 3, alpha: 0.35)
    }

    /// Two crusty loaves, one behind the other.
    func bread() {
        shadow(44)
        loaf(x: -12, y: -14, width: 56, height: 34)
        loaf(x: 10, y: 0, width: 64, height: 38)
    }

    private func loaf(x: Double, y: Double, width: Double, height: Double) {
        let half = width / 2
        canvas.moveTo(x - half, y)
        canvas.curveTo(x - half - 4, y - height * 0.7, x - half * 0.6, y - height, x, y - height)
        canvas.curveTo(x + half * 0.6, y - height, x + half + 4, y - height * 0.7, x + half, y)
        canvas.closePath()
        fill(P.crust)
        for k in -1...1 {
            let sx = x + Double(k) * width * 0.22
            canvas.moveTo(sx - 5, y - height * 0.55); canvas.lineTo(sx + 5, y - height * 0.85)
        }
        mark(P.cream, width: 3.5)
        shine(x - half * 0.45, y - height * 0.72, width * 0.12, height * 0.08)
    }

    /// A pink iced cake on a plate with one candle.
    func cake() {
        shadow(44)
        canvas.ellipse(0, -6, 44, 6)
        fill(P.paper)
        canvas.roundedRect(-34, -54, 68, 46, radius: 4)
        fill(P.pink)
        canvas.rect(-34, -34, 68, 7)
        tint(P.cream)
        // Icing dripping over the top edge.
        canvas.moveTo(-36, -56)
        canvas.lineTo(36, -56)
        canvas.lineTo(36, -46)
        for k in stride(from: 2, through: 12, by: 1) {
            let x = 36 - Double(k) * 6
            canvas.curveTo(x + 4, k % 2 == 0 ? -36 : -48, x + 2, k % 2 == 0 ? -36 : -48, x, -46)
        }
        canvas.closePath()
        fill(P.paper)
        canvas.rect(-4, -76, 8, 20)
        fill(P.blue)
        flame(0, -76, height: 14)
        for (x, colour) in [(-22.0, P.red), (20.0, P.yellow), (-2.0, P.green)] {
            canvas.circle(x, -20, 3)
            tint(colour)
        }
        shine(-26, -44, 3, 6)
    }

    /// A blue mixing bowl full of batter.
    func bowl() {
        shadow(34)
        canvas.ellipse(0, -6, 16, 5)
        fill(P.navy)
        canvas.moveTo(-44, -46)
        canvas.curveTo(-44, -2, 44, -2, 44, -46)
        canvas.closePath()
        fill(P.blue)
        canvas.ellipse(0, -46, 44, 9)
        fill(P.sky)
        canvas.ellipse(0, -45, 37, 6)
        tint(P.cream)
        canvas.moveTo(-40, -30); canvas.curveTo(-20, -20, 20, -20, 40, -30)
        mark(.white, width: 3, alpha: 0.6)
        shine(-28, -32, 4, 7, alpha: 0.45)
    }

    /// A wooden spoon, lying on a slant.
    func spoon() {
        shadow(34)
        turned(-0.55, about: 0, -40) {
            tube(P.wood, width: 8) { canvas.moveTo(-46, -40); canvas.lineTo(10, -40) }
            canvas.ellipse(24, -40, 18, 12)
            fill(P.wood)
            canvas.ellipse(26, -40, 11, 7)
            tint(P.brown, alpha: 0.35)
            shine(-20, -42, 12, 1.5, alpha: 0.5)
        }
    }

    /// A plate of chocolate-chip cookies.
    func cookies() {
        shadow(46)
        canvas.ellipse(0, -12, 48, 10)
        fill(P.paper)
        canvas.ellipse(0, -13, 36, 6)
        tint(P.sky, alpha: 0.5)
        for (x, y) in [(-22.0, -22.0), (22.0, -22.0), (0.0, -20.0), (-11.0, -38.0), (12.0, -38.0)] {
            canvas.circle(x, y, 14)
            fill(P.crust)
            for (dx, dy) in [(-5.0, -4.0), (4.0, -6.0), (2.0, 4.0), (-6.0, 5.0)] {
                canvas.circle(x + dx, y + dy, 2)
            }
            tint(P.brown.darker(0.3))
            shine(x - 5, y - 6, 4, 2, alpha: 0.4)
        }
    }

    /// A golden lattice pie in its dish, red filling between the strips.
    func pie() {
        shadow(46)
        canvas.polygon([(-46, -20), (46, -20), (38, -2), (-38, -2)])
        fill(P.terracotta)
        canvas.ellipse(0, -24, 44, 13)
        fill(P.red.darker(0.1))
        canvas.layer {
            canvas.ellipse(0, -24, 40, 10)
            canvas.clip()
            for k in -3...3 {
                let x = Double(k) * 13
                canvas.polygon([(x - 3 - 6, -36), (x + 3 - 6, -36), (x + 3 + 6, -12), (x - 3 + 6, -12)])
                canvas.polygon([(x - 3 + 6, -36), (x + 3 + 6, -36), (x + 3 - 6, -12), (x - 3 - 6, -12)])
            }
            fill(P.crust.lighter(0.15))
        }
        canvas.ellipse(0, -24, 44, 13)
        canvas.ellipse(0, -24, 39, 9.5)
        canvas.fillEvenOdd(P.crust)
        canvas.ellipse(0, -24, 44, 13)
        mark(P.outline, width: line)
        for k in 0..<12 {
            let a = Double(k) * .pi / 6
            canvas.circle(41.5 * cos(a), -24 + 11.2 * sin(a), 1.6)
        }
        tint(P.crust.darker(0.25))
        shine(-22, -31, 10, 2.5)
    }

    /// A round teapot with a spout, lid and handle.
    func teapot() {
        shadow(38)
        tube(P.teal, width: 6) { canvas.arc(-34, -36, 13, from: .pi / 2, to: 1.5 * .pi) }
        canvas.moveTo(24, -32)
        canvas.curveTo(36, -34, 38, -50, 48, -60)
        canvas.lineTo(50, -54)
        canvas.curveTo(42, -42, 40, -22, 26, -16)
        canvas.closePath()
        fill(P.teal)
        canvas.ellipse(0, -32, 34, 28)
        fill(P.teal)
        canvas.ellipse(0, -60, 18, 6)
        fill(P.teal.lighter(0.2))
        canvas.circle(0, -68, 5)
        fill(P.gold)
        for (x, y) in [(-14.0, -36.0), (0.0, -24.0), (14.0, -38.0), (-4.0, -44.0), (12.0, -20.0), (-18.0, -20.0)] {
            canvas.circle(x, y, 3)
        }
        tint(P.paper)
        shine(-18, -46, 8, 5)
    }

    /// A spotted teacup on its saucer, steaming.
    func teacup() {
        shadow(40)
        canvas.ellipse(0, -8, 42, 7)
        fill(P.paper)
        tube(P.pink, width: 5) { canvas.arc(30, -36, 10, from: -.pi / 2, to: .pi / 2) }
        cup(rimY: -52, bottomY: -12, halfWidth: 30)
        fill(P.pink)
        canvas.ellipse(0, -52, 30, 6)
        fill(P.paper)
        canvas.ellipse(0, -51, 25, 4)
        tint(P.crust)
        for x in [-14.0, 0, 14] {
            canvas.circle(x, -32, 3)
        }
        tint(P.paper)
        for x in [-10.0, 8] {
            canvas.moveTo(x, -62)
            canvas.curveTo(x - 8, -70, x + 8, -76, x, -88)
        }
        mark(P.metal, width: 3, alpha: 0.8)
        shine(-20, -42, 3, 6)
    }

    /// A coral apron with a pocket and its ties.
    func apron() {
        tube(P.paper, width: 4) { canvas.arc(0, -86, 14, from: .pi, to: 2 * .pi) }
        canvas.moveTo(-18, -90)
        canvas.lineTo(18, -90)
        canvas.lineTo(20, -62)
        canvas.curveTo(34, -60, 36, -40, 38, -4)
        canvas.lineTo(-38, -4)
        canvas.curveTo(-36, -40, -34, -60, -20, -62)
        canvas.closePath()
        fill(P.red.lighter(0.2))
        tube(P.paper, width: 4) {
            canvas.moveTo(-22, -62); canvas.curveTo(-34, -62, -44, -58, -48, -48)
            canvas.moveTo(22, -62); canvas.curveTo(34, -62, 44, -58, 48, -48)
        }
        canvas.roundedRect(-16, -44, 32, 22, radius: 4)
        fill(P.paper)
        canvas.circle(0, -76, 5)
        tint(P.yellow)
        canvas.moveTo(-36, -10); canvas.lineTo(36, -10)
        mark(P.paper, width: 3, alpha: 0.8)
        shine(-24, -40, 3, 12, alpha: 0.3)
    }
}
