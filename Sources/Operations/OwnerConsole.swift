import Foundation
import StoryBot
import StoryDomain

/// `magical-stories owner show|set`: the install's owner, the web chat grown-up who may grant
/// premium and read usage from the chat (``InstallOwnership``).
public struct OwnerConsole: Sendable {
    private let rooms: RoomAccess
    private let ownership: InstallOwnership

    public init(store: AppStore, clock: any WallClock = SystemWallClock()) {
        rooms = RoomAccess(directory: store.rooms, clock: clock)
        ownership = InstallOwnership(directory: store.rooms, settings: store.keyValues)
    }

    /// Who the owner is and how they became it.
    public func show() async throws -> String {
        guard let owner = try await ownership.owner() else {
            return """
                The install has no owner yet: the first grown-up who comes in by the setup link becomes it, or name one:
                  magical-stories owner set --room NAME --member NAME
                """
        }
        let how = switch owner.source {
        case .named: "named with `magical-stories owner set`"
        case .setupLink: "the first grown-up, who came in by the setup link"
        }
        return "👑 The install's owner: \(owner.member.name) (\(owner.member.id), grown-up of “\(owner.member.room.displayName)”), \(how). "
            + "They may grant premium and read usage from the web chat (/premium grant, /premium usage)."
    }

    /// Names the owner: a grown-up of the room, by number, id or name.
    public func set(room name: String, member query: String) async throws -> String {
        do {
            let room = try await rooms.room(named: name)
            let member = try await ownership.name(query, inRoom: room.key)
            return "👑 \(member.name) (\(member.id)) of “\(room.name.displayName)” is now the install's owner: "
                + "they may grant premium and read usage from the web chat."
        } catch let refusal as InstallOwnership.Refusal {
            switch refusal {
            case let .notGrownUp(name):
                throw AdminConsole.Refusal(description: "\(name) is a child of the room: the owner is a grown-up.")
            }
        } catch let error as RoomAccessError {
            throw AdminConsole.Refusal(description: FriendlyErrors.text(for: error)
                                       + " (`magical-stories room list` and `room members NAME` show rooms and members.)")
        }
    }
}
