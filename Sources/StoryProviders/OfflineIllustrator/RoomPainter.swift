import StoryDomain

/// Paints the rooms a moment can happen in besides the bedroom and the classroom (which the
/// scenery painter has): a kitchen with an oven and shelves, a workshop with a workbench and a
/// tool board, a castle hall with banners and a throne, a living room and a library (see
/// RoomPainter+Home). Walls end and the floor starts at `floorY`.
struct RoomPainter {
    let canvas: CairoCanvas
    let width: Double
    let height: Double
    let light: Lighting
    let accent: PaintColor
    /// Where the wall meets the floor.
    let floorY: Double = 380

    static let ovenRed = PaintColor(0.80, 0.30, 0.24)

    /// Paints `room`; `ovenX` places the kitchen's own oven (nil: the page's oven prop stands there instead).
    func paint(_ room: PageComposition.Room, ovenX: Double?) {
        let dim = light.isDark ? light.tintAlpha * 0.6 : light.tintAlpha * 0.4
        canvas.tintedGroup(tint: light.tint, tintAlpha: dim) {
            switch room {
            case .kitchen: kitchen(ovenX: ovenX)
            case .workshop: workshop()
            case .hall: hall()
            case .livingRoom: livingRoom()
            case .library: library()
            case .classroom, .bedroom: break
            }
        }
        if light.isDark {
            canvas.glow(x: width / 2, y: 150, radius: 320, color: PaintColor(1.0, 0.82, 0.45), alpha: 0.3)
        }
    }

    /// A window onto the hour's sky (gradient, and a moon or sun).
    func window(x: Double, y: Double, w: Double, h: Double, arched: Bool = false) {
        func shape() {
            if arched {
                canvas.moveTo(x, y + h)
                canvas.lineTo(x, y + w / 2)
                canvas.arc(x + w / 2, y + w / 2, w / 2, from: .pi, to: 2 * .pi)
                canvas.lineTo(x + w, y + h)
                canvas.closePath()
            } else {
                canvas.rect(x, y, w, h)
            }
        }
        shape()
        canvas.setLinearGradient(x0: 0, y0: y, x1: 0, y1: y + h, stops: light.skyStops.map { ($0.0, $0.1, 1) })
        canvas.fill()
        if light.isDark {
            canvas.circle(x + w * 0.7, y + h * 0.3, min(w, h) * 0.12)
            canvas.fill(PaintColor(1.0, 0.96, 0.8))
        } else {
            canvas.circle(x + w * 0.7, y + h * 0.3, min(w, h) * 0.13)
            canvas.fill(PaintColor(1.0, 0.92, 0.5))
        }
        shape()
        canvas.stroke(PaintColor(0.95, 0.93, 0.88), width: 10)
        canvas.moveTo(x + w / 2, y + (arched ? w / 2 - w / 2 : 0))
        canvas.lineTo(x + w / 2, y + h)
        canvas.moveTo(x, y + h * 0.55)
        canvas.lineTo(x + w, y + h * 0.55)
        canvas.stroke(PaintColor(0.95, 0.93, 0.88), width: 5)
    }

    func floor(_ colour: PaintColor, boards: Bool) {
        canvas.setLinearGradient(x0: 0, y0: floorY, x1: 0, y1: height,
                                 stops: [(0, colour.darker(0.08), 1), (1, colour.lighter(0.06), 1)])
        canvas.rect(0, floorY, width, height - floorY)
        canvas.fill()
        if boards {
            for i in 0..<8 {
                canvas.moveTo(0, floorY + 12 + Double(i) * 17)
                canvas.lineTo(width, floorY + 12 + Double(i) * 17)
            }
            canvas.stroke(colour.darker(0.2), width: 1.2, alpha: 0.5)
        } else {
            // Tiles: a checkerboard of two tones.
            let tile = 42.0
            var row = 0
            var y = floorY
            while y < height {
                var x = Double(row % 2) * tile
                while x < width {
                    canvas.rect(x, y, tile, tile)
                    x += 2 * tile
                }
                y += tile
                row += 1
            }
            canvas.fill(colour.darker(0.12))
        }
        canvas.rect(0, floorY - 8, width, 10)
        canvas.fill(PaintColor(0.9, 0.86, 0.8))
    }

    // MARK: Kitchen

