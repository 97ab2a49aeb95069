import Foundation
import StoryDomain

/// Draws the things that matter in a story (the lost bell, the kite, the rocket) as small,
/// recognisable shapes. A thing without a shape of its own is left out (never replaced by another).
struct PropPainter {
    let canvas: CairoCanvas

    /// The shape used for a lexicon word.
    enum Shape: String, Sendable, CaseIterable {
        case bell, kite, balloon, boat, rocket, star, book, ball, lantern, present, shell, pearl, crown, key,
             teddy, flower, cake, hat, umbrella
    }

    private static let shapes: [String: Shape] = [
        "bell": .bell, "kite": .kite, "balloon": .balloon, "hot-air balloon": .balloon, "boat": .boat, "ship": .boat,
        "rocket": .rocket, "star": .star, "book": .book, "ball": .ball, "lantern": .lantern, "night-light": .lantern,
        "present": .present, "shell": .shell, "pearl": .pearl, "marble": .pearl, "crown": .crown, "key": .key,
        "teddy": .teddy, "teddy bear": .teddy, "flower": .flower, "rose": .flower, "daisy": .flower, "sunflower": .flower,
        "tulip": .flower, "cake": .cake, "cupcake": .cake, "hat": .hat, "umbrella": .umbrella,
    ]

    /// The shape for a word, or nil for a word the painter cannot draw (the caller leaves it out).
    static func shape(for word: String) -> Shape? { shapes[word] }

    /// The colour each shape is painted in (its main fill), so a test can find it in the pixels.
    static func color(of shape: Shape) -> PaintColor {
        switch shape {
        case .bell, .crown, .star, .key: PaintColor(0.98, 0.78, 0.18)
        case .kite: PaintColor(0.93, 0.26, 0.36)
        case .balloon: PaintColor(0.92, 0.22, 0.30)
        case .boat: PaintColor(0.85, 0.35, 0.25)
        case .rocket: PaintColor(0.95, 0.95, 0.98)
        case .book: PaintColor(0.25, 0.45, 0.85)
        case .ball: PaintColor(0.95, 0.45, 0.20)
        case .lantern: PaintColor(1.0, 0.88, 0.55)
        case .present: PaintColor(0.60, 0.35, 0.85)
        case .shell: PaintColor(0.98, 0.80, 0.75)
        case .pearl: PaintColor(0.95, 0.93, 0.98)
        case .teddy: PaintColor(0.72, 0.50, 0.30)
        case .flower: PaintColor(0.95, 0.45, 0.65)
        case .cake: PaintColor(0.98, 0.85, 0.90)
        case .hat: PaintColor(0.30, 0.55, 0.85)
        case .umbrella: PaintColor(0.95, 0.30, 0.30)
        }
    }

