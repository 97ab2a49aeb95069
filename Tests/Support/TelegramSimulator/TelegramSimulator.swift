import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ProviderFakes

/// A loopback Telegram Bot API for tests: the real envelope (`{"ok":…,"result"|"error_code",
/// "description","parameters"}`), JSON and multipart calls with `attach://`, long polling with
/// offsets (a newer poll ends the older one with 409), the limits Telegram enforces (caption
/// ≤ 1,024 and text ≤ 4,096 after entity parsing, `callback_data` ≤ 64 bytes, HTML that parses),
/// 400 "message is not modified", and failures a test asks for (429 with `retry_after`, 409, 5xx).
/// Tests inject updates (messages, presses) and read what the bot sent.
public final class TelegramSimulator: Sendable {
    /// The simulated bot's user id (the token's first part).
    public static let botUserID: Int64 = 777_000
    public static let botUsername = "OurStoryBot"
    /// A well-formed token for the simulated bot.
    public static let token = "777000:SIMULATED-secret-token-AAEE"

    let state: TelegramSimulatorState
    private let server: LoopbackServer

    /// The base URL to give the client (`TELEGRAM_API_URL`).
    public var apiURL: String { "http://127.0.0.1:\(server.port)" }

    private init(server: LoopbackServer, state: TelegramSimulatorState) {
        self.server = server
        self.state = state
    }

    /// Starts the simulator on an ephemeral loopback port.
    public static func start() async throws -> TelegramSimulator {
        let state = TelegramSimulatorState()
        let router = Router()
        let handler = TelegramSimulatorMethods(state: state)
        router.post(":bot/:method") { request, context -> Response in
            let bot = context.parameters.get("bot") ?? ""
            let method = context.parameters.get("method") ?? ""
            guard bot == "bot" + Self.token else {
                return Self.response(["ok": false, "error_code": 401, "description": "Unauthorized"], status: 401)
            }
            let body = try await request.body.collect(upTo: 30 << 20)
            let contentType = request.headers[.contentType] ?? ""
            let (answer, status) = await handler.handle(method, body: Data(body.readableBytesView), contentType: contentType)
            return Self.response(answer, status: status)
        }
        let server = try await LoopbackServer.start(router, label: "telegram-simulator")
        return TelegramSimulator(server: server, state: state)
    }

    public func stop() async { await server.stop() }

    static func response(_ json: FakeJSON, status: Int) -> Response {
        Response(status: HTTPResponse.Status(code: status), headers: [.contentType: "application/json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.encoded)))
    }
}
