import Foundation

/// A `/settings set` value that cannot be used.
public enum SettingsError: Error, Sendable, Equatable {
    case nothingToChange
    case badMaxPages(allowed: ClosedRange<Int>)
    case unknownLanguage(String)
    case tooManyAvoidEntries(limit: Int)
    case avoidEntryTooLong(String, limit: Int)
    case badIllustrations
    case badRequesters
    /// `requesters:role` without a role.
    case roleMissing
    /// `requesters:role` where the platform has no roles (the web chat).
    case noRolesHere
    /// `grownups:` neither `managers` nor `role`.
    case badGrownups
    /// `grownups:role` without `grownup_role:`.
    case grownupRoleMissing
    /// `timezone:` names no zone this system knows (the typed name, shortened).
    case unknownTimeZone(String)
    /// `timezone:` names a city of several zones with different clocks.
    case ambiguousTimeZone(String, candidates: [String])
    /// `audience:` neither `children` nor `family`.
    case badAudience
    /// `wind_down:` not one of `off`, `2m`, `5m`, `10m`.
    case badWindDown
    /// `approval:` neither `on` nor `off`.
    case badApproval
}
