/// A Growth Collection's stable id: the same short, custom_id-safe form as a story id.
public struct CollectionID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init?(rawValue: String) {
        guard StoryID(rawValue: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    public static func random() -> CollectionID {
        CollectionID(unchecked: StoryID.random().rawValue)
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
