/// A rectangle on a page, in points from the top-left corner.
public struct BookRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxY: Double { y + height }

    /// The largest rectangle of `aspect` (width / height) inside this one, centred across and at the top.
    func fitting(aspect: Double) -> BookRect {
        guard aspect > 0, width > 0, height > 0 else { return BookRect(x: x, y: y, width: 0, height: 0) }
        var w = width, h = width / aspect
        if h > height { h = height; w = height * aspect }
        return BookRect(x: x + (width - w) / 2, y: y, width: w, height: h)
    }
}

/// Where things go on one story page: the picture above with its caption (what it shows), the
/// text below, "page 2 of 5" at the foot. Pure: text is measured through a closure
/// `(text, fontSize) -> width`.
public struct StoryPageLayout: Sendable, Equatable {
    public var picture: BookRect?
    /// What the picture shows, under it (none without a picture or a description).
    public var caption: PictureCaption
    /// The caption's first baseline.
    public var captionBaseline: Double
    public var fontSize: Double
    public var lineHeight: Double
    public var lines: [String]
    /// The first line's baseline.
    public var firstBaseline: Double
    public var textLeft: Double
    public var textWidth: Double
    public var footerBaseline: Double
    /// Some lines did not fit even with the smallest type and picture (never for bedtime pages).
    public var truncated: Bool

    /// Type sizes and picture heights (a share of the page's content height), in the order tried:
    /// large type and a large picture first; smaller ones only for long pages.
    static let candidates: [(font: Double, picture: Double)] = [
        (17, 0.56), (16, 0.56), (15, 0.56), (15, 0.50), (14, 0.50), (14, 0.44), (13, 0.44), (13, 0.38),
        (12, 0.38), (12, 0.32), (11, 0.28), (10, 0.24),
    ]
    static let lineSpacing = 1.45
    static let gap = 26.0
    static let footerReserve = 24.0
    /// Lines longer than this read poorly, so the text column is narrower than the page on wide paper.
    static let maxTextWidth = 450.0

    public static func make(text: String, pictureAspect: Double?, pictureDescription: String? = nil, paper: PaperSize,
                            measure: (String, Double) -> Double) -> StoryPageLayout {
        let textWidth = min(paper.contentWidth, maxTextWidth)
        let textLeft = (paper.width - textWidth) / 2
        let top = paper.margin
        let bottom = paper.height - paper.margin - footerReserve
        let caption = pictureAspect == nil ? .none
            : PictureCaption.make(pictureDescription, width: textWidth) { measure($0, PictureCaption.fontSize) }
        var best: StoryPageLayout?
        for candidate in candidates where best?.truncated ?? true {
            var picture: BookRect?
            if let pictureAspect {
                picture = BookRect(x: paper.margin, y: top, width: paper.contentWidth, height: paper.contentHeight * candidate.picture)
                    .fitting(aspect: pictureAspect)
            }
            let textTop = (picture.map { $0.maxY + caption.height + gap } ?? top + paper.contentHeight * 0.12)
            let lineHeight = candidate.font * lineSpacing
            let lines = TextWrapper.wrap(text, width: textWidth) { measure($0, candidate.font) }
            let room = max(0, Int(((bottom - textTop) / lineHeight).rounded(.down)))
            let layout = StoryPageLayout(picture: picture, caption: caption,
                                         captionBaseline: PictureCaption.firstBaseline(below: picture?.maxY ?? top), fontSize: candidate.font, lineHeight: lineHeight,
                                         lines: Array(lines.prefix(room)), firstBaseline: textTop + candidate.font,
                                         textLeft: textLeft, textWidth: textWidth,
                                         footerBaseline: paper.height - paper.margin, truncated: lines.count > room)
            best = layout
        }
        // The last candidate is always tried, so `best` is set; the fallback is never used.
        return best ?? StoryPageLayout(picture: nil, caption: .none, captionBaseline: top, fontSize: 10, lineHeight: 14.5, lines: [], firstBaseline: top, textLeft: textLeft,
                                       textWidth: textWidth, footerBaseline: paper.height - paper.margin, truncated: true)
    }
}

/// Where things go on the cover: the title at the top, page 1's picture in the middle with its
/// caption, the hero and the date below it.
public struct CoverLayout: Sendable, Equatable {
    public var titleLines: [String]
    public var titleSize: Double
    /// Baseline of each title line.
    public var titleBaselines: [Double]
    public var picture: BookRect?
    /// What the picture shows, under it (none without a picture or a description).
    public var caption: PictureCaption
    /// The caption's first baseline.
    public var captionBaseline: Double
    public var subtitleBaseline: Double
    public var dateBaseline: Double
    public var centerX: Double

    static let titleSizes: [Double] = [32, 28, 24, 21, 18]
    static let maxTitleLines = 3

    public static func make(title: String, pictureAspect: Double?, pictureDescription: String? = nil, paper: PaperSize,
                            measure: (String, Double) -> Double) -> CoverLayout {
        var size = titleSizes.last!
        var lines: [String] = []
        for candidate in titleSizes {
            size = candidate
            lines = TextWrapper.wrap(title, width: paper.contentWidth) { measure($0, candidate) }
            if lines.count <= maxTitleLines { break }
        }
        lines = Array(lines.filter { !$0.isEmpty }.prefix(maxTitleLines))
        let lineHeight = size * 1.25
        var y = paper.margin + 24
        var baselines: [Double] = []
        for _ in lines {
            y += lineHeight
            baselines.append(y)
        }
        let pictureTop = y + 30
        let caption = pictureAspect == nil ? .none
            : PictureCaption.make(pictureDescription, width: min(paper.contentWidth, StoryPageLayout.maxTextWidth)) {
                measure($0, PictureCaption.fontSize)
            }
        let belowPicture = 84.0 + caption.height
        var picture: BookRect?
        var subtitle = paper.margin + paper.contentHeight * 0.55
        var captionBaseline = subtitle
        if let pictureAspect {
            let box = BookRect(x: paper.margin, y: pictureTop, width: paper.contentWidth,
                               height: paper.height - paper.margin - belowPicture - pictureTop)
            let fitted = box.fitting(aspect: pictureAspect)
            picture = fitted
            captionBaseline = PictureCaption.firstBaseline(below: fitted.maxY)
            subtitle = fitted.maxY + caption.height + 40
        }
        // A wide picture leaves room below: the whole cover sits in the middle of the page instead.
        let spare = max(0, paper.height - paper.margin - (subtitle + 24) - 40) / 2
        if picture != nil, spare > 0 {
            baselines = baselines.map { $0 + spare }
            picture?.y += spare
            captionBaseline += spare
            subtitle += spare
        }
        return CoverLayout(titleLines: lines, titleSize: size, titleBaselines: baselines, picture: picture,
                           caption: caption, captionBaseline: captionBaseline, subtitleBaseline: subtitle, dateBaseline: subtitle + 24, centerX: paper.width / 2)
    }
}
