import AsyncHTTPClient
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket
import Synchronization
import WSClient

/// `magical-stories-bench --web-chat HOST:PORT [stories] --invites LINK,LINK,…`: drives a running
/// `magical-stories serve` the way families use its web chat: the page and health check, then in
/// one room per invite link (four in `scripts/web-chat-memory.sh`) at once, each story asked for by
/// a different person who joined with the room's link (`POST /api/join`, so the links need enough
/// uses), read to its last page (every picture fetched with the session cookie, as the browser
/// does), plus the library and help; prints the page-turn round trips.
/// `scripts/web-chat-memory.sh` runs it to measure the service's memory.
enum WebChatWorkload {
    static func run(address: String, stories: Int, invites: [String], logger: Logger) async throws {
        guard !invites.isEmpty else { throw WorkloadError("give --invites LINK,… (magical-stories invite --room R --role grown-up --uses 100)") }
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            for path in ["/", "/health"] {
                let response = try await http.execute(HTTPClientRequest(url: "http://\(address)\(path)"), timeout: .seconds(10))
                guard response.status == .ok else { throw WorkloadError("GET \(path): \(response.status)") }
            }
            let turns = try await withThrowingTaskGroup(of: [Duration].self) { rooms in
                for (room, invite) in invites.enumerated() {
                    rooms.addTask {
                        var turns: [Duration] = []
                        for story in stride(from: room, to: stories, by: invites.count) {
                            turns += try await withDeadline(.seconds(60), "story \(story) was not read to its end within 60 s") {
                                try await readStory(number: story, invite: invite, address: address, http: http, logger: logger)
                            }
                        }
                        return turns
                    }
                }
                return try await rooms.reduce(into: []) { $0 += $1 }
            }
            try await http.shutdown()
            print(BenchmarkStats(name: "web chat page turn (external server)", durations: turns).line)
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// One person asks for a story, waits for page 1, then turns to the last page.
    /// Returns the page turns' round trips.
    private static func readStory(number: Int, invite: String, address: String, http: HTTPClient, logger: Logger) async throws -> [Duration] {
        let cookie = try await join(invite: invite, name: "Reader \(number)", address: address, http: http)
        let turns = Mutex<[Duration]>([])
        var configuration = WebSocketClientConfiguration()
        configuration.maxFrameSize = 1 << 22
        configuration.additionalHeaders = [.cookie: cookie]
        let url = "ws://\(address)/ws"
        try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) { inbound, outbound, _ in
            try await outbound.write(.text(#"{"type":"say","text":"/help"}"#))
            try await outbound.write(.text(#"{"type":"say","text":"/story library"}"#))
            try await outbound.write(.text(#"{"type":"say","text":"/story new theme:\"lantern number \#(number)\" name:Mia age:5 pages:3"}"#))
            var pressed: ContinuousClock.Instant?
            var expected = 1
            for try await frame in inbound.messages(maxSize: 1 << 22) {
                guard case let .text(text) = frame, let message = try JSONDecoder().decode(Frame.self, from: Data(text.utf8)).message,
                      let page = message.page, page.pageNumber == expected,
                      pressed != nil || page.imageUrl != nil // page 1 is shown once painted
                else { continue }
                if let pressed { turns.withLock { $0.append(.now - pressed) } }
                if let imageURL = page.imageUrl {
                    var request = HTTPClientRequest(url: "http://\(address)\(imageURL)")
                    request.headers.add(name: "Cookie", value: cookie)
                    let picture = try await http.execute(request, timeout: .seconds(10))
                    guard picture.status == .ok else { throw WorkloadError("GET \(imageURL): \(picture.status)") }
                    _ = try await picture.body.collect(upTo: 1 << 22)
                }
                guard page.pageNumber < page.pageCount else { break }
                expected += 1
                pressed = .now
                let press = #"{"type":"press","buttonId":"ms:p:\#(page.storyId):\#(expected)","messageId":"\#(message.id)"}"#
                try await outbound.write(.text(press))
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
        return turns.withLock { $0 }
    }

    /// Follows the invite as a browser does; returns the session cookie (`ms_session=…`).
    private static func join(invite: String, name: String, address: String, http: HTTPClient) async throws -> String {
        var request = HTTPClientRequest(url: "http://\(address)/api/join")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(["invite": invite, "name": name])))
        let response = try await http.execute(request, timeout: .seconds(10))
        _ = try await response.body.collect(upTo: 1 << 16)
        guard response.status == .ok, let cookie = response.headers["Set-Cookie"].first?.split(separator: ";").first else {
            throw WorkloadError("POST /api/join: \(response.status)")
        }
        return String(cookie)
    }

    /// `body`'s result, or `WorkloadError(failure)` once `limit` has passed (a refused or failed
    /// story never shows its last page).
    private static func withDeadline<T: Sendable>(_ limit: Duration, _ failure: String,
                                                  _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { race in
            race.addTask { try await body() }
            race.addTask {
                try await Task.sleep(for: limit)
                throw WorkloadError(failure)
            }
            defer { race.cancelAll() }
            guard let first = try await race.next() else { throw WorkloadError(failure) }
            return first
        }
    }

    /// The parts of the web chat's frames the workload reads.
    private struct Frame: Decodable {
        struct Message: Decodable {
            struct Page: Decodable {
                var storyId: String
                var pageNumber: Int
                var pageCount: Int
                var imageUrl: String?
            }

            var id: String
            var page: Page?
        }

        var message: Message?
    }

    struct WorkloadError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
