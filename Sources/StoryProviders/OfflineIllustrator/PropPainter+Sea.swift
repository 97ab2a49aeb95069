import Foundation

private typealias P = PropPainter.Palette

/// Sea: shell, pearl, bucket, net, anchor (the spade is the garden's).
extension PropPainter.Pen {
    /// A peach scallop shell, its ribs fanning from the hinge.
    func shell() {
        shadow(36)
        canvas.polygon([(-12, -4), (12, -4), (8, -14), (-8, -14)])
        fill(P.pink.lighter(0.2))
        canvas.moveTo(0, -8)
        canvas.lineTo(-40, -40)
        canvas.curveTo(-34, -76, 34, -76, 40, -40)
        canvas.closePath()
        fill(P.pink.mixed(with: P.orange, 0.3))
        for k in -3...3 {
            let a = Double(k) * 0.28 - .pi / 2
            canvas.moveTo(0, -10); canvas.lineTo(52 * cos(a), -8 + 52 * sin(a))
        }
        mark(P.terracotta, width: 1.8, alpha: 0.7)
        shine(-16, -52, 5, 3)
    }

    /// An open oyster holding a shining pearl.
    func pearl() {
        shadow(40)
        canvas.moveTo(-40, -20)
        canvas.curveTo(-30, -62, 30, -62, 40, -20)
        canvas.curveTo(20, -30, -20, -30, -40, -20)
        fill(P.metal.mixed(with: P.purple, 0.2))
        canvas.moveTo(-42, -20)
        canvas.curveTo(-30, -2, 30, -2, 42, -20)
        canvas.curveTo(20, -28, -20, -28, -42, -20)
        fill(P.metal.mixed(with: P.purple, 0.2))
        canvas.ellipse(0, -19, 32, 5)
        tint(P.pink.lighter(0.3))
        canvas.glow(x: 0, y: -28, radius: 24, color: .white, alpha: 0.7)
        canvas.circle(0, -28, 11)
        fill(PaintColor(0.97, 0.95, 1.0))
        shine(-4, -32, 3.5, 3.5, alpha: 0.95)
    }

    /// A blue beach bucket with a handle and a star.
    func bucket() {
        shadow(32)
        tube(P.yellow, width: 3) { canvas.arc(0, -56, 28, from: .pi, to: 2 * .pi) }
        canvas.polygon([(-30, -60), (30, -60), (22, -2), (-22, -2)])
        fill(P.blue)
        canvas.roundedRect(-33, -64, 66, 9, radius: 3)
        fill(P.blue.lighter(0.2))
        star(at: 0, -32, radius: 12, colour: P.yellow)
        shine(-20, -40, 3, 12, alpha: 0.4)
    }

    /// A fishing net on a long handle.
    func net() {
        shadow(30)
        tube(P.wood, width: 5) { canvas.moveTo(-40, -4); canvas.lineTo(4, -62) }
        let bag: () -> Void = {
            canvas.moveTo(-2, -72)
            canvas.curveTo(0, -40, 30, -14, 40, -28)
            canvas.curveTo(48, -40, 46, -70, 42, -88)
            canvas.closePath()
        }
        bag()
        tint(P.cream, alpha: 0.35)
        canvas.layer {
            bag()
            canvas.clip()
            for k in 0..<10 {
                let x = -10 + Double(k) * 7
                canvas.moveTo(x, -100); canvas.lineTo(x + 30, -10)
                canvas.moveTo(x + 30, -100); canvas.lineTo(x, -10)
            }
            mark(P.cream.darker(0.3), width: 1.3)
        }
        bag()
        mark(P.outline, width: line * 0.8)
        tube(P.red, width: 4) { canvas.ellipse(20, -80, 23, 10) }
    }

    /// A navy anchor with its ring and rope.
    func anchor() {
        shadow(34)
        let iron = P.navy
        tube(iron, width: 5) { canvas.circle(0, -88, 8) }
        tube(iron, width: 8) { canvas.moveTo(0, -80); canvas.lineTo(0, -10) }
        tube(iron, width: 7) { canvas.moveTo(-20, -66); canvas.lineTo(20, -66) }
        tube(iron, width: 7) { canvas.arc(0, -44, 34, from: 0.15 * .pi, to: 0.85 * .pi) }
        for side in [-1.0, 1.0] {
            let x = side * 34 * cos(0.15 * .pi), y = -44 + 34 * sin(0.15 * .pi)
            canvas.polygon([(x, y - 12), (x + side * 8, y + 4), (x - side * 8, y + 2)])
            fill(iron)
        }
        canvas.moveTo(6, -90); canvas.curveTo(30, -84, 14, -54, 30, -40)
        mark(P.wood, width: 3)
        canvas.moveTo(-2, -74); canvas.lineTo(-2, -20)
        mark(.white, width: 2, alpha: 0.35)
    }
}
