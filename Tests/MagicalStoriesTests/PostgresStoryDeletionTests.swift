import Foundation
import MagicalStories
import Operations
import StoryDomain
import Testing
import WebChat

@Suite("A deleted story on PostgreSQL", .serialized)
struct PostgresStoryDeletionTests {
    @Test("a story deleted on one process leaves the browsers of every process at once, and the history either serves later")
    func deletionAcrossProcesses() async throws {
        let url = try await PostgresServiceTests.postgresURL()
        let first = try await TestApp.start { $0.databaseURL = url }
        defer { first.removeFiles() }
        let second = try await TestApp.start { $0.databaseURL = url }
        defer { second.removeFiles() }
        let anna = try await ChatTestClient.join(first, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        let ben = try await ChatTestClient.join(second, room: "family", name: "Ben")
        _ = try await ben.next("history") { $0.type == "history" }

        try await anna.say(#"/story new theme:"a sleepy owl" name:Mia age:5 pages:3"#)
        let page = try await ben.next("page 1, made on the other process", timeout: .seconds(60)) {
            $0.message?.fromBot == true && $0.message?.page?.pageNumber == 1
        }
        let storyID = try #require(page.message?.page?.storyId)
        try await waitUntilReady(first.app.stories, id: storyID, family: FamilyRef(platform: .web, externalID: "family"))

        try await anna.say("/story delete \(storyID)")
        let ask = try await anna.next("the confirmation") { $0.message?.isPrivate == true && $0.message?.text?.contains("Delete") == true }
        let confirm = try #require(ask.message?.buttons.first?.first)
        try await anna.press(confirm.id, on: try #require(ask.message?.id))
        _ = try await anna.next("deleted here") { $0.type == "storyDeleted" && $0.storyId == storyID }
        _ = try await ben.next("deleted on the other process", timeout: .seconds(30)) { $0.type == "storyDeleted" && $0.storyId == storyID }

        for (app, name) in [(first, "Carl"), (second, "Cora")] {
            // Names are unique in a room: the two processes share one.
            let carl = try await ChatTestClient.join(app, room: "family", name: name)
            let history = try await carl.next("history after") { $0.type == "history" }
            #expect(history.messages?.contains { $0.page?.storyId == storyID } == false, "no trace after a reload")
            await carl.close()
        }
        await anna.close()
        await ben.close()
        await second.stop()
        await first.stop()
    }
}
