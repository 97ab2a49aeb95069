import Foundation

/// The edition of a picture book a family asks for (`/story book format:pdf|epub`).
public enum BookFormat: String, Sendable, Equatable, Hashable, CaseIterable {
    /// A PDF to keep and print (the default).
    case pdf
    /// An EPUB 3 for e-readers and reading apps.
    case epub

    /// The file name's extension.
    public var fileExtension: String { rawValue }

    /// The file's media type.
    public var contentType: String {
        switch self {
        case .pdf: "application/pdf"
        case .epub: "application/epub+zip"
        }
    }

    /// How the edition is named to families.
    public var displayName: String {
        switch self {
        case .pdf: "PDF"
        case .epub: "EPUB"
        }
    }

    /// A typed choice (`pdf`, `epub`, any case); nil for anything else.
    public init?(parsing raw: String) {
        self.init(rawValue: raw.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
