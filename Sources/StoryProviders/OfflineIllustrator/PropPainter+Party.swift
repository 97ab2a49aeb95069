import Foundation

private typealias P = PropPainter.Palette

/// Party and picnic: balloon, present, bunting, candles, picnic blanket, basket, sandwich, lemonade.
extension PropPainter.Pen {
    /// A red balloon on a curly string (the string's end at the base).
    func balloon() {
        canvas.moveTo(0, -40)
        canvas.curveTo(10, -28, -10, -14, 2, -2)
        mark(P.outline, width: 1.5)
        canvas.polygon([(0, -42), (-5, -36), (5, -36)])
        fill(P.red)
        canvas.moveTo(0, -42)
        canvas.curveTo(-34, -56, -30, -98, 0, -98)
        canvas.curveTo(30, -98, 34, -56, 0, -42)
        canvas.closePath()
        fill(P.red)
        shine(-10, -80, 5, 9)
    }

    /// A purple present with a gold ribbon and bow.
    func present() {
        shadow(40)
        canvas.rect(-32, -52, 64, 50)
        fill(P.purple)
        canvas.rect(-5, -52, 10, 50)
        tint(P.gold)
        canvas.rect(-36, -64, 72, 14)
        fill(P.purple.lighter(0.1))
        canvas.rect(-5, -64, 10, 14)
        tint(P.gold)
        for side in [-1.0, 1.0] {
            canvas.moveTo(0, -64)
            canvas.curveTo(side * 10, -90, side * 30, -84, side * 22, -70)
            canvas.curveTo(side * 16, -64, side * 6, -64, 0, -64)
            canvas.closePath()
            fill(P.gold)
        }
        canvas.circle(0, -65, 5)
        fill(P.yellow)
        shine(-24, -44, 3, 6)
    }

    /// A swag of bunting hanging from the top corners of its box.
    func bunting() {
        pennants(from: -50, to: 50, y: -96, sag: 22, count: 7, drop: 20)
    }

    /// Three striped candles of different heights, lit.
    func candles() {
        shadow(40)
        canvas.ellipse(0, -6, 42, 6)
        fill(P.gold)
        for (x, height, colour) in [(-22.0, 44.0, P.pink), (0.0, 60.0, P.sky), (22.0, 36.0, P.yellow)] {
            canvas.rect(x - 7, -8 - height, 14, height)
            fill(colour)
            for y in stride(from: -14.0, through: -height, by: -12) {
                canvas.moveTo(x - 6, y); canvas.lineTo(x + 6, y - 5)
            }
            mark(.white, width: 3, alpha: 0.8)
            canvas.moveTo(x, -8 - height); canvas.lineTo(x, -12 - height)
            mark(P.outline, width: 1.5)
            flame(x, -12 - height, height: 16)
        }
    }

    /// A red-and-white chequered blanket spread on the ground.
    func picnicBlanket() {
        let corners: [(Double, Double)] = [(-50, -4), (50, -4), (38, -36), (-38, -36)]
        canvas.layer {
            canvas.polygon(corners)
            canvas.clip()
            canvas.polygon(corners)
            tint(P.paper)
            // Bands towards the back, stripes leaning with the perspective.
            for k in 0..<4 where k % 2 == 0 {
                let top = -36 + Double(k) * 8
                canvas.rect(-50, top, 100, 8)
            }
            tint(P.red, alpha: 0.55)
            for k in 0..<10 where k % 2 == 0 {
                let bottom = -50 + Double(k) * 10, back = -38 + Double(k) * 7.6
                canvas.polygon([(bottom, -4), (bottom + 10, -4), (back + 7.6, -36), (back, -36)])
            }
            tint(P.red, alpha: 0.55)
        }
        canvas.polygon(corners)
        mark(P.outline, width: line)
        canvas.moveTo(-30, -36); canvas.lineTo(30, -36)
        mark(.white, width: 1.5, alpha: 0.6)
    }

