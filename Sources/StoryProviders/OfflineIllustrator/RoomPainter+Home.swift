import StoryDomain

/// The living room (a party, a game, a visit at home: a sofa, a window, a rug, a picture and a lamp)
/// and the library (tall shelves of books, an arched window, a reading lamp, an armchair and a rug).
extension RoomPainter {
    /// Book spines in a few warm and cool colours, mixed with the story's accent.
    private var spineColours: [PaintColor] {
        [accent, PaintColor(0.35, 0.50, 0.75), PaintColor(0.85, 0.65, 0.25), PaintColor(0.45, 0.65, 0.40),
         PaintColor(0.75, 0.35, 0.35), PaintColor(0.55, 0.40, 0.65)]
    }

    /// A living room: wallpaper stripes, a window onto the hour's sky, a sofa, a framed picture, a lamp and a round rug.
    func livingRoom() {
        let wall = accent.mixed(with: PaintColor(0.98, 0.94, 0.86), 0.82)
        canvas.rect(0, 0, width, floorY)
        canvas.fill(wall)
        var x = 0.0
        while x < width {
            canvas.rect(x, 0, 12, floorY)
            x += 44
        }
        canvas.fill(wall.darker(0.05))
        // A dado rail.
        canvas.rect(0, 250, width, 8)
        canvas.fill(PaintColor(0.93, 0.88, 0.80))
        window(x: width * 0.40, y: 60, w: 170, h: 150)
        // A framed picture of hills on the left.
        let px = width * 0.10, py = 90.0
        canvas.rect(px - 8, py - 8, 136, 106)
        canvas.fill(PaintColor(0.62, 0.42, 0.25))
        canvas.rect(px, py, 120, 90)
        canvas.fill(PaintColor(0.75, 0.88, 0.97))
        canvas.moveTo(px, py + 90)
        canvas.curveTo(px + 30, py + 40, px + 60, py + 50, px + 120, py + 60)
        canvas.lineTo(px + 120, py + 90)
        canvas.closePath()
        canvas.fill(PaintColor(0.50, 0.72, 0.45))
        canvas.circle(px + 92, py + 24, 10)
        canvas.fill(PaintColor(1.0, 0.85, 0.4))
        floor(PaintColor(0.80, 0.62, 0.45), boards: true)
        // The sofa against the wall on the right.
        let sx = width * 0.66, sw = min(300, width * 0.3)
        let sofa = accent.mixed(with: PaintColor(0.35, 0.55, 0.65), 0.45)
        canvas.roundedRect(sx, 250, sw, 110, radius: 22)
        canvas.fill(sofa.darker(0.12))
        canvas.roundedRect(sx + 14, 300, sw - 28, 60, radius: 14)
        canvas.fill(sofa)
        for side in [0.0, 1.0] {
            canvas.roundedRect(sx - 10 + side * (sw - 30), 280, 40, 100, radius: 16)
        }
        canvas.fill(sofa.darker(0.05))
        for k in 0..<2 {
            canvas.roundedRect(sx + 40 + Double(k) * (sw - 140), 268, 60, 44, radius: 12)
        }
        canvas.fill(PaintColor(0.98, 0.90, 0.65))
        for leg in [sx + 6, sx + sw - 14] {
            canvas.rect(leg, 378, 8, 12)
        }
        canvas.fill(PaintColor(0.40, 0.28, 0.18))
        // A standard lamp by the sofa.
        let lx = sx - 40
        canvas.rect(lx - 3, 200, 6, floorY - 190)
        canvas.fill(PaintColor(0.40, 0.35, 0.30))
        canvas.polygon([(lx - 30, 206), (lx - 18, 166), (lx + 18, 166), (lx + 30, 206)])
        canvas.fill(PaintColor(1.0, 0.88, 0.6))
        canvas.glow(x: lx, y: 190, radius: 120, color: PaintColor(1.0, 0.85, 0.5), alpha: light.isDark ? 0.45 : 0.2)
        // The round rug in the middle of the floor.
        canvas.ellipse(width * 0.45, 455, 230, 38)
        canvas.fill(accent.lighter(0.45))
        canvas.ellipse(width * 0.45, 455, 196, 28)
        canvas.stroke(accent.lighter(0.15), width: 5)
    }

    /// A library: two walls of tall bookshelves round an arched window, a reading lamp over an armchair, a rug.
    func library() {
        let wall = PaintColor(0.90, 0.84, 0.72)
        canvas.rect(0, 0, width, floorY)
        canvas.fill(wall)
        let windowW = 130.0, windowX = width / 2 - windowW / 2
        window(x: windowX, y: 50, w: windowW, h: 200, arched: true)
        // Shelves on either side of the window, floor to near the ceiling.
        let wood = PaintColor(0.55, 0.36, 0.22)
        for (left, right) in [(16.0, windowX - 30), (windowX + windowW + 30, width - 16)] where right - left > 60 {
            canvas.rect(left, 30, right - left, floorY - 20)
            canvas.fill(wood)
            let rows = 5
            for row in 0..<rows {
                let top = 44 + Double(row) * 68
                canvas.rect(left + 10, top, right - left - 20, 56)
                canvas.fill(wood.darker(0.35))
                // Book spines, a fixed pattern from the shelf's place.
                var bx = left + 12
                var k = row * 3 + Int(left) % 5
                while bx < right - 22 {
                    let w = 9.0 + Double((k * 7) % 6)
                    let h = 40.0 + Double((k * 5) % 14)
                    canvas.rect(bx, top + 56 - h, w, h)
                    canvas.fill(spineColours[k % spineColours.count])
                    bx += w + 2
                    k += 1
                }
                canvas.rect(left + 6, top + 56, right - left - 12, 7)
                canvas.fill(wood.lighter(0.1))
            }
        }
        floor(PaintColor(0.72, 0.52, 0.36), boards: true)
        // A long rug and an armchair under a reading lamp, left of the middle.
        canvas.roundedRect(width * 0.2, 430, width * 0.6, 56, radius: 20)
        canvas.fill(PaintColor(0.70, 0.25, 0.25))
        canvas.roundedRect(width * 0.2 + 12, 440, width * 0.6 - 24, 36, radius: 14)
        canvas.stroke(PaintColor(0.95, 0.80, 0.45), width: 4)
        let cx = width * 0.16
        canvas.roundedRect(cx - 50, 300, 100, 90, radius: 20)
        canvas.fill(PaintColor(0.30, 0.50, 0.40))
        canvas.roundedRect(cx - 38, 336, 76, 40, radius: 10)
        canvas.fill(PaintColor(0.38, 0.60, 0.48))
        let lx = cx + 70
        canvas.rect(lx - 3, 230, 6, floorY - 220)
        canvas.fill(PaintColor(0.30, 0.28, 0.26))
        canvas.polygon([(lx - 28, 236), (lx - 16, 200), (lx + 16, 200), (lx + 28, 236)])
        canvas.fill(PaintColor(0.35, 0.55, 0.35))
        canvas.glow(x: lx, y: 250, radius: 140, color: PaintColor(1.0, 0.85, 0.5), alpha: light.isDark ? 0.55 : 0.25)
        // A little pile of books on the floor beside the chair.
        for k in 0..<3 {
            canvas.rect(cx + 40 - Double(k) * 3, 412 - Double(k) * 12, 56 - Double(k) * 6, 12)
            canvas.fill(spineColours[(k + 2) % spineColours.count])
        }
    }
}
