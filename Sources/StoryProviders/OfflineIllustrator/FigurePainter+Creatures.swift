import Foundation
import StoryDomain

/// The creatures families ask for beyond the first set: horse, fish, whale, octopus, butterfly and
/// dinosaur, each with fixed proportions so it looks the same on every page. Body in the body
/// colour, the recognisable mark (saddle blanket, striped tail, spot, hat, wing pattern, scarf)
/// in the accent colour.
extension FigurePainter {
    /// Draws `kind` if it is one of these creatures; nil for any other kind.
    func drawNewCreature(_ kind: CreatureKind, _ c: Colors, facing f: Double, pose: Pose) -> Bool? {
        let closed = pose == .sleeping || pose == .curled
        switch kind {
        case .horse: horse(c, facing: f, closed: closed, pose: pose)
        case .fish: fish(c, facing: f, closed: closed)
        case .whale: whale(c, facing: f, closed: closed)
        case .octopus: octopus(c, facing: f, closed: closed)
        case .butterfly: butterfly(c, facing: f, closed: closed)
        case .dinosaur: dinosaur(c, facing: f, closed: closed, pose: pose)
        default: return nil
        }
        return true
    }

    private func eye(_ x: Double, _ y: Double, size: Double, closed: Bool) {
        if closed {
            canvas.arc(x, y - size * 0.4, size, from: 0.15 * .pi, to: 0.85 * .pi)
            canvas.stroke(.ink, width: 2.2)
        } else {
            canvas.circle(x, y, size)
            canvas.fill(.ink)
            canvas.circle(x + size * 0.35, y - size * 0.35, size * 0.35)
            canvas.fill(.white)
        }
    }

    private func horse(_ c: Colors, facing f: Double, closed: Bool, pose: Pose) {
        let back = -f
        // Tail.
        canvas.moveTo(back * 46, -84)
        canvas.curveTo(back * 70, -80, back * 72, -50, back * 64, -34)
        canvas.stroke(c.detail, width: 10)
        // Legs.
        let stride = pose == .walking ? 8.0 : 0
        for (i, x) in [-34.0, -20, 22, 36].enumerated() {
            canvas.moveTo(x, -66)
            canvas.lineTo(x + (i % 2 == 0 ? stride : -stride), -4)
            canvas.stroke(c.body.darker(i < 2 ? 0.12 : 0), width: 11)
            canvas.rect(x - 6 + (i % 2 == 0 ? stride : -stride), -8, 12, 8)
            canvas.fill(.ink)
        }
        // Body and saddle blanket.
        canvas.ellipse(0, -80, 52, 26)
        canvas.fill(c.body)
        canvas.roundedRect(-20, -104, 40, 30, radius: 6)
        canvas.fill(c.accent)
        // Neck and head.
        canvas.polygon([(f * 26, -96), (f * 48, -140), (f * 64, -132), (f * 46, -80)])
        canvas.fill(c.body)
        canvas.ellipse(f * 64, -140, 26, 15)
        canvas.fill(c.body)
        canvas.ellipse(f * 84, -136, 10, 10)
        canvas.fill(c.body.lighter(0.3))
        canvas.polygon([(f * 50, -152), (f * 54, -172), (f * 60, -152)])
        canvas.fill(c.body)
        // Mane.
        canvas.moveTo(f * 50, -150)
        canvas.curveTo(f * 36, -130, f * 28, -112, f * 22, -98)
        canvas.stroke(c.detail, width: 9)
        eye(f * 66, -146, size: 4, closed: closed)
    }

    private func fish(_ c: Colors, facing f: Double, closed: Bool) {
        let back = -f, y = -80.0
        canvas.polygon([(back * 30, y), (back * 62, y - 24), (back * 62, y + 24)])
        canvas.fill(c.accent)
        canvas.moveTo(back * 50, y - 14)
        canvas.lineTo(back * 50, y + 14)
        canvas.stroke(c.body, width: 4)
        canvas.ellipse(0, y, 40, 26)
        canvas.fill(c.body)
        canvas.polygon([(-6, y - 22), (10, y - 40), (18, y - 20)])
        canvas.fill(c.accent)
        canvas.ellipse(f * 4, y + 8, 24, 12)
        canvas.fill(c.body.lighter(0.35))
        eye(f * 22, y - 6, size: 6, closed: closed)
        canvas.arc(f * 32, y + 6, 5, from: 0.2 * .pi, to: 0.8 * .pi)
        canvas.stroke(.ink, width: 2)
    }

