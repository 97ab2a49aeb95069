import Foundation

private typealias P = PropPainter.Palette

/// School and learning: desk, blackboard, book, pencil, map, globe.
extension PropPainter.Pen {
    /// A wooden school desk with a drawer and an apple on top.
    func desk() {
        shadow(48)
        for x in [-40.0, 40] {
            tube(P.iron, width: 5) { canvas.moveTo(x, -56); canvas.lineTo(x, -3) }
        }
        canvas.moveTo(-40, -8); canvas.lineTo(40, -8)
        mark(P.iron, width: 3)
        canvas.roundedRect(-36, -56, 44, 20, radius: 2)
        fill(P.wood.darker(0.1))
        canvas.roundedRect(-18, -48, 8, 4, radius: 2)
        fill(P.gold)
        canvas.roundedRect(-48, -66, 96, 11, radius: 3)
        fill(P.wood)
        canvas.moveTo(28, -76)
        canvas.curveTo(42, -86, 44, -66, 28, -66)
        canvas.curveTo(12, -66, 14, -86, 28, -76)
        canvas.closePath()
        fill(P.red)
        canvas.moveTo(28, -77); canvas.lineTo(30, -84)
        mark(P.brown, width: 2)
        canvas.ellipse(34, -84, 5, 2.5)
        fill(P.green)
        shine(-30, -62, 14, 1.8)
        shine(23, -76, 2.5, 3, alpha: 0.7)
    }

    /// A blackboard on an easel with sums in chalk.
    func blackboard() {
        shadow(40)
        tube(P.wood, width: 5) {
            canvas.moveTo(-30, -50); canvas.lineTo(-42, -2)
            canvas.moveTo(30, -50); canvas.lineTo(42, -2)
        }
        canvas.roundedRect(-48, -98, 96, 64, radius: 4)
        fill(P.wood)
        canvas.rect(-42, -92, 84, 52)
        fill(PaintColor(0.20, 0.36, 0.30))
        // "1+2=3" and a smiling sun in chalk.
        canvas.moveTo(-34, -78); canvas.lineTo(-30, -82); canvas.lineTo(-30, -66)
        canvas.moveTo(-22, -74); canvas.lineTo(-14, -74); canvas.moveTo(-18, -78); canvas.lineTo(-18, -70)
        canvas.moveTo(-8, -80); canvas.curveTo(-2, -84, 2, -76, -8, -66); canvas.lineTo(0, -66)
        canvas.moveTo(6, -76); canvas.lineTo(14, -76); canvas.moveTo(6, -71); canvas.lineTo(14, -71)
        canvas.moveTo(18, -81); canvas.curveTo(26, -84, 26, -74, 20, -74); canvas.curveTo(28, -74, 26, -64, 18, -67)
        canvas.moveTo(-34, -52); canvas.curveTo(-20, -58, -6, -46, 8, -52)
        mark(.white, width: 2.2, alpha: 0.9)
        canvas.circle(26, -54, 6)
        mark(P.yellow, width: 2, alpha: 0.9)
        canvas.rect(-46, -40, 92, 5)
        fill(P.wood.darker(0.15))
        canvas.rect(-30, -44, 10, 4)
        tint(.white)
    }

    /// An open book with lines of text.
    func book() {
        shadow(46)
        canvas.moveTo(-48, -46); canvas.lineTo(48, -46); canvas.lineTo(48, -8); canvas.lineTo(0, -2); canvas.lineTo(-48, -8)
        canvas.closePath()
        fill(P.red)
        for side in [-1.0, 1.0] {
            canvas.moveTo(0, -46)
            canvas.curveTo(side * 14, -56, side * 30, -56, side * 44, -52)
            canvas.lineTo(side * 44, -12)
            canvas.curveTo(side * 30, -16, side * 14, -16, 0, -8)
            canvas.closePath()
            fill(P.paper)
            for k in 0..<4 {
                let y = -44 + Double(k) * 8
                canvas.moveTo(side * 8, y); canvas.curveTo(side * 18, y - 4, side * 28, y - 4, side * 38, y - 2)
            }
            mark(P.metal.darker(0.1), width: 1.8)
        }
        canvas.moveTo(0, -46); canvas.lineTo(0, -8)
        mark(P.outline, width: line * 0.8)
    }

