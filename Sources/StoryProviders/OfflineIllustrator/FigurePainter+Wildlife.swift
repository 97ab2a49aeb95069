import Foundation
import StoryDomain

/// The woodland, river and faraway animals families ask for: hedgehog, squirrel, badger, beaver,
/// koala, sloth and pangolin on one plump upright body (each with the mark that names it: spines, a
/// bushy tail, a striped face, a flat tail and big teeth, fluffy ears, a masked face, scales), and a
/// giraffe and a crab of their own shape. Fixed proportions, so each looks the same on every page;
/// body in the body colour, the scarf (or the crab's hat) in the accent colour.
extension FigurePainter {
    /// Draws `kind` if it is one of these animals; false for any other kind.
    func drawWildlife(_ kind: CreatureKind, _ c: Colors, facing f: Double, pose: Pose) -> Bool {
        switch kind {
        case .hedgehog, .squirrel, .badger, .beaver, .koala, .sloth, .pangolin:
            plumpAnimal(kind, c, facing: f, pose: pose)
        case .giraffe: giraffe(c, facing: f, pose: pose)
        case .crab: crab(c, facing: f, pose: pose)
        default: return false
        }
        return true
    }

    /// The plump upright body shared by the small animals, with each kind's marks before and after it.
    private func plumpAnimal(_ kind: CreatureKind, _ c: Colors, facing f: Double, pose: Pose) {
        let closed = pose == .sleeping || pose == .curled
        let sitting = pose == .sitting || pose == .curled
        let bodyY = sitting ? -30.0 : -38
        let headY = sitting ? -80.0 : -90
        let back = -f
        let fur = c.body
        let light = PaintColor(0.98, 0.95, 0.88)
        // Behind the body.
        switch kind {
        case .hedgehog:
            // A coat of spines over the back and the top of the head.
            let spine = fur.darker(0.45)
            // A fan of spikes from over the brow, round the back, down to the hip.
            let cx = back * 8, cy = (bodyY + headY) / 2 - 4
            var points: [(Double, Double)] = []
            for k in 0...24 {
                let a = -0.42 * Double.pi - Double(k) / 24 * 0.95 * Double.pi
                let r = k % 2 == 0 ? 70.0 : 54
                points.append((cx + f * cos(a) * r * 0.85, cy + sin(a) * r))
            }
            points.append((cx, cy))
            canvas.polygon(points)
            canvas.fill(spine)
        case .squirrel:
            // A big bushy tail curling up behind, as tall as the squirrel.
            canvas.moveTo(back * 18, bodyY + 26)
            canvas.curveTo(back * 70, bodyY + 30, back * 76, bodyY - 40, back * 44, headY - 40)
            canvas.curveTo(back * 30, headY - 56, back * 70, headY - 70, back * 84, headY - 36)
            canvas.curveTo(back * 104, bodyY - 10, back * 84, bodyY + 44, back * 18, bodyY + 34)
            canvas.closePath()
            canvas.fill(fur)
            canvas.moveTo(back * 60, bodyY + 10)
            canvas.curveTo(back * 80, bodyY - 20, back * 74, headY - 20, back * 62, headY - 42)
            canvas.stroke(fur.lighter(0.3), width: 6, alpha: 0.7)
        case .beaver:
            // The flat paddle tail on the ground behind, criss-crossed.
            canvas.layer {
                canvas.translate(back * 46, -8)
                canvas.rotate(back * 0.15)
                canvas.ellipse(0, 0, 30, 11)
                canvas.fill(fur.darker(0.45))
                for k in -2...2 {
                    canvas.moveTo(Double(k) * 9 - 6, -8)
                    canvas.lineTo(Double(k) * 9 + 6, 8)
                }
                canvas.stroke(fur.darker(0.65), width: 1.5)
            }
        case .pangolin:
            // A long scaly tail curling round the feet.
            canvas.moveTo(back * 20, bodyY + 20)
            canvas.curveTo(back * 64, bodyY + 30, back * 74, -4, back * 40, -6)
            canvas.stroke(fur.darker(0.2), width: 18)
        default:
            break
        }

        // Feet.
        let feet: [(Double, Double)] = sitting ? [(f * 10 - 16, -6), (f * 10 + 16, -6)]
            : pose == .walking ? [(-18, -4), (16, -7)] : [(-14, -4), (14, -4)]
        let limb = kind == .badger ? PaintColor(0.18, 0.17, 0.18) : fur.darker(0.1)
        for foot in feet {
            canvas.ellipse(foot.0, foot.1, 13, 8)
            canvas.fill(limb)
        }
        // Body and belly.
        canvas.ellipse(0, bodyY, 30, 35)
        canvas.fill(fur)
        let belly: PaintColor = switch kind {
        case .koala, .squirrel, .badger: light
        case .hedgehog, .beaver, .sloth: fur.lighter(0.4)
        default: fur.lighter(0.25)
        }
        canvas.ellipse(f * 3, bodyY + 6, 18, 22)
        canvas.fill(belly)
        if kind == .pangolin {
            // Rows of leaf-shaped scales over the body.
            for row in 0..<4 {
                let y = bodyY - 24 + Double(row) * 14
                for k in -2...2 where abs(k) < 3 - (row == 0 ? 1 : 0) {
                    let x = Double(k) * 12 + Double(row % 2) * 6
                    canvas.arc(x, y, 8, from: 0, to: .pi)
                }
                canvas.stroke(fur.darker(0.35), width: 2.4)
            }
        }
        // Arms: a sloth's are long.
        let reach = kind == .sloth ? 1.35 : 1.0
        let arms: [(Double, Double)] = switch pose {
        case .jumping: [(-38 * reach, bodyY - 40 * reach), (38 * reach, bodyY - 40 * reach)]
        case .hugging, .reaching: [(f * 42 * reach, bodyY - 16), (f * 36 * reach, bodyY - 8)]
        default: [(-32, bodyY + 8 * reach + (reach - 1) * 30), (32, bodyY + 8 * reach + (reach - 1) * 30)]
        }
        for (i, arm) in arms.enumerated() {
            canvas.moveTo(i == 0 ? -22 : 22, bodyY - 16)
            canvas.lineTo(arm.0, arm.1)
            canvas.stroke(limb, width: 11)
            if kind == .sloth {
                for k in -1...1 {
                    canvas.moveTo(arm.0 + Double(k) * 3, arm.1)
                    canvas.lineTo(arm.0 + Double(k) * 4, arm.1 + 9)
                }
                canvas.stroke(PaintColor(0.3, 0.25, 0.2), width: 2)
            }
        }
        // Ears behind the head.
        switch kind {
        case .koala:
            for side in [-1.0, 1.0] {
                canvas.circle(side * 34, headY - 16, 22)
                canvas.fill(fur)
                canvas.circle(side * 34, headY - 16, 13)
                canvas.fill(light)
            }
        case .squirrel:
            for side in [-1.0, 1.0] {
                canvas.polygon([(side * 12, headY - 24), (side * 22, headY - 54), (side * 30, headY - 18)])
                canvas.fill(fur)
                canvas.polygon([(side * 20, headY - 46), (side * 22, headY - 62), (side * 26, headY - 44)])
                canvas.fill(fur.darker(0.2))
            }
        case .hedgehog, .badger, .beaver:
            for side in [-1.0, 1.0] {
                canvas.circle(side * 22, headY - 24, 9)
                canvas.fill(kind == .badger ? PaintColor(0.2, 0.2, 0.2) : fur)
                canvas.circle(side * 22, headY - 24, 5)
                canvas.fill(kind == .badger ? light : fur.darker(0.3))
            }
        default:
            break
        }
        scarf(c.accent, headY: headY, back: back)
        // Head.
        let faceX = f * 4
        switch kind {
        case .hedgehog, .badger, .pangolin:
            // A head that narrows to a pointed snout towards the front.
            canvas.circle(0, headY, 28)
            canvas.fill(fur)
            canvas.polygon([(f * 10, headY - 14), (f * 48, headY + 8), (f * 10, headY + 24)])
            canvas.fill(kind == .badger ? light : fur)
            if kind == .badger {
                // A white blaze from the brow to the snout between two black stripes over the eyes, white cheeks.
                canvas.moveTo(f * 4 - 7, headY - 27)
                canvas.lineTo(f * 4 + 7, headY - 27)
                canvas.lineTo(f * 30, headY + 4)
                canvas.lineTo(f * 20, headY + 16)
                canvas.closePath()
                canvas.fill(light)
                canvas.ellipse(-f * 6, headY + 14, 18, 10)
                canvas.fill(light)
                for side in [-1.0, 1.0] {
                    canvas.moveTo(side * 17, headY - 22)
                    canvas.lineTo(f * 12 + side * 11, headY - 4)
                    canvas.lineTo(f * 32 + side * 3, headY + 6)
                }
                canvas.stroke(PaintColor(0.15, 0.15, 0.16), width: 9)
            }
            canvas.circle(f * 48, headY + 8, 5.5)
            canvas.fill(.ink)
            if kind == .hedgehog {
                // The spines come forward over the brow.
                canvas.polygon([(back * 26, headY - 20), (back * 4, headY - 34), (f * 8, headY - 26), (f * 2, headY - 42),
                                (back * 14, headY - 40), (back * 10, headY - 52), (back * 30, headY - 36)])
                canvas.fill(fur.darker(0.45))
            }
        default:
            canvas.circle(0, headY, 31)
            canvas.fill(fur)
        }
        switch kind {
        case .koala:
            canvas.ellipse(faceX, headY + 6, 10, 13)
            canvas.fill(PaintColor(0.2, 0.18, 0.2))
        case .beaver:
            canvas.ellipse(faceX, headY + 12, 16, 11)
            canvas.fill(fur.lighter(0.4))
            canvas.ellipse(faceX, headY + 5, 6, 4)
            canvas.fill(.ink)
            canvas.rect(faceX - 6, headY + 18, 12, 11)
            canvas.fill(.white)
            canvas.moveTo(faceX, headY + 18)
            canvas.lineTo(faceX, headY + 29)
            canvas.stroke(PaintColor(0.7, 0.7, 0.7), width: 1)
        case .squirrel:
            canvas.ellipse(faceX, headY + 12, 13, 9)
            canvas.fill(light)
            canvas.ellipse(faceX, headY + 7, 4.5, 3.5)
            canvas.fill(.ink)
        case .sloth:
            // The pale mask with dark stripes through the eyes.
            canvas.ellipse(faceX, headY + 2, 25, 21)
            canvas.fill(fur.lighter(0.5))
            for side in [-1.0, 1.0] {
                canvas.layer {
                    canvas.translate(faceX + side * 13, headY - 2)
                    canvas.rotate(side * -0.35)
                    canvas.ellipse(0, 0, 11, 6)
                    canvas.fill(PaintColor(0.35, 0.26, 0.2))
                }
            }
            canvas.ellipse(faceX, headY + 8, 5, 3.5)
            canvas.fill(.ink)
        default:
            break
        }
        let eyeX = [.hedgehog, .badger, .pangolin].contains(kind) ? f * 12 : faceX
        let smile: Double = kind == .beaver || kind == .koala ? 0 : 7
        face(x: eyeX, y: headY - 4, eyeGap: kind == .koala ? 13 : 11, eyeSize: kind == .pangolin ? 4.5 : 5.5, closed: closed, smile: smile)
        if kind == .koala || kind == .beaver {
            canvas.arc(faceX, headY + (kind == .koala ? 14 : 12), 6, from: 0.2 * .pi, to: 0.8 * .pi)
            canvas.stroke(.ink, width: 2.2)
        }
        canvas.circle(eyeX - 19, headY + 8, 5)
        canvas.circle(eyeX + 19, headY + 8, 5)
        canvas.fill(.cheek, alpha: 0.3)
    }

