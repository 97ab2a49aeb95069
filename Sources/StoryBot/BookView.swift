import StoryDomain

/// A story's picture book offered in a reply. Platforms make the file when they show it
/// (Discord attaches the PDF; the web chat links to where members download it).
public struct BookView: Sendable, Equatable {
    public var storyID: StoryID
    /// The family whose story it is.
    public var family: FamilyRef
    public var title: String
    /// The file's name, e.g. `the-sleepy-dragon.pdf`.
    public var filename: String
    /// The edition: a PDF (the default) or an EPUB.
    public var format: BookFormat

    public init(storyID: StoryID, family: FamilyRef, title: String, filename: String, format: BookFormat = .pdf) {
        self.storyID = storyID
        self.family = family
        self.title = title
        self.filename = filename
        self.format = format
    }
}

/// A made file a platform sends or serves: a picture book's PDF or EPUB.
public struct ChatFile: Sendable, Equatable {
    public var filename: String
    public var contentType: String
    public var data: [UInt8]

    public init(filename: String, contentType: String, data: [UInt8]) {
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}

extension BookView {
    /// A file name made of the title's letters and digits, e.g. `the-sleepy-dragon.pdf`.
    public static func filename(forTitle title: String, extension ext: String = "pdf") -> String {
        var slug = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        slug = String(slug.prefix(60))
        while slug.hasSuffix("-") { slug.removeLast() }
        return "\(slug.isEmpty ? "picture-book" : slug).\(ext)"
    }
}
