import Foundation
import StoryDomain

/// Draws the hero and companion as friendly figures in the exact colours of their character
/// design, with fixed proportions per kind (and for people, per build: baby, small child, child,
/// older child, grown-up) so they look the same on every page.
///
/// Figures are drawn in local coordinates: origin between the feet, up is negative y.
struct FigurePainter {
    /// How a figure holds itself on a page.
    enum Pose: Sendable, Equatable {
        case standing, walking, pointing, reaching, jumping, hugging, sitting, sleeping
        /// Running: a walk's stride, leaning forward.
        case running
        /// Asleep sitting up, curled at the foot of a bed: a sitting body with closed eyes.
        case curled
    }

    let canvas: CairoCanvas

    /// The size of each kind relative to the child (which is about 176 units tall).
    static func scale(of kind: CreatureKind) -> Double {
        switch kind {
        case .child, .robot, .bear: 1.0
        case .dragon, .unicorn: 1.05
        case .elephant: 1.12
        case .bunny, .dog, .fox, .penguin, .turtle: 0.9
        case .cat, .owl: 0.85
        case .mouse: 0.72
        case .grownUp: 1.12
        case .horse: 1.15
        case .whale: 1.3
        case .dinosaur: 1.1
        case .octopus: 0.9
        case .fish, .butterfly: 0.75
        case .hedgehog, .squirrel: 0.8
        case .badger, .beaver, .koala, .sloth, .pangolin: 0.9
        case .giraffe: 1.0
        case .crab: 0.8
        case .car, .boat, .rocket, .snowman: 0.95
        case .train, .tractor: 1.0
        case .cloud: 0.9
        case .knight: 1.0
        }
    }

    /// The pose for a page action.
    static func pose(for action: SceneAction, hero: Bool) -> Pose {
        switch action {
        case .standing: .standing
        case .walking: .walking
        case .discovering: hero ? .pointing : .standing
        case .helping: .reaching
        case .playing: .jumping
        case .hugging: .hugging
        case .resting: .sitting
        case .sleeping: .sleeping
        case .making: .reaching
        case .racing: .running
        case .riding: .sitting
        case .flying, .celebrating: .jumping
        }
    }

    /// Draws `design` with its feet at (x, baseY), looking towards `facing` (+1 right, -1 left).
    func draw(_ design: CharacterDesign, x: Double, baseY: Double, facing: Double, pose asked: Pose, size: Double = 1) {
        // Running is a walk leaning forward.
        let pose: Pose = asked == .running ? .walking : asked
        let s = Self.scale(of: design.kind) * (design.kind.isPerson ? 1.0 : 1.15) * size
        let colors = Colors(design)
        // Things neither lean into a run nor lie down: asleep, they rest upright (in their own bed).
        let thing = design.kind.isThing
        canvas.layer {
            canvas.translate(x, baseY)
            // Ground shadow.
            canvas.ellipse(0, 0, (thing ? 70 : pose == .sleeping ? 80 : 42) * s, 8 * s)
            canvas.fill(.black, alpha: 0.2)
            canvas.scale(s, s)
            switch pose {
            case .jumping: canvas.translate(0, -14)
            case .walking where asked == .running && !thing: canvas.rotate(facing * 0.16)
            case .sleeping where !thing:
                canvas.translate(0, -30)
                canvas.rotate(-facing * .pi / 2)
            default: break
            }
            if design.kind == .knight {
                knight(design, colors, facing: facing, pose: pose)
            } else if design.kind.isPerson {
                person(design, colors, facing: facing, pose: pose)
            } else if drawThing(design.kind, colors, facing: facing, pose: pose) {
                // Drawn by the things of FigurePainter+Things.
            } else if let drawn = drawNewCreature(design.kind, colors, facing: facing, pose: pose), drawn {
                // Drawn by the figures of FigurePainter+Creatures.
            } else if drawWildlife(design.kind, colors, facing: facing, pose: pose) {
                // Drawn by the animals of FigurePainter+Wildlife.
            } else if design.kind == .turtle {
                turtle(colors, facing: facing, pose: pose)
            } else {
                creature(design.kind, colors, facing: facing, pose: pose)
            }
        }
        if pose == .sleeping {
            // Above the face: behind a sleeper's head, over a thing's front.
            if thing { zMarks(x: x + facing * 50 * s - 10, y: baseY - 150 * s) } else { zMarks(x: x - facing * 130 * s - 10, y: baseY - 120 * s) }
        }
    }

