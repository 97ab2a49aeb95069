/// Why a picture book could not be made.
public enum PictureBookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The story has no pages.
    case empty
    /// Even with the smallest pictures the PDF is larger than the limit.
    case tooLarge(bytes: Int, limit: Int)
    /// Cairo could not make the PDF (its status text).
    case drawingFailed(String)

    public var description: String {
        switch self {
        case .empty: "the story has no pages"
        case let .tooLarge(bytes, limit): "the book is \(bytes) bytes, over the \(limit)-byte limit"
        case let .drawingFailed(reason): "Cairo could not draw the book: \(reason)"
        }
    }
}
