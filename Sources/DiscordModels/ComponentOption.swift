/// One choice of a String Select, Radio Group or Checkbox Group: `label` and `value` 1–100
/// characters, `description` at most 100.
public struct ComponentOption: Codable, Sendable, Equatable {
    public var label: String
    public var value: String
    public var description: String?
    /// Chosen when the form opens.
    public var isDefault: Bool?

    public init(label: String, value: String, description: String? = nil, isDefault: Bool? = nil) {
        self.label = label
        self.value = value
        self.description = description
        self.isDefault = isDefault
    }

    enum CodingKeys: String, CodingKey {
        case label, value, description
        case isDefault = "default"
    }
}