    /// A giraffe on four long legs, a long patched neck with the scarf round it, ossicones and ears.
    private func giraffe(_ c: Colors, facing f: Double, pose: Pose) {
        let closed = pose == .sleeping || pose == .curled
        let back = -f
        let patch = c.body.darker(0.45).mixed(with: PaintColor(0.55, 0.30, 0.15), 0.5)
        let sit = pose == .sitting || pose == .curled ? 40.0 : 0
        // Tail.
        canvas.moveTo(back * 40, -120 + sit)
        canvas.curveTo(back * 56, -110 + sit, back * 58, -90 + sit, back * 56, -76 + sit)
        canvas.stroke(c.body, width: 4)
        canvas.ellipse(back * 56, -72 + sit, 5, 8)
        canvas.fill(patch)
        // Legs with dark hooves.
        let stride = pose == .walking ? 8.0 : 0
        for (i, x) in [-30.0, -18, 20, 32].enumerated() {
            let dx = i % 2 == 0 ? stride : -stride
            canvas.moveTo(x, -108 + sit)
            canvas.lineTo(x + dx, -4)
            canvas.stroke(c.body.darker(i < 2 ? 0.1 : 0), width: 9)
            canvas.rect(x + dx - 5, -8, 10, 8)
            canvas.fill(.ink)
        }
        // Body.
        canvas.ellipse(0, -120 + sit, 46, 26)
        canvas.fill(c.body)
        for (px, py) in [(-24.0, -128.0), (-4, -112), (18, -130), (30, -110), (-34, -108), (4, -136)] {
            canvas.ellipse(px, py + sit, 8, 6)
        }
        canvas.fill(patch)
        // Neck up and forward, then the head.
        canvas.polygon([(f * 16, -138 + sit), (f * 40, -236 + sit), (f * 58, -232 + sit), (f * 42, -118 + sit)])
        canvas.fill(c.body)
        for k in 0..<4 {
            canvas.ellipse(f * (26 + Double(k) * 5), -150 - Double(k) * 22 + sit, 6, 5)
        }
        canvas.fill(patch)
        // Mane down the back of the neck.
        canvas.moveTo(f * 38, -238 + sit)
        canvas.lineTo(f * 14, -140 + sit)
        canvas.stroke(patch, width: 5)
        // Scarf.
        canvas.layer {
            canvas.translate(f * 36, -178 + sit)
            canvas.rotate(f * -0.22)
            canvas.roundedRect(-16, -6, 32, 12, radius: 5)
            canvas.fill(c.accent)
            canvas.polygon([(back * 8, 2), (back * 20, 26), (back * 10, 28), (back * 2, 4)])
            canvas.fill(c.accent)
        }
        let hx = f * 56, hy = -244 + sit
        for side in [-1.0, 1.0] {
            canvas.moveTo(hx + side * 7 - f * 6, hy - 14)
            canvas.lineTo(hx + side * 7 - f * 6, hy - 32)
            canvas.stroke(c.body.darker(0.15), width: 4)
            canvas.circle(hx + side * 7 - f * 6, hy - 33, 4.5)
            canvas.fill(patch)
            canvas.ellipse(hx - f * 6 + side * 22, hy - 12, 10, 5)
            canvas.fill(c.body)
        }
        canvas.ellipse(hx, hy, 22, 18)
        canvas.fill(c.body)
        canvas.ellipse(hx + f * 16, hy + 8, 14, 11)
        canvas.fill(c.body.lighter(0.3))
        canvas.circle(hx + f * 22, hy + 6, 2)
        canvas.fill(.ink, alpha: 0.6)
        face(x: hx - f * 2, y: hy - 4, eyeGap: 9, eyeSize: 4.5, closed: closed, smile: 7)
    }