    /// A wicker basket with a cloth peeking out and its handle up.
    func basket() {
        shadow(40)
        tube(P.wood, width: 6) { canvas.moveTo(-30, -50); canvas.curveTo(-30, -100, 30, -100, 30, -50) }
        canvas.polygon([(-26, -50), (-10, -62), (6, -52), (22, -64), (28, -50)])
        fill(P.red)
        canvas.polygon([(-40, -52), (40, -52), (30, -2), (-30, -2)])
        fill(P.straw)
        canvas.layer {
            canvas.polygon([(-40, -52), (40, -52), (30, -2), (-30, -2)])
            canvas.clip()
            for y in stride(from: -42.0, through: -8, by: 10) {
                canvas.moveTo(-40, y); canvas.lineTo(40, y)
            }
            mark(P.wood.darker(0.15), width: 1.5)
            for row in 0..<5 {
                let y = -52 + Double(row) * 10
                for column in 0..<9 {
                    let x = -40 + Double(column) * 10 + (row % 2 == 0 ? 0 : 5)
                    canvas.moveTo(x, y + 2); canvas.lineTo(x, y + 8)
                }
            }
            mark(P.wood.darker(0.25), width: 1.5)
        }
        canvas.roundedRect(-42, -56, 84, 8, radius: 3)
        fill(P.wood)
        shine(-28, -40, 3, 8, alpha: 0.4)
    }

    /// A sandwich seen from the side: bread, lettuce, cheese and tomato.
    func sandwich() {
        shadow(44)
        canvas.roundedRect(-42, -18, 84, 14, radius: 5)
        fill(P.crust.lighter(0.25))
        canvas.moveTo(-44, -20)
        for k in 0...8 {
            let x = -44 + Double(k) * 11
            canvas.curveTo(x + 3, -28, x + 8, -28, x + 11, -20)
        }
        canvas.lineTo(44, -16); canvas.lineTo(-44, -16)
        canvas.closePath()
        fill(P.green)
        canvas.polygon([(-40, -30), (40, -30), (40, -22), (30, -22), (26, -12), (22, -22), (-40, -22)])
        fill(P.yellow)
        for x in [-24.0, 0, 24] {
            canvas.roundedRect(x - 10, -36, 20, 7, radius: 3)
            fill(P.red)
        }
        canvas.moveTo(-42, -36)
        canvas.curveTo(-44, -58, 44, -58, 42, -36)
        canvas.closePath()
        fill(P.crust.lighter(0.25))
        canvas.moveTo(-38, -40)
        canvas.curveTo(-38, -52, 38, -52, 38, -40)
        mark(P.crust.darker(0.1), width: 2)
        shine(-18, -48, 10, 2.5)
    }

    /// A glass of lemonade with ice, a lemon slice and a straw.
    func lemonade() {
        shadow(26)
        canvas.moveTo(4, -60); canvas.lineTo(14, -96)
        mark(P.outline, width: 6 + 2 * line)
        canvas.moveTo(4, -60); canvas.lineTo(14, -96)
        mark(P.red, width: 6)
        canvas.polygon([(-22, -76), (22, -76), (17, -2), (-17, -2)])
        fill(P.sky.lighter(0.5))
        canvas.polygon([(-20.5, -62), (20.5, -62), (17, -5), (-17, -5)])
        tint(P.yellow)
        for (x, y) in [(-8.0, -52.0), (6.0, -40.0), (-6.0, -30.0)] {
            canvas.roundedRect(x - 6, y - 6, 12, 12, radius: 2)
            tint(.white, alpha: 0.65)
        }
        canvas.polygon([(-22, -76), (22, -76), (17, -2), (-17, -2)])
        mark(P.outline, width: line)
        canvas.circle(22, -76, 12)
        fill(P.yellow)
        canvas.circle(22, -76, 8)
        tint(P.yellow.lighter(0.5))
        for k in 0..<6 {
            let a = Double(k) * .pi / 3
            canvas.moveTo(22, -76); canvas.lineTo(22 + 8 * cos(a), -76 + 8 * sin(a))
        }
        mark(P.yellow, width: 1.5)
        shine(-14, -44, 2.5, 14, alpha: 0.7)
    }
}
