import CCairo
import Foundation

extension PropPainter {
    /// The storybook way of drawing a prop: shapes filled with flat colours and outlined in warm ink,
    /// a white highlight, a soft shadow under standing things. Works in the prop's 100-unit box
    /// (x in -50...50, y in -100...0, the base at y = 0).
    struct Pen {
        let canvas: CairoCanvas
        /// The outline's width in the box's units.
        let line: Double

        /// Fills the current path with `color` and outlines it.
        func fill(_ color: PaintColor) {
            canvas.setColor(color)
            canvas.fillPreserve()
            canvas.stroke(Palette.outline, width: line)
        }

        /// Fills the current path with `color`, no outline (a detail on an outlined shape).
        func tint(_ color: PaintColor, alpha: Double = 1) {
            canvas.fill(color, alpha: alpha)
        }

        /// Strokes the current path with `color`, no outline (seams, strings, stripes).
        func mark(_ color: PaintColor, width: Double, alpha: Double = 1) {
            canvas.stroke(color, width: width, alpha: alpha)
        }

        /// Strokes the path `path` draws as an outlined tube `width` wide (handles, legs, poles).
        func tube(_ color: PaintColor, width: Double, _ path: () -> Void) {
            path()
            canvas.stroke(Palette.outline, width: width + 2 * line)
            path()
            canvas.stroke(color, width: width)
        }

        /// A soft white highlight.
        func shine(_ x: Double, _ y: Double, _ rx: Double, _ ry: Double, alpha: Double = 0.55) {
            canvas.ellipse(x, y, rx, ry)
            canvas.fill(.white, alpha: alpha)
        }

        /// A soft shadow on the ground under a standing thing, `rx` wide each side.
        func shadow(_ rx: Double, x: Double = 0) {
            canvas.ellipse(x, -2, rx, max(2, rx * 0.1))
            canvas.fill(.black, alpha: 0.16)
        }

        /// Draws `body` turned by `angle` (radians, clockwise) about (x, y).
        func turned(_ angle: Double, about x: Double, _ y: Double, _ body: () -> Void) {
            canvas.layer {
                canvas.translate(x, y)
                canvas.rotate(angle)
                canvas.translate(-x, -y)
                body()
            }
        }

        /// Runs `body` (a stroke) with a dash pattern of `on` and `off` lengths.
        func dashed(on: Double, off: Double, _ body: () -> Void) {
            let pattern = [on, off]
            cairo_set_dash(canvas.cr, pattern, 2, 0)
            body()
            cairo_set_dash(canvas.cr, nil, 0, 0)
        }

        /// A path through `points` (not closed), for strokes.
        func path(_ points: [(Double, Double)]) {
            guard let first = points.first else { return }
            canvas.moveTo(first.0, first.1)
            for point in points.dropFirst() { canvas.lineTo(point.0, point.1) }
        }

        /// A small flame with a warm glow, its foot at (x, y).
        func flame(_ x: Double, _ y: Double, height: Double) {
            canvas.glow(x: x, y: y - height * 0.5, radius: height * 1.3, color: Palette.yellow, alpha: 0.45)
            canvas.moveTo(x, y - height)
            canvas.curveTo(x + height * 0.45, y - height * 0.45, x + height * 0.35, y, x, y)
            canvas.curveTo(x - height * 0.35, y, x - height * 0.45, y - height * 0.45, x, y - height)
            fill(Palette.orange)
            canvas.ellipse(x, y - height * 0.3, height * 0.16, height * 0.26)
            tint(Palette.yellow)
        }

        /// A row of triangular pennants hanging from a string that sags from (x0, y0) to (x1, y0).
        func pennants(from x0: Double, to x1: Double, y y0: Double, sag: Double, count: Int, drop: Double) {
            func stringY(_ x: Double) -> Double {
                let t = (x - x0) / (x1 - x0)
                return y0 + sag * 4 * t * (1 - t)
            }
            canvas.moveTo(x0, y0)
            canvas.curveTo(x0 + (x1 - x0) / 3, y0 + sag * 4 / 3, x0 + 2 * (x1 - x0) / 3, y0 + sag * 4 / 3, x1, y0)
            mark(Palette.outline, width: line * 0.9)
            let colours = [Palette.red, Palette.yellow, Palette.blue, Palette.green, Palette.orange]
            let step = (x1 - x0) / Double(count)
            for index in 0..<count {
                let left = x0 + step * (Double(index) + 0.12), right = x0 + step * (Double(index) + 0.88)
                let middle = (left + right) / 2
                canvas.polygon([(left, stringY(left)), (right, stringY(right)), (middle, stringY(middle) + drop)])
                fill(colours[index % colours.count])
            }
        }
    }

    /// The library's colours: warm, saturated enough to read on a phone, never pure black.
    enum Palette {
        static let outline = PaintColor(0.27, 0.18, 0.15)
        static let red = PaintColor(0.88, 0.30, 0.26)
        static let orange = PaintColor(0.96, 0.58, 0.22)
        static let yellow = PaintColor(0.99, 0.82, 0.30)
        static let gold = PaintColor(0.96, 0.74, 0.22)
        static let green = PaintColor(0.42, 0.70, 0.34)
        static let leaf = PaintColor(0.30, 0.60, 0.28)
        static let teal = PaintColor(0.24, 0.64, 0.64)
        static let blue = PaintColor(0.30, 0.55, 0.86)
        static let sky = PaintColor(0.62, 0.82, 0.96)
        static let navy = PaintColor(0.22, 0.30, 0.52)
        static let purple = PaintColor(0.60, 0.40, 0.80)
        static let pink = PaintColor(0.97, 0.62, 0.70)
        static let brown = PaintColor(0.55, 0.35, 0.22)
        static let wood = PaintColor(0.80, 0.58, 0.35)
        static let crust = PaintColor(0.86, 0.57, 0.27)
        static let cream = PaintColor(0.99, 0.93, 0.80)
        static let paper = PaintColor(0.99, 0.98, 0.95)
        static let metal = PaintColor(0.74, 0.76, 0.80)
        static let iron = PaintColor(0.38, 0.40, 0.45)
        static let straw = PaintColor(0.94, 0.80, 0.42)
        static let terracotta = PaintColor(0.84, 0.46, 0.30)
    }
}
