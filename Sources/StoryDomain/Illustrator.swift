/// Paints one page: the built-in illustrator or an image model.
public protocol Illustrator: Sendable {
    /// A short name for logs and the usage ledger.
    var name: String { get }
    /// Whether ``IllustrationRequest/previous`` is used (an image model keeps the hero alike
    /// from it). When false the pipeline neither reads nor keeps the previous page's picture.
    var usesPreviousPicture: Bool { get }
    func illustrate(_ request: IllustrationRequest) async throws -> Illustration
}

extension Illustrator {
    public var usesPreviousPicture: Bool { true }
}
