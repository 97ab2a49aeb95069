import Foundation
import NIOCore
import StoryBot
import StoryDomain
import StoryTestSupport
import Synchronization
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

    /// Opens ledger connections with keys of their own, and records which were evicted.
    final class LedgerProbe {
        let ledger: ConnectionLedger
        private var keys: [NSObject] = []
        let evictions = Evictions()
        /// The names of the connections evicted so far, in order.
        var evicted: [String] { evictions.names.withLock { $0 } }

        final class Evictions: Sendable {
            let names = Mutex<[String]>([])
        }

        init(_ limits: WebChatLimits, uncapped: [String] = []) throws {
            ledger = ConnectionLedger(limits: limits, uncapped: try AddressMatcher(uncapped))
        }

        /// Opens a connection named `name` from `address` at `second` (a monotonic instant).
        func open(_ address: String, _ name: String = "", at second: Int64 = 0) -> ConnectionLedger.Admission {
            let key = NSObject()
            keys.append(key)
            return ledger.open(from: address, key: ObjectIdentifier(key), now: NIODeadline.uptimeNanoseconds(UInt64(1 + second) * 1_000_000_000)) {
                [evictions] in evictions.names.withLock { $0.append(name) }
            }
        }

        func ticket(_ admission: ConnectionLedger.Admission) throws -> ConnectionTicket {
            guard case let .admitted(ticket) = admission else { throw Refused(admission: admission) }
            return ticket
        }

        struct Refused: Error { let admission: ConnectionLedger.Admission }
    }

    @Test("connection caps: per address, a lower one for guests, the reserve for /health, and trusted proxies uncapped per address")
    func ledger() throws {
        var limits = WebChatLimits()
        limits.maxConnections = 6
        limits.maxConnectionsPerAddress = 3
        limits.maxGuestConnectionsPerAddress = 2
        limits.reservedConnections = 1
        let probe = try LedgerProbe(limits, uncapped: ["10.0.0.1"])
        let first = try probe.ticket(probe.open("192.0.2.1"))
        #expect(probe.open("192.0.2.1").isAdmitted)
        #expect(probe.open("192.0.2.1") == .overCapacity(.tooManyFromAddress), "two guests from one address")
        #expect(probe.open("192.0.2.1") == .closed, "the reserve is taken")
        probe.ledger.close(.overCapacity(.tooManyFromAddress))
        probe.ledger.promote(first)
        #expect(probe.open("192.0.2.1").isAdmitted, "a member's connection is no guest")
        #expect(probe.open("192.0.2.1") == .overCapacity(.tooManyFromAddress), "three from one address in all")
        probe.ledger.close(.overCapacity(.tooManyFromAddress))
        #expect((0..<3).allSatisfy { _ in probe.open("10.0.0.1").isAdmitted }, "a proxy is capped only by the total")
        #expect(probe.ledger.openConnections == 6)
        probe.ledger.close(.admitted(first))
        probe.ledger.close(.admitted(first))
        #expect(probe.ledger.openConnections == 5, "a connection is counted off once")
    }

    @Test("at the total cap a newcomer takes the slot of the guest idle longest (a busy one last); members keep theirs; all members: 503")
    func eviction() throws {
        var limits = WebChatLimits()
        limits.maxConnections = 3
        limits.reservedConnections = 1
        let probe = try LedgerProbe(limits)
        let anna = try probe.ticket(probe.open("192.0.2.1", "anna", at: 0))
        let busy = try probe.ticket(probe.open("192.0.2.2", "busy", at: 1))
        _ = try probe.ticket(probe.open("192.0.2.3", "idle", at: 2))
        probe.ledger.promote(anna)
        busy.requestStarted(at: .uptimeNanoseconds(4_000_000_000))
        let late = try probe.ticket(probe.open("192.0.2.4", "late", at: 5))
        #expect(probe.evicted == ["idle"])
        #expect(probe.ledger.openConnections == 3)
        probe.ledger.promote(late)
        _ = try probe.ticket(probe.open("192.0.2.5", "ben", at: 6))
        #expect(probe.evicted == ["idle", "busy"], "a guest answering a request goes when no guest is idle")
        probe.ledger.close(.admitted(busy))
        #expect(probe.ledger.openConnections == 3, "an evicted connection's close frees nothing more")
        probe.ledger.promote(busy)
        let last = try probe.ticket(probe.open("192.0.2.6", at: 7))
        #expect(probe.evicted == ["idle", "busy", "ben"], "the guest ben made room")
        #expect(probe.ledger.ticket(for: late.key) === late, "an open connection's ticket is found by its key")
        // Every slot a member's: the reserve answers 503, then connections are closed at once.
        probe.ledger.promote(last)
        #expect(probe.open("192.0.2.7", at: 8) == .overCapacity(.full))
        #expect(probe.open("192.0.2.7", at: 8) == .closed)
        #expect(probe.evicted.count == 3, "no member's connection makes room")
    }

    @Test("IPv6 addresses count per /64, IPv4 seen as IPv6 as IPv4")
    func sources() throws {
        #expect(ConnectionLedger.source(of: "2001:db8:1:2::1") == ConnectionLedger.source(of: "2001:db8:1:2:abcd:ef::9"))
        #expect(ConnectionLedger.source(of: "2001:db8:1:2::1") == "2001:db8:1:2::/64")
        #expect(ConnectionLedger.source(of: "2001:db8:1:3::1") != ConnectionLedger.source(of: "2001:db8:1:2::1"))
        #expect(ConnectionLedger.source(of: "::ffff:192.0.2.1") == "192.0.2.1" && ConnectionLedger.source(of: "192.0.2.1") == "192.0.2.1")
        var limits = WebChatLimits()
        limits.maxGuestConnectionsPerAddress = 2
        let probe = try LedgerProbe(limits)
        #expect(probe.open("2001:db8:1:2::1").isAdmitted && probe.open("2001:db8:1:2::ffff").isAdmitted)
        #expect(probe.open("2001:db8:1:2:8000::1") == .overCapacity(.tooManyFromAddress), "the same /64")
        #expect(probe.open("2001:db8:1:3::1").isAdmitted, "the next /64")
    }

    @Test("a guest's connection is due to close a guest timeout after its last request; never while one is under way, nor a member's")
    func idleDeadline() {
        let opened = NIODeadline.uptimeNanoseconds(1_000_000_000)
        let ticket = ConnectionTicket(key: ObjectIdentifier(NSObject()), source: "192.0.2.1", openedAt: opened) {}
        #expect(ticket.idleDeadline(after: .seconds(10), now: opened) == opened + .seconds(10))
        ticket.requestStarted(at: opened + .seconds(3))
        #expect(ticket.idleDeadline(after: .seconds(10), now: opened + .seconds(30)) == opened + .seconds(40), "under way")
        ticket.requestEnded(at: opened + .seconds(31))
        #expect(ticket.idleDeadline(after: .seconds(10), now: opened + .seconds(32)) == opened + .seconds(41))
        #expect(ticket.becomeMember())
        #expect(ticket.idleDeadline(after: .seconds(10)) == nil)
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
