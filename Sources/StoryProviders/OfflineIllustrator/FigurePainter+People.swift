import StoryDomain

/// People: children, babies and grown-ups in the proportions of their build (a baby sits, with a
/// big head; a grown-up is tall, with a smaller head), wearing what their look says.
extension FigurePainter {
    /// Hands for each pose, as the standard child holds them (shoulders at y -98, ±18 across).
    private static func hands(_ pose: Pose, facing f: Double) -> [(Double, Double)] {
        switch pose {
        case .walking: [(-34, -66), (32, -58)]
        case .pointing: [(f * 54, -122), (-f * 32, -60)]
        case .reaching: [(f * 46, -86), (f * 40, -76)]
        case .jumping: [(-40, -140), (40, -140)]
        case .hugging: [(f * 50, -92), (f * 44, -80)]
        case .sitting, .curled: [(-30, -56), (30, -56)]
        case .running: [(-34, -66), (32, -58)]
        case .sleeping: [(-26, -50), (26, -50)]
        case .standing: [(-32, -60), (32, -60)]
        }
    }

    /// Draws a person with feet at the origin, in figure units.
    func person(_ design: CharacterDesign, _ c: Colors, facing f: Double, pose asked: Pose) {
        let look = PersonLook(design)
        let p = look.proportions
        // A baby sits (or lies asleep); its arms still wave, reach and hug.
        let pose: Pose = look.build == .baby && asked != .sleeping && asked != .curled ? .sitting : asked
        let sitting = pose == .sitting || pose == .curled
        let hipY = sitting ? -10.0 : -p.leg
        let top = hipY - p.torso
        let headY = top - p.headRadius - 2
        let headScale = p.headRadius / 34
        personLegs(look, p, c, facing: f, pose: pose, hipY: hipY)
        canvas.layer {
            canvas.translate(0, headY)
            canvas.scale(headScale, headScale)
            backHair(look.hairStyle, c.detail, facing: f)
        }
        torso(look, p, c, hipY: hipY, top: top)
        // Arms: the standard child's, stretched to this build's torso.
        let reach = p.torso / 58
        let spread = p.shoulders / 19
        for (index, hand) in Self.hands(asked, facing: f).enumerated() {
            let side = index == 0 ? -1.0 : 1.0
            let shoulder = (side * (p.shoulders - 1), top + 8)
            let end = (hand.0 * spread, shoulder.1 + (hand.1 + 98) * reach)
            canvas.moveTo(shoulder.0, shoulder.1)
            canvas.lineTo(end.0, end.1)
            canvas.stroke(c.accent, width: look.build == .grownUp ? 12 : 11)
            canvas.circle(end.0, end.1, 6.5)
            canvas.fill(c.body)
        }
        canvas.layer {
            canvas.translate(0, headY)
            canvas.scale(headScale, headScale)
            personHead(look, c, facing: f, closed: pose == .sleeping || pose == .curled)
        }
    }

    private func personLegs(_ look: PersonLook, _ p: PersonLook.Proportions, _ c: Colors, facing f: Double, pose: Pose, hipY: Double) {
        let k = max(p.leg, 30) / 48
        let legs: [(Double, Double, Double, Double)] // hip x, hip y, foot x, foot y
        switch pose {
        case .walking: legs = [(-8, hipY, -8 - 12 * k, -2), (8, hipY, 8 + 8 * k, -6)]
        case .jumping: legs = [(-8, hipY, -16, -8), (8, hipY, 18, -4)]
        case .sitting, .curled: legs = [(-6, -12, f * 30 * k - 6, -6), (6, -12, f * 34 * k + 6, -6)]
        default: legs = [(-9, hipY, -11, -2), (9, hipY, 11, -2)]
        }
        let grownUp = look.build == .grownUp
        // Trousers as the look says; else a sleepsuit's legs, a grown-up's trousers, or bare legs (under a dress or skirt too).
        let bareLegs = !grownUp || look.garment == .dress || look.skirt != nil
        let legColour = look.legs ?? (look.garment == .allInOne ? c.accent : bareLegs ? c.body : c.accent.darker(0.45))
        for leg in legs {
            canvas.moveTo(leg.0, leg.1)
            canvas.lineTo(leg.2, leg.3)
            canvas.stroke(legColour, width: p.legWidth)
        }
        // A baby's feet are bare (or in its sleepsuit); everyone else wears shoes.
        let shoe = look.build == .baby ? (look.garment == .allInOne ? legColour : c.body)
            : look.shoes ?? (grownUp ? PaintColor.ink : c.detail.darker(0.35))
        for leg in legs {
            canvas.ellipse(leg.2 + f * 3, leg.3 + 1, grownUp ? 12 : 10, grownUp ? 6.5 : 6)
            canvas.fill(shoe)
        }
    }

