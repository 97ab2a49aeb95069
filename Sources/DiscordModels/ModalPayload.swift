/// A modal (interaction callback type 9): `customID` 1–100 characters, `title` at most 45, and
/// 1–5 top-level components (Labels, or Text Displays).
public struct ModalPayload: Codable, Sendable, Equatable {
    public var customID: String
    public var title: String
    public var components: [Component]

    public init(customID: String, title: String, components: [Component]) {
        self.customID = customID
        self.title = title
        self.components = components
    }

    public static let maxTitle = 45
    public static let maxComponents = 5

    enum CodingKeys: String, CodingKey {
        case title, components
        case customID = "custom_id"
    }
}
