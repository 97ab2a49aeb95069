@testable import Textify

/// Small pictures drawn in the tests (white paper is 1, black ink is 0).
enum TestPictures {
    /// Left-to-right from black to white, one shade per pixel column.
    static func horizontalGradient(width: Int, height: Int) -> GrayImage {
        GrayImage(width: width, height: height) { x, _ in Float(x) / Float(width - 1) }!
    }

    /// A black square (`squareRange` on both axes) on white.
    static func square(size: Int, squareRange: Range<Int>) -> GrayImage {
        GrayImage(width: size, height: size) { x, y in squareRange.contains(x) && squareRange.contains(y) ? 0 : 1 }!
    }

    /// A black disk of `radius` in the middle of a white square of `size`.
    static func disk(size: Int, radius: Double) -> GrayImage {
        let centre = Double(size) / 2
        return GrayImage(width: size, height: size) { x, y in
            let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
            return dx * dx + dy * dy <= radius * radius ? 0 : 1
        }!
    }
}