    struct Colors {
        var body: PaintColor, accent: PaintColor, detail: PaintColor
        init(_ d: CharacterDesign) {
            body = PaintColor(d.bodyColor)
            accent = PaintColor(d.accentColor)
            detail = PaintColor(d.detailColor)
        }
    }

    /// Two eyes with highlights (or closed arcs) and a smile; `iris` colours the eyes round a dark pupil.
    func face(x: Double, y: Double, eyeGap: Double, eyeSize e: Double, closed: Bool, smile: Double, iris: PaintColor? = nil) {
        for side in [-1.0, 1.0] {
            let ex = x + side * eyeGap
            if closed {
                canvas.arc(ex, y - e * 0.4, e, from: 0.15 * .pi, to: 0.85 * .pi)
                canvas.stroke(.ink, width: 2.4)
            } else {
                canvas.ellipse(ex, y, e * 0.85, e * 1.15)
                canvas.fill(iris ?? .ink)
                if iris != nil {
                    canvas.circle(ex, y + e * 0.15, e * 0.48)
                    canvas.fill(.ink)
                }
                canvas.circle(ex + e * 0.3, y - e * 0.4, e * 0.35)
                canvas.fill(.white)
            }
        }
        canvas.arc(x, y + smile * 0.55, smile * 0.7, from: 0.2 * .pi, to: 0.8 * .pi)
        canvas.stroke(.ink, width: 2.6)
    }

    /// The accent scarf under a round head, its end hanging down the back.
    func scarf(_ colour: PaintColor, headY: Double, back: Double) {
        canvas.roundedRect(-26, headY + 22, 52, 12, radius: 6)
        canvas.fill(colour)
        canvas.polygon([(back * 12, headY + 28), (back * 26, headY + 54), (back * 14, headY + 56), (back * 4, headY + 30)])
        canvas.fill(colour)
    }

    private func zMarks(x: Double, y: Double) {
        for (i, size) in [10.0, 14, 18].enumerated() {
            let zx = x + Double(i) * 18, zy = y - Double(i) * 24
            canvas.moveTo(zx, zy)
            canvas.lineTo(zx + size, zy)
            canvas.lineTo(zx, zy + size)
            canvas.lineTo(zx + size, zy + size)
            canvas.stroke(PaintColor(0.95, 0.95, 1.0), width: 3, alpha: 0.9)
        }
    }

    // MARK: Creatures

