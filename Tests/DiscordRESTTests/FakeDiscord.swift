import AsyncHTTPClient
import DiscordREST
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A request as the fake Discord server received it.
struct RecordedRequest: Sendable {
    var method: String
    var path: String
    var headers: [String: String]
    var body: Data
    var receivedAt: ContinuousClock.Instant

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What the fake Discord server answers.
struct FakeResponse: Sendable {
    var status: Int
    var headers: [String: String] = [:]
    var body: Data = Data()

    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> FakeResponse {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return FakeResponse(status: status, headers: headers, body: Data(text.utf8))
    }

    static let message = json(#"{"id":"900","channel_id":"800","content":"ok"}"#)
}

/// A loopback HTTP server speaking Discord's REST shapes, recording every request it receives.
actor FakeDiscord {
    typealias Handler = @Sendable (RecordedRequest, _ hit: Int) async -> FakeResponse

    private(set) var requests: [RecordedRequest] = []
    private let handler: Handler

    init(handler: @escaping Handler) { self.handler = handler }

    var hits: Int { requests.count }

    func handle(_ request: RecordedRequest) async -> FakeResponse {
        requests.append(request)
        return await handler(request, requests.count)
    }

    /// Runs `body` with a client pointed at a freshly started fake server.
    static func run(
        configure: (inout DiscordRESTConfiguration) -> Void = { _ in },
        logger: Logger = Logger(label: "test"),
        handler: @escaping Handler,
        _ body: (FakeDiscord, DiscordRESTClient) async throws -> Void
    ) async throws {
        let fake = FakeDiscord(handler: handler)
        let router = Router()
        let respond: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let bytes = try await request.body.collect(upTo: 64 * 1024 * 1024)
            let recorded = RecordedRequest(method: request.method.rawValue, path: request.uri.path, headers: headers,
                                           body: Data(bytes.readableBytesView), receivedAt: .now)
            let reply = await fake.handle(recorded)
            var fields = HTTPFields()
            for (name, value) in reply.headers { fields[HTTPField.Name(name)!] = value }
            return Response(status: .init(code: reply.status), headers: fields,
                            body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
        }
        router.get("**", use: respond)
        router.post("**", use: respond)
        router.put("**", use: respond)
        router.patch("**", use: respond)
        router.delete("**", use: respond)

        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "fake-discord")
        )
        let services = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "fake-discord")))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { return }
            // No test here is about the request timeout: a generous one, so a request slowed by
            // tests in parallel on a busy machine is not timed out and retried (a second hit).
            var configuration = DiscordRESTConfiguration(
                apiURL: "http://127.0.0.1:\(port)/api/v10", token: FakeDiscord.botToken,
                requestTimeout: .seconds(120), retryBaseDelay: .milliseconds(10), maxRetryDelay: .milliseconds(50))
            configure(&configuration)
            let client = DiscordRESTClient(configuration: configuration, httpClient: .shared, logger: logger)
            do {
                try await body(fake, client)
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
            await services.triggerGracefulShutdown()
        }
    }

    static let botToken = "bot-secret-token.XYZ"
}