    /// A crab: a wide shell low on little legs, eyes on stalks and two big claws (raised when it cheers).
    private func crab(_ c: Colors, facing f: Double, pose: Pose) {
        let closed = pose == .sleeping || pose == .curled
        let raise = pose == .jumping || pose == .hugging || pose == .reaching
        let shell = c.body
        // Legs, three a side.
        for side in [-1.0, 1.0] {
            for k in 0..<3 {
                let x0 = side * (24 + Double(k) * 10), y0 = -34.0 + Double(k) * 4
                canvas.moveTo(x0, y0)
                canvas.lineTo(x0 + side * 22, y0 + 10)
                canvas.lineTo(x0 + side * 26, -2)
            }
            canvas.stroke(shell.darker(0.15), width: 6)
        }
        // Arms and claws.
        for side in [-1.0, 1.0] {
            let cx = side * 66, cy = raise ? -112.0 : -74
            canvas.moveTo(side * 34, -50)
            canvas.curveTo(side * 50, -58, side * 62, -60, cx, cy + 14)
            canvas.stroke(shell, width: 9)
            canvas.ellipse(cx, cy, 17, 20)
            canvas.fill(shell)
            canvas.polygon([(cx - 6, cy - 20), (cx, cy - 4), (cx + 6, cy - 20), (cx, cy - 28)])
            canvas.fill(.white)
        }
        // Shell and eyes on stalks.
        canvas.ellipse(0, -44, 46, 28)
        canvas.fill(shell)
        canvas.ellipse(f * 3, -38, 34, 16)
        canvas.fill(shell.lighter(0.25))
        for side in [-1.0, 1.0] {
            canvas.moveTo(side * 12, -66)
            canvas.lineTo(side * 14, -90)
            canvas.stroke(shell.darker(0.1), width: 5)
            canvas.circle(side * 14, -96, 10)
            canvas.fill(.white)
            if closed {
                canvas.arc(side * 14, -98, 6, from: 0.15 * .pi, to: 0.85 * .pi)
                canvas.stroke(.ink, width: 2.2)
            } else {
                canvas.circle(side * 14 + f * 3, -95, 5)
                canvas.fill(.ink)
            }
        }
        // A little hat between the eyes.
        canvas.ellipse(0, -70, 16, 4)
        canvas.fill(c.accent)
        canvas.roundedRect(-9, -84, 18, 14, radius: 3)
        canvas.fill(c.accent)
        canvas.arc(f * 3, -42, 10, from: 0.2 * .pi, to: 0.8 * .pi)
        canvas.stroke(.ink, width: 2.4)
        canvas.circle(f * 3 - 20, -38, 5)
        canvas.circle(f * 3 + 20, -38, 5)
        canvas.fill(.cheek, alpha: 0.35)
    }
}