    /// The shared chubby, upright body plus the features of each kind.
    private func creature(_ kind: CreatureKind, _ c: Colors, facing f: Double, pose: Pose) {
        let closed = pose == .sleeping || pose == .curled
        let sitting = pose == .sitting || pose == .curled
        let bodyY = sitting ? -30.0 : -38
        let headY = sitting ? -82.0 : -92
        let headR: Double = kind == .owl || kind == .penguin || kind == .robot ? 0 : 32
        let back = -f

        // Behind the body: tails and wings.
        switch kind {
        case .dragon:
            canvas.moveTo(back * 18, bodyY + 20)
            canvas.curveTo(back * 50, bodyY + 34, back * 62, bodyY + 10, back * 60, bodyY - 12)
            canvas.stroke(c.body, width: 12)
            canvas.polygon([(back * 52, bodyY - 10), (back * 62, bodyY - 32), (back * 70, bodyY - 8)])
            canvas.fill(c.detail)
            for side in [-1.0, 1.0] {
                canvas.polygon([(side * 16, bodyY - 22), (side * 58, bodyY - 54), (side * 52, bodyY - 30),
                                (side * 60, bodyY - 16), (side * 46, bodyY - 12), (side * 50, bodyY + 2), (side * 20, bodyY - 6)])
                canvas.fill(c.detail)
            }
        case .cat:
            canvas.moveTo(back * 22, bodyY + 24)
            canvas.curveTo(back * 54, bodyY + 24, back * 50, bodyY - 30, back * 64, bodyY - 40)
            canvas.stroke(c.body, width: 8)
            canvas.circle(back * 64, bodyY - 40, 5)
            canvas.fill(c.detail)
        case .dog:
            canvas.moveTo(back * 22, bodyY + 14)
            canvas.curveTo(back * 40, bodyY + 6, back * 44, bodyY - 12, back * 40, bodyY - 26)
            canvas.stroke(c.body, width: 9)
        case .fox:
            canvas.layer {
                canvas.translate(back * 40, bodyY + 10)
                canvas.rotate(back * 0.7)
                canvas.ellipse(0, -14, 16, 34)
                canvas.fill(c.body)
                canvas.ellipse(0, -40, 10, 12)
                canvas.fill(PaintColor(0.98, 0.97, 0.95))
            }
        case .unicorn:
            canvas.moveTo(back * 22, bodyY + 10)
            canvas.curveTo(back * 50, bodyY + 20, back * 46, bodyY - 20, back * 60, bodyY - 6)
            canvas.curveTo(back * 62, bodyY + 20, back * 46, bodyY + 40, back * 26, bodyY + 18)
            canvas.fill(c.detail)
        case .mouse:
            canvas.moveTo(back * 22, bodyY + 26)
            canvas.curveTo(back * 60, bodyY + 40, back * 60, bodyY - 10, back * 76, bodyY - 4)
            canvas.stroke(c.detail, width: 3.5)
        case .bunny:
            canvas.circle(back * 30, bodyY + 18, 11)
            canvas.fill(.white)
        case .owl, .penguin:
            break
        default:
            break
        }

        if kind == .robot {
            robot(c, facing: f, pose: pose)
            return
        }
        if kind == .owl || kind == .penguin {
            tallBird(kind, c, facing: f, pose: pose)
            return
        }

        // Feet and body.
        let feet: [(Double, Double)] = sitting ? [(f * 10 - 16, -6), (f * 10 + 16, -6)]
            : pose == .walking ? [(-18, -4), (16, -7)] : [(-14, -4), (14, -4)]
        for foot in feet {
            canvas.ellipse(foot.0, foot.1, 13, 8)
            canvas.fill(kind == .unicorn ? c.detail : c.body)
        }
        canvas.ellipse(0, bodyY, 31, 36)
        canvas.fill(c.body)
        canvas.ellipse(f * 3, bodyY + 6, 18, 22)
        canvas.fill(c.body.lighter(kind == .dragon ? 0.25 : 0.4))
        if kind == .dragon {
            for k in 0..<3 {
                canvas.moveTo(f * 3 - 14, bodyY - 6 + Double(k) * 10)
                canvas.lineTo(f * 3 + 14, bodyY - 6 + Double(k) * 10)
            }
            canvas.stroke(c.body, width: 1.5, alpha: 0.4)
            for k in 0..<4 {
                let y = bodyY - 30 + Double(k) * 14
                canvas.polygon([(back * 24, y - 6), (back * 38, y), (back * 26, y + 8)])
            }
            canvas.fill(c.detail)
        }
        // Arms.
        let arms: [(Double, Double)]
        switch pose {
        case .jumping: arms = [(-38, bodyY - 40), (38, bodyY - 40)]
        case .hugging, .reaching: arms = [(f * 42, bodyY - 16), (f * 36, bodyY - 8)]
        default: arms = [(-34, bodyY + 4), (34, bodyY + 4)]
        }
        for (i, arm) in arms.enumerated() {
            canvas.moveTo(i == 0 ? -22 : 22, bodyY - 16)
            canvas.lineTo(arm.0, arm.1)
            canvas.stroke(c.body, width: 12)
        }
        // Head ornaments behind the head.
        switch kind {
        case .bunny:
            for side in [-1.0, 1.0] {
                canvas.layer {
                    canvas.translate(side * 14, headY - 28)
                    canvas.rotate(side * 0.18)
                    canvas.ellipse(0, -26, 10, 30)
                    canvas.fill(c.body)
                    canvas.ellipse(0, -24, 5, 22)
                    canvas.fill(c.detail)
                }
            }
        case .bear, .mouse:
            let r = kind == .mouse ? 17.0 : 12
            let d = kind == .mouse ? 28.0 : 24
            for side in [-1.0, 1.0] {
                canvas.circle(side * d, headY - d, r)
                canvas.fill(c.body)
                canvas.circle(side * d, headY - d, r * 0.55)
                canvas.fill(c.detail)
            }
        case .cat, .fox:
            for side in [-1.0, 1.0] {
                canvas.polygon([(side * 10, headY - 28), (side * 28, headY - 52), (side * 31, headY - 14)])
                canvas.fill(c.body)
                canvas.polygon([(side * 15, headY - 26), (side * 27, headY - 44), (side * 28, headY - 20)])
                canvas.fill(c.detail)
            }
        case .elephant:
            for side in [-1.0, 1.0] {
                canvas.ellipse(side * 36, headY + 2, 24, 30)
                canvas.fill(c.body)
                canvas.ellipse(side * 38, headY + 4, 16, 21)
                canvas.fill(c.detail)
            }
        case .unicorn:
            canvas.ellipse(back * 22, headY - 8, 18, 30)
            canvas.fill(c.detail)
        case .dragon:
            for side in [-1.0, 1.0] {
                canvas.polygon([(side * 12, headY - 26), (side * 20, headY - 48), (side * 24, headY - 22)])
            }
            canvas.fill(c.detail)
        default:
            break
        }
        scarf(c.accent, headY: headY, back: back)
        // Head.
        canvas.circle(0, headY, headR)
        canvas.fill(c.body)
        let faceX = f * 4
        switch kind {
        case .dog:
            for side in [-1.0, 1.0] {
                canvas.layer {
                    canvas.translate(side * 28, headY - 14)
                    canvas.rotate(side * 0.35)
                    canvas.ellipse(0, 16, 10, 22)
                    canvas.fill(c.detail)
                }
            }
            canvas.ellipse(faceX, headY + 13, 15, 11)
            canvas.fill(c.body.lighter(0.45))
            canvas.ellipse(faceX, headY + 7, 6, 4.5)
            canvas.fill(.ink)
        case .bear:
            canvas.ellipse(faceX, headY + 13, 14, 10)
            canvas.fill(c.body.lighter(0.4))
            canvas.ellipse(faceX, headY + 8, 5.5, 4)
            canvas.fill(.ink)
        case .fox:
            canvas.moveTo(faceX - 30, headY + 2)
            canvas.curveTo(faceX - 14, headY + 8, faceX - 8, headY + 30, faceX, headY + 30)
            canvas.curveTo(faceX + 8, headY + 30, faceX + 14, headY + 8, faceX + 30, headY + 2)
            canvas.curveTo(faceX + 20, headY + 30, faceX - 20, headY + 30, faceX - 30, headY + 2)
            canvas.fill(PaintColor(0.99, 0.97, 0.94))
            canvas.ellipse(faceX, headY + 12, 4.5, 3.5)
            canvas.fill(.ink)
        case .cat, .mouse, .bunny:
            canvas.polygon([(faceX - 4, headY + 8), (faceX + 4, headY + 8), (faceX, headY + 12)])
            canvas.fill(PaintColor(1.0, 0.55, 0.6))
            for side in [-1.0, 1.0] {
                canvas.moveTo(faceX + side * 10, headY + 12)
                canvas.lineTo(faceX + side * 30, headY + 8)
                canvas.moveTo(faceX + side * 10, headY + 15)
                canvas.lineTo(faceX + side * 30, headY + 17)
            }
            canvas.stroke(.ink, width: 1.2, alpha: 0.5)
        case .unicorn:
            canvas.ellipse(faceX, headY + 14, 18, 12)
            canvas.fill(c.body.lighter(0.35))
            canvas.circle(faceX - 6, headY + 14, 2)
            canvas.circle(faceX + 6, headY + 14, 2)
            canvas.fill(.ink, alpha: 0.6)
            canvas.polygon([(faceX - 7, headY - 28), (faceX + 1, headY - 70), (faceX + 8, headY - 28)])
            canvas.fill(PaintColor(1.0, 0.85, 0.35))
            for k in 0..<3 {
                canvas.moveTo(faceX - 5 + Double(k) * 1.5, headY - 34 - Double(k) * 10)
                canvas.lineTo(faceX + 6 - Double(k) * 1.5, headY - 38 - Double(k) * 10)
            }
            canvas.stroke(PaintColor(0.9, 0.6, 0.2), width: 1.5)
            canvas.moveTo(faceX - 10, headY - 30)
            canvas.curveTo(faceX - 26, headY - 40, back * 34, headY - 26, back * 30, headY + 8)
            canvas.curveTo(back * 24, headY - 8, faceX - 10, headY - 18, faceX - 10, headY - 30)
            canvas.fill(c.detail)
        case .elephant:
            canvas.moveTo(faceX, headY + 6)
            canvas.curveTo(faceX + 2, headY + 30, faceX + f * 6, headY + 44, faceX + f * 20, headY + 40)
            canvas.stroke(c.body, width: 13)
            canvas.moveTo(faceX - 14, headY + 20)
            canvas.lineTo(faceX - 18, headY + 28)
            canvas.moveTo(faceX + 14, headY + 20)
            canvas.lineTo(faceX + 18, headY + 28)
            canvas.stroke(.white, width: 4)
        case .dragon:
            canvas.ellipse(faceX + f * 4, headY + 12, 17, 11)
            canvas.fill(c.body.lighter(0.2))
            canvas.circle(faceX + f * 4 - 5, headY + 10, 1.8)
            canvas.circle(faceX + f * 4 + 5, headY + 10, 1.8)
            canvas.fill(.ink, alpha: 0.6)
            for k in 0..<3 {
                let a = 0.3 * .pi + Double(k) * 0.28
                let sx = back * 30 * cos(a - .pi / 2 + .pi / 2) , sy = headY - 30 * sin(a)
                canvas.polygon([(sx, sy), (sx + back * 12, sy - 2), (sx + back * 2, sy + 10)])
            }
            canvas.fill(c.detail)
        default:
            break
        }
        let smileY: Double = kind == .elephant ? 0 : 7
        face(x: faceX, y: headY - 4, eyeGap: 12, eyeSize: 5.5, closed: closed, smile: smileY)
        canvas.circle(faceX - 20, headY + 8, 5)
        canvas.circle(faceX + 20, headY + 8, 5)
        canvas.fill(.cheek, alpha: 0.3)
    }

