/// Paints one page: the built-in illustrator or an image model.
public protocol Illustrator: Sendable {
    /// A short name for logs and the usage ledger.
    var name: String { get }
    func illustrate(_ request: IllustrationRequest) async throws -> Illustration
}
