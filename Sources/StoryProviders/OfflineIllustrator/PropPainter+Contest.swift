import Foundation

private typealias P = PropPainter.Palette

/// Contest and race: finish line, flags, trophy, ribbon, whistle.
extension PropPainter.Pen {
    /// Two striped posts holding a chequered banner, the finishing tape across.
    func finishLine() {
        shadow(12, x: -42); shadow(12, x: 42)
        for x in [-42.0, 42] {
            tube(P.paper, width: 6) { canvas.moveTo(x, -2); canvas.lineTo(x, -92) }
            for y in stride(from: -84.0, through: -10, by: 16) {
                canvas.moveTo(x, y); canvas.lineTo(x, y + 7)
            }
            mark(P.red, width: 6)
        }
        canvas.rect(-42, -98, 84, 22)
        fill(P.paper)
        for row in 0..<2 {
            for column in 0..<8 where (row + column) % 2 == 0 {
                canvas.rect(-42 + Double(column) * 10.5, -98 + Double(row) * 11, 10.5, 11)
            }
        }
        tint(P.outline)
        canvas.rect(-42, -98, 84, 22)
        mark(P.outline, width: line)
        canvas.moveTo(-42, -44); canvas.curveTo(-14, -38, 14, -38, 42, -44)
        mark(P.red, width: 4)
    }

    /// A string of pennants between two little poles.
    func flags() {
        for x in [-44.0, 44] {
            tube(P.wood, width: 4) { canvas.moveTo(x, -2); canvas.lineTo(x, -82) }
            canvas.circle(x, -84, 4)
            fill(P.gold)
        }
        pennants(from: -44, to: 44, y: -76, sag: 14, count: 5, drop: 22)
    }

    /// A golden cup with two handles on a wooden plinth.
    func trophy() {
        shadow(28)
        canvas.roundedRect(-28, -22, 56, 20, radius: 3)
        fill(P.brown)
        canvas.rect(-12, -16, 24, 8)
        tint(P.gold)
        canvas.polygon([(-18, -22), (18, -22), (12, -32), (-12, -32)])
        fill(P.gold)
        canvas.rect(-5, -48, 10, 16)
        fill(P.gold)
        tube(P.gold, width: 5) { canvas.arc(-30, -76, 12, from: 0.5 * .pi, to: 1.6 * .pi) }
        tube(P.gold, width: 5) { canvas.arc(30, -76, 12, from: -0.6 * .pi, to: 0.5 * .pi) }
        cup(rimY: -96, bottomY: -48, halfWidth: 30)
        fill(P.gold)
        canvas.ellipse(0, -96, 30, 5)
        fill(P.yellow)
        star(at: 0, -72, radius: 9, colour: P.yellow)
        shine(-18, -80, 4, 9)
    }

    /// A blue prize rosette with two tails.
    func ribbon() {
        canvas.polygon([(-4, -56), (-22, -2), (-14, -10), (-6, -2), (6, -52)])
        fill(P.blue)
        canvas.polygon([(4, -56), (22, -2), (14, -10), (6, -2), (-6, -52)])
        fill(P.blue.darker(0.12))
        for k in 0..<12 {
            let a = Double(k) * .pi / 6
            canvas.circle(24 * cos(a), -64 + 24 * sin(a), 9)
        }
        fill(P.blue) // one path: the scallops are filled and outlined at once
        canvas.circle(0, -64, 22)
        tint(P.blue)
        canvas.circle(0, -64, 15)
        fill(P.gold)
        star(at: 0, -64, radius: 9, colour: P.yellow)
        shine(-6, -72, 4, 2)
    }

    /// A silver whistle on a red cord.
    func whistle() {
        shadow(34)
        canvas.moveTo(30, -40)
        canvas.curveTo(40, -60, 30, -86, 10, -92)
        mark(P.red, width: 3)
        canvas.roundedRect(-44, -40, 40, 16, radius: 3)
        fill(P.metal)
        canvas.circle(8, -28, 22)
        fill(P.metal)
        canvas.rect(-14, -40, 12, 5)
        tint(P.outline)
        canvas.circle(26, -40, 5)
        mark(P.iron, width: 3)
        shine(0, -38, 8, 4)
        shine(-32, -35, 8, 1.8)
    }

    /// The path of a round-bottomed cup: its rim at `rimY`, its foot at `bottomY`.
    func cup(rimY: Double, bottomY: Double, halfWidth: Double) {
        let depth = bottomY - rimY
        canvas.moveTo(-halfWidth, rimY)
        canvas.lineTo(halfWidth, rimY)
        canvas.curveTo(halfWidth, rimY + depth * 0.6, halfWidth * 0.55, bottomY, 0, bottomY)
        canvas.curveTo(-halfWidth * 0.55, bottomY, -halfWidth, rimY + depth * 0.6, -halfWidth, rimY)
        canvas.closePath()
    }

    /// A five-pointed star centred on (x, y), outlined.
    func star(at x: Double, _ y: Double, radius: Double, colour: PaintColor) {
        let points = (0..<10).map { k -> (Double, Double) in
            let r = k % 2 == 0 ? radius : radius * 0.45
            let a = Double(k) * .pi / 5 - .pi / 2
            return (x + r * cos(a), y + r * sin(a))
        }
        canvas.polygon(points)
        fill(colour)
    }
}
