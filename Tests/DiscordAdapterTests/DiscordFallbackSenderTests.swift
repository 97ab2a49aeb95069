@testable import DiscordAdapter
import DiscordModels
import DiscordREST
import Foundation
import Logging
import StoryBot
import StoryDomain
import Synchronization
import Testing

@Suite("Discord fallback sender")
struct DiscordFallbackSenderTests {
    static func http(_ status: Int, _ code: Int? = nil) -> DiscordRESTError {
        .http(route: "PATCH /webhooks/{application}/{token}/messages/@original", status: status, code: code, message: "test")
    }

    static let sender = DiscordFallbackSender(renderer: DiscordMessageRendererTests.renderer,
                                              logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))

    /// A Discord write that answers each attempt as scripted, and records what was sent.
    final class ScriptedWrite: Sendable {
        private let answers: Mutex<[(any Error)?]>
        let sent = Mutex<[DiscordMessageRenderer.Rendered]>([])

        init(_ answers: [(any Error)?]) { self.answers = Mutex(answers) }

        func callAsFunction(_ rendered: DiscordMessageRenderer.Rendered) throws -> CreatedMessage? {
            sent.withLock { $0.append(rendered) }
            if let error = answers.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw error }
            return CreatedMessage(id: 7, channelID: 22)
        }

        var attempts: [DiscordMessageRenderer.Rendered] { sent.withLock { $0 } }
    }

    @Test("refusals are 400 (but not 40060), 403, 413 and payloads over a limit; the rest may succeed later")
    func refusals() {
        #expect(DiscordFallbackSender.isRefusal(Self.http(400, 50035)))
        #expect(!DiscordFallbackSender.isRefusal(Self.http(400, 40060)), "already acknowledged is not a refusal of the message")
        #expect(DiscordFallbackSender.isRefusal(Self.http(403, 50013)))
        #expect(DiscordFallbackSender.isRefusal(Self.http(413)))
        #expect(DiscordFallbackSender.isRefusal(DiscordRESTError.invalidPayload(PayloadLimitError(field: "content", limit: 2000, actual: 2001))))
        #expect(!DiscordFallbackSender.isRefusal(Self.http(500)))
        #expect(!DiscordFallbackSender.isRefusal(Self.http(429)))
        #expect(!DiscordFallbackSender.isRefusal(DiscordRESTError.transport(route: "r", description: "reset")))
        #expect(!DiscordFallbackSender.isRefusal(CancellationError()))
    }

    @Test("a dead interaction token is 401, or the unknown webhook and unknown interaction codes, at any age")
    func deadTokens() {
        #expect(DiscordFallbackSender.isDeadToken(Self.http(401, 50027)))
        #expect(DiscordFallbackSender.isDeadToken(Self.http(401)))
        #expect(DiscordFallbackSender.isDeadToken(Self.http(404, 10015)))
        #expect(DiscordFallbackSender.isDeadToken(Self.http(404, 10062)))
        #expect(!DiscordFallbackSender.isDeadToken(Self.http(404, 10008)), "an unknown message is not a dead token")
        #expect(!DiscordFallbackSender.isDeadToken(Self.http(403, 50013)))
        #expect(!DiscordFallbackSender.isDeadToken(DiscordRESTError.rateLimited(route: "r", retryAfter: .seconds(1))))
    }

    @Test("missing permissions: sent again as text")
    func missingPermissions() async throws {
        let write = ScriptedWrite([Self.http(403, 50013)])
        let result = try await Self.sender.send(DiscordMessageRendererTests.page(), capabilities: .all) { try write($0) }
        guard case let .sent(created) = result else {
            Issue.record("expected the text rendering to be sent, got \(result)")
            return
        }
        #expect(created == CreatedMessage(id: 7, channelID: 22))
        #expect(write.attempts.count == 2)
        #expect(write.attempts.last?.message.embeds?.isEmpty == true && write.attempts.last?.files.isEmpty == true)
    }

    @Test("a 400: sent again as the plain rendering")
    func badRequest() async throws {
        let write = ScriptedWrite([Self.http(400, 50035)])
        let result = try await Self.sender.send(DiscordMessageRendererTests.page(), capabilities: .all) { try write($0) }
        guard case .sent = result else {
            Issue.record("expected the plain rendering to be sent, got \(result)")
            return
        }
        #expect(write.attempts.count == 2)
        #expect(write.attempts.last?.message.content?.hasPrefix("**Owl Night**") == true)
        #expect(write.attempts.last?.files.map(\.filename) == ["page-1.png"], "the picture as a plain file")
    }

    @Test("refused in every form: a kind note is shown in its place and the refusal is reported")
    func refusedEverywhere() async throws {
        let write = ScriptedWrite([Self.http(400, 50035), Self.http(400, 50035)])
        let result = try await Self.sender.send(DiscordMessageRendererTests.page(), capabilities: .all) { try write($0) }
        guard case let .refused(reason) = result else {
            Issue.record("expected a refusal, got \(result)")
            return
        }
        #expect(reason.contains("400"))
        #expect(write.attempts.count == 3)
        #expect(write.attempts.last?.message.content == DiscordFallbackSender.refusalNote)
        #expect(write.attempts.last?.files.isEmpty == true)
    }

    @Test("failures worth retrying are thrown for the caller, without fallbacks")
    func retryable() async throws {
        let write = ScriptedWrite([Self.http(503)])
        await #expect(throws: DiscordRESTError.self) {
            try await Self.sender.send(DiscordMessageRendererTests.page(), capabilities: .all) { try write($0) }
        }
        #expect(write.attempts.count == 1)
    }
}