    /// Owl and penguin: one egg-shaped body.
    private func tallBird(_ kind: CreatureKind, _ c: Colors, facing f: Double, pose: Pose) {
        let sit = pose == .sitting || pose == .curled ? 10.0 : 0
        let closed = pose == .sleeping || pose == .curled
        for side in [-1.0, 1.0] {
            canvas.ellipse(side * 12, -4, 12, 6)
        }
        canvas.fill(kind == .penguin ? PaintColor(1.0, 0.6, 0.2) : c.detail.darker(0.2))
        canvas.ellipse(0, -62 + sit, 40, 60)
        canvas.fill(c.body)
        let raise = pose == .jumping || pose == .hugging || pose == .reaching
        for side in [-1.0, 1.0] {
            canvas.layer {
                canvas.translate(side * 36, -70 + sit)
                canvas.rotate(side * (raise ? -0.9 : 0.25))
                canvas.ellipse(0, 14, 10, 26)
                canvas.fill(c.detail)
            }
        }
        canvas.ellipse(0, -44 + sit, 26, 36)
        canvas.fill(kind == .penguin ? PaintColor(0.98, 0.98, 0.97) : c.body.lighter(0.45))
        if kind == .owl {
            for k in 0..<3 {
                let y = -52 + sit + Double(k) * 11
                canvas.arc(-7, y, 5, from: 0.1 * .pi, to: 0.9 * .pi)
                canvas.stroke(c.body, width: 1.6, alpha: 0.7)
                canvas.arc(7, y, 5, from: 0.1 * .pi, to: 0.9 * .pi)
                canvas.stroke(c.body, width: 1.6, alpha: 0.7)
            }
            for side in [-1.0, 1.0] {
                canvas.polygon([(side * 14, -112 + sit), (side * 34, -134 + sit), (side * 34, -100 + sit)])
            }
            canvas.fill(c.detail)
        }
        // Scarf.
        canvas.roundedRect(-30, -82 + sit, 60, 10, radius: 5)
        canvas.fill(c.accent)
        canvas.polygon([(f * -14, -78 + sit), (f * -26, -56 + sit), (f * -16, -54 + sit), (f * -6, -76 + sit)])
        canvas.fill(c.accent)
        let fx = f * 3, ey = -104 + sit
        if kind == .owl {
            for side in [-1.0, 1.0] {
                canvas.circle(fx + side * 14, ey, 14)
                canvas.fill(c.detail.lighter(0.3))
                canvas.circle(fx + side * 14, ey, 10.5)
                canvas.fill(.white)
            }
            face(x: fx, y: ey, eyeGap: 14, eyeSize: 6.5, closed: closed, smile: 0)
            canvas.polygon([(fx - 5, ey + 10), (fx + 5, ey + 10), (fx, ey + 20)])
            canvas.fill(PaintColor(1.0, 0.7, 0.25))
        } else {
            canvas.ellipse(fx, ey + 4, 24, 20)
            canvas.fill(PaintColor(0.98, 0.98, 0.97))
            face(x: fx, y: ey, eyeGap: 11, eyeSize: 5, closed: closed, smile: 0)
            canvas.polygon([(fx - 7, ey + 10), (fx + 7, ey + 10), (fx + f * 4, ey + 20)])
            canvas.fill(PaintColor(1.0, 0.6, 0.2))
            canvas.circle(fx - 18, ey + 10, 4.5)
            canvas.circle(fx + 18, ey + 10, 4.5)
            canvas.fill(.cheek, alpha: 0.35)
        }
    }

