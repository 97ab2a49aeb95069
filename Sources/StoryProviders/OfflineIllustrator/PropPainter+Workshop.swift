import Foundation

private typealias P = PropPainter.Palette

/// Building and fixing: boat, hammer, toolbox, paintbrush, paint pot, ladder, box, wheel, nails.
extension PropPainter.Pen {
    /// A little red sailing boat with a white sail and a pennant.
    func boat() {
        shadow(44)
        tube(P.wood, width: 4) { canvas.moveTo(0, -30); canvas.lineTo(0, -96) }
        canvas.polygon([(-4, -90), (-4, -36), (-40, -36)])
        fill(P.cream)
        canvas.polygon([(4, -92), (4, -36), (38, -36)])
        fill(P.paper)
        canvas.polygon([(2, -96), (18, -91), (2, -86)])
        fill(P.yellow)
        canvas.moveTo(-50, -34)
        canvas.lineTo(50, -34)
        canvas.curveTo(44, -14, 34, -4, 24, -4)
        canvas.lineTo(-30, -4)
        canvas.curveTo(-40, -4, -46, -16, -50, -34)
        canvas.closePath()
        fill(P.red)
        canvas.moveTo(-47, -24); canvas.lineTo(46, -24)
        mark(P.paper, width: 4)
        for x in [-20.0, 0, 20] {
            canvas.circle(x, -14, 3.5)
            fill(P.sky)
        }
        shine(-30, -30, 12, 2)
    }

    /// A hammer with a red grip and an iron head, leaning.
    func hammer() {
        shadow(30)
        turned(0.35, about: 0, -50) {
            canvas.roundedRect(-6, -68, 12, 66, radius: 5)
            fill(P.wood)
            canvas.roundedRect(-7, -30, 14, 28, radius: 5)
            fill(P.red)
            canvas.moveTo(-24, -86)
            canvas.lineTo(14, -86)
            canvas.lineTo(30, -82)
            canvas.lineTo(30, -72)
            canvas.lineTo(14, -68)
            canvas.lineTo(-24, -68)
            canvas.closePath()
            fill(P.iron)
            canvas.roundedRect(-32, -89, 10, 24, radius: 2)
            fill(P.iron)
            shine(-6, -82, 12, 2.2, alpha: 0.45)
        }
    }

    /// A red toolbox with its handle up and a screwdriver peeking out.
    func toolbox() {
        shadow(46)
        tube(P.yellow, width: 4) { canvas.moveTo(18, -50); canvas.lineTo(30, -76) }
        canvas.roundedRect(24, -84, 12, 14, radius: 3)
        fill(P.yellow)
        tube(P.iron, width: 5) {
            canvas.moveTo(-18, -52); canvas.lineTo(-18, -66); canvas.lineTo(8, -66); canvas.lineTo(8, -52)
        }
        canvas.roundedRect(-46, -52, 92, 50, radius: 5)
        fill(P.red)
        canvas.rect(-46, -40, 92, 4)
        tint(P.red.darker(0.2))
        canvas.roundedRect(-8, -44, 16, 10, radius: 2)
        fill(P.metal)
        shine(-34, -46, 8, 2)
    }

    /// A paintbrush with blue paint on its bristles.
    func paintbrush() {
        shadow(30)
        turned(0.6, about: 0, -50) {
            canvas.roundedRect(-5, -40, 10, 44, radius: 5)
            fill(P.red)
            canvas.rect(-7, -56, 14, 16)
            fill(P.metal)
            canvas.moveTo(-7, -56)
            canvas.curveTo(-9, -74, -4, -92, 0, -98)
            canvas.curveTo(4, -92, 9, -74, 7, -56)
            canvas.closePath()
            fill(P.wood.lighter(0.2))
            canvas.moveTo(-7, -74)
            canvas.curveTo(-6, -86, -3, -94, 0, -98)
            canvas.curveTo(3, -94, 6, -86, 7, -74)
            canvas.closePath()
            fill(P.blue)
            shine(-2, -20, 1.5, 14, alpha: 0.5)
        }
    }

