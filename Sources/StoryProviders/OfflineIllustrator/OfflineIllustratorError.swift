/// Why the offline illustrator could not paint a page.
public enum OfflineIllustratorError: Error, Equatable, Sendable {
    /// The requested picture size is outside 64...4096 pixels on either side.
    case invalidSize(width: Int, height: Int)
    /// Cairo could not create the image surface or drawing context.
    case surfaceCreationFailed
    /// Cairo could not encode the picture as PNG.
    case pngEncodingFailed
}
