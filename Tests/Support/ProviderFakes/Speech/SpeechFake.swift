import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// A loopback server speaking both speech APIs the bot uses, for tests:
/// - Gemini: `POST /v1beta/models/{model}:generateContent` with `responseModalities: ["AUDIO"]`
///   and a prebuilt voice; answers base64 `audio/L16;codec=pcm;rate=24000` in `inlineData`;
/// - OpenAI-compatible: `POST /v1/audio/speech` with `model`, `input`, `voice` and
///   `response_format` `pcm` or `wav`; answers the raw audio.
///
/// It checks the key (`x-goog-api-key`, `Authorization: Bearer`) and the request's shape as the
/// real services would, records every request, and speaks a soft tone whose length follows the
/// text at ``wordsPerMinute`` (scaled by OpenAI's `speed`), so a test can check the length of
/// what the bot stores. ``failNext(status:)`` makes the next request fail with a status.
public final class SpeechFake: Sendable {
    /// One request as it arrived.
    public struct Recorded: Sendable {
        /// `gemini` or `openai`.
        public var api: String
        public var path: String
        public var headers: [String: String]
        public var json: FakeJSON?
    }

    public let apiKey: String
    /// The pace the fake speaks at.
    public let wordsPerMinute: Double
    private let state = Mutex(State())
    private let server = Mutex<LoopbackServer?>(nil)

    private struct State {
        var requests: [Recorded] = []
        var failures: [Int] = []
        var latency: Duration?
    }

    public init(apiKey: String = "fake-speech-key-0123456789", wordsPerMinute: Double = 150) {
        self.apiKey = apiKey
        self.wordsPerMinute = wordsPerMinute
    }

    /// `http://127.0.0.1:PORT/v1beta` (Gemini's API root) once started.
    public var geminiURL: String { "http://127.0.0.1:\(port)/v1beta" }
    /// `http://127.0.0.1:PORT/v1` (an OpenAI-compatible base URL) once started.
    public var openAIURL: String { "http://127.0.0.1:\(port)/v1" }
    public var port: Int { server.withLock { $0?.port ?? 0 } }

    /// Every request, in arrival order.
    public var requests: [Recorded] { state.withLock { $0.requests } }

    /// The next request answers `status` with an error body.
    public func failNext(status: Int) { state.withLock { $0.failures.append(status) } }

    /// Every later request waits this long before it is answered (nil: none).
    public func setLatency(_ latency: Duration?) { state.withLock { $0.latency = latency } }

    private func pause() async {
        if let latency = state.withLock({ $0.latency }) { try? await Task.sleep(for: latency) }
    }

    /// How long the fake speaks `text` at `speed` (1 = its pace).
    public func seconds(for text: String, speed: Double = 1) -> Double {
        Double(max(1, text.split(whereSeparator: \.isWhitespace).count)) / wordsPerMinute * 60 / speed
    }

    public func start() async throws {
        let router = Router()
        router.post("v1beta/models/{call}") { [self] request, context in
            await self.gemini(request, call: context.parameters.get("call") ?? "")
        }
        router.post("v1/audio/speech") { [self] request, _ in await self.openAI(request) }
        let running = try await LoopbackServer.start(router, label: "SpeechFake")
        server.withLock { $0 = running }
    }

    public func stop() async {
        guard let running = server.withLock({ current in
            defer { current = nil }
            return current
        }) else { return }
        await running.stop()
    }

    // MARK: Gemini

    private func gemini(_ request: Request, call: String) async -> Response {
        let (json, headers) = await read(request)
        state.withLock { $0.requests.append(Recorded(api: "gemini", path: request.uri.path, headers: headers, json: json)) }
        await pause()
        guard headers["x-goog-api-key"] == apiKey else {
            return Self.json(403, ["error": ["code": 403, "message": "Method doesn't allow unregistered callers.", "status": "PERMISSION_DENIED"]])
        }
        if let status = nextFailure() {
            return Self.json(status, ["error": ["code": .number(Double(status)), "message": "The fake failed on purpose.",
                                                "status": .string(status == 429 ? "RESOURCE_EXHAUSTED" : "INTERNAL")]])
        }
        guard call.hasSuffix(":generateContent"), call.contains("tts") else {
            return Self.json(404, ["error": ["code": 404, "message": .string("models/\(call) is not found or is not a speech model."), "status": "NOT_FOUND"]])
        }
        let config = json?["generationConfig"]
        guard config?["responseModalities"]?.array?.compactMap(\.string) == ["AUDIO"],
              let voice = config?["speechConfig"]?["voiceConfig"]?["prebuiltVoiceConfig"]?["voiceName"]?.string, !voice.isEmpty,
              let text = json?["contents"]?[0]?["parts"]?[0]?["text"]?.string, !text.isEmpty
        else {
            return Self.json(400, ["error": ["code": 400, "message": "A speech request needs responseModalities [AUDIO], a voice and text.",
                                             "status": "INVALID_ARGUMENT"]])
        }
        let story = Self.storyText(ofPrompt: text)
        let pcm = Self.tone(seconds: seconds(for: story), rate: 24_000)
        return Self.json(200, [
            "candidates": [["content": ["role": "model", "parts": [["inlineData": [
                "mimeType": "audio/L16;codec=pcm;rate=24000", "data": .string(pcm.base64EncodedString()),
            ]]]], "finishReason": "STOP"]],
            "usageMetadata": ["promptTokenCount": .number(Double(text.count / 4)), "candidatesTokenCount": .number(Double(pcm.count / 1_920))],
        ])
    }

