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
    /// Roles are a Discord idea; the web chat has none.
    case rolesNeedDiscord
}
