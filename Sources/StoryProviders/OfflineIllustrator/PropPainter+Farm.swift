import Foundation

private typealias P = PropPainter.Palette

/// Farm and garden: tractor, hay bale, watering can, seeds, flower, flower pot, spade, carrot, egg, nest.
extension PropPainter.Pen {
    /// A red tractor with a big back wheel, facing right.
    func tractor() {
        shadow(48)
        tube(P.iron, width: 4) { canvas.moveTo(26, -50); canvas.lineTo(26, -76) }
        canvas.roundedRect(-44, -90, 40, 46, radius: 4)
        fill(P.red)
        canvas.roundedRect(-37, -83, 26, 22, radius: 3)
        fill(P.sky)
        canvas.roundedRect(-48, -94, 48, 7, radius: 3)
        fill(P.red.darker(0.1))
        canvas.roundedRect(-8, -54, 56, 28, radius: 5)
        fill(P.red)
        for x in [8.0, 18, 28] {
            canvas.moveTo(x, -48); canvas.lineTo(x, -34)
        }
        mark(P.red.darker(0.3), width: 2)
        wheelOfTractor(x: -24, y: -28, radius: 26)
        wheelOfTractor(x: 34, y: -15, radius: 13)
        shine(-30, -78, 4, 6, alpha: 0.7)
        shine(10, -50, 12, 2)
    }

    private func wheelOfTractor(x: Double, y: Double, radius: Double) {
        canvas.circle(x, y, radius)
        fill(P.outline.lighter(0.1))
        canvas.circle(x, y, radius * 0.55)
        fill(P.yellow)
        canvas.circle(x, y, radius * 0.18)
        tint(P.outline)
    }

    /// A golden bale of hay tied with twine.
    func hayBale() {
        shadow(48)
        canvas.polygon([(-46, -64), (22, -64), (44, -78), (-24, -78)])
        fill(P.straw.lighter(0.2))
        canvas.polygon([(22, -64), (44, -78), (44, -16), (22, -2)])
        fill(P.straw.darker(0.12))
        canvas.rect(-46, -64, 68, 62)
        fill(P.straw)
        for (x, y) in [(-36.0, -50.0), (-20.0, -30.0), (-4.0, -52.0), (10.0, -22.0), (-30.0, -14.0), (12.0, -44.0)] {
            canvas.moveTo(x, y); canvas.lineTo(x + 7, y - 4)
        }
        mark(P.gold.darker(0.2), width: 1.5)
        for x in [-28.0, 4] {
            canvas.moveTo(x, -64); canvas.lineTo(x, -2)
            canvas.moveTo(x, -64); canvas.lineTo(x + 22, -78)
        }
        mark(P.brown, width: 2.5)
        shine(-30, -58, 12, 2.5, alpha: 0.5)
    }

    /// A green watering can with its rose spout, a few drops falling.
    func wateringCan() {
        shadow(36)
        canvas.polygon([(20, -34), (46, -68), (52, -62), (26, -24)])
        fill(P.green)
        canvas.ellipse(48, -66, 5, 9)
        fill(P.gold)
        tube(P.green, width: 6) { canvas.moveTo(-30, -62); canvas.curveTo(-28, -90, 14, -90, 14, -62) }
        canvas.roundedRect(-34, -60, 58, 56, radius: 8)
        fill(P.green)
        canvas.rect(-34, -48, 58, 6)
        tint(P.leaf)
        for (x, y) in [(46.0, -50.0), (40.0, -42.0), (50.0, -38.0)] {
            canvas.moveTo(x, y - 4); canvas.curveTo(x + 3, y, x + 3, y + 3, x, y + 3); canvas.curveTo(x - 3, y + 3, x - 3, y, x, y - 4)
            fill(P.sky)
        }
        shine(-24, -36, 4, 14, alpha: 0.45)
    }

    /// A packet of seeds with a flower on it, a few seeds spilt.
    func seeds() {
        shadow(34)
        canvas.moveTo(-26, -74)
        for k in 0..<8 {
            canvas.lineTo(-26 + Double(k) * 6.5 + 3.25, k % 2 == 0 ? -80 : -74)
        }
        canvas.lineTo(26, -74)
        canvas.lineTo(26, -6)
        canvas.lineTo(-26, -6)
        canvas.closePath()
        fill(P.paper)
        canvas.rect(-20, -66, 40, 40)
        fill(P.sky.lighter(0.3))
        canvas.moveTo(0, -46); canvas.lineTo(0, -28)
        mark(P.leaf, width: 3)
        petals(x: 0, y: -48, radius: 8, colour: P.pink)
        canvas.rect(-20, -20, 40, 6)
        tint(P.green)
        for (x, y) in [(32.0, -6.0), (40.0, -4.0), (36.0, -10.0), (-34.0, -5.0), (-40.0, -8.0)] {
            canvas.ellipse(x, y, 2.5, 1.8)
        }
        tint(P.brown)
    }

