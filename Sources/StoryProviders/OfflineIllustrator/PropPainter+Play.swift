import Foundation

private typealias P = PropPainter.Palette

/// Music and play: drum, guitar, trumpet, ball, teddy, crown, hat.
extension PropPainter.Pen {
    /// A red drum with zigzag cords and two crossed sticks.
    func drum() {
        shadow(40)
        canvas.moveTo(-38, -58); canvas.lineTo(-38, -14)
        canvas.curveTo(-38, -2, 38, -2, 38, -14)
        canvas.lineTo(38, -58)
        canvas.closePath()
        fill(P.red)
        canvas.moveTo(-38, -54)
        for k in 0..<8 {
            let x = -38 + Double(k + 1) * 9.5
            canvas.lineTo(x - 4.75, k % 2 == 0 ? -14 : -54)
            canvas.lineTo(x, k % 2 == 0 ? -54 : -14)
        }
        mark(P.paper, width: 2)
        canvas.moveTo(-38, -16); canvas.curveTo(-38, -4, 38, -4, 38, -16)
        mark(P.gold, width: 4)
        canvas.ellipse(0, -58, 38, 10)
        fill(P.cream)
        for side in [-1.0, 1.0] {
            tube(P.wood, width: 4) { canvas.moveTo(side * 30, -92); canvas.lineTo(side * -6, -62) }
            canvas.circle(side * 30, -92, 5)
            fill(P.cream)
        }
        shine(-28, -36, 3, 10, alpha: 0.4)
    }

    /// A wooden guitar, leaning a little.
    func guitar() {
        shadow(26)
        turned(0.3, about: 0, -40) {
            canvas.rect(-4, -94, 8, 52)
            fill(P.brown)
            canvas.roundedRect(-7, -104, 14, 14, radius: 3)
            fill(P.brown.darker(0.2))
            canvas.circle(0, -58, 16)
            canvas.circle(0, -26, 24)
            fill(P.orange)
            canvas.circle(0, -58, 15)
            canvas.circle(0, -26, 23)
            tint(P.orange)
            canvas.circle(0, -40, 7)
            fill(P.outline)
            canvas.rect(-9, -18, 18, 4)
            fill(P.brown)
            for dx in [-2.0, 0, 2] {
                canvas.moveTo(dx, -92); canvas.lineTo(dx, -16)
            }
            mark(P.cream, width: 0.8)
            shine(-12, -34, 4, 8, alpha: 0.4)
        }
    }

    /// A golden trumpet, bell to the right.
    func trumpet() {
        shadow(40)
        tube(P.gold, width: 6) {
            canvas.moveTo(-30, -40)
            canvas.lineTo(-30, -28)
            canvas.curveTo(-30, -18, 12, -18, 12, -28)
        }
        tube(P.gold, width: 7) { canvas.moveTo(-40, -44); canvas.lineTo(16, -44) }
        canvas.roundedRect(-48, -49, 10, 10, radius: 2)
        fill(P.gold.darker(0.1))
        canvas.moveTo(12, -50)
        canvas.curveTo(30, -50, 40, -66, 48, -68)
        canvas.lineTo(48, -20)
        canvas.curveTo(40, -22, 30, -38, 12, -38)
        canvas.closePath()
        fill(P.gold)
        canvas.ellipse(48, -44, 5, 24)
        fill(P.yellow)
        for x in [-18.0, -8, 2] {
            canvas.rect(x - 3, -60, 6, 14)
            fill(P.gold)
            canvas.roundedRect(x - 5, -64, 10, 5, radius: 2)
            fill(P.cream)
        }
        shine(30, -52, 6, 3)
    }

    /// A striped beach ball.
    func ball() {
        shadow(26)
        let cx = 0.0, cy = -30.0, r = 28.0
        canvas.circle(cx, cy, r)
        fill(P.paper)
        canvas.layer {
            canvas.circle(cx, cy, r)
            canvas.clip()
            for (k, colour) in [P.red, P.blue, P.yellow].enumerated() {
                let a = Double(k) * 2 * .pi / 3 - .pi / 2
                canvas.moveTo(cx + 8, cy - 10)
                canvas.arc(cx, cy, r + 2, from: a - 0.45, to: a + 0.45)
                canvas.closePath()
                tint(colour)
            }
            canvas.circle(cx + 8, cy - 10, 5)
            tint(P.paper)
        }
        canvas.circle(cx, cy, r)
        mark(P.outline, width: line)
        shine(cx - 12, cy - 12, 6, 4)
    }

    /// A brown teddy bear, sitting.
    func teddy() {
        shadow(34)
        let fur = P.crust.darker(0.1)
        for side in [-1.0, 1.0] {
            canvas.ellipse(side * 22, -10, 12, 9)
            fill(fur)
            canvas.ellipse(side * 22, -9, 6, 5)
            tint(P.cream)
            canvas.ellipse(side * 30, -40, 8, 13)
            fill(fur)
        }
        canvas.ellipse(0, -30, 24, 26)
        fill(fur)
        canvas.ellipse(0, -28, 13, 15)
        tint(P.cream)
        for side in [-1.0, 1.0] {
            canvas.circle(side * 17, -86, 9)
            fill(fur)
            canvas.circle(side * 17, -86, 4.5)
            tint(P.cream)
        }
        canvas.circle(0, -68, 22)
        fill(fur)
        canvas.ellipse(0, -60, 10, 8)
        fill(P.cream)
        canvas.ellipse(0, -64, 4, 3)
        tint(P.outline)
        canvas.circle(-8, -74, 2.8); canvas.circle(8, -74, 2.8)
        tint(P.outline)
        canvas.arc(0, -59, 4, from: 0.2 * .pi, to: 0.8 * .pi)
        mark(P.outline, width: 1.5)
        canvas.polygon([(0, -48), (-12, -54), (-12, -42)])
        canvas.polygon([(0, -48), (12, -54), (12, -42)])
        fill(P.red)
        shine(-10, -80, 5, 3, alpha: 0.35)
    }

    /// A golden crown set with jewels.
    func crown() {
        shadow(38)
        canvas.polygon([(-40, -12), (-44, -64), (-22, -40), (0, -76), (22, -40), (44, -64), (40, -12)])
        fill(P.gold)
        for (x, y) in [(-44.0, -66.0), (0.0, -78.0), (44.0, -66.0)] {
            canvas.circle(x, y, 5)
            fill(P.yellow)
        }
        canvas.roundedRect(-42, -24, 84, 16, radius: 3)
        fill(P.gold.darker(0.08))
        for (x, colour) in [(-24.0, P.blue), (0.0, P.red), (24.0, P.green)] {
            canvas.ellipse(x, -16, 6, 5)
            fill(colour)
        }
        shine(-30, -40, 3, 9)
    }

    /// A straw sun hat with a red band.
    func hat() {
        shadow(44)
        canvas.ellipse(0, -18, 48, 12)
        fill(P.straw)
        canvas.moveTo(-26, -20)
        canvas.curveTo(-28, -64, 28, -64, 26, -20)
        canvas.closePath()
        fill(P.straw)
        canvas.moveTo(-26, -22); canvas.lineTo(-27, -32); canvas.curveTo(-10, -28, 10, -28, 27, -32); canvas.lineTo(26, -22)
        canvas.curveTo(10, -18, -10, -18, -26, -22)
        fill(P.red)
        canvas.circle(20, -28, 6)
        fill(P.paper)
        canvas.circle(20, -28, 2.5)
        tint(P.yellow)
        shine(-12, -46, 6, 4)
    }
}