    private func kitchen(ovenX: Double?) {
        let wall = PaintColor(0.99, 0.94, 0.80)
        canvas.rect(0, 0, width, floorY)
        canvas.fill(wall)
        // Tiles behind the worktop.
        canvas.rect(0, 250, width, floorY - 250)
        canvas.fill(PaintColor(0.86, 0.93, 0.96))
        for i in 0...Int(width / 30) {
            canvas.moveTo(Double(i) * 30, 250)
            canvas.lineTo(Double(i) * 30, floorY)
        }
        for j in 0..<5 {
            canvas.moveTo(0, 250 + Double(j) * 30)
            canvas.lineTo(width, 250 + Double(j) * 30)
        }
        canvas.stroke(.white, width: 2)
        window(x: width * 0.42, y: 60, w: 150, h: 140)
        // Shelves with jars and plates on both sides of the window.
        for shelfX in [width * 0.08, width * 0.68] {
            for (k, y) in [130.0, 210.0].enumerated() {
                canvas.rect(shelfX, y, 170, 9)
                canvas.fill(PaintColor(0.62, 0.42, 0.25))
                for j in 0..<4 {
                    let jx = shelfX + 12 + Double(j) * 40
                    if (j + k) % 2 == 0 {
                        canvas.roundedRect(jx, y - 36, 26, 36, radius: 6)
                        canvas.fill([PaintColor(0.95, 0.75, 0.35), PaintColor(0.85, 0.45, 0.40), PaintColor(0.55, 0.75, 0.45)][(j + k) % 3])
                        canvas.rect(jx - 2, y - 42, 30, 8)
                        canvas.fill(PaintColor(0.55, 0.38, 0.25))
                    } else {
                        canvas.circle(jx + 13, y - 20, 18)
                        canvas.fill(.white)
                        canvas.circle(jx + 13, y - 20, 11)
                        canvas.stroke(accent, width: 2.5)
                    }
                }
            }
        }
        floor(PaintColor(0.93, 0.87, 0.76), boards: false)
        if let ovenX { oven(x: ovenX, baseY: floorY + 40, size: 150) }
    }

    /// A big oven with a glowing window, knobs and a hob: `size` units across, standing on `baseY`.
    func oven(x: Double, baseY: Double, size: Double) {
        let w = size, h = size * 1.1
        canvas.roundedRect(x - w / 2, baseY - h, w, h, radius: 8)
        canvas.fill(Self.ovenRed)
        canvas.rect(x - w / 2, baseY - h, w, h * 0.16)
        canvas.fill(Self.ovenRed.darker(0.2))
        for k in 0..<4 {
            canvas.circle(x - w * 0.3 + Double(k) * w * 0.2, baseY - h * 0.92, w * 0.045)
        }
        canvas.fill(PaintColor(0.95, 0.9, 0.8))
        canvas.roundedRect(x - w * 0.36, baseY - h * 0.72, w * 0.72, h * 0.5, radius: 8)
        canvas.fill(PaintColor(0.25, 0.18, 0.16))
        canvas.roundedRect(x - w * 0.3, baseY - h * 0.66, w * 0.6, h * 0.38, radius: 6)
        canvas.fill(PaintColor(1.0, 0.72, 0.3), alpha: 0.9)
        canvas.rect(x - w * 0.3, baseY - h * 0.8, w * 0.6, 5)
        canvas.fill(PaintColor(0.85, 0.85, 0.88))
    }

    // MARK: Workshop

