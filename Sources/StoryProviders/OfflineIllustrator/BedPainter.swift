/// Paints a bed in two passes around the sleeper: the frame, mattress and pillow behind, then the
/// blanket over the sleeper's body, so the hero lies IN the bed with the head on the pillow.
struct BedPainter {
    let canvas: CairoCanvas
    let quilt: PaintColor

    static let wood = PaintColor(0.58, 0.38, 0.23)
    static let sheet = PaintColor(0.97, 0.96, 0.94)

    /// Headboard (left), footboard, legs, mattress and pillow, inside `bed`.
    func back(_ bed: PagePicture.Box) {
        let k = bed.height / 175
        let floor = bed.maxY
        canvas.roundedRect(bed.x, bed.y, 22 * k, bed.height, radius: 8 * k)
        canvas.fill(Self.wood)
        canvas.roundedRect(bed.maxX - 18 * k, floor - 120 * k, 18 * k, 120 * k, radius: 6 * k)
        canvas.fill(Self.wood)
        canvas.rect(bed.x + 14 * k, floor - 60 * k, bed.width - 26 * k, 22 * k)
        canvas.fill(Self.wood.darker(0.15))
        canvas.roundedRect(bed.x + 14 * k, floor - 95 * k, bed.width - 28 * k, 42 * k, radius: 12 * k)
        canvas.fill(Self.sheet)
        canvas.roundedRect(bed.x + 22 * k, floor - 124 * k, 78 * k, 40 * k, radius: 18 * k)
        canvas.fill(.white)
        canvas.roundedRect(bed.x + 22 * k, floor - 124 * k, 78 * k, 40 * k, radius: 18 * k)
        canvas.stroke(PaintColor(0.85, 0.85, 0.9), width: 2)
    }

    /// The blanket from `fromX` to the foot, over the sleeper lying with the top of the body at `topY`.
    func blanket(_ bed: PagePicture.Box, fromX: Double, topY: Double) {
        let k = bed.height / 175
        let floor = bed.maxY
        let right = bed.maxX - 12 * k, bottom = floor - 40 * k
        canvas.moveTo(fromX, bottom)
        canvas.lineTo(fromX, topY + 12 * k)
        canvas.curveTo(fromX, topY - 2 * k, fromX + 20 * k, topY - 4 * k, fromX + 40 * k, topY - 2 * k)
        canvas.curveTo((fromX + right) / 2, topY + 4 * k, right - 30 * k, topY + 14 * k, right, topY + 24 * k)
        canvas.lineTo(right, bottom)
        canvas.closePath()
        canvas.fill(quilt)
        // The sheet turned down over the top, and a quilt's stitched squares.
        canvas.roundedRect(fromX - 4 * k, topY - 2 * k, 16 * k, bottom - topY + 2 * k, radius: 6 * k)
        canvas.fill(Self.sheet)
        var x = fromX + 34 * k
        while x < right - 20 * k {
            canvas.roundedRect(x, topY + 30 * k, 22 * k, 22 * k, radius: 4 * k)
            x += 44 * k
        }
        canvas.fill(quilt.lighter(0.25))
    }
}
