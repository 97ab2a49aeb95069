import Foundation
import StoryDomain

/// Hair styles, beards, glasses and hats, drawn in the standard head's units (radius 34, centred
/// on the origin; the painter scales them to each build's head).
extension FigurePainter {
    /// The hair behind the head and body: the part that shows around the face and below it.
    func backHair(_ style: FigureLook.HairStyle, _ hair: PaintColor, facing f: Double) {
        let back = -f
        switch style {
        case .bob:
            canvas.ellipse(-f * 3, -6, 40, 37)
            canvas.fill(hair)
            canvas.roundedRect(-39 - f * 3, -6, 78, 34, radius: 14)
            canvas.fill(hair)
        case .long:
            canvas.ellipse(-f * 3, -6, 41, 38)
            canvas.fill(hair)
            canvas.roundedRect(-41 - f * 3, -6, 82, 72, radius: 18)
            canvas.fill(hair)
        case .short, .spiky, .bun:
            canvas.ellipse(-f * 2, -8, 37, 33)
            canvas.fill(hair)
        case .curly:
            canvas.ellipse(-f * 3, -4, 41, 38)
            canvas.fill(hair)
            for k in 0..<11 {
                let a = Double.pi * (0.8 + Double(k) * 0.14)
                canvas.circle(-f * 3 + cos(a) * 41, -4 + sin(a) * 38, 11)
            }
            canvas.fill(hair)
        case .afro:
            canvas.circle(-f * 2, -10, 52)
            canvas.fill(hair)
            for k in 0..<14 {
                let a = Double.pi * 2 * Double(k) / 14
                canvas.circle(-f * 2 + cos(a) * 50, -10 + sin(a) * 50, 10)
            }
            canvas.fill(hair)
        case .pigtails:
            canvas.ellipse(-f * 2, -8, 38, 34)
            canvas.fill(hair)
            for side in [-1.0, 1.0] {
                canvas.layer {
                    canvas.translate(side * 44, 6)
                    canvas.rotate(side * -0.45)
                    canvas.ellipse(0, 12, 11, 21)
                    canvas.fill(hair)
                }
            }
        case .buns:
            canvas.ellipse(-f * 2, -8, 38, 34)
            canvas.fill(hair)
            for side in [-1.0, 1.0] {
                canvas.circle(side * 24, -34, 14)
            }
            canvas.fill(hair)
        case .ponytail:
            canvas.ellipse(-f * 2, -8, 38, 34)
            canvas.fill(hair)
            canvas.layer {
                canvas.translate(back * 38, -10)
                canvas.rotate(back * -0.35)
                canvas.ellipse(back * 6, 20, 12, 28)
                canvas.fill(hair)
            }
        case .braids:
            canvas.ellipse(-f * 2, -8, 38, 34)
            canvas.fill(hair)
        case .bald, .tuft:
            break
        }
        if style == .bun {
            canvas.circle(-f * 4, -44, 15)
            canvas.fill(hair)
        }
    }

