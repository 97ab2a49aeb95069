import Configuration
import Foundation

/// Reading settings: blank text is absent; a present value of the wrong kind is an error naming
/// the variable, never a silent fallback. Shared by every configuration section.
enum SettingValues {
    static func nonEmpty(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    static func boolean(_ reader: ConfigReader, _ key: ConfigKey, default fallback: Bool, name: String) throws -> Bool {
        if let value = reader.bool(forKey: key) { return value }
        guard let raw = reader.string(forKey: key) else { return fallback }
        switch raw.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw AppConfigError.invalid(key: name, value: raw, expected: "true or false")
        }
    }

    /// An integer setting: absent gives the default; present but not a whole number in `range`
    /// is an error naming the variable (never a silent fallback).
    static func integer(_ reader: ConfigReader, _ key: ConfigKey, default fallback: Int, in range: ClosedRange<Int>,
                                name: String) throws -> Int {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        let value: Int
        if let parsed = reader.int(forKey: key) {
            value = parsed
        } else if let raw = nonEmpty(reader.string(forKey: key)) {
            guard let parsed = Int(raw.trimmingCharacters(in: .whitespaces)) else {
                throw AppConfigError.invalid(key: name, value: raw, expected: expected)
            }
            value = parsed
        } else {
            return fallback
        }
        guard range.contains(value) else { throw AppConfigError.invalid(key: name, value: "\(value)", expected: expected) }
        return value
    }
}
