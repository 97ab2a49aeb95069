import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A loopback model provider gone wrong: every request, on any route, is answered 500 with an
/// error body that echoes the caller's key back — whole and at the places where a client cuts
/// a long message short (Gemini's JSON `error.message`, or plain text for an OpenAI-compatible
/// server), as careless servers and proxies do.
final class EchoingServer: Sendable {
    /// Where the echoed key starts in the message: `offset` characters in.
    let offset: Int
    /// Answer with a JSON `{"error": {…}}` (else plain text).
    let json: Bool
    private let state = Mutex<(port: Int, requests: Int, server: Task<Void, Never>?)>((0, 0, nil))

    init(keyAt offset: Int, json: Bool) {
        self.offset = offset
        self.json = json
    }

    var baseURL: String { "http://127.0.0.1:\(state.withLock { $0.port })" }
    var requests: Int { state.withLock { $0.requests } }

    func start() async throws {
        let router = Router()
        router.post("**") { request, _ in self.answer(request) }
        router.get("**") { request, _ in self.answer(request) }
        var logger = Logger(label: "EchoingServer")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        let server = Task {
            try? await app.run()
            continuation.finish()
        }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        state.withLock { $0 = (port, 0, server) }
    }

    func stop() async {
        guard let server = state.withLock({ $0.server }) else { return }
        server.cancel()
        await server.value
    }

    private func answer(_ request: Request) -> Response {
        state.withLock { $0.requests += 1 }
        let key = request.headers[.init("x-goog-api-key")!]
            ?? request.headers[.authorization].map { $0.replacingOccurrences(of: "Bearer ", with: "") } ?? "no key"
        let message = String(repeating: "x", count: offset) + key + " was refused; your request had Authorization: Bearer \(key)"
        let body: String
        if json {
            let object: [String: Any] = ["error": ["code": 500, "status": "INTERNAL", "message": message]]
            body = String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        } else {
            body = message
        }
        return Response(status: .internalServerError, headers: [.contentType: json ? "application/json" : "text/plain"],
                        body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