    /// The hair over the face: a fringe, curls, spikes, braids, hair ties; a bald head's sides.
    func frontHair(_ style: FigureLook.HairStyle, _ c: Colors, facing f: Double) {
        let hair = c.detail
        switch style {
        case .bald:
            for side in [-1.0, 1.0] {
                canvas.ellipse(side * 31, -6, 7, 13)
            }
            canvas.fill(hair)
        case .tuft:
            canvas.moveTo(-2, -33)
            canvas.curveTo(-4, -46, 10, -48, 8, -38)
            canvas.curveTo(6, -34, 2, -36, 3, -40)
            canvas.stroke(hair.darker(0.15), width: 3.5)
        case .curly, .afro:
            for k in 0..<7 {
                let x = -27 + Double(k) * 9 + f * 2
                let y = -25 - sin(Double(k) / 6 * .pi) * 8
                canvas.circle(x, y, 10)
            }
            canvas.fill(hair)
        case .bun:
            // Swept back: a smooth cap.
            canvas.arc(0, 0, 35, from: .pi * 1.0, to: .pi * 2.0)
            canvas.curveTo(28, -18, -28, -18, -35, 0)
            canvas.closePath()
            canvas.fill(hair)
        default:
            fringe(hair, facing: f)
        }
        switch style {
        case .spiky:
            for k in 0..<5 {
                let x = -24 + Double(k) * 12 + f * 2
                canvas.polygon([(x - 7, -28), (x + f * 3, -48 - Double(k % 2) * 4), (x + 7, -28)])
            }
            canvas.fill(hair)
        case .braids:
            for side in [-1.0, 1.0] {
                for k in 0..<6 {
                    canvas.circle(side * 36, 12 + Double(k) * 9.5, 7.5 - Double(k) * 0.35)
                }
                canvas.fill(hair)
                canvas.moveTo(side * 36, 12)
                for k in 1..<6 { canvas.lineTo(side * (36 + (k % 2 == 0 ? 3 : -3)), 12 + Double(k) * 9.5) }
                canvas.stroke(hair.darker(0.25), width: 1.2)
                canvas.circle(side * 36, 64, 4)
                canvas.fill(c.accent)
            }
        case .pigtails:
            for side in [-1.0, 1.0] {
                canvas.circle(side * 38, 0, 5)
            }
            canvas.fill(c.accent)
        case .ponytail:
            canvas.circle(-f * 34, -14, 5)
            canvas.fill(c.accent)
        default:
            break
        }
    }

    /// The fringe everyone had before styles were drawn.
    private func fringe(_ hair: PaintColor, facing f: Double) {
        canvas.arc(0, 0, 35, from: .pi * 1.0, to: .pi * 2.0)
        canvas.curveTo(30, -16, 18 + f * 4, -22, 8 + f * 4, -14)
        canvas.curveTo(0, -24, -14 + f * 4, -22, -22, -12)
        canvas.curveTo(-28, -10, -34, -4, -35, 0)
        canvas.closePath()
        canvas.fill(hair)
    }

    /// A beard round the chin (with the smile drawn again over it), or a moustache above the smile.
    func facialHair(_ kind: FigureLook.FacialHair, _ hair: PaintColor, facing f: Double) {
        let x = f * 4
        switch kind {
        case .beard:
            canvas.moveTo(-32, 2)
            canvas.curveTo(-31, 38, -14, 50, x, 50)
            canvas.curveTo(14, 50, 31, 38, 32, 2)
            canvas.curveTo(22, 12, 14, 10, x, 10)
            canvas.curveTo(-14, 10, -22, 12, -32, 2)
            canvas.closePath()
            canvas.fill(hair)
            canvas.arc(x, 13, 6.3, from: 0.2 * .pi, to: 0.8 * .pi)
            canvas.stroke(hair.luminance > 0.5 ? PaintColor.ink : PaintColor.white, width: 2.6)
        case .moustache:
            for side in [-1.0, 1.0] {
                canvas.ellipse(x + side * 6, 10.5, 7, 3.4)
            }
            canvas.fill(hair)
        }
    }

    /// Round glasses over the eyes.
    func glasses(_ frame: PaintColor, facing f: Double) {
        for side in [-1.0, 1.0] {
            canvas.circle(f * 4 + side * 12.5, 4, 8.5)
        }
        canvas.stroke(frame, width: 2.2)
        canvas.moveTo(f * 4 - 4, 4)
        canvas.lineTo(f * 4 + 4, 4)
        canvas.stroke(frame, width: 2)
    }

    /// A woolly hat with a turned-up brim and a bobble.
    func hat(_ colour: PaintColor, facing f: Double) {
        canvas.arc(0, -10, 37, from: .pi, to: 2 * .pi)
        canvas.closePath()
        canvas.fill(colour)
        canvas.roundedRect(-39, -18, 78, 13, radius: 6.5)
        canvas.fill(colour.darker(0.18))
        canvas.circle(f * 4, -50, 8)
        canvas.fill(colour.lighter(0.5))
    }
}
