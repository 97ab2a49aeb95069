import Foundation

/// The install's owner: the web chat grown-up who may use the service admins' commands (premium,
/// usage) from the chat without being listed in `ADMIN_USER_IDS`. Whoever `magical-stories owner
/// set` named, while they are still a grown-up of their room; else the first grown-up who came
/// in by the setup link, while they are still a member. Safe because the setup link retires as
/// soon as the install has any grown-up.
public struct InstallOwnership: Sendable {
    /// The owner and how they became it.
    public struct Owner: Sendable, Equatable {
        public enum Source: Sendable, Equatable {
            /// Named by `magical-stories owner set`.
            case named
            /// The first grown-up, who came in by the setup link.
            case setupLink
        }

        public var member: RoomMember
        public var source: Source

        public init(member: RoomMember, source: Source) {
            self.member = member
            self.source = source
        }
    }

    /// Why a member cannot be named the owner.
    public enum Refusal: Error, Sendable, Equatable {
        /// Children are never the owner.
        case notGrownUp(String)
    }

    /// Where the named owner is kept: `<room key> <member id>`.
    static let key = "install.owner"

    private let directory: any RoomDirectory
    private let settings: any KeyValueStore

    public init(directory: any RoomDirectory, settings: any KeyValueStore) {
        self.directory = directory
        self.settings = settings
    }

    /// The owner now, or nil when there is none (nobody named, and nobody came by the setup link).
    public func owner() async throws -> Owner? {
        if let named = try await settings.value(for: Self.key) {
            let parts = named.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2, let member = try await directory.members(roomKey: parts[0]).first(where: { $0.id == parts[1] }),
               member.role == .grownUp {
                return Owner(member: member, source: .named)
            }
        }
        return try await directory.setupLinkMember().map { Owner(member: $0, source: .setupLink) }
    }

    /// Whether this web chat member is the owner.
    public func isOwner(memberID: String) async throws -> Bool {
        try await owner()?.member.id == memberID
    }

    /// Names the owner: a grown-up of the room, by their number in the room's members, their id
    /// or their name (as `room remove` finds them).
    @discardableResult
    public func name(_ query: String, inRoom roomKey: String) async throws -> RoomMember {
        let member = try RoomAccess.find(query, in: try await directory.members(roomKey: roomKey))
        guard member.role == .grownUp else { throw Refusal.notGrownUp(member.name) }
        try await settings.setValue("\(roomKey) \(member.id)", for: Self.key)
        return member
    }
}