    /// A yellow pencil, sharpened, lying on a slant.
    func pencil() {
        shadow(36)
        turned(-0.6, about: 0, -44) {
            canvas.roundedRect(-6, -82, 12, 10, radius: 3)
            fill(P.pink)
            canvas.rect(-6, -74, 12, 8)
            fill(P.metal)
            canvas.rect(-6, -66, 12, 48)
            fill(P.yellow)
            canvas.moveTo(0, -66); canvas.lineTo(0, -18)
            mark(P.gold.darker(0.1), width: 1.5)
            canvas.polygon([(-6, -18), (6, -18), (0, -2)])
            fill(P.cream)
            canvas.polygon([(-2.2, -8), (2.2, -8), (0, -2)])
            tint(P.outline)
            shine(-3.5, -44, 1.2, 18, alpha: 0.6)
        }
    }

    /// A folded treasure map: a dotted path to a red cross.
    func map() {
        shadow(44)
        let panels: [[(Double, Double)]] = [
            [(-46, -66), (-16, -60), (-16, -4), (-46, -10)],
            [(-16, -60), (16, -66), (16, -10), (-16, -4)],
            [(16, -66), (46, -60), (46, -4), (16, -10)],
        ]
        for (index, panel) in panels.enumerated() {
            canvas.polygon(panel)
            fill(index == 1 ? P.cream.darker(0.08) : P.cream)
        }
        canvas.moveTo(-28, -52)
        canvas.curveTo(-40, -36, -34, -20, -24, -22)
        canvas.curveTo(-14, -26, -14, -44, -28, -52)
        fill(P.green)
        canvas.moveTo(-26, -32)
        canvas.curveTo(-6, -50, 12, -20, 30, -40)
        dashed(on: 3, off: 4) { mark(P.brown, width: 2) }
        canvas.moveTo(26, -46); canvas.lineTo(36, -36); canvas.moveTo(36, -46); canvas.lineTo(26, -36)
        mark(P.red, width: 3.5)
        canvas.moveTo(8, -58); canvas.curveTo(12, -56, 16, -60, 12, -62)
        mark(P.blue, width: 2)
    }

    /// A globe on a brass stand.
    func globe() {
        shadow(26)
        canvas.ellipse(0, -6, 24, 5)
        fill(P.wood)
        tube(P.gold, width: 4) { canvas.moveTo(0, -8); canvas.lineTo(0, -20) }
        let cx = 0.0, cy = -56.0
        turned(0.35, about: cx, cy) {
            canvas.circle(cx, cy, 32)
            fill(P.blue)
            canvas.layer {
                canvas.circle(cx, cy, 32)
                canvas.clip()
                canvas.moveTo(-22, -74); canvas.curveTo(-4, -84, 6, -70, -4, -60)
                canvas.curveTo(-10, -52, -4, -40, -14, -34); canvas.curveTo(-28, -44, -30, -64, -22, -74)
                canvas.moveTo(10, -58); canvas.curveTo(26, -64, 34, -50, 26, -38)
                canvas.curveTo(18, -28, 8, -36, 10, -58)
                tint(P.green)
                canvas.moveTo(-30, -56); canvas.curveTo(-10, -48, 10, -48, 30, -56)
                mark(.white, width: 1.2, alpha: 0.4)
            }
            tube(P.gold, width: 3.5) { canvas.arc(cx, cy, 38, from: 0.5 * .pi, to: 1.5 * .pi) }
            shine(cx - 12, cy - 14, 6, 4)
        }
    }
}
