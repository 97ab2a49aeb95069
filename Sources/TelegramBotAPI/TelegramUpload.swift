import Foundation

/// A file sent in the same request as its method: referred to as `attach://<name>` (in
/// `InputMedia`) or as the method's own field named `name` (`sendPhoto`'s `photo`).
public struct TelegramUpload: Sendable, Equatable {
    public var name: String
    public var filename: String
    public var contentType: String
    public var data: Data

    public init(name: String, filename: String, contentType: String, data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }

    /// How a method's parameters refer to this upload inside `InputMedia`.
    public var attachReference: String { "attach://\(name)" }
}
