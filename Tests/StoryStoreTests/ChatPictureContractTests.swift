import Foundation
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

/// Pictures as chats are sent them (issue 32), the same on both databases and the in-memory
/// fake: a page's picture saved with its chat form reads back in that form (alone, and with the
/// page where the store reads pictures with pages), the stored picture stays as it was made, a
/// picture saved before has none until one is kept (the first kept stays), and the form goes
/// with its picture.
@Suite("Storage contract: pictures kept as chats are sent them")
struct ChatPictureContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    static let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")
    static let webp = ChatForm.copy(contentType: "image/webp", data: Data("RIFF-small".utf8))

    /// A story with three written pages on `ports`.
    func story(_ id: String, on ports: StoreBackend.Ports) async throws -> StoryID {
        let story = Fixtures.story(id: id)
        _ = try await ports.stories.createStory(story, delivery: Self.delivery, quota: nil)
        try await ports.stories.saveText(Fixtures.written(pages: 3), for: story.id)
        return story.id
    }

    @Test("a picture saved with its WebP reads back as WebP (with the page too, where read together); the PNG stays",
          arguments: StoreBackend.allCases)
    func savedWithForm(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let id = try await story("kept", on: ports)
        let picture = Fixtures.picture(1)
        let imageID = try await ports.stories.saveIllustration(picture, chatForm: Self.webp, for: id, page: 1)
        let shown = try #require(try await ports.stories.chatPicture(imageID))
        #expect(shown == StoredImage(id: imageID, contentType: "image/webp", data: Data("RIFF-small".utf8), width: 768, height: 512))
        #expect(try await ports.stories.image(imageID)?.data == picture.data, "the stored picture is as it was made")
        #expect(try await ports.stories.pageSnapshot(id, page: 1)?.page.imageID == imageID)
        let withPicture = try await ports.stories.pageSnapshotWithPicture(id, page: 1)
        // PostgreSQL reads it in the page's own query; SQLite leaves it to the caller (by id).
        #expect(withPicture?.picture == (backend == .postgres ? shown : nil))

        // Saved again (another page, another story): content-addressed, the first form stays.
        let again = try await ports.stories.saveIllustration(picture, chatForm: .copy(contentType: "image/jpeg", data: Data([1])),
                                                             for: id, page: 2)
        #expect(again == imageID)
        #expect(try await ports.stories.chatPicture(imageID) == shown)
    }

    @Test("sent as stored: the stored picture is read as its chat form", arguments: StoreBackend.allCases)
    func asStored(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let id = try await story("asis", on: ports)
        let imageID = try await ports.stories.saveIllustration(Fixtures.picture(2), chatForm: .asStored, for: id, page: 1)
        let stored = try await ports.stories.image(imageID)
        #expect(stored != nil)
        #expect(try await ports.stories.chatPicture(imageID) == stored)
        if backend == .postgres {
            #expect(try await ports.stories.pageSnapshotWithPicture(id, page: 1)?.picture == stored)
        }
    }

    @Test("a picture saved before forms were kept has none until one is kept; the first kept stays; none for a missing picture",
          arguments: StoreBackend.allCases)
    func keptLater(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let id = try await story("old", on: ports)
        let imageID = try await ports.stories.saveIllustration(Fixtures.picture(3), for: id, page: 1)
        #expect(try await ports.stories.chatPicture(imageID) == nil)
        #expect(try await ports.stories.pageSnapshotWithPicture(id, page: 1)?.picture == nil, "no form: read by id")
        try await ports.stories.saveChatForm(Self.webp, of: imageID)
        try await ports.stories.saveChatForm(.asStored, of: imageID)
        #expect(try await ports.stories.chatPicture(imageID)?.contentType == "image/webp", "the first kept stays")
        if backend == .postgres {
            #expect(try await ports.stories.pageSnapshotWithPicture(id, page: 1)?.picture?.contentType == "image/webp")
        }
        let missing = ImageID(rawValue: String(repeating: "0", count: 64))
        try await ports.stories.saveChatForm(Self.webp, of: missing)
        #expect(try await ports.stories.chatPicture(missing) == nil, "nothing kept for a picture that does not exist")
    }

    @Test("the form goes with its picture: deleting the story deletes both", arguments: StoreBackend.allCases)
    func deletedWithPicture(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let id = try await story("gone", on: ports)
        let imageID = try await ports.stories.saveIllustration(Fixtures.picture(4), chatForm: Self.webp, for: id, page: 1)
        #expect(try await ports.stories.deleteStory(id))
        #expect(try await ports.stories.image(imageID) == nil)
        #expect(try await ports.stories.chatPicture(imageID) == nil)
        // Painted again later for another story: a fresh form can be kept.
        let other = try await story("again", on: ports)
        _ = try await ports.stories.saveIllustration(Fixtures.picture(4), chatForm: .asStored, for: other, page: 1)
        #expect(try await ports.stories.chatPicture(imageID)?.contentType == "image/png")
    }
}
