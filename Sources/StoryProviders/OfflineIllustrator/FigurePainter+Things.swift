import Foundation
import StoryDomain

/// Vehicles and things drawn as picture-book characters (a car with eyes on its windscreen, a
/// steam engine with a face, a tugboat, a tractor, a rocket, a cloud, a snowman) and the knight,
/// a person in helmet and armour. The body is the design's body colour (the theme's "red car"),
/// the stripe, carriage, funnel or scarf its accent colour, so every page shows the same one.
/// Things never lie down: asleep, they rest upright with their eyes closed.
extension FigurePainter {
    /// Draws `kind` if it is a thing; false for any other kind.
    func drawThing(_ kind: CreatureKind, _ c: Colors, facing f: Double, pose: Pose) -> Bool {
        let closed = pose == .sleeping || pose == .curled
        let moving = pose == .walking || pose == .jumping
        switch kind {
        case .car: car(c, facing: f, closed: closed, moving: moving)
        case .train: train(c, facing: f, closed: closed, moving: moving)
        case .tractor: tractor(c, facing: f, closed: closed, moving: moving)
        case .boat: boat(c, facing: f, closed: closed)
        case .rocket: rocket(c, facing: f, closed: closed, moving: moving)
        case .cloud: cloud(c, facing: f, closed: closed)
        case .snowman: snowman(c, facing: f, closed: closed, pose: pose)
        default: return false
        }
        return true
    }

    /// How wide a kind is for its height, as half its width over its height (people 0.3, most
    /// animals 0.42, a car or a train much wider than tall).
    static func halfWidthRatio(of kind: CreatureKind) -> Double {
        switch kind {
        case _ where kind.isPerson: 0.3
        case .car: 0.82
        case .train: 0.95
        case .tractor: 0.6
        case .boat: 0.68
        case .rocket: 0.34
        case .cloud: 0.65
        default: 0.42
        }
    }

    private func wheel(_ x: Double, _ y: Double, _ r: Double, hub: PaintColor) {
        canvas.circle(x, y, r)
        canvas.fill(PaintColor(0.2, 0.2, 0.24))
        canvas.circle(x, y, r * 0.45)
        canvas.fill(hub)
    }

    /// Two big eyes (closed arcs asleep) and a smile, for a thing's face.
    private func thingFace(x: Double, y: Double, gap: Double, eye: Double, closed: Bool, smileY: Double) {
        for side in [-1.0, 1.0] {
            let ex = x + side * gap
            if closed {
                canvas.arc(ex, y - eye * 0.3, eye * 0.9, from: 0.15 * .pi, to: 0.85 * .pi)
                canvas.stroke(.ink, width: 2.6)
            } else {
                canvas.ellipse(ex, y, eye * 0.9, eye * 1.1)
                canvas.fill(.white)
                canvas.circle(ex + gap * 0.12, y + eye * 0.15, eye * 0.5)
                canvas.fill(.ink)
                canvas.circle(ex + gap * 0.12 + eye * 0.18, y - eye * 0.12, eye * 0.18)
                canvas.fill(.white)
            }
        }
        canvas.arc(x, smileY - 6, 9, from: 0.2 * .pi, to: 0.8 * .pi)
        canvas.stroke(.ink, width: 2.6)
    }

    /// Speed lines behind something moving along.
    private func speedLines(back: Double, from x: Double, ys: [Double]) {
        for (index, y) in ys.enumerated() {
            canvas.moveTo(x + back * Double(index % 2) * 8, y)
            canvas.lineTo(x + back * (34 + Double(index % 2) * 8), y)
        }
        canvas.stroke(.white, width: 3, alpha: 0.8)
    }

    private func car(_ c: Colors, facing f: Double, closed: Bool, moving: Bool) {
        let back = -f
        if moving { speedLines(back: back, from: back * 92, ys: [-36, -52, -68]) }
        // Body: a rounded box with a cabin on top, the windscreen at the front.
        canvas.roundedRect(-88, -74, 176, 50, radius: 20)
        canvas.fill(c.body)
        canvas.moveTo(back * 56, -70)
        canvas.curveTo(back * 52, -112, back * 20, -114, f * 10, -112)
        canvas.curveTo(f * 36, -110, f * 52, -92, f * 66, -70)
        canvas.closePath()
        canvas.fill(c.body)
        // The stripe along its side.
        canvas.rect(-84, -52, 168, 9)
        canvas.fill(c.accent)
        // Back window and the windscreen with the eyes.
        canvas.moveTo(back * 46, -74)
        canvas.curveTo(back * 44, -102, back * 26, -104, back * 12, -104)
        canvas.lineTo(back * 12, -74)
        canvas.closePath()
        canvas.fill(PaintColor(0.78, 0.9, 0.98))
        canvas.moveTo(f * 2, -74)
        canvas.lineTo(f * 2, -104)
        canvas.curveTo(f * 30, -104, f * 46, -92, f * 56, -74)
        canvas.closePath()
        canvas.fill(PaintColor(0.86, 0.94, 1.0))
        thingFace(x: f * 27, y: -88, gap: 11, eye: 8, closed: closed, smileY: -40)
        // Lamps, bumpers and wheels.
        canvas.circle(f * 84, -62, 6)
        canvas.fill(PaintColor(1.0, 0.92, 0.55))
        canvas.circle(back * 86, -62, 5)
        canvas.fill(PaintColor(0.95, 0.35, 0.3))
        canvas.circle(f * 50, -42, 6)
        canvas.circle(f * 6, -42, 6)
        canvas.fill(.cheek, alpha: 0.45)
        wheel(-54, -22, 22, hub: c.accent.lighter(0.4))
        wheel(54, -22, 22, hub: c.accent.lighter(0.4))
    }

