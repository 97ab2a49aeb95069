extension GeminiWire {
    /// The OpenAPI subset Gemini takes as `responseSchema`: types in upper case, and
    /// `propertyOrdering` so the model writes fields in a stable order.
    final class Schema: Encodable, Sendable {
        enum Kind: String, Encodable, Sendable {
            case string = "STRING", number = "NUMBER", integer = "INTEGER", boolean = "BOOLEAN"
            case array = "ARRAY", object = "OBJECT"
        }

        let type: Kind
        let description: String?
        let properties: [String: Schema]?
        let required: [String]?
        let propertyOrdering: [String]?
        let items: Schema?
        let minItems: Int?
        let maxItems: Int?

        private init(type: Kind, description: String? = nil, properties: [String: Schema]? = nil, required: [String]? = nil,
                     propertyOrdering: [String]? = nil, items: Schema? = nil, minItems: Int? = nil, maxItems: Int? = nil) {
            self.type = type
            self.description = description
            self.properties = properties
            self.required = required
            self.propertyOrdering = propertyOrdering
            self.items = items
            self.minItems = minItems
            self.maxItems = maxItems
        }

        static func string(_ description: String) -> Schema { Schema(type: .string, description: description) }

        /// An object whose fields are all required, in the order given.
        static func object(_ fields: KeyValuePairs<String, Schema>) -> Schema {
            let names = fields.map(\.key)
            return Schema(type: .object, properties: Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) }),
                          required: names, propertyOrdering: names)
        }

        static func array(of items: Schema, count: ClosedRange<Int>) -> Schema {
            Schema(type: .array, items: items, minItems: count.lowerBound, maxItems: count.upperBound)
        }
    }
}