    /// The story in a speech prompt: what follows the style line ("…Read only the story text:").
    static func storyText(ofPrompt prompt: String) -> String {
        guard let range = prompt.range(of: ":\n\n") else { return prompt }
        return String(prompt[range.upperBound...])
    }

    // MARK: OpenAI

    private func openAI(_ request: Request) async -> Response {
        let (json, headers) = await read(request)
        state.withLock { $0.requests.append(Recorded(api: "openai", path: request.uri.path, headers: headers, json: json)) }
        await pause()
        guard headers["authorization"] == "Bearer \(apiKey)" else {
            return Self.json(401, ["error": ["message": "Incorrect API key provided.", "type": "invalid_request_error", "code": "invalid_api_key"]])
        }
        if let status = nextFailure() {
            return Self.json(status, ["error": ["message": "The fake failed on purpose.", "type": "server_error"]])
        }
        guard let input = json?["input"]?.string, !input.isEmpty, input.count <= 4_096,
              let voice = json?["voice"]?.string, !voice.isEmpty, json?["model"]?.string != nil else {
            return Self.json(400, ["error": ["message": "model, input (1–4096 characters) and voice are required.",
                                             "type": "invalid_request_error"]])
        }
        let speed = json?["speed"]?.number ?? 1
        let pcm = Self.tone(seconds: seconds(for: input, speed: speed), rate: 24_000)
        switch json?["response_format"]?.string ?? "mp3" {
        case "pcm":
            return Response(status: .ok, headers: [.contentType: "audio/pcm"], body: .init(byteBuffer: ByteBuffer(bytes: pcm)))
        case "wav":
            return Response(status: .ok, headers: [.contentType: "audio/wav"], body: .init(byteBuffer: ByteBuffer(bytes: Self.wav(pcm, rate: 24_000))))
        default:
            return Self.json(400, ["error": ["message": "The fake speaks pcm and wav only.", "type": "invalid_request_error"]])
        }
    }

    // MARK: Shared

    private func nextFailure() -> Int? {
        state.withLock { state in state.failures.isEmpty ? nil : state.failures.removeFirst() }
    }

    private func read(_ request: Request) async -> (FakeJSON?, [String: String]) {
        var request = request
        let buffer = try? await request.collectBody(upTo: 1 << 20)
        let json = buffer.flatMap { FakeJSON.parse(Data($0.readableBytesView)) }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        return (json, headers)
    }

    /// 16-bit little-endian mono: a soft hum that pauses every second, like speech.
    static func tone(seconds: Double, rate: Int) -> Data {
        let count = Int(seconds * Double(rate))
        var data = Data(capacity: count * 2)
        for index in 0..<count {
            let time = Double(index) / Double(rate)
            let level = time.truncatingRemainder(dividingBy: 1) < 0.8 ? 9_000.0 : 0
            let sample = Int16(level * sin(2 * .pi * 180 * time))
            withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    static func wav(_ pcm: Data, rate: Int) -> Data {
        func le32(_ value: Int) -> Data { withUnsafeBytes(of: UInt32(value).littleEndian) { Data($0) } }
        func le16(_ value: Int) -> Data { withUnsafeBytes(of: UInt16(value).littleEndian) { Data($0) } }
        return Data("RIFF".utf8) + le32(36 + pcm.count) + Data("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(rate)
            + le32(rate * 2) + le16(2) + le16(16) + Data("data".utf8) + le32(pcm.count) + pcm
    }

    static func json(_ status: Int, _ body: FakeJSON) -> Response {
        let data = (try? JSONEncoder().encode(body)) ?? Data("{}".utf8)
        return Response(status: HTTPResponse.Status(code: status), headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