    /// A pink five-petal flower on a stem with leaves.
    func flower() {
        tube(P.leaf, width: 4) { canvas.moveTo(0, -2); canvas.curveTo(-4, -30, 4, -50, 0, -66) }
        for side in [-1.0, 1.0] {
            canvas.moveTo(0, -24)
            canvas.curveTo(side * 10, -40, side * 24, -36, side * 26, -30)
            canvas.curveTo(side * 18, -22, side * 8, -20, 0, -24)
            fill(P.green)
        }
        petals(x: 0, y: -72, radius: 14, colour: P.pink)
    }

    /// Five petals round a yellow middle, centred on (x, y).
    func petals(x: Double, y: Double, radius: Double, colour: PaintColor) {
        for k in 0..<5 {
            let a = Double(k) * 2 * .pi / 5 - .pi / 2
            canvas.circle(x + radius * cos(a), y + radius * sin(a), radius * 0.8)
            fill(colour)
        }
        canvas.circle(x, y, radius * 0.55)
        fill(P.yellow)
        shine(x - radius * 0.2, y - radius * 0.2, radius * 0.2, radius * 0.15)
    }

    /// A terracotta pot with a flowering plant.
    func flowerPot() {
        shadow(30)
        tube(P.leaf, width: 4) { canvas.moveTo(0, -50); canvas.lineTo(0, -74) }
        for side in [-1.0, 1.0] {
            canvas.ellipse(side * 12, -58, 11, 5)
            fill(P.green)
        }
        petals(x: 0, y: -80, radius: 12, colour: P.red)
        canvas.polygon([(-26, -46), (26, -46), (20, -2), (-20, -2)])
        fill(P.terracotta)
        canvas.roundedRect(-32, -54, 64, 12, radius: 3)
        fill(P.terracotta.lighter(0.1))
        shine(-16, -30, 3, 10, alpha: 0.4)
    }

    /// A spade with a red D-grip and a silver blade, upright.
    func spade() {
        shadow(20)
        tube(P.red, width: 5) { canvas.roundedRect(-11, -98, 22, 14, radius: 5) }
        canvas.rect(-4, -86, 8, 56)
        fill(P.wood)
        canvas.polygon([(-16, -36), (16, -36), (16, -12), (0, -2), (-16, -12)])
        fill(P.metal)
        canvas.rect(-6, -40, 12, 8)
        fill(P.iron)
        shine(-8, -24, 3, 8, alpha: 0.6)
    }

    /// A carrot with its green top, lying on a slant.
    func carrot() {
        shadow(34)
        turned(-0.6, about: 0, -44) {
            for (dx, angle) in [(-6.0, -0.5), (0.0, 0.0), (6.0, 0.5)] {
                turned(angle, about: dx, -78) {
                    canvas.ellipse(dx, -90, 5, 14)
                    fill(P.green)
                }
            }
            canvas.moveTo(-14, -76)
            canvas.curveTo(-14, -84, 14, -84, 14, -76)
            canvas.curveTo(12, -50, 4, -20, 0, -8)
            canvas.curveTo(-4, -20, -12, -50, -14, -76)
            canvas.closePath()
            fill(P.orange)
            for y in [-64.0, -48, -32] {
                canvas.moveTo(-8, y); canvas.lineTo(-2, y + 2)
                canvas.moveTo(8, y - 6); canvas.lineTo(3, y - 4)
            }
            mark(P.orange.darker(0.25), width: 1.5)
            shine(-7, -66, 2, 8, alpha: 0.5)
        }
    }

    /// A speckled brown egg.
    func egg() {
        shadow(22)
        canvas.moveTo(0, -62)
        canvas.curveTo(16, -62, 24, -30, 24, -22)
        canvas.curveTo(24, -8, 12, -2, 0, -2)
        canvas.curveTo(-12, -2, -24, -8, -24, -22)
        canvas.curveTo(-24, -30, -16, -62, 0, -62)
        canvas.closePath()
        fill(P.cream.darker(0.06))
        for (x, y) in [(6.0, -40.0), (-10.0, -26.0), (12.0, -18.0), (-2.0, -12.0)] {
            canvas.circle(x, y, 1.6)
        }
        tint(P.crust, alpha: 0.7)
        shine(-9, -40, 4, 9, alpha: 0.7)
    }

    /// A twiggy nest holding three blue eggs.
    func nest() {
        shadow(44)
        for x in [-14.0, 0, 14] {
            canvas.ellipse(x, -34 - (x == 0 ? 4 : 0), 10, 13)
            fill(P.sky)
        }
        canvas.moveTo(-46, -34)
        canvas.curveTo(-44, -2, 44, -2, 46, -34)
        canvas.curveTo(30, -26, -30, -26, -46, -34)
        canvas.closePath()
        fill(P.wood.darker(0.1))
        for k in 0..<7 {
            let x = -40 + Double(k) * 13
            canvas.moveTo(x - 6, -30 + Double(k % 2) * 8); canvas.lineTo(x + 10, -14 - Double(k % 3) * 5)
            canvas.moveTo(x + 8, -28); canvas.lineTo(x - 4, -12)
        }
        mark(P.brown, width: 2)
        shine(-14, -42, 2.5, 4, alpha: 0.6)
    }
}