    private func train(_ c: Colors, facing f: Double, closed: Bool, moving: Bool) {
        let back = -f
        // Centred on engine and carriage together, on a stretch of track when awake.
        canvas.translate(f * 27, 0)
        if !closed {
            for k in 0..<9 {
                canvas.rect(-150 + Double(k) * 32 - f * 27, -6, 10, 8)
            }
            canvas.fill(PaintColor(0.5, 0.35, 0.22))
            canvas.rect(-160 - f * 27, -6, 316, 3)
            canvas.fill(PaintColor(0.45, 0.45, 0.5))
        }
        // A little carriage behind, in the accent colour, coupled to the engine.
        canvas.rect(back * 90, -36, back * 12, 6)
        canvas.fill(.ink)
        let carriageLeft = back > 0 ? 98.0 : -154
        canvas.roundedRect(carriageLeft, -90, 56, 60, radius: 8)
        canvas.fill(c.accent)
        canvas.roundedRect(carriageLeft + 8, -82, 40, 20, radius: 5)
        canvas.fill(PaintColor(0.86, 0.94, 1.0))
        wheel(back * 112, -16, 13, hub: c.accent.lighter(0.4))
        wheel(back * 140, -16, 13, hub: c.accent.lighter(0.4))
        // The cab at the back of the engine, the boiler ahead, the chimney with a puff.
        let cabLeft = back > 0 ? 34.0 : -86
        canvas.roundedRect(cabLeft, -128, 52, 102, radius: 8)
        canvas.fill(c.body)
        canvas.rect(cabLeft - 4, -134, 60, 10)
        canvas.fill(c.body.darker(0.3))
        canvas.roundedRect(cabLeft + 12, -116, 28, 24, radius: 5)
        canvas.fill(PaintColor(0.86, 0.94, 1.0))
        canvas.roundedRect(-70, -92, 140, 66, radius: 26)
        canvas.fill(c.body)
        canvas.rect(-60, -66, 120, 8)
        canvas.fill(c.accent)
        canvas.rect(f * 20 - 10, -124, 20, 34)
        canvas.fill(c.body.darker(0.35))
        canvas.rect(f * 20 - 14, -128, 28, 8)
        canvas.fill(c.body.darker(0.5))
        if moving {
            for (k, r) in [9.0, 12, 15].enumerated() {
                canvas.circle(f * 20 + back * Double(k) * 20, -140 - Double(k) * 12, r)
            }
            canvas.fill(.white, alpha: 0.85)
        }
        // The round smokebox door at the front is its face.
        canvas.circle(f * 70, -60, 30)
        canvas.fill(c.body.lighter(0.55))
        thingFace(x: f * 72, y: -66, gap: 10, eye: 6.5, closed: closed, smileY: -42)
        canvas.polygon([(f * 70, -28), (f * 98, -8), (f * 70, -8)])
        canvas.fill(c.accent.darker(0.2))
        wheel(-36, -20, 20, hub: c.accent)
        wheel(16, -20, 20, hub: c.accent)
        wheel(back * 60, -16, 14, hub: c.accent)
    }

