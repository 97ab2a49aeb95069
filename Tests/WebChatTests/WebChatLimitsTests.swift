import Foundation
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing
@testable import WebChat

/// The pure parts of the web chat's limits: the message rate, a connection's queue, the
/// connection caps, whose message a button may update, and the history a newcomer gets.
@Suite("Web chat limits")
struct WebChatLimitsTests {
    @Test("the token bucket lets a burst through, then one message per refill, and refills while idle")
    func tokenBucket() {
        let start = ContinuousClock.now
        var bucket = TokenBucket(capacity: 3, perMinute: 60, now: start)
        #expect((0..<3).map { _ in bucket.take(at: start) } == [.zero, .zero, .zero])
        #expect(bucket.take(at: start) == .seconds(1))
        // The reserved token is used up: the next waits its own turn after it.
        #expect(bucket.take(at: start + .seconds(1)) == .seconds(1))
        #expect(bucket.take(at: start + .seconds(60)) == .zero, "a minute idle refills the burst")
        #expect(bucket.take(at: start + .seconds(60)) == .zero)
        #expect(bucket.take(at: start + .seconds(60)) == .zero)
        #expect(bucket.take(at: start + .seconds(60)) > .zero)
    }

    @Test("a full queue drops its connection as too slow; nothing more is queued for it")
    func outboxOverflow() {
        let outbox = WebChatOutbox(capacity: 3, writeTimeout: .seconds(5))
        #expect((0..<3).allSatisfy { outbox.offer("frame \($0)") })
        #expect(outbox.closing == nil)
        #expect(!outbox.offer("one too many"))
        #expect(outbox.closing == .tooSlow)
        #expect(!outbox.offer("after"))
        // A sign-out after that keeps the first reason.
        outbox.close(.signedOut)
        #expect(outbox.closing == .tooSlow)
        #expect(!outbox.isStalled(at: .now), "no write is under way")
    }

    @Test("connection caps: per address, in total, the reserve for /health, and trusted proxies uncapped per address")
    func ledger() throws {
        var limits = WebChatLimits()
        limits.maxConnections = 4
        limits.maxConnectionsPerAddress = 2
        limits.reservedConnections = 1
        let ledger = ConnectionLedger(limits: limits, uncapped: try AddressMatcher(["10.0.0.1"]))
        #expect(ledger.open(from: "192.0.2.1") == .admitted)
        #expect(ledger.open(from: "192.0.2.1") == .admitted)
        #expect(ledger.open(from: "192.0.2.1") == .overCapacity(.tooManyFromAddress))
        #expect(ledger.open(from: "192.0.2.1") == .closed, "the reserve is taken")
        ledger.close(.overCapacity(.tooManyFromAddress), from: "192.0.2.1")
        #expect(ledger.open(from: "10.0.0.1") == .admitted)
        #expect(ledger.open(from: "10.0.0.1") == .admitted)
        #expect(ledger.open(from: "10.0.0.1") == .overCapacity(.full), "a proxy is capped only by the total")
        #expect(ledger.openConnections == 4)
        ledger.close(.admitted, from: "192.0.2.1")
        #expect(ledger.open(from: "192.0.2.9") == .admitted)
    }

    @Test("a press may update a bot message carrying the button, or showing the story it turns; never a member's")
    func carries() {
        let story = StoryID(rawValue: "0123456789abcdef0123456789abcdef")!
        var page = WebChatMessage(id: "m", reply: ChatReply(text: "📖", buttons: [[ChatButton(.page(story, 2), label: "▶")]]),
                                  createdAt: Date())
        #expect(page.carries("ms:p:\(story.rawValue):2"))
        #expect(!page.carries("ms:l:2"), "a button it does not carry")
        page.page = .init(storyId: story.rawValue, title: "t", text: "x", pageNumber: 2, pageCount: 3, imageUrl: nil, footer: "")
        #expect(page.carries("ms:p:\(story.rawValue):3"), "another page of the story it shows")
        #expect(page.carries("ms:f:\(story.rawValue)"))
        let words = WebChatMessage(id: "w", author: "Anna", authorId: "anna", text: "hello", createdAt: Date())
        #expect(!words.carries("ms:p:\(story.rawValue):2"))
    }

    @Test("the history a newcomer gets stays within its bytes, newest kept")
    func historyBytes() async throws {
        let clock = ManualWallClock()
        let hub = WebChatRoomHub(transcript: InMemoryStore(clock: clock), clock: clock, historyLimit: 100, historyBytes: 2_000)
        for index in 1...10 {
            try await hub.publish(WebChatMessage(id: "m\(index)", author: "Anna", authorId: "anna",
                                                 text: String(repeating: "x", count: 400), createdAt: clock.now()), room: "family")
            clock.advance(by: 1)
        }
        let history = try await hub.history(room: "family")
        #expect(!history.isEmpty && history.count < 5)
        #expect(history.last?.id == "m10")
    }
}
