import CCairo
import Foundation

extension PropPainter {
    /// Every prop of the library in a grid, group by group, each over its word: the picture in
    /// docs/images/storyteller/props.png, so anyone can see what the illustrator can draw.
    /// - Parameters:
    ///   - columns: Props per row.
    ///   - cell: The side of one cell in pixels.
    /// - Returns: The sheet as PNG bytes.
    static func contactSheet(columns: Int = 10, cell: Int = 120) throws(OfflineIllustratorError) -> Data {
        let shapes = Group.allCases.flatMap { group in Shape.allCases.filter { Self.group(of: $0) == group } }
        let rows = (shapes.count + columns - 1) / columns
        let canvas = try CairoCanvas(width: columns * cell, height: rows * cell)
        canvas.setColor(PaintColor(0.99, 0.97, 0.92))
        canvas.paint()
        let painter = PropPainter(canvas: canvas)
        let side = Double(cell)
        cairo_select_font_face(canvas.cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(canvas.cr, side * 0.11)
        for (index, shape) in shapes.enumerated() {
            let x = Double(index % columns) * side, y = Double(index / columns) * side
            canvas.rect(x + 2, y + 2, side - 4, side - 4)
            canvas.setColor(PaintColor(0.80, 0.93, 0.98).mixed(with: .white, Self.group(of: shape).hashTint))
            canvas.fill()
            // The ground line the prop stands on.
            canvas.moveTo(x + 6, y + side * 0.8); canvas.lineTo(x + side - 6, y + side * 0.8)
            canvas.stroke(PaintColor(0.55, 0.70, 0.45), width: 1)
            let box = side * 0.7
            painter.draw(shape, x: x + side / 2, baseY: y + side * 0.8, size: box)
            var extents = cairo_text_extents_t()
            cairo_text_extents(canvas.cr, shape.rawValue, &extents)
            canvas.setColor(Palette.outline)
            cairo_move_to(canvas.cr, x + (side - extents.width) / 2 - extents.x_bearing, y + side - 6)
            cairo_show_text(canvas.cr, shape.rawValue)
        }
        return try canvas.pngData()
    }
}

private extension PropPainter.Group {
    /// A slightly different cell colour per group, so the groups stand apart on the sheet.
    var hashTint: Double {
        let index = PropPainter.Group.allCases.firstIndex(of: self) ?? 0
        return index % 2 == 0 ? 0.3 : 0.65
    }
}
