/// The page size of a picture book, in PDF points (1/72 inch), with margins safe for home printers.
public struct PaperSize: Sendable, Equatable {
    public var name: String
    public var width: Double
    public var height: Double
    /// Kept clear on every side: more than any home printer's unprintable edge.
    public var margin: Double

    public init(name: String, width: Double, height: Double, margin: Double = 54) {
        self.name = name
        self.width = width
        self.height = height
        self.margin = margin
    }

    /// ISO A4, 210 × 297 mm.
    public static let a4 = PaperSize(name: "a4", width: 595.28, height: 841.89)
    /// US Letter, 8.5 × 11 in.
    public static let letter = PaperSize(name: "letter", width: 612, height: 792)
    /// A4's width and Letter's height (210 × 279 mm): fits both papers at 100 % with nothing cut
    /// off, so one file prints well wherever the family lives. The default.
    public static let universal = PaperSize(name: "universal", width: 595.28, height: 792)

    public static let all: [PaperSize] = [.universal, .a4, .letter]

    /// A size by name (`a4`, `letter`, `universal`), case-insensitive.
    public static func named(_ name: String) -> PaperSize? {
        all.first { $0.name == name.lowercased() }
    }

    /// The area inside the margins.
    public var contentWidth: Double { width - 2 * margin }
    public var contentHeight: Double { height - 2 * margin }
}
