import Foundation

private typealias P = PropPainter.Palette

/// Space and sky: rocket, star, planet, telescope.
extension PropPainter.Pen {
    /// A cream rocket with a red nose and fins and a round window, standing on its fins.
    func rocket() {
        shadow(30)
        for side in [-1.0, 1.0] {
            canvas.polygon([(side * 14, -44), (side * 30, -16), (side * 30, -2), (side * 14, -14)])
            fill(P.red)
        }
        canvas.polygon([(-9, -14), (9, -14), (12, -4), (-12, -4)])
        fill(P.iron)
        let body = {
            canvas.moveTo(0, -100)
            canvas.curveTo(22, -84, 20, -40, 15, -14)
            canvas.lineTo(-15, -14)
            canvas.curveTo(-20, -40, -22, -84, 0, -100)
            canvas.closePath()
        }
        body()
        fill(P.cream)
        canvas.layer {
            body()
            canvas.clip()
            canvas.rect(-30, -100, 60, 20)
            tint(P.red)
        }
        canvas.moveTo(-14, -80); canvas.curveTo(-6, -82, 6, -82, 14, -80)
        mark(P.outline, width: line)
        canvas.polygon([(-2, -14), (2, -14), (2, -40), (-2, -40)])
        fill(P.red)
        canvas.circle(0, -58, 9)
        fill(P.iron)
        canvas.circle(0, -58, 6)
        tint(P.sky)
        shine(-2, -60, 2, 2, alpha: 0.8)
        shine(-10, -66, 2.5, 16, alpha: 0.45)
    }

    /// A plump golden star.
    func star() {
        star(at: 0, -52, radius: 46, colour: P.yellow)
        canvas.circle(-8, -52, 2.5); canvas.circle(8, -52, 2.5)
        tint(P.outline)
        canvas.arc(0, -48, 6, from: 0.2 * .pi, to: 0.8 * .pi)
        mark(P.outline, width: 1.8)
        shine(-12, -68, 5, 3)
    }

    /// An orange ringed planet.
    func planet() {
        let cx = 0.0, cy = -50.0
        turned(-0.3, about: cx, cy) {
            canvas.ellipse(cx, cy, 48, 12)
            canvas.ellipse(cx, cy, 38, 8)
            canvas.fillEvenOdd(P.gold)
            canvas.circle(cx, cy, 30)
            fill(P.orange)
            canvas.layer {
                canvas.circle(cx, cy, 30)
                canvas.clip()
                canvas.rect(cx - 30, cy - 14, 60, 7)
                canvas.rect(cx - 30, cy + 8, 60, 6)
                tint(P.red, alpha: 0.35)
            }
            // The ring's front half, over the planet.
            canvas.layer {
                canvas.rect(cx - 50, cy, 100, 20)
                canvas.clip()
                canvas.ellipse(cx, cy, 48, 12)
                canvas.ellipse(cx, cy, 38, 8)
                canvas.fillEvenOdd(P.gold)
                canvas.ellipse(cx, cy, 48, 12)
                mark(P.outline, width: line)
                canvas.ellipse(cx, cy, 38, 8)
                mark(P.outline, width: line)
            }
            shine(cx - 12, cy - 14, 7, 4)
        }
    }

    /// A brass telescope on a wooden tripod, pointing at the sky.
    func telescope() {
        shadow(34)
        tube(P.wood, width: 4) {
            canvas.moveTo(0, -46); canvas.lineTo(-30, -2)
            canvas.moveTo(0, -46); canvas.lineTo(30, -2)
            canvas.moveTo(0, -46); canvas.lineTo(4, -2)
        }
        turned(-0.55, about: 0, -52) {
            canvas.roundedRect(-44, -60, 30, 16, radius: 3)
            fill(P.navy)
            canvas.roundedRect(-16, -63, 48, 22, radius: 3)
            fill(P.navy)
            canvas.rect(-18, -64, 6, 24)
            fill(P.gold)
            canvas.rect(30, -66, 8, 28)
            fill(P.gold)
            canvas.ellipse(38, -52, 3, 12)
            fill(P.sky)
            shine(6, -58, 14, 2)
        }
        canvas.circle(0, -50, 5)
        fill(P.gold)
    }
}
