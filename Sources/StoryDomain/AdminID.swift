import Foundation

/// One of the service's admins, as `ADMIN_USER_IDS` names them: a person on one platform.
/// `discord:<id>` (a bare number is a Discord id too), `web:<member id>` (from `room members`),
/// `telegram:<id>`.
public struct AdminID: Hashable, Sendable, CustomStringConvertible {
    public let platform: Platform
    public let userID: String

    public init(platform: Platform, userID: String) {
        self.platform = platform
        self.userID = userID
    }

    /// An entry of `ADMIN_USER_IDS`; nil when it names no known platform or its id cannot be one there.
    public init?(parsing raw: String) {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let (platform, id): (String, String) = parts.count == 2 ? (parts[0].lowercased(), parts[1]) : ("discord", text)
        switch platform {
        case "discord", "telegram":
            guard (1...20).contains(id.count), id.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        case "web":
            guard (1...64).contains(id.count), id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }) else { return nil }
        default:
            return nil
        }
        self.init(platform: Platform(rawValue: platform), userID: id)
    }

    /// `discord:123`, `web:wabc…`, `telegram:42`.
    public var description: String { "\(platform.rawValue):\(userID)" }

    /// What `ADMIN_USER_IDS` takes, for messages about a wrong entry.
    public static let expected = "comma-separated admin ids: discord:<id> (a bare number is a Discord id), web:<member id>, telegram:<id>"
}
