import Foundation
import StoryBot
import StoryDomain
import StoryStore

/// The web chat's doors from the command line: rooms, invite links, members. Works on the
/// service's database directly, also while the service runs (a member removed here is signed
/// out of open pages within half a minute).
public struct RoomConsole: Sendable {
    /// Where families reach the web chat (invite links start with it).
    private let linkBase: String
    private let rooms: RoomAccess

    /// The console on either store; invite links start with `linkBase` (`HTTP_PUBLIC_URL`, or the listener's address).
    public init(linkBase: String, store: AppStore, clock: any WallClock = SystemWallClock()) {
        self.linkBase = linkBase
        rooms = RoomAccess(directory: store.rooms, clock: clock)
    }

    /// Makes a room and a grown-up's invite link to it.
    public func create(_ name: String) async throws -> String {
        let room = try await refusing { try await rooms.createRoom(named: name) }
        let issued = try await refusing { try await rooms.invite(to: room.key, role: .grownUp, by: "cli") }
        return "🏠 Made the room “\(room.name.displayName)”.\n" + describe(issued)
    }

    /// An invite link to a room.
    public func invite(room name: String, role raw: String, expires: String?, uses: String?) async throws -> String {
        guard let role = RoomRole(parsing: raw) else { throw AdminConsole.Refusal(description: "--role is grown-up or child.") }
        let room = try await refusing { try await rooms.room(named: name) }
        let terms = try await refusing { try InviteTerms(expires: expires, uses: uses) }
        return describe(try await refusing { try await rooms.invite(to: room.key, role: role, by: "cli", terms: terms) })
    }

    public func list() async throws -> String {
        let all = try await rooms.rooms()
        guard !all.isEmpty else { return "No rooms yet. Make one with: magical-stories room create NAME" }
        return (["room                                      members  grown-ups  since"] + all.map { room in
            room.name.displayName.padding(toLength: 42, withPad: " ", startingAt: 0)
                + String(format: "%7d %10d  ", room.memberCount, room.grownUpCount) + AdminConsole.format(room.createdAt)
                + (room.grownUpCount == 0 ? "  (no grown-up: magical-stories invite --room \(Self.quoted(room.name.displayName)) --role grown-up)" : "")
        }).joined(separator: "\n")
    }

    public func members(room name: String) async throws -> String {
        let room = try await refusing { try await rooms.room(named: name) }
        let members = try await rooms.members(of: room.key)
        guard !members.isEmpty else { return "Nobody has joined “\(room.name.displayName)” yet." }
        return (["“\(room.name.displayName)”:", " #  id            role      name                 joined                   last seen"]
            + members.enumerated().map { index, member in
                String(format: "%2d  ", index + 1) + member.id.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + member.role.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + member.name.padding(toLength: 21, withPad: " ", startingAt: 0)
                    + AdminConsole.format(member.joinedAt) + "  " + (member.lastSeenAt.map(AdminConsole.format) ?? "—")
            }).joined(separator: "\n")
    }

    /// Removes a member (by number, id or name) and ends their session.
    public func remove(member: String, room name: String) async throws -> String {
        let room = try await refusing { try await rooms.room(named: name) }
        let removed = try await refusing { try await rooms.remove(member, from: room.key) }
        return "👋 Removed \(removed.name) (\(removed.id), \(removed.role.rawValue)) from “\(room.name.displayName)”; their browser is signed out "
            + "(an open page within half a minute), and the invite links they made and the shared link they came in with no longer work."
    }

    public func invites(room name: String) async throws -> String {
        let room = try await refusing { try await rooms.room(named: name) }
        let invites = try await rooms.allInvites(of: room.key)
        guard !invites.isEmpty else { return "“\(room.name.displayName)” has no invites." }
        let now = Date()
        return ([" id  role      uses     until                    state     made by              used by"] + invites.map { invite in
            String(format: "%3lld  ", invite.id) + invite.role.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                + "\(invite.uses)/\(invite.maxUses)".padding(toLength: 9, withPad: " ", startingAt: 0)
                + AdminConsole.format(invite.expiresAt) + "  " + Self.state(invite.state(at: now)).padding(toLength: 10, withPad: " ", startingAt: 0)
                + invite.madeBy.padding(toLength: 21, withPad: " ", startingAt: 0)
                + (invite.usedBy.isEmpty ? "—" : invite.usedBy.joined(separator: ", "))
                + (invite.purpose == .setup ? " (setup link)" : "")
        }).joined(separator: "\n")
    }

    public func revokeInvite(_ id: Int64, room name: String?) async throws -> String {
        let key = try await name.asyncMap { name in try await refusing { try await rooms.room(named: name) }.key }
        try await refusing { try await rooms.revokeInvite(id, in: key) }
        return "🔒 Invite \(id) no longer works."
    }

    private func describe(_ issued: IssuedInvite) -> String {
        let invite = issued.invite
        let link = "\(linkBase)/join#\(issued.code.rawValue)"
        return """
            🔗 Invite \(invite.id) for a \(invite.role.rawValue) of “\(invite.room.displayName)”: works \
            \(invite.maxUses == 1 ? "once" : "\(invite.maxUses) times"), until \(AdminConsole.format(invite.expiresAt)).
               \(link)
            (Shown only now. Set HTTP_PUBLIC_URL if families reach the web chat at another address.)
            """
    }

    /// Runs `body`, turning the doors' refusals into console refusals said for the shell.
    private func refusing<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as RoomAccessError {
            let text: String = switch error {
            case .emptyRoomName: "A room's name needs at least one letter or digit (any script: Family, 家族, Émilie)."
            case let .roomExists(name): "There is already a room called “\(name)”. Invite people to it: "
                + "magical-stories invite --room \(Self.quoted(name)) --role grown-up"
            case let .roomNotFound(name): "There is no room called “\(name)”. `magical-stories room list` shows them."
            case let .memberNotFound(query): "Nobody called “\(query)” is in that room. `magical-stories room members NAME` lists them."
            case .lastGrownUp: "That would leave the room without a grown-up: invite another grown-up first."
            case .inviteNotFound: "That room has no invite with this number that still works."
            case .badLifetime: "--expires is how long the link works: 30m, 12h, 7d or 2w (at least 10 minutes, at most 90 days)."
            case .badUses: "--uses is how many people may use the link: 1 to 100."
            default: FriendlyErrors.text(for: error)
            }
            throw AdminConsole.Refusal(description: text)
        }
    }

    static func state(_ state: RoomInvite.State) -> String {
        switch state {
        case .open: "open"
        case .expired: "expired"
        case .revoked: "revoked"
        case .usedUp: "used up"
        }
    }

    static func quoted(_ name: String) -> String {
        name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } ? name : "'\(name)'"
    }
}

private extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