    private func torso(_ look: PersonLook, _ p: PersonLook.Proportions, _ c: Colors, hipY: Double, top: Double) {
        if look.build == .baby {
            // A round little body.
            canvas.ellipse(0, (top + hipY) / 2 + 2, p.hem, p.torso / 2 + 6)
            canvas.fill(c.accent)
            return
        }
        let drop: Double = switch look.garment {
        case .dress: max(p.leg * 0.45, 16)
        case .coat: max(p.leg * 0.35, 12)
        default: 2
        }
        let hem = p.hem + (look.garment == .dress ? 9 : look.garment == .coat ? 2 : 0)
        let bottom = hipY + drop
        canvas.moveTo(-p.shoulders, top)
        canvas.curveTo(-8, top - 4, 8, top - 4, p.shoulders, top)
        canvas.lineTo(hem, bottom)
        canvas.curveTo(hem * 0.4, bottom + 6, -hem * 0.4, bottom + 6, -hem, bottom)
        canvas.closePath()
        canvas.fill(c.accent)
        // Neckline.
        canvas.moveTo(-8, top + 2)
        canvas.curveTo(-4, top + 10, 4, top + 10, 8, top + 2)
        canvas.stroke(c.accent.darker(0.25), width: 2)
        if look.garment == .coat {
            canvas.moveTo(0, top + 6)
            canvas.lineTo(0, bottom + 2)
            canvas.stroke(c.accent.darker(0.3), width: 1.6)
            for k in 0..<3 {
                canvas.circle(4, top + 16 + Double(k) * (bottom - top - 24) / 2, 2.6)
            }
            canvas.fill(c.accent.darker(0.4))
        }
        if let skirt = look.skirt {
            let y = hipY - 10
            canvas.polygon([(-p.hem + 2, y), (p.hem - 2, y), (p.hem + 9, hipY + max(p.leg * 0.3, 10)),
                            (-p.hem - 9, hipY + max(p.leg * 0.3, 10))])
            canvas.fill(skirt)
        }
    }

    /// The head in the standard head's units (radius 34, centred on the origin).
    private func personHead(_ look: PersonLook, _ c: Colors, facing f: Double, closed: Bool) {
        // Neck and face.
        canvas.rect(-6, 28, 12, 12)
        canvas.fill(c.body.darker(0.08))
        canvas.circle(0, 0, 34)
        canvas.fill(c.body)
        for side in [-1.0, 1.0] {
            canvas.circle(side * 33, 4, 7)
        }
        canvas.fill(c.body)
        frontHair(look.hairStyle, c, facing: f)
        face(x: f * 4, y: 4, eyeGap: 12.5, eyeSize: 5.2, closed: closed, smile: 9, iris: look.eyes)
        canvas.circle(f * 4 - 20, 14, 5.5)
        canvas.circle(f * 4 + 20, 14, 5.5)
        canvas.fill(.cheek, alpha: 0.35)
        if let facialHair = look.facialHair { self.facialHair(facialHair, c.detail, facing: f) }
        if let glasses = look.glasses { self.glasses(glasses, facing: f) }
        if let hat = look.hat { self.hat(hat, facing: f) }
    }
}
