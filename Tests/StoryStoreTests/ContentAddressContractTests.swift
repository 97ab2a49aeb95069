import Foundation
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

/// One SHA-256 for both databases: a picture's address is swift-crypto's digest of its bytes,
/// computed by the store (never by the database), so a picture copied between them keeps its id.
@Suite("Storage contract: content addresses")
struct ContentAddressContractTests {
    static let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    @Test("a saved picture is addressed by the SHA-256 of its bytes (FIPS 180-4's 'abc' vector) on both databases",
          arguments: [StoreBackend.sqlite, .postgres])
    func pictureAddress(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let story = Fixtures.story(id: "addressed")
        _ = try await ports.stories.createStory(story, delivery: Self.delivery, quota: nil)
        try await ports.stories.saveText(Fixtures.written(pages: 2), for: story.id)
        let abc = Illustration(data: Data("abc".utf8), contentType: "image/png", width: 768, height: 512)
        let id = try await ports.stories.saveIllustration(abc, for: story.id, page: 1)
        #expect(id.rawValue == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let other = try await ports.stories.saveIllustration(Fixtures.picture(3), for: story.id, page: 2)
        #expect(other.rawValue == ContentAddress.of(Fixtures.picture(3).data))
        #expect(try await ports.stories.image(id)?.data == abc.data)
    }
}