    private func whale(_ c: Colors, facing f: Double, closed: Bool) {
        let back = -f, y = -64.0
        canvas.moveTo(back * 60, y)
        canvas.curveTo(back * 90, y - 10, back * 100, y - 40, back * 110, y - 48)
        canvas.lineTo(back * 104, y - 18)
        canvas.lineTo(back * 118, y - 6)
        canvas.curveTo(back * 96, y + 4, back * 80, y + 10, back * 60, y + 10)
        canvas.fill(c.body)
        canvas.ellipse(0, y, 78, 44)
        canvas.fill(c.body)
        canvas.ellipse(f * 10, y + 20, 58, 20)
        canvas.fill(c.body.lighter(0.55))
        canvas.circle(back * 24, y - 22, 9)
        canvas.fill(c.accent)
        eye(f * 44, y - 8, size: 5, closed: closed)
        canvas.arc(f * 56, y + 4, 10, from: 0.2 * .pi, to: 0.7 * .pi)
        canvas.stroke(.ink, width: 2.2)
    }

    private func octopus(_ c: Colors, facing f: Double, closed: Bool) {
        for k in 0..<8 {
            let x0 = -26 + Double(k) * 7.5
            let x1 = -56 + Double(k) * 16
            let curl = k % 2 == 0 ? 1.0 : -1.0
            canvas.moveTo(x0, -70)
            canvas.curveTo(x0, -40, x1 - curl * 10, -20, x1, -8)
            canvas.curveTo(x1 + curl * 8, 0, x1 + curl * 14, -6, x1 + curl * 10, -12)
            canvas.stroke(c.body.darker(k % 2 == 0 ? 0 : 0.1), width: 8)
        }
        canvas.ellipse(0, -96, 38, 40)
        canvas.fill(c.body)
        // Hat.
        canvas.ellipse(0, -132, 30, 6)
        canvas.fill(c.accent)
        canvas.roundedRect(-17, -156, 34, 24, radius: 5)
        canvas.fill(c.accent)
        eye(f * 4 - 12, -96, size: 5.5, closed: closed)
        eye(f * 4 + 12, -96, size: 5.5, closed: closed)
        canvas.arc(f * 4, -84, 7, from: 0.2 * .pi, to: 0.8 * .pi)
        canvas.stroke(.ink, width: 2.2)
    }

    private func butterfly(_ c: Colors, facing f: Double, closed: Bool) {
        let y = -110.0
        for side in [-1.0, 1.0] {
            canvas.ellipse(side * 30, y - 18, 30, 26)
            canvas.fill(c.body)
            canvas.ellipse(side * 24, y + 20, 20, 18)
            canvas.fill(c.body.darker(0.1))
            canvas.circle(side * 32, y - 20, 10)
            canvas.circle(side * 24, y + 20, 6)
            canvas.fill(c.accent)
        }
        canvas.ellipse(0, y, 6, 30)
        canvas.fill(.ink)
        for side in [-1.0, 1.0] {
            canvas.moveTo(0, y - 28)
            canvas.curveTo(side * 6, y - 44, side * 14, y - 52, side * 18, y - 54)
        }
        canvas.stroke(.ink, width: 2)
        eye(f * 2, y - 22, size: 2.5, closed: closed)
    }

    private func dinosaur(_ c: Colors, facing f: Double, closed: Bool, pose: Pose) {
        let back = -f
        // Tail.
        canvas.polygon([(back * 20, -70), (back * 96, -30), (back * 100, -22), (back * 20, -40)])
        canvas.fill(c.body)
        // Legs.
        for x in [-18.0, 18] {
            canvas.roundedRect(x - 11, -36, 22, 36, radius: 8)
            canvas.fill(c.body.darker(0.1))
        }
        canvas.ellipse(0, -62, 44, 34)
        canvas.fill(c.body)
        canvas.ellipse(f * 8, -54, 26, 20)
        canvas.fill(c.body.lighter(0.35))
        // Back plates.
        for k in 0..<4 {
            let x = back * (Double(k) * 18 - 6), y = -92.0 + Double(k) * 7
            canvas.polygon([(x - 8, y + 4), (x, y - 14), (x + 8, y + 4)])
        }
        canvas.fill(c.detail)
        // Neck, head and scarf.
        canvas.polygon([(f * 10, -86), (f * 28, -128), (f * 48, -122), (f * 34, -74)])
        canvas.fill(c.body)
        canvas.ellipse(f * 44, -130, 26, 18)
        canvas.fill(c.body)
        canvas.roundedRect(f * 24 - 18, -108, 36, 11, radius: 5)
        canvas.fill(c.accent)
        eye(f * 50, -136, size: 4.5, closed: closed)
        canvas.arc(f * 56, -126, 8, from: 0.1 * .pi, to: 0.6 * .pi)
        canvas.stroke(.ink, width: 2)
        if pose == .hugging || pose == .reaching {
            canvas.moveTo(f * 26, -70)
            canvas.lineTo(f * 48, -80)
            canvas.stroke(c.body, width: 9)
        }
    }
}
