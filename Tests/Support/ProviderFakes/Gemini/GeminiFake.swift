import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A loopback stand-in for the Gemini API (`generateContent` and Imagen `predict`) for tests.
///
/// It checks what the bot sends (the `x-goog-api-key` header, no key in the URL, structured
/// output and safety settings for stories, `IMAGE` output for pictures), records every request,
/// answers in the documented shapes with a valid story or a real PNG, and plays queued
/// ``GeminiFakeFault``s.
public final class GeminiFake: Sendable {
    /// Which kind of call a request is.
    public enum Kind: String, Sendable, CaseIterable {
        /// `generateContent` on a text model.
        case text
        /// `generateContent` on an image model (its id contains `image`).
        case image
        /// Imagen `predict`.
        case imagen
    }

    private struct State: Sendable {
        var faults: [Kind: [GeminiFakeFault]] = [:]
        var latency: [Kind: Duration] = [:]
        var records: [Kind: [GeminiFakeRequest]] = [:]
        var inFlight: [Kind: Int] = [:]
        var maxConcurrent: [Kind: Int] = [:]
        var server: LoopbackServer?
    }

    /// The only key the fake accepts.
    public let apiKey: String
    private let state = Mutex(State())

    public init(apiKey: String = "fake-gemini-key") {
        self.apiKey = apiKey
    }

    /// `http://127.0.0.1:PORT/v1beta`, valid after ``start()``.
    public var baseURL: String { "http://127.0.0.1:\(state.withLock { $0.server?.port ?? 0 })/v1beta" }

    /// Starts listening on a free loopback port.
    public func start() async throws {
        let router = Router()
        router.post("/v1beta/models/{modelAndMethod}") { request, context in
            try await self.respond(to: request, modelAndMethod: context.parameters.get("modelAndMethod") ?? "")
        }
        let running = try await LoopbackServer.start(router, label: "GeminiFake")
        state.withLock { $0.server = running }
    }

    /// Stops the server and waits until it has shut down.
    public func stop() async {
        guard let server = state.withLock({ current in
            defer { current.server = nil }
            return current.server
        }) else { return }
        await server.stop()
    }

    /// Queues faults for the next requests of `kind`, one per request.
    public func enqueue(_ faults: GeminiFakeFault..., for kind: Kind) {
        state.withLock { $0.faults[kind, default: []] += faults }
    }

    /// Delays every answer of `kind` (nil: no delay).
    public func setLatency(_ latency: Duration?, for kind: Kind) {
        state.withLock { $0.latency[kind] = latency }
    }

    /// How many requests of `kind` arrived.
    public func requests(kind: Kind) -> Int { state.withLock { $0.records[kind]?.count ?? 0 } }

    /// Every request of `kind`, oldest first.
    public func recordedRequests(kind: Kind) -> [GeminiFakeRequest] { state.withLock { $0.records[kind] ?? [] } }

    /// The body of the latest request of `kind`.
    public func lastRequest(kind: Kind) -> GeminiFakeJSON? { state.withLock { $0.records[kind]?.last?.body } }

    /// The most requests of `kind` that were being answered at the same time.
    public func maxConcurrent(kind: Kind) -> Int { state.withLock { $0.maxConcurrent[kind] ?? 0 } }

    // MARK: - Answering

    private func respond(to request: Request, modelAndMethod: String) async throws -> Response {
        let bytes = Data(try await request.body.collect(upTo: 64 << 20).readableBytesView)
        let model = String(modelAndMethod.prefix { $0 != ":" })
        let method = String(modelAndMethod.dropFirst(model.count + 1))
        let kind: Kind
        switch method {
        case "generateContent": kind = model.contains("image") && !model.hasPrefix("imagen") ? .image : .text
        case "predict": kind = .imagen
        default: return Self.response(404, GeminiFakeAnswers.notFound(model: model, method: method))
        }

        let body = GeminiFakeJSON.parse(bytes) ?? .null
        let inspector = GeminiFakeInspector(body: body)
        let keyHeader = request.headers[.init("x-goog-api-key")!]
        let keyInURL = (request.uri.query ?? "").lowercased().contains("key=")
        var problems = inspector.problems(for: kind)
        if keyInURL { problems.insert("the API key is in the URL: send it in the x-goog-api-key header", at: 0) }
        if keyHeader != apiKey { problems.insert("x-goog-api-key is missing or wrong", at: 0) }
        let record = GeminiFakeRequest(kind: kind, model: model, uri: request.uri.description, apiKeyHeader: keyHeader,
                                       body: body, problems: problems, sentImage: inspector.sentImage,
                                       userText: inspector.userText)
        let (sequence, latency) = state.withLock { state in
            state.records[kind, default: []].append(record)
            state.inFlight[kind, default: 0] += 1
            state.maxConcurrent[kind] = max(state.maxConcurrent[kind] ?? 0, state.inFlight[kind] ?? 0)
            return (state.records[kind]?.count ?? 0, state.latency[kind])
        }
        defer { state.withLock { $0.inFlight[kind, default: 1] -= 1 } }
        if let latency { try await Task.sleep(for: latency) }

        if keyInURL {
            return Self.response(400, GeminiFakeAnswers.error(code: 400, status: "INVALID_ARGUMENT", message: problems[0]))
        }
        guard keyHeader == apiKey else { return Self.response(400, GeminiFakeAnswers.invalidKey()) }
        guard problems.isEmpty else {
            let message = "Invalid request: " + problems.joined(separator: "; ")
            return Self.response(400, GeminiFakeAnswers.error(code: 400, status: "INVALID_ARGUMENT", message: message))
        }
        let fault = state.withLock { state -> GeminiFakeFault? in
            guard var queue = state.faults[kind], !queue.isEmpty else { return nil }
            let next = queue.removeFirst()
            state.faults[kind] = queue
            return next
        }
        if case let .tooSlow(delay) = fault { try await Task.sleep(for: delay) }
        let responder = GeminiFakeResponder(kind: kind, model: model, method: method, body: body,
                                            userText: inspector.userText, sequence: sequence)
        let answer = responder.answer(fault)
        return Self.response(answer.status, answer.body)
    }

    private static func response(_ status: Int, _ json: GeminiFakeJSON) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=UTF-8"
        return Response(status: HTTPResponse.Status(code: status), headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.encoded)))
    }
}
