/// How pictures are put into the PDF. The renderer starts with ``faithful`` and steps down the
/// ``ladder`` only while the book is over its size limit.
public struct PictureTreatment: Sendable, Equatable, CustomStringConvertible {
    /// Pictures larger than this (in pixels, either side) are scaled down first.
    public var maxSide: Int
    /// nil: JPEG pictures are embedded as they are and PNG pictures losslessly (WebP ones as
    /// JPEG at ``faithfulWebPQuality``); a number: every picture is re-encoded as JPEG at it.
    public var jpegQuality: Int?

    public init(maxSide: Int, jpegQuality: Int?) {
        self.maxSide = maxSide
        self.jpegQuality = jpegQuality
    }

    /// About 230 dpi across the page's picture: sharp in print.
    public static let faithful = PictureTreatment(maxSide: 1_600, jpegQuality: nil)
    static let faithfulWebPQuality = 90

    /// Tried in order until the book fits its size limit.
    public static let ladder: [PictureTreatment] = [
        .faithful,
        PictureTreatment(maxSide: 1_400, jpegQuality: 85),
        PictureTreatment(maxSide: 1_000, jpegQuality: 72),
        PictureTreatment(maxSide: 700, jpegQuality: 60),
    ]

    public var description: String {
        jpegQuality.map { "JPEG \($0) at \(maxSide) px" } ?? "as painted, up to \(maxSide) px"
    }
}