    /// Draws `shape` centred on (x, y), about `size` units across.
    func draw(_ shape: Shape, x: Double, y: Double, size: Double) {
        let main = Self.color(of: shape)
        canvas.layer {
            canvas.translate(x, y)
            canvas.scale(size / 60, size / 60)
            switch shape {
            case .bell:
                canvas.moveTo(-22, 18)
                canvas.curveTo(-20, -6, -16, -24, 0, -24)
                canvas.curveTo(16, -24, 20, -6, 22, 18)
                canvas.closePath()
                canvas.fill(main)
                canvas.circle(0, 22, 6)
                canvas.fill(main.darker(0.3))
                canvas.circle(0, -28, 5)
                canvas.stroke(main.darker(0.3), width: 3)
            case .kite:
                canvas.polygon([(0, -30), (20, 0), (0, 30), (-20, 0)])
                canvas.fill(main)
                canvas.moveTo(0, -30); canvas.lineTo(0, 30); canvas.moveTo(-20, 0); canvas.lineTo(20, 0)
                canvas.stroke(.white, width: 2)
                canvas.moveTo(0, 30)
                canvas.curveTo(10, 45, -10, 55, 6, 70)
                canvas.stroke(main.darker(0.3), width: 2)
            case .balloon:
                canvas.ellipse(0, -6, 20, 25)
                canvas.fill(main)
                canvas.ellipse(-7, -14, 5, 8)
                canvas.fill(.white, alpha: 0.5)
                canvas.moveTo(0, 19)
                canvas.curveTo(6, 34, -6, 44, 2, 60)
                canvas.stroke(.ink, width: 1.5)
            case .boat:
                canvas.polygon([(-30, 4), (30, 4), (20, 20), (-20, 20)])
                canvas.fill(main)
                canvas.polygon([(2, 0), (2, -36), (24, 0)])
                canvas.fill(.white)
                canvas.moveTo(0, 4); canvas.lineTo(0, -38)
                canvas.stroke(.ink, width: 2)
            case .rocket:
                canvas.polygon([(-12, 20), (-26, 40), (-12, 36)])
                canvas.polygon([(12, 20), (26, 40), (12, 36)])
                canvas.fill(PaintColor(0.9, 0.25, 0.25))
                canvas.moveTo(0, -50)
                canvas.curveTo(20, -30, 16, 22, 12, 38)
                canvas.lineTo(-12, 38)
                canvas.curveTo(-16, 22, -20, -30, 0, -50)
                canvas.fill(main)
                canvas.circle(0, -10, 8)
                canvas.fill(PaintColor(0.45, 0.75, 0.95))
            case .star:
                let points = (0..<10).map { k -> (Double, Double) in
                    let r = k % 2 == 0 ? 28.0 : 12
                    let a = Double(k) * .pi / 5 - .pi / 2
                    return (r * cos(a), r * sin(a))
                }
                canvas.polygon(points)
                canvas.fill(main)
            case .book:
                canvas.roundedRect(-24, -18, 48, 36, radius: 3)
                canvas.fill(main)
                canvas.rect(-2, -18, 4, 36)
                canvas.fill(.white, alpha: 0.8)
            case .ball:
                canvas.circle(0, 0, 20)
                canvas.fill(main)
                canvas.arc(0, 0, 20, from: -0.3, to: 0.3 + .pi)
                canvas.stroke(.white, width: 4)
            case .lantern:
                canvas.glow(x: 0, y: 0, radius: 40, color: main, alpha: 0.5)
                canvas.roundedRect(-12, -18, 24, 36, radius: 5)
                canvas.fill(main)
                canvas.rect(-14, -22, 28, 6)
                canvas.rect(-14, 16, 28, 6)
                canvas.fill(PaintColor(0.3, 0.22, 0.2))
            case .present:
                canvas.roundedRect(-20, -16, 40, 34, radius: 3)
                canvas.fill(main)
                canvas.rect(-3, -16, 6, 34)
                canvas.rect(-20, -2, 40, 6)
                canvas.fill(PaintColor(0.98, 0.82, 0.2))
            case .shell:
                canvas.moveTo(-24, 14)
                canvas.curveTo(-24, -20, 24, -20, 24, 14)
                canvas.closePath()
                canvas.fill(main)
                for k in -2...2 {
                    canvas.moveTo(0, 14); canvas.lineTo(Double(k) * 9, -10)
                }
                canvas.stroke(main.darker(0.25), width: 1.5)
            case .pearl:
                canvas.glow(x: 0, y: 0, radius: 30, color: .white, alpha: 0.5)
                canvas.circle(0, 0, 14)
                canvas.fill(main)
                canvas.circle(-4, -4, 4)
                canvas.fill(.white)
            case .crown:
                canvas.polygon([(-24, 14), (-24, -12), (-12, 2), (0, -18), (12, 2), (24, -12), (24, 14)])
                canvas.fill(main)
                canvas.circle(0, 6, 4)
                canvas.fill(PaintColor(0.9, 0.2, 0.3))
            case .key:
                canvas.circle(-14, 0, 10)
                canvas.stroke(main, width: 5)
                canvas.rect(-4, -3, 30, 6)
                canvas.rect(18, 3, 5, 8)
                canvas.fill(main)
            case .teddy:
                for side in [-1.0, 1.0] { canvas.circle(side * 12, -22, 7) }
                canvas.circle(0, -12, 14)
                canvas.ellipse(0, 12, 16, 18)
                canvas.fill(main)
                canvas.circle(-5, -14, 2); canvas.circle(5, -14, 2)
                canvas.fill(.ink)
            case .flower:
                canvas.moveTo(0, 0); canvas.lineTo(0, 34)
                canvas.stroke(PaintColor(0.3, 0.6, 0.3), width: 3)
                for k in 0..<5 {
                    let a = Double(k) * 2 * .pi / 5
                    canvas.circle(10 * cos(a), 10 * sin(a), 9)
                }
                canvas.fill(main)
                canvas.circle(0, 0, 6)
                canvas.fill(PaintColor(0.98, 0.85, 0.2))
            case .cake:
                canvas.rect(-24, -4, 48, 24)
                canvas.fill(main)
                canvas.rect(-24, -8, 48, 6)
                canvas.fill(PaintColor(0.75, 0.45, 0.30))
                canvas.rect(-2, -24, 4, 16)
                canvas.fill(PaintColor(0.4, 0.6, 0.95))
                canvas.circle(0, -28, 3)
                canvas.fill(PaintColor(1, 0.7, 0.2))
            case .hat:
                canvas.ellipse(0, 10, 26, 6)
                canvas.fill(main)
                canvas.roundedRect(-15, -14, 30, 24, radius: 6)
                canvas.fill(main)
            case .umbrella:
                canvas.moveTo(-28, 0)
                canvas.curveTo(-28, -30, 28, -30, 28, 0)
                canvas.closePath()
                canvas.fill(main)
                canvas.moveTo(0, 0); canvas.lineTo(0, 30)
                canvas.stroke(.ink, width: 2.5)
            }
        }
    }
}
