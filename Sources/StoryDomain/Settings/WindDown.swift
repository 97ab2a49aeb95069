import Foundation

/// How the last page is read at bedtime (`/settings set wind_down:off|2m|5m|10m`): off, or slower
/// and softer with the story's refrain, then this many minutes of gentle sound made on the machine
/// (fading rain or waves), so a parent can leave the room.
public enum WindDown: String, Sendable, Equatable, Codable, CaseIterable {
    case off
    case twoMinutes = "2m"
    case fiveMinutes = "5m"
    case tenMinutes = "10m"

    /// Seconds of gentle sound after the last words (0 when off).
    public var tailSeconds: Int {
        switch self {
        case .off: 0
        case .twoMinutes: 120
        case .fiveMinutes: 300
        case .tenMinutes: 600
        }
    }

    public var isOn: Bool { self != .off }

    /// "off", "2 minutes of gentle sound after the last page".
    public var displayName: String {
        isOn ? "slower and softer, then \(tailSeconds / 60) minutes of gentle sound" : "off"
    }

    /// Reads the setting as people type it: `off`, `no`, `none`; `2m`, `2`, `2 min`, `5 minutes`, `10m`.
    public init?(parsing raw: String) {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if ["off", "no", "none", "0", "0m"].contains(text) { self = .off; return }
        let digits = text.prefix { $0.isNumber }
        let unit = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard ["", "m", "min", "mins", "minute", "minutes"].contains(unit),
              let minutes = Int(digits), let chosen = Self.allCases.first(where: { $0.tailSeconds == minutes * 60 && $0.isOn })
        else { return nil }
        self = chosen
    }
}
