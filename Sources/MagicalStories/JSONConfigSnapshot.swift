import Configuration
import DiscordModels
import Foundation

/// The JSON config file as swift-configuration reads it through `FileProvider`, parsed with
/// `JSONDecoder`.
///
/// Nested objects become dotted keys (`{"http": {"port": 8080}}` is `http.port`); `null` is
/// unset. Every setting is read as text or as its own type, as from the environment: a number
/// or `true` as text is the text it is written as (`8080`, `1100000000000000001`), and a list as
/// text is its items separated by commas (`"admin": {"userIds": ["1400…", "1400…"]}`). Values
/// under a key ending in `token` or `apiKey` are secrets.
///
/// Kept for what it reads, not for memory: swift-configuration's own `JSONSnapshot` reads a JSON
/// number only as a number (a Discord id written as one could not be read as text), a list only as
/// a list, refuses a list mixing ids as text and numbers, and turns `true` into the integer 1
/// (`"port": true` would be port 1) — all behaviours `AppConfigTests` pins. Memory: measured
/// earlier in the service, `JSONSnapshot`'s `JSONSerialization` cost ~1 MiB private and ~3 MiB
/// file-backed more; in a small program parsing the config file each way, both cost ~0.1 MiB
/// private.
struct JSONConfigSnapshot: FileConfigSnapshot {
    /// No options: the file's format is fixed.
    struct ParsingOptions: FileParsingOptions {
        static var `default`: Self { Self() }
    }

    /// Why a file, or a value in it, is refused.
    enum ParseError: Error, CustomStringConvertible {
        case notAnObject
        case unsupportedValue(key: String)
        case notConvertible(key: String, type: ConfigType)

        var description: String {
            switch self {
            case .notAnObject: "the top-level value of the JSON file must be an object"
            case let .unsupportedValue(key): "\(key) must be text, a number, true or false, or a list of those"
            case let .notConvertible(key, type): "\(key) is not a value of type \(type)"
            }
        }
    }

    let providerName: String
    private let values: [String: JSONValue]

    init(data: RawSpan, providerName: String, parsingOptions: ParsingOptions) throws {
        let bytes = data.withUnsafeBytes { Data($0) }
        guard case let .object(root) = try JSONDecoder().decode(JSONValue.self, from: bytes) else { throw ParseError.notAnObject }
        var values: [String: JSONValue] = [:]
        try Self.flatten(root, under: [], into: &values)
        self.providerName = providerName
        self.values = values
    }

    private static func flatten(_ object: [String: JSONValue], under path: [String], into values: inout [String: JSONValue]) throws {
        for (name, value) in object {
            let key = path + [name]
            switch value {
            case .null: continue
            case let .object(nested): try flatten(nested, under: key, into: &values)
            case let .array(items) where items.contains(where: { $0.text == nil }):
                throw ParseError.unsupportedValue(key: key.joined(separator: "."))
            default: values[key.joined(separator: ".")] = value
            }
        }
    }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        let encodedKey = key.components.joined(separator: ".")
        guard let value = values[encodedKey] else { return LookupResult(encodedKey: encodedKey, value: nil) }
        guard let content = Self.content(value, as: type) else { throw ParseError.notConvertible(key: encodedKey, type: type) }
        let name = key.components.last ?? ""
        let isSecret = name.lowercased().hasSuffix("token") || name.hasSuffix("apiKey")
        return LookupResult(encodedKey: encodedKey, value: ConfigValue(content, isSecret: isSecret))
    }

    /// The value as `type`, or nil when it is not one.
    private static func content(_ value: JSONValue, as type: ConfigType) -> ConfigContent? {
        switch (type, value) {
        case let (.string, .array(items)):
            let texts = items.compactMap(\.text)
            return texts.count == items.count ? .string(texts.joined(separator: ",")) : nil
        case (.string, _): return value.text.map(ConfigContent.string)
        case let (.int, .int(number)): return Int(exactly: number).map(ConfigContent.int)
        case let (.int, .double(number)): return Int(exactly: number).map(ConfigContent.int)
        case let (.double, .int(number)): return .double(Double(number))
        case let (.double, .double(number)): return .double(number)
        case let (.bool, .bool(flag)): return .bool(flag)
        default: return nil
        }
    }

    var description: String { "\(providerName)[\(values.count) values]" }

    /// Keys only: values may be secrets.
    var debugDescription: String { "\(providerName)[\(values.keys.sorted().joined(separator: ", "))]" }
}
