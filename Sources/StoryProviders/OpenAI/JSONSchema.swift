/// A JSON Schema node in the subset that strict structured outputs accept. Objects are built
/// strict by construction: `additionalProperties: false` and every property `required`.
struct JSONSchema: Encodable, Sendable, Equatable {
    private let type: String
    private let description: String?
    private let properties: [String: JSONSchema]?
    private let required: [String]?
    private let additionalProperties: Bool?
    /// The item schema of an array (held in an array because a struct cannot contain itself).
    private let itemSchema: [JSONSchema]
    private let minItems: Int?
    private let maxItems: Int?

    private enum CodingKeys: String, CodingKey {
        case type, description, properties, required, additionalProperties, items, minItems, maxItems
    }

    private init(type: String, description: String? = nil, properties: [String: JSONSchema]? = nil,
                 required: [String]? = nil, additionalProperties: Bool? = nil, items: JSONSchema? = nil,
                 minItems: Int? = nil, maxItems: Int? = nil) {
        self.type = type
        self.description = description
        self.properties = properties
        self.required = required
        self.additionalProperties = additionalProperties
        itemSchema = items.map { [$0] } ?? []
        self.minItems = minItems
        self.maxItems = maxItems
    }

    static func string(_ description: String? = nil) -> JSONSchema {
        JSONSchema(type: "string", description: description)
    }

    /// An array of exactly `count` items when a count is given.
    static func array(of items: JSONSchema, count: Int? = nil, description: String? = nil) -> JSONSchema {
        JSONSchema(type: "array", description: description, items: items, minItems: count, maxItems: count)
    }

    /// A strict object: no other properties, all of `properties` required (in the given order).
    static func object(_ properties: KeyValuePairs<String, JSONSchema>, description: String? = nil) -> JSONSchema {
        JSONSchema(type: "object", description: description,
                   properties: Dictionary(properties.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }),
                   required: properties.map(\.key), additionalProperties: false)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(properties, forKey: .properties)
        try container.encodeIfPresent(required, forKey: .required)
        try container.encodeIfPresent(additionalProperties, forKey: .additionalProperties)
        try container.encodeIfPresent(itemSchema.first, forKey: .items)
        try container.encodeIfPresent(minItems, forKey: .minItems)
        try container.encodeIfPresent(maxItems, forKey: .maxItems)
    }
}
