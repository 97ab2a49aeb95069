/// Paints what turns a place into the theme's occasion: a race track's lanes and finishing posts,
/// party bunting, the table the figures work at, and the boat or sled the riders sit in.
struct OccasionPainter {
    let canvas: CairoCanvas
    let width: Double
    let height: Double

    static let trackRed = PaintColor(0.78, 0.38, 0.28)

    /// A running track across the ground under the runners, with white lanes; finishing posts at
    /// `finishX` when the page has no finish line prop of its own.
    func raceTrack(groundY: Double, scale s: Double, finishX: Double?) {
        let top = groundY - 48 * s, bottom = min(height, groundY + 36 * s)
        canvas.rect(0, top, width, bottom - top)
        canvas.fill(Self.trackRed)
        for lane in 0...3 {
            let y = top + Double(lane) * (bottom - top) / 3
            canvas.rect(0, y - 1.5, width, 3)
        }
        canvas.fill(.white, alpha: 0.9)
        guard let finishX else { return }
        // Two posts with a chequered band between them, across the lanes.
        let postTop = top - 120 * s
        for px in [finishX - 6 * s, finishX + 6 * s] {
            canvas.rect(px - 3 * s, postTop, 6 * s, bottom - postTop)
        }
        canvas.fill(.white)
        let band = 10 * s
        var y = top
        var k = 0
        while y < bottom {
            canvas.rect(finishX - band, y, band, band)
            canvas.rect(finishX, y + band, band, band)
            y += 2 * band
            k += 1
        }
        canvas.fill(.ink)
        canvas.rect(finishX - 50 * s, postTop, 100 * s, 26 * s)
        canvas.fill(.white)
        var x = finishX - 50 * s
        var i = 0
        while x < finishX + 50 * s {
            canvas.rect(x, postTop + (i % 2 == 0 ? 0 : 13 * s), 12.5 * s, 13 * s)
            x += 12.5 * s
            i += 1
        }
        canvas.fill(.ink)
    }

    /// Two garlands of little flags across the top of the picture.
    func bunting(colours: [PaintColor]) {
        for (row, sag) in [(0, 60.0), (1, 40.0)] {
            let y0 = 18.0 + Double(row) * 30
            let x0 = -20.0 + Double(row) * width * 0.3, x1 = width + 20 - Double(1 - row) * width * 0.3
            func yAt(_ x: Double) -> Double {
                let t = (x - x0) / (x1 - x0)
                return y0 + 4 * sag * t * (1 - t)
            }
            canvas.moveTo(x0, y0)
            canvas.curveTo(x0 + (x1 - x0) / 3, y0 + sag * 1.33, x0 + 2 * (x1 - x0) / 3, y0 + sag * 1.33, x1, y0)
            canvas.stroke(PaintColor(0.4, 0.3, 0.25), width: 2)
            var x = x0 + 24
            var i = row
            while x < x1 - 24 {
                let y = yAt(x)
                canvas.polygon([(x - 13, y), (x + 13, yAt(x + 13) + 0.5), (x, y + 30)])
                canvas.fill(colours[i % colours.count])
                x += 38
                i += 1
            }
        }
    }

    /// The table the figures work at, its top at `box.y`.
    func table(_ box: PagePicture.Box, workshop: Bool) {
        let wood = workshop ? PaintColor(0.55, 0.36, 0.20) : PaintColor(0.72, 0.50, 0.30)
        let s = box.width / 150
        canvas.rect(box.x + 10 * s, box.y + 8 * s, 10 * s, box.height - 8 * s)
        canvas.rect(box.maxX - 20 * s, box.y + 8 * s, 10 * s, box.height - 8 * s)
        canvas.fill(wood.darker(0.2))
        if !workshop {
            // A cloth over the top.
            canvas.polygon([(box.x - 6 * s, box.y), (box.maxX + 6 * s, box.y), (box.maxX, box.y + 30 * s), (box.x, box.y + 30 * s)])
            canvas.fill(PaintColor(0.96, 0.96, 0.98))
            for i in 0..<6 {
                canvas.rect(box.x + Double(i) * box.width / 6, box.y, box.width / 12, 30 * s)
            }
            canvas.fill(PaintColor(0.85, 0.3, 0.3), alpha: 0.5)
        }
        canvas.roundedRect(box.x - 8 * s, box.y - 4 * s, box.width + 16 * s, 12 * s, radius: 4 * s)
        canvas.fill(wood)
    }

    /// The side of a boat or sled round seated riders (drawn over their legs): `across` wide, its rim at `rimY`.
    func ride(_ kind: String, x: Double, rimY: Double, across: Double, scale s: Double) {
        let half = across / 2
        if kind == "sled" {
            canvas.roundedRect(x - half, rimY, across, 34 * s, radius: 8 * s)
            canvas.fill(PaintColor(0.85, 0.2, 0.2))
            canvas.moveTo(x - half, rimY + 48 * s)
            canvas.lineTo(x + half, rimY + 48 * s)
            canvas.curveTo(x + half + 24 * s, rimY + 48 * s, x + half + 24 * s, rimY + 20 * s, x + half + 8 * s, rimY + 16 * s)
            canvas.stroke(PaintColor(0.35, 0.3, 0.3), width: 5 * s)
            for px in [x - half * 0.6, x + half * 0.6] {
                canvas.moveTo(px, rimY + 34 * s)
                canvas.lineTo(px, rimY + 48 * s)
            }
            canvas.stroke(PaintColor(0.35, 0.3, 0.3), width: 4 * s)
            return
        }
        // Water round the hull, then the hull with a stripe.
        canvas.ellipse(x, rimY + 56 * s, half + 60 * s, 18 * s)
        canvas.fill(PaintColor(0.25, 0.55, 0.82), alpha: 0.85)
        canvas.polygon([(x - half - 16 * s, rimY), (x + half + 24 * s, rimY - 8 * s), (x + half - 10 * s, rimY + 56 * s), (x - half + 14 * s, rimY + 56 * s)])
        canvas.fill(PaintColor(0.62, 0.38, 0.22))
        canvas.polygon([(x - half - 12 * s, rimY + 8 * s), (x + half + 20 * s, rimY), (x + half + 16 * s, rimY + 12 * s), (x - half - 8 * s, rimY + 18 * s)])
        canvas.fill(.white)
        for i in 0..<3 {
            let wx = x - half + Double(i) * half
            canvas.moveTo(wx, rimY + 64 * s)
            canvas.curveTo(wx + 10 * s, rimY + 58 * s, wx + 20 * s, rimY + 58 * s, wx + 30 * s, rimY + 64 * s)
        }
        canvas.stroke(.white, width: 2.5, alpha: 0.8)
    }
}