    private func robot(_ c: Colors, facing f: Double, pose: Pose) {
        let sit = pose == .sitting || pose == .curled ? 12.0 : 0
        for side in [-1.0, 1.0] {
            canvas.roundedRect(side * 14 - 9, -26 + sit * 0.5, 18, 26 - sit * 0.5, radius: 4)
        }
        canvas.fill(c.detail)
        let raise = pose == .jumping
        for side in [-1.0, 1.0] {
            canvas.moveTo(side * 30, -66 + sit)
            canvas.lineTo(side * 42, raise ? -104 + sit : -40 + sit)
            canvas.stroke(c.detail, width: 7)
            canvas.circle(side * 42, raise ? -104 + sit : -40 + sit, 7)
            canvas.fill(c.accent)
        }
        canvas.roundedRect(-32, -84 + sit, 64, 60, radius: 10)
        canvas.fill(c.body)
        canvas.roundedRect(-16, -72 + sit, 32, 24, radius: 5)
        canvas.fill(c.accent)
        for k in 0..<3 {
            canvas.circle(-8 + Double(k) * 8, -60 + sit, 3)
        }
        canvas.fill(.white, alpha: 0.8)
        canvas.moveTo(0, -148 + sit)
        canvas.lineTo(0, -164 + sit)
        canvas.stroke(c.detail, width: 3)
        canvas.circle(0, -166 + sit, 6)
        canvas.fill(c.accent)
        canvas.roundedRect(-34, -150 + sit, 68, 60, radius: 14)
        canvas.fill(c.body)
        canvas.roundedRect(-26, -140 + sit, 52, 38, radius: 10)
        canvas.fill(c.detail.darker(0.5))
        let ey = -124 + sit, fx = f * 3
        if pose == .sleeping || pose == .curled {
            canvas.moveTo(fx - 16, ey); canvas.lineTo(fx - 6, ey)
            canvas.moveTo(fx + 6, ey); canvas.lineTo(fx + 16, ey)
            canvas.stroke(PaintColor(0.5, 0.95, 1.0), width: 3)
        } else {
            canvas.circle(fx - 11, ey, 5)
            canvas.circle(fx + 11, ey, 5)
            canvas.fill(PaintColor(0.5, 0.95, 1.0))
        }
        canvas.arc(fx, ey + 4, 7, from: 0.2 * .pi, to: 0.8 * .pi)
        canvas.stroke(PaintColor(0.5, 0.95, 1.0), width: 2.5)
        for side in [-1.0, 1.0] {
            canvas.roundedRect(side * 38 - 4, -130 + sit, 8, 20, radius: 3)
        }
        canvas.fill(c.accent)
    }

