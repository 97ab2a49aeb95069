import Foundation

/// JSON text columns for small nested values (character sheets, scenes, delivery addresses),
/// written and read the same way by both stores (sorted keys: `copy-to` copies them unchanged).
public enum JSONColumn {
    public static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
