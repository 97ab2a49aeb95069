import Foundation
import MagicalStories
import Operations
import Operations
import StoryDomain
import StoryStore
import Testing

@Suite("The room and invite command line")
struct RoomConsoleTests {
    static func makeConsole(_ configure: (inout AppConfig) -> Void = { _ in }) throws -> (RoomConsole, AppDatabase, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-rooms-\(UUID().uuidString)")
        var config = AppConfig()
        config.databasePath = directory.appendingPathComponent("stories.sqlite").path
        configure(&config)
        let database = try AppDatabase.open(path: config.databasePath)
        return (RoomConsole(config: config, database: database), database, directory)
    }

    static func link(in text: String) -> String? {
        text.split(whereSeparator: \.isWhitespace).first { $0.contains("/join#") }.map(String.init)
    }

    @Test("room create keeps the name as written and prints a grown-up's link; a name with no letter is refused clearly")
    func create() async throws {
        let (console, database, directory) = try Self.makeConsole { $0.webAccess.publicURL = "https://stories.example.org" }
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = try await console.create("家族")
        #expect(made.contains("“家族”"))
        let link = try #require(Self.link(in: made))
        #expect(link.hasPrefix("https://stories.example.org/join#"))
        let rooms = RoomAccess(directory: SQLiteRoomDirectory(database: database), clock: SystemWallClock())
        let joined = try await rooms.join(invite: link, name: "Mama")
        #expect(joined.member.role == .grownUp && joined.member.room.displayName == "家族")

        await #expect { _ = try await console.create("!!!") } throws: { error in
            (error as? AdminConsole.Refusal)?.description.contains("at least one letter or digit") == true
        }
        await #expect { _ = try await console.create("家族") } throws: { error in
            (error as? AdminConsole.Refusal)?.description.contains("already a room") == true
        }
        let list = try await console.list()
        #expect(list.contains("家族"))
    }

    @Test("invite, list, members, remove and revoke from the shell")
    func invites() async throws {
        let (console, database, directory) = try Self.makeConsole()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await console.create("Émilie")
        let child = try await console.invite(room: "émilie", role: "child", expires: "12h", uses: "2")
        #expect(child.contains("for a child") && child.contains("works 2 times"))
        let link = try #require(Self.link(in: child))
        #expect(link.hasPrefix("http://127.0.0.1:8080/join#"), "the service's own address when HTTP_PUBLIC_URL is unset")
        await #expect(throws: AdminConsole.Refusal.self) { _ = try await console.invite(room: "Émilie", role: "wizard", expires: nil, uses: nil) }
        await #expect(throws: AdminConsole.Refusal.self) { _ = try await console.invite(room: "nowhere", role: "child", expires: nil, uses: nil) }
        await #expect(throws: AdminConsole.Refusal.self) { _ = try await console.invite(room: "Émilie", role: "child", expires: "1y", uses: nil) }

        let rooms = RoomAccess(directory: SQLiteRoomDirectory(database: database), clock: SystemWallClock())
        _ = try await rooms.join(invite: link, name: "Léo")
        #expect(try await console.members(room: "Émilie").contains("Léo"))
        let list = try await console.invites(room: "Émilie")
        #expect(list.contains("1/2") && list.contains("made by") && list.contains("used by"))
        #expect(list.split(separator: "\n").contains { $0.contains("1/2") && $0.contains("the shell") && $0.hasSuffix("Léo") },
                "who made the link and who used it")
        let id = try #require(try await rooms.openInvites(of: "émilie").first { $0.role == .child }?.id)
        #expect(try await console.revokeInvite(id, room: "Émilie").contains("no longer works"))
        #expect(try await console.invites(room: "Émilie").contains("revoked"))
        #expect(try await console.remove(member: "Léo", room: "Émilie").contains("Removed Léo"))
        #expect(try await console.members(room: "Émilie").contains("Nobody has joined"))
    }
}