    private func turtle(_ c: Colors, facing f: Double, pose: Pose) {
        let closed = pose == .sleeping || pose == .curled
        for dx in [-30.0, -12, 12, 30] {
            canvas.ellipse(dx, -8, 10, 10)
        }
        canvas.fill(c.body)
        canvas.polygon([(-f * 50, -18), (-f * 64, -14), (-f * 50, -8)])
        canvas.fill(c.body)
        // Head on a neck towards the front.
        canvas.moveTo(f * 30, -20)
        canvas.lineTo(f * 52, -48)
        canvas.stroke(c.body, width: 16)
        canvas.circle(f * 56, -58, 22)
        canvas.fill(c.body)
        canvas.roundedRect(f * 56 - 16, -40, 32, 8, radius: 4)
        canvas.fill(c.accent)
        face(x: f * 58, y: -62, eyeGap: 8, eyeSize: 4.2, closed: closed, smile: 6)
        // Shell.
        canvas.arc(0, -14, 52, from: .pi, to: 2 * .pi)
        canvas.closePath()
        canvas.fill(c.detail)
        canvas.arc(0, -16, 44, from: .pi, to: 2 * .pi)
        canvas.closePath()
        canvas.fill(c.detail.lighter(0.15))
        canvas.polygon([(-12, -48), (12, -48), (20, -32), (12, -18), (-12, -18), (-20, -32)])
        canvas.polygon([(-40, -20), (-30, -40), (-22, -32), (-26, -18)])
        canvas.polygon([(40, -20), (30, -40), (22, -32), (26, -18)])
        canvas.fill(c.accent)
        canvas.roundedRect(-54, -18, 108, 8, radius: 4)
        canvas.fill(c.detail.darker(0.15))
    }
}
