import Foundation
import MagicalStories
import Operations
import StoryDomain
import Testing
import WSCore
import WebChat

@Suite("Removal and sign-out across processes on PostgreSQL", .serialized)
struct PostgresSignOutTests {
    @Test("a member removed on one process loses their page on another within 5 s; sign out everywhere closes pages on every process")
    func acrossProcesses() async throws {
        let url = try await PostgresServiceTests.postgresURL()
        // The timer's re-check is far away: only the notification can close the pages in time.
        let first = try await TestApp.start { $0.databaseURL = url; $0.webAccess.sessionRecheck = .seconds(600) }
        defer { first.removeFiles() }
        let second = try await TestApp.start { $0.databaseURL = url; $0.webAccess.sessionRecheck = .seconds(600) }
        defer { second.removeFiles() }
        let anna = try await ChatTestClient.join(first, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        let ben = try await ChatTestClient.join(second, room: "family", name: "Ben", role: .child)
        _ = try await ben.next("history") { $0.type == "history" }

        let started = ContinuousClock.now
        try await anna.say("/family remove Ben")
        _ = try await anna.next("removed") { $0.message?.text?.contains("was removed") == true }
        #expect(try await ben.waitForClose(timeout: .seconds(5))?.reason == "signed out")
        #expect(ContinuousClock.now - started < .seconds(5))

        let cara = try await ChatTestClient.join(first, room: "family", name: "Cara", role: .child)
        let member = try #require(cara.member)
        let elsewhere = try await ChatTestClient.connect(url: "ws://127.0.0.1:\(second.port)/ws", member: member)
        _ = try await elsewhere.next("history") { $0.type == "history" }
        let (status, _, _) = try await HTTPGet.send("POST", URL(string: "http://127.0.0.1:\(first.port)/api/signout/everywhere")!,
                                                    headers: ["Cookie": member.cookie])
        #expect(status == 200)
        #expect(try await cara.waitForClose(timeout: .seconds(5))?.reason == "signed out")
        #expect(try await elsewhere.waitForClose(timeout: .seconds(5))?.reason == "signed out", "the other process's page too")
        await anna.close()
        await second.stop()
        await first.stop()
    }
}
