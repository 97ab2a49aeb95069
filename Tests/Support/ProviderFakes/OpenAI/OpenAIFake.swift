import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// A loopback OpenAI-compatible server for tests, behaving as OpenAI or as Ollama's `/v1` layer
/// (see ``Flavor``). It checks what the provider sends, records every request, answers with valid
/// stories and real PNGs, and plays back injected ``Fault``s.
///
/// ```swift
/// let fake = OpenAIFake(flavor: .openAI)
/// try await fake.start()
/// fake.inject(.rateLimited(retryAfter: "1"))
/// // … point a provider at fake.baseURL with fake.apiKey …
/// await fake.stop()
/// ```
public final class OpenAIFake: Sendable {
    public let flavor: Flavor
    /// The key the OpenAI flavor accepts (ignored by the Ollama flavor).
    public let apiKey: String
    /// How long a ``Fault/tooSlow`` call takes to answer.
    public let slowDelay: Duration

    let state = State()
    private let server = Mutex<LoopbackServer?>(nil)

    public init(flavor: Flavor = .openAI, apiKey: String = "sk-fake-0123456789abcdef", slowDelay: Duration = .seconds(20)) {
        self.flavor = flavor
        self.apiKey = apiKey
        self.slowDelay = slowDelay
    }

    /// `http://127.0.0.1:PORT/v1` once started.
    public var baseURL: String { "http://127.0.0.1:\(port)/v1" }

    /// The listening port (0 before ``start()``).
    public var port: Int { server.withLock { $0?.port ?? 0 } }

    /// Starts listening on an ephemeral loopback port; returns once the server accepts requests.
    public func start() async throws {
        let handler = Handler(flavor: flavor, apiKey: apiKey, slowDelay: slowDelay, state: state)
        let router = Router()
        router.post("v1/chat/completions") { request, _ in await handler.handle(.chat, request) }
        router.post("v1/images/generations") { request, _ in await handler.handle(.image, request) }
        let running = try await LoopbackServer.start(router, label: "OpenAIFake")
        server.withLock { $0 = running }
    }

    /// Shuts the server down gracefully; slow answers still pending end at once.
    public func stop() async {
        state.isStopping = true
        guard let running = server.withLock({ current in
            defer { current = nil }
            return current
        }) else { return }
        await running.stop()
    }

    /// Queues `fault` for the next `times` calls of `kind` (``Fault/latency(_:)`` instead
    /// applies to every later call of that kind).
    public func inject(_ fault: Fault, kind: Kind = .chat, times: Int = 1) {
        state.inject(fault, kind: kind, times: times)
    }

    /// How many calls of `kind` arrived (including refused ones).
    public func requests(kind: Kind) -> Int { state.requests(kind: kind).count }

    /// Every call of `kind`, in arrival order.
    public func recordedRequests(kind: Kind) -> [RecordedRequest] { state.requests(kind: kind) }

    /// The decoded body of the last call of `kind`.
    public func lastRequest(kind: Kind) -> JSON? { state.requests(kind: kind).last?.json }

    /// The most calls of `kind` that were in flight at once.
    public func maxConcurrent(kind: Kind) -> Int { state.maxConcurrent(kind: kind) }
}
