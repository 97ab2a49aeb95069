import Foundation

extension CommandBuilder {
    /// `days:` of `/premium usage`: 1 to 90, or nil when not given.
    static func usageDays(_ raw: String?) throws(CommandParseError) -> Int? {
        guard let text = raw?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let days = Int(text.prefix(6)), (1...90).contains(days) else { throw .badValue(option: "days", hint: "a number of days from 1 to 90") }
        return days
    }
}