    private func workshop() {
        let wood = PaintColor(0.80, 0.62, 0.42)
        canvas.rect(0, 0, width, floorY)
        canvas.fill(wood)
        var x = 0.0
        var k = 0
        while x < width {
            canvas.rect(x, 0, 46, floorY)
            canvas.fill(k % 2 == 0 ? wood.lighter(0.05) : wood.darker(0.05))
            x += 46
            k += 1
        }
        window(x: width * 0.08, y: 60, w: 130, h: 120)
        // A tool board with a hammer, a saw and a wrench.
        let bx = width * 0.5, by = 50.0
        canvas.rect(bx, by, 260, 170)
        canvas.fill(PaintColor(0.93, 0.88, 0.74))
        for i in 0..<9 {
            for j in 0..<6 {
                canvas.circle(bx + 14 + Double(i) * 29, by + 14 + Double(j) * 28, 2)
            }
        }
        canvas.fill(PaintColor(0.6, 0.52, 0.4))
        let steel = PaintColor(0.55, 0.58, 0.62), handle = PaintColor(0.75, 0.35, 0.2)
        // Hammer.
        canvas.rect(bx + 34, by + 40, 10, 90)
        canvas.fill(handle)
        canvas.roundedRect(bx + 16, by + 30, 46, 18, radius: 4)
        canvas.fill(steel)
        // Saw.
        canvas.polygon([(bx + 90, by + 40), (bx + 170, by + 40), (bx + 170, by + 70), (bx + 90, by + 58)])
        canvas.fill(steel.lighter(0.2))
        canvas.roundedRect(bx + 168, by + 34, 34, 42, radius: 8)
        canvas.fill(handle)
        // Wrench.
        canvas.rect(bx + 110, by + 100, 110, 12)
        canvas.fill(steel)
        canvas.circle(bx + 224, by + 106, 14)
        canvas.fill(steel)
        canvas.circle(bx + 230, by + 106, 7)
        canvas.fill(PaintColor(0.93, 0.88, 0.74))
        // The workbench along the wall, with planks leaning on it.
        canvas.rect(0, 290, width, 16)
        canvas.fill(PaintColor(0.55, 0.36, 0.20))
        for lx in stride(from: 30.0, to: width, by: 180) {
            canvas.rect(lx, 306, 14, floorY - 306)
        }
        canvas.fill(PaintColor(0.45, 0.29, 0.16))
        for (i, colour) in [PaintColor(0.9, 0.75, 0.5), PaintColor(0.85, 0.68, 0.45)].enumerated() {
            let px = width * 0.9 + Double(i) * 22
            canvas.polygon([(px, floorY), (px + 20, floorY), (px + 50, 200), (px + 30, 200)])
            canvas.fill(colour)
        }
        floor(PaintColor(0.78, 0.64, 0.48), boards: true)
        // Curls of wood shavings.
        for i in 0..<7 {
            let sx = Double(i) * width / 6 + 20
            canvas.arc(sx, floorY + 90 + Double(i % 3) * 30, 7, from: 0, to: 1.6 * .pi)
        }
        canvas.stroke(PaintColor(0.95, 0.82, 0.55), width: 3)
    }

    // MARK: Castle hall

    private func hall() {
        let stone = PaintColor(0.66, 0.64, 0.70)
        canvas.rect(0, 0, width, floorY)
        canvas.fill(stone)
        for row in 0..<10 {
            let y = Double(row) * 38
            canvas.moveTo(0, y)
            canvas.lineTo(width, y)
            var x = Double(row % 2) * 40
            while x < width {
                canvas.moveTo(x, y)
                canvas.lineTo(x, y + 38)
                x += 80
            }
        }
        canvas.stroke(stone.darker(0.18), width: 2)
        for wx in [width * 0.2, width * 0.68] {
            window(x: wx, y: 60, w: 90, h: 170, arched: true)
        }
        // Banners in the story's colour.
        for bx in [width * 0.08, width * 0.45, width * 0.88] {
            canvas.polygon([(bx - 26, 30), (bx + 26, 30), (bx + 26, 220), (bx, 195), (bx - 26, 220)])
            canvas.fill(accent.darker(0.1))
            canvas.circle(bx, 90, 14)
            canvas.fill(PaintColor(0.98, 0.8, 0.2))
            canvas.rect(bx - 32, 24, 64, 8)
            canvas.fill(PaintColor(0.5, 0.35, 0.2))
        }
        floor(PaintColor(0.70, 0.66, 0.62), boards: false)
        // The red carpet and the throne.
        canvas.polygon([(width * 0.42, floorY), (width * 0.58, floorY), (width * 0.68, height), (width * 0.32, height)])
        canvas.fill(PaintColor(0.75, 0.15, 0.2))
        let tx = width * 0.5
        canvas.roundedRect(tx - 40, 230, 80, 140, radius: 20)
        canvas.fill(PaintColor(0.95, 0.75, 0.2))
        canvas.roundedRect(tx - 30, 245, 60, 90, radius: 16)
        canvas.fill(PaintColor(0.7, 0.12, 0.2))
        canvas.rect(tx - 48, 330, 96, 20)
        canvas.fill(PaintColor(0.95, 0.75, 0.2))
    }
}