    /// A tin of blue paint with a wire handle, paint running down its side.
    func paintPot() {
        shadow(34)
        tube(P.iron, width: 2.5) { canvas.arc(0, -62, 30, from: .pi, to: 2 * .pi) }
        canvas.moveTo(-30, -62); canvas.lineTo(-30, -10)
        canvas.curveTo(-30, -2, 30, -2, 30, -10)
        canvas.lineTo(30, -62)
        canvas.closePath()
        fill(P.metal)
        canvas.rect(-30, -48, 60, 24)
        tint(P.yellow)
        canvas.ellipse(0, -62, 30, 7)
        fill(P.blue)
        canvas.moveTo(-12, -60); canvas.lineTo(-12, -38)
        canvas.moveTo(8, -60); canvas.lineTo(8, -48)
        mark(P.outline, width: 6 + 2 * line)
        canvas.moveTo(-12, -60); canvas.lineTo(-12, -38)
        canvas.moveTo(8, -60); canvas.lineTo(8, -48)
        mark(P.blue, width: 6)
        shine(-22, -36, 3, 10, alpha: 0.5)
    }

    /// A wooden ladder.
    func ladder() {
        shadow(30)
        for y in stride(from: -14.0, through: -86, by: -14) {
            tube(P.wood, width: 4) { canvas.moveTo(-24 + (y + 100) * 0.06 - 6, y); canvas.lineTo(24 - (y + 100) * 0.06 + 6, y) }
        }
        tube(P.wood, width: 6) { canvas.moveTo(-28, -2); canvas.lineTo(-18, -98) }
        tube(P.wood, width: 6) { canvas.moveTo(28, -2); canvas.lineTo(18, -98) }
        canvas.moveTo(-27, -8); canvas.lineTo(-18.5, -90)
        mark(.white, width: 1.5, alpha: 0.5)
    }

    /// A cardboard box with its flaps open.
    func box() {
        shadow(46)
        canvas.polygon([(-40, -58), (-54 + 6, -76), (-24, -72), (-18, -62)])
        fill(P.wood.lighter(0.15))
        canvas.polygon([(26, -62), (44, -80), (50, -70), (40, -58)])
        fill(P.wood.lighter(0.15))
        canvas.polygon([(-40, -58), (26, -58), (42, -64), (-24, -64)])
        fill(P.brown)
        canvas.polygon([(26, -58), (42, -64), (42, -12), (26, -2)])
        fill(P.wood.darker(0.12))
        canvas.rect(-40, -58, 66, 56)
        fill(P.wood)
        canvas.rect(-12, -58, 10, 18)
        tint(P.cream, alpha: 0.8)
        canvas.moveTo(-30, -20); canvas.lineTo(-20, -14)
        canvas.moveTo(-30, -14); canvas.lineTo(-20, -20)
        mark(P.brown, width: 2)
    }

    /// A wooden cart wheel with spokes.
    func wheel() {
        shadow(40)
        let cx = 0.0, cy = -46.0
        canvas.circle(cx, cy, 44)
        canvas.circle(cx, cy, 35)
        canvas.fillEvenOdd(P.brown)
        canvas.circle(cx, cy, 44)
        mark(P.outline, width: line)
        canvas.circle(cx, cy, 35)
        mark(P.outline, width: line)
        for k in 0..<8 {
            let a = Double(k) * .pi / 4
            tube(P.wood, width: 5) { canvas.moveTo(cx, cy); canvas.lineTo(cx + 34 * cos(a), cy + 34 * sin(a)) }
        }
        canvas.circle(cx, cy, 10)
        fill(P.iron)
        canvas.circle(cx, cy, 4)
        tint(P.metal)
        canvas.arc(cx, cy, 40, from: 3.4, to: 4.4)
        mark(.white, width: 2.5, alpha: 0.5)
    }

    /// A few nails, one lying down.
    func nails() {
        shadow(38)
        for (x, angle) in [(-20.0, -0.25), (0.0, 0.05), (20.0, 0.3)] {
            turned(angle, about: x, -4) { nail(x: x, top: -70, bottom: -6) }
        }
        turned(-.pi / 2, about: 0, -12) { nail(x: 0, top: -50, bottom: 26) }
    }

    private func nail(x: Double, top: Double, bottom: Double) {
        canvas.polygon([(x - 2.5, top + 4), (x + 2.5, top + 4), (x + 2.5, bottom - 8), (x, bottom), (x - 2.5, bottom - 8)])
        fill(P.metal)
        canvas.ellipse(x, top + 2, 8, 3)
        fill(P.metal)
        canvas.moveTo(x - 1, top + 8); canvas.lineTo(x - 1, bottom - 8)
        mark(.white, width: 1.5, alpha: 0.6)
    }
}
