import DiscordModels
import DiscordREST
import Foundation
import Logging
import StoryBot
import StoryDomain

/// Shows stories held for a yes (`/settings set approval:on`) to the managers who turned approval
/// on, by direct message: page 1 with its picture and ✅ 🌙 🔄. Discord's users are 13 and over,
/// and its reader is usually a parent, so the server's channel sees nothing until a yes.
///
/// - A grown-up whose direct messages are closed to the bot (403 `50007`) is skipped; when every
///   one is, the story is ``ApprovalDelivery/refused`` (the desk declines it kindly) and the asker
///   is told privately: an ephemeral follow-up while their interaction's token works, else a
///   direct message.
/// - An answer edits every direct message that shows the story to the outcome (no buttons, no
///   picture). The messages are recorded in the key-value store (``ApprovalDirectMessageLog``),
///   so this works after a restart and from any process.
/// - Every request goes through the bot's REST client and its rate limits.
public struct DiscordApprovalCourier: ApprovalCourier {
    public var platform: Platform { .discord }
    private let rest: DiscordRESTClient
    private let sender: DiscordFallbackSender
    private let log: ApprovalDirectMessageLog
    private let askers = ApprovalAskers()
    private let clock: any WallClock
    private let logger: Logger

    /// - Parameter store: where the direct messages showing each story are recorded.
    public init(rest: DiscordRESTClient, renderer: DiscordMessageRenderer, store: any KeyValueStore, clock: any WallClock, logger: Logger) {
        self.rest = rest
        sender = DiscordFallbackSender(renderer: renderer, logger: logger)
        log = ApprovalDirectMessageLog(store: store)
        self.clock = clock
        self.logger = logger
    }

    public func showGrownUps(_ reply: ChatReply, approval: PendingApproval, approvers: [String]) async throws -> ApprovalDelivery {
        let story = approval.storyID.rawValue
        var entry = try await log.entry(for: approval).flatMap { $0.storyID == story ? $0 : nil }
            ?? ApprovalDirectMessageLog.Entry(storyID: story, sent: [])
        var failure: (any Error)?
        for approver in Self.userIDs(approvers) where !entry.sent.contains(where: { $0.userID == approver }) {
            do {
                guard let sent = try await send(reply, to: approver) else { continue }
                entry.sent.append(sent)
                // Recorded at once: a retry after a later failure does not message this grown-up again.
                try await log.save(entry, for: approval)
            } catch let error as DiscordRESTError where error.isDirectMessageRefused {
                logger.notice("a grown-up's direct messages are closed to the bot; not asked",
                              metadata: ["approval": "\(approval.id)", "user": "\(approver)"])
            } catch {
                failure = failure ?? error
            }
        }
        if !entry.sent.isEmpty { return .shown }
        // Nobody reached because Discord failed (not because they refused): tried again next round.
        if let failure { throw failure }
        return .refused
    }

    public func answered(_ reply: ChatReply, approval: PendingApproval, approvers: [String]) async throws {
        let sent = try await log.entry(for: approval)?.sent ?? []
        if sent.isEmpty {
            // Never shown (e.g. a story that could not be made): the outcome goes to them as a new message.
            for approver in Self.userIDs(approvers) {
                do {
                    _ = try await send(reply, to: approver)
                } catch let error as DiscordRESTError where error.isDirectMessageRefused {
                    continue
                }
            }
        }
        for message in sent {
            do {
                _ = try await sender.send(Self.direct(reply), capabilities: .all) { rendered in
                    try await rest.editMessage(channelID: message.channelID, messageID: message.messageID, message: rendered.message,
                                               files: rendered.files)
                }
            } catch let error as DiscordRESTError where error.code == DiscordTransport.unknownMessage {
                logger.notice("a direct message about a story was gone; not edited", metadata: ["approval": "\(approval.id)"])
            }
        }
        // Shared, declined or expired: nothing will edit these messages again.
        if approval.state != .waiting {
            askers.forget(approval.id)
            try await log.remove(approval)
        }
    }

    public func tellRequester(_ reply: ChatReply, approval: PendingApproval) async throws {
        var note = reply
        note.isPrivate = true
        if let address = askers.take(approval.id, at: clock.now()), let token = address.secret,
           let application = DiscordDeliveryAddress.applicationID(of: address) {
            do {
                let result = try await sender.send(note, capabilities: .textOnly) { rendered in
                    try await rest.createFollowup(applicationID: application, token: token, message: rendered.message, files: rendered.files)
                }
                if case .sent = result { return }
            } catch where DiscordFallbackSender.isDeadToken(error) {
                logger.notice("the asker's interaction has ended; telling them by direct message", metadata: ["approval": "\(approval.id)"])
            }
        }
        guard let requester = Snowflake(approval.requester.userID) else { return }
        do {
            _ = try await send(note, to: requester)
        } catch let error as DiscordRESTError where error.isDirectMessageRefused {
            logger.notice("the asker's direct messages are closed to the bot too; not told", metadata: ["approval": "\(approval.id)"])
        }
    }

    public func held(_ approval: PendingApproval, askedAt address: DeliveryAddress) async {
        guard address.platform == platform, address.secret != nil else { return }
        askers.remember(address, for: approval.id, at: clock.now())
    }

    /// Opens the direct message channel with `user` and sends `reply` there; nil when Discord
    /// refused every rendering of it.
    /// - Throws: ``DiscordRESTError/isDirectMessageRefused`` when the user does not accept the bot's messages.
    private func send(_ reply: ChatReply, to user: Snowflake) async throws -> ApprovalDirectMessageLog.Sent? {
        let channel = try await rest.createDM(recipientID: user)
        let result: DiscordFallbackSender.Result
        do {
            result = try await sender.send(Self.direct(reply), capabilities: .all) { rendered in
                do {
                    return try await rest.createMessage(channelID: channel, message: rendered.message, files: rendered.files)
                } catch let error as DiscordRESTError where error.isDirectMessageRefused {
                    // Not a refusal of this rendering: no other rendering would be accepted either.
                    throw DirectMessagesClosed(error: error)
                }
            }
        } catch let closed as DirectMessagesClosed {
            throw closed.error
        }
        guard case let .sent(created?) = result else { return nil }
        return ApprovalDirectMessageLog.Sent(userID: user, channelID: created.channelID, messageID: created.id)
    }

    /// A direct message is private already: it is sent as an ordinary message (ephemeral messages
    /// exist only as answers to interactions).
    private static func direct(_ reply: ChatReply) -> ChatReply {
        var message = reply
        message.isPrivate = false
        return message
    }

    private static func userIDs(_ approvers: [String]) -> [Snowflake] {
        approvers.compactMap(Snowflake.init)
    }
}

/// 403 `50007` while sending a direct message, carried past ``DiscordFallbackSender``'s retries.
private struct DirectMessagesClosed: Error {
    let error: DiscordRESTError
}
