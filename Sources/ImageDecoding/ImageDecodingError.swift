/// Why a picture could not be decoded, in words fit to show a person.
public enum ImageDecodingError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a PNG, JPEG or WebP picture.
    case unknownFormat
    /// The picture is damaged or cut short.
    case damaged(format: String, detail: String)
    /// A kind of picture the decoder does not read (e.g. an interlaced PNG).
    case unsupported(format: String, detail: String)
    /// Larger than ``ImageDecoder/maxPixels`` or ``ImageDecoder/maxSide``.
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .unknownFormat: "This doesn't look like a PNG, JPEG or WebP picture."
        case let .damaged(format, detail): "The \(format) picture seems damaged (\(detail))."
        case let .unsupported(format, detail): "This \(format) picture can't be read here (\(detail))."
        case let .tooLarge(width, height):
            "The picture is too large (\(width)×\(height); at most \(ImageDecoder.maxSide) pixels a side and "
                + "\(ImageDecoder.maxPixels / 1_000_000) million pixels)."
        }
    }
}
