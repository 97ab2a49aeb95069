import Operations
import Foundation
import StoryDomain

/// `magical-stories setup-link`: a fresh setup link while the install has no grown-up (earlier
/// ones stop working, and `setup-link.txt`, when there is one, gets the new link); once it has
/// one, says so plainly and how to invite people instead.
public struct SetupLinkConsole: Sendable {
    private let config: AppConfig
    private let rooms: RoomAccess

    public init(config: AppConfig, store: AppStore, clock: any WallClock = SystemWallClock()) {
        self.config = config
        rooms = RoomAccess(directory: store.rooms, clock: clock)
    }

    /// A new setup link, or a refusal once any room has a grown-up.
    public func fresh() async throws -> String {
        let file = SetupLinkFile(url: SetupLinkFile.location(for: config))
        guard let setup = try await rooms.setupInviteIfNeeded() else {
            file.remove()
            throw AdminConsole.Refusal(description: """
                This install already has a grown-up, so the setup link is retired: it no longer works, and no new one is made.
                A grown-up invites people from the chat (/family invite grown-up), or make an invite here:
                  magical-stories invite --room NAME --role grown-up   (`magical-stories room list` shows the rooms)
                """)
        }
        let link = "\(MagicalStoriesApp.linkBase(config))/join#\(setup.code.rawValue)"
        if file.exists { try file.write(link) }
        return """
            🔗 Setup link: whoever opens it becomes the grown-up of the room “\(setup.invite.room.displayName)”.
               It works once, for 7 days, and only until the family has a grown-up; earlier setup links no longer work.

               \(link)

            (Set HTTP_PUBLIC_URL if families reach the web chat at another address.)
            """
    }
}