    private func tractor(_ c: Colors, facing f: Double, closed: Bool, moving: Bool) {
        let back = -f
        if moving { speedLines(back: back, from: back * 84, ys: [-40, -60]) }
        // The cab over the big back wheel, the bonnet ahead, an exhaust pipe.
        canvas.roundedRect(back * 56 - 30, -150, 60, 82, radius: 8)
        canvas.fill(c.accent)
        canvas.roundedRect(back * 56 - 20, -140, 40, 34, radius: 5)
        canvas.fill(PaintColor(0.86, 0.94, 1.0))
        canvas.roundedRect(-70, -96, 150 - 10, 56, radius: 14)
        canvas.fill(c.body)
        canvas.rect(f * 30 - 5, -126, 10, 30)
        canvas.fill(PaintColor(0.35, 0.35, 0.4))
        canvas.roundedRect(f * 54 - 26, -88, 52, 40, radius: 12)
        canvas.fill(c.body.lighter(0.4))
        thingFace(x: f * 56, y: -74, gap: 11, eye: 7, closed: closed, smileY: -50)
        wheel(back * 46, -40, 40, hub: PaintColor(0.98, 0.85, 0.3))
        wheel(f * 56, -22, 22, hub: PaintColor(0.98, 0.85, 0.3))
    }

    private func boat(_ c: Colors, facing f: Double, closed: Bool) {
        let back = -f
        // A funnel with a stripe, the wheelhouse with porthole eyes, the hull on a little wave.
        canvas.rect(back * 30 - 13, -150, 26, 40)
        canvas.fill(c.accent)
        canvas.rect(back * 30 - 13, -140, 26, 8)
        canvas.fill(.white)
        canvas.roundedRect(back * 10 - 40, -118, 92, 58, radius: 10)
        canvas.fill(PaintColor(0.98, 0.96, 0.9))
        for side in [-1.0, 1.0] {
            canvas.circle(f * 16 + side * 18, -92, 15)
            canvas.fill(c.accent.darker(0.2))
        }
        thingFace(x: f * 16, y: -92, gap: 18, eye: 10, closed: closed, smileY: -66)
        canvas.moveTo(back * 92, -66)
        canvas.lineTo(f * 96, -70)
        canvas.curveTo(f * 84, -30, f * 60, -14, f * 40, -12)
        canvas.lineTo(back * 70, -12)
        canvas.curveTo(back * 84, -20, back * 90, -44, back * 92, -66)
        canvas.fill(c.body)
        canvas.rect(-86, -66, 176, 8)
        canvas.fill(.white)
        // Tyres on its side, like a real tug.
        for x in [-40.0, 10, 58] {
            canvas.circle(x * f, -40, 8)
            canvas.stroke(PaintColor(0.2, 0.2, 0.24), width: 5)
        }
        // Water lapping at the hull.
        canvas.moveTo(-100, -10)
        for k in 0..<5 {
            let x = -100 + Double(k) * 40
            canvas.curveTo(x + 10, -20, x + 30, -20, x + 40, -10)
        }
        canvas.lineTo(100, 4)
        canvas.lineTo(-100, 4)
        canvas.closePath()
        canvas.fill(PaintColor(0.35, 0.6, 0.9), alpha: 0.9)
    }

    private func rocket(_ c: Colors, facing f: Double, closed: Bool, moving: Bool) {
        if moving {
            canvas.polygon([(-18, -24), (0, 18), (18, -24)])
            canvas.fill(PaintColor(1.0, 0.7, 0.25))
        }
        for side in [-1.0, 1.0] {
            canvas.polygon([(side * 30, -80), (side * 56, -24), (side * 30, -30)])
        }
        canvas.fill(c.accent)
        canvas.moveTo(-34, -30)
        canvas.curveTo(-40, -100, -20, -150, 0, -176)
        canvas.curveTo(20, -150, 40, -100, 34, -30)
        canvas.closePath()
        canvas.fill(c.body)
        canvas.moveTo(-22, -146)
        canvas.curveTo(-12, -162, -6, -170, 0, -176)
        canvas.curveTo(6, -170, 12, -162, 22, -146)
        canvas.closePath()
        canvas.fill(c.accent)
        canvas.circle(f * 2, -108, 24)
        canvas.fill(PaintColor(0.86, 0.94, 1.0))
        thingFace(x: f * 3, y: -110, gap: 9, eye: 6, closed: closed, smileY: -92)
        canvas.rect(-30, -38, 60, 10)
        canvas.fill(c.accent)
    }

    private func cloud(_ c: Colors, facing f: Double, closed: Bool) {
        // Floating above its shadow: puffs round a soft body, a face and rosy cheeks.
        let puffs: [(Double, Double, Double)] = [(-56, -70, 30), (-24, -98, 38), (22, -102, 36), (58, -74, 30), (0, -64, 44)]
        for puff in puffs { canvas.circle(puff.0, puff.1, puff.2 + 3) }
        canvas.fill(c.body.darker(0.12))
        for puff in puffs { canvas.circle(puff.0, puff.1, puff.2) }
        canvas.fill(c.body)
        canvas.roundedRect(-86, -64, 172, 30, radius: 15)
        canvas.fill(c.body)
        // A rainbow scarf of its accent and two brighter bands.
        for (k, colour) in [c.accent, PaintColor(0.98, 0.85, 0.3), PaintColor(0.45, 0.7, 0.95)].enumerated() {
            canvas.moveTo(-50, -44 + Double(k) * 5)
            canvas.curveTo(-20, -36 + Double(k) * 5, 20, -36 + Double(k) * 5, 50, -44 + Double(k) * 5)
            canvas.stroke(colour, width: 5)
        }
        face(x: f * 8, y: -82, eyeGap: 16, eyeSize: 7, closed: closed, smile: 10)
        canvas.circle(f * 8 - 30, -70, 8)
        canvas.circle(f * 8 + 30, -70, 8)
        canvas.fill(.cheek, alpha: 0.4)
    }

    private func snowman(_ c: Colors, facing f: Double, closed: Bool, pose: Pose) {
        let raise = pose == .jumping || pose == .reaching || pose == .hugging
        for side in [-1.0, 1.0] {
            canvas.moveTo(side * 30, -84)
            canvas.lineTo(side * 62, raise ? -124 : -70)
            canvas.stroke(PaintColor(0.45, 0.3, 0.2), width: 4)
        }
        canvas.circle(0, -44, 44)
        canvas.fill(c.body)
        canvas.circle(0, -110, 32)
        canvas.fill(c.body)
        for y in [-62.0, -40, -18] {
            canvas.circle(0, y, 4)
        }
        canvas.fill(.ink)
        scarf(c.accent, headY: -110, back: -f)
        // A hat on top, its band in the accent colour.
        canvas.rect(-30, -142, 60, 6)
        canvas.rect(-20, -172, 40, 32)
        canvas.fill(PaintColor(0.2, 0.2, 0.25))
        canvas.rect(-20, -150, 40, 6)
        canvas.fill(c.accent)
        face(x: f * 3, y: -114, eyeGap: 10, eyeSize: 4.5, closed: closed, smile: 8)
        canvas.polygon([(f * 4, -108), (f * 30, -104), (f * 4, -100)])
        canvas.fill(PaintColor(1.0, 0.55, 0.2))
    }

    /// A knight: the person of the design in silver armour, a tunic and plume in the accent colour,
    /// a helmet over the hair and a little shield.
    func knight(_ design: CharacterDesign, _ c: Colors, facing f: Double, pose: Pose) {
        let silver = PaintColor(0.8, 0.82, 0.87)
        var armour = c
        armour.accent = silver
        person(design, armour, facing: f, pose: pose)
        let look = PersonLook(design)
        let p = look.proportions
        let sitting = pose == .sitting || pose == .curled
        let hipY = sitting ? -10.0 : -p.leg
        let top = hipY - p.torso
        let headY = top - p.headRadius - 2
        // The tunic over the breastplate, and the shield on the front arm.
        canvas.roundedRect(-p.shoulders * 0.6, top + 8, p.shoulders * 1.2, p.torso + 4, radius: 5)
        canvas.fill(c.accent)
        canvas.moveTo(0, top + 16)
        canvas.lineTo(0, top + p.torso - 6)
        canvas.moveTo(-p.shoulders * 0.4, top + p.torso * 0.45)
        canvas.lineTo(p.shoulders * 0.4, top + p.torso * 0.45)
        canvas.stroke(.white, width: 3)
        let shieldX = f * (p.shoulders + 10), shieldY = top + p.torso * 0.55
        canvas.moveTo(shieldX - 14, shieldY - 18)
        canvas.lineTo(shieldX + 14, shieldY - 18)
        canvas.curveTo(shieldX + 14, shieldY + 6, shieldX + 6, shieldY + 14, shieldX, shieldY + 20)
        canvas.curveTo(shieldX - 6, shieldY + 14, shieldX - 14, shieldY + 6, shieldX - 14, shieldY - 18)
        canvas.fill(silver.darker(0.1))
        canvas.circle(shieldX, shieldY - 2, 6)
        canvas.fill(c.accent)
        // The helmet in the head's units: a dome to the brow, cheek guards, a plume on top.
        canvas.layer {
            canvas.translate(0, headY)
            canvas.scale(p.headRadius / 34, p.headRadius / 34)
            canvas.moveTo(-22, -40)
            canvas.curveTo(-10, -62, 14, -64, 26, -48)
            canvas.curveTo(12, -50, -6, -50, -22, -40)
            canvas.fill(c.accent)
            canvas.arc(0, -6, 39, from: .pi, to: 2 * .pi)
            canvas.closePath()
            canvas.fill(silver)
            canvas.rect(-40, -10, 80, 8)
            canvas.fill(silver.darker(0.15))
            for side in [-1.0, 1.0] {
                canvas.roundedRect(side * 36 - 5, -8, 10, 30, radius: 4)
            }
            canvas.fill(silver)
        }
    }
}
