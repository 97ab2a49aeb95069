import ConcurrencyKit
import Foundation
import Logging
import ServiceLifecycle
import StoryBot
import StoryDomain
import Synchronization
import TelegramBotAPI

/// The Telegram bot: long polling (`getUpdates`), each update turned into the router's input
/// (typed commands, as in the web chat; button presses), answered through ``TelegramResponder``.
///
/// Updates are received at least once and take effect once: the offset after the last handled
/// update is stored (key-value store) once its batch is done; each handled update also leaves a
/// receipt (the acknowledgement ledger, as for Discord interactions), so one seen again after a
/// restart between the two is skipped; and a story asked for carries the update's id as its
/// request id, kept in the story's own transaction, so even a SIGKILL mid-update makes one story.
public final class TelegramBot: Service {
    public struct Configuration: Sendable, Equatable {
        /// Seconds one `getUpdates` waits for updates (Telegram allows up to 50).
        public var pollTimeout: Int
        /// The wait after a 409 Conflict (another process polls this token), growing to the cap.
        public var conflictBackoff: Backoff.Policy
        /// The wait after a network failure or Telegram's 5xx.
        public var failureBackoff: Backoff.Policy

        public init(pollTimeout: Int = 50, conflictBackoff: Backoff.Policy = .init(first: .seconds(5), cap: .seconds(120), jitter: 0.2),
                    failureBackoff: Backoff.Policy = .init(first: .seconds(1), cap: .seconds(60), jitter: 0.5)) {
            self.pollTimeout = pollTimeout
            self.conflictBackoff = conflictBackoff
            self.failureBackoff = failureBackoff
        }
    }

    /// How polling goes, for health and tests.
    public enum Status: Sendable, Equatable {
        case starting
        case polling
        /// 409: another process polls this token; polling waits and tries again.
        case conflict
        /// 429: waiting `retry_after` seconds.
        case rateLimited(seconds: Int)
        /// Telegram could not be reached, or answered 5xx.
        case failing
    }

    /// Telegram refused the token: the service cannot run the bot.
    public struct TokenRefused: Error, CustomStringConvertible {
        public var description: String { "Telegram refused TELEGRAM_TOKEN (401/404): check the token @BotFather gave" }
    }

    /// Where the offset after the last handled update is kept.
    static let offsetKey = "telegram.update-offset"

    private let client: TelegramBotClient
    private let router: CommandRouter
    private let sender: TelegramSender
    private let store: any KeyValueStore
    private let receipts: any AcknowledgementLedger
    private let clock: any WallClock
    private let configuration: Configuration
    private let administrators: TelegramAdministrators
    private let parser = CommandParser()
    private let logger: Logger
    private let state = Mutex<(status: Status, username: String?)>((.starting, nil))

    public var status: Status { state.withLock { $0.status } }

    public init(client: TelegramBotClient, router: CommandRouter, sender: TelegramSender, store: any KeyValueStore,
                receipts: any AcknowledgementLedger, clock: any WallClock, configuration: Configuration = Configuration(), logger: Logger) {
        self.client = client
        self.router = router
        self.sender = sender
        self.store = store
        self.receipts = receipts
        self.clock = clock
        self.configuration = configuration
        self.logger = logger
        administrators = TelegramAdministrators(client: client, clock: clock, logger: logger)
    }

    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await self.start() }
            try await poll()
        } catch is CancellationError {
            logger.notice("Telegram polling stopped")
        }
    }

    /// Who the bot is (for `/story@OurBot`) and its command menu, each retried while Telegram
    /// cannot be reached; a refused token ends the bot.
    private func start() async throws {
        var backoff = Backoff(configuration.failureBackoff)
        while true {
            do {
                let me = try await client.getMe()
                state.withLock { $0.username = me.username }
                try await client.setMyCommands(TelegramCommandMenu.commands)
                logger.info("Telegram bot ready", metadata: ["bot": "\(me.username ?? String(me.id))"])
                return
            } catch {
                if error.isBadToken {
                    logger.critical("\(TokenRefused())")
                    throw TokenRefused()
                }
                logger.warning("Telegram not reachable yet; trying again", metadata: ["error": "\(error)"])
                try await clock.sleep(for: error.retryAfter.map { .seconds($0) } ?? backoff.next())
            }
        }
    }

    /// Polls until cancelled or shut down. Shutdown ends the open long poll at once (it would
    /// otherwise hold the service for up to 50 s); updates already taken are handled to the end.
    private func poll() async throws {
        var offset = try await storedOffset()
        var conflicts = Backoff(configuration.conflictBackoff)
        var failures = Backoff(configuration.failureBackoff)
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                let request = GetUpdatesRequest(offset: offset, timeout: configuration.pollTimeout, allowedUpdates: TelegramUpdate.allowedKinds)
                let client = client
                // Detached: the HTTP client's long poll is abandoned, not waited for, when shutdown cancels it.
                let updates = try await cancelWhenGracefulShutdown {
                    try await Detached.run { () async throws -> [TelegramUpdate] in try await client.getUpdates(request) }
                }
                if status != .polling { logger.notice("Telegram polling") }
                setStatus(.polling)
                conflicts.reset()
                failures.reset()
                guard let last = updates.map(\.updateID).max() else { continue }
                await handle(updates)
                offset = last + 1
                do {
                    try await store.setValue(String(last + 1), for: Self.offsetKey)
                } catch {
                    // The receipts still keep a replay from taking effect twice.
                    logger.error("could not store the Telegram update offset", metadata: ["error": "\(error)"])
                }
            } catch let error as TelegramBotError {
                let delay = try pause(after: error, conflicts: &conflicts, failures: &failures)
                let clock = clock
                try await cancelWhenGracefulShutdown { try await clock.sleep(for: delay) }
            }
        }
    }

    private func storedOffset() async throws -> Int64? {
        try await store.value(for: Self.offsetKey).flatMap { Int64($0) }
    }

    /// How long to wait as the failure asks: a 409 is said once, clearly, then retried with a growing wait.
    private func pause(after error: TelegramBotError, conflicts: inout Backoff, failures: inout Backoff) throws -> Duration {
        if error.isBadToken {
            logger.critical("\(TokenRefused())")
            throw TokenRefused()
        }
        if error.isConflict {
            let delay = conflicts.next()
            if status != .conflict {
                logger.error("""
                    Telegram answered 409 Conflict: another process is polling this bot's token (or a webhook is set). \
                    Only one Magical Stories process may poll a TELEGRAM_TOKEN: stop the other one. Retrying with a growing wait.
                    """, metadata: ["retry_in": "\(delay)"])
            }
            setStatus(.conflict)
            return delay
        }
        if let seconds = error.retryAfter {
            setStatus(.rateLimited(seconds: seconds))
            logger.warning("Telegram rate limited polling", metadata: ["retry_after": "\(seconds)"])
            return .seconds(max(1, seconds))
        }
        setStatus(.failing)
        let delay = failures.next()
        logger.warning("Telegram polling failed; trying again", metadata: ["error": "\(error)", "retry_in": "\(delay)"])
        return delay
    }

    private func setStatus(_ status: Status) { state.withLock { $0.status = status } }

    /// Handles a batch: chats at once, each chat's updates in order.
    private func handle(_ updates: [TelegramUpdate]) async {
        var byChat: [Int64: [TelegramUpdate]] = [:]
        var order: [Int64] = []
        for update in updates {
            let chat = Self.chatID(of: update) ?? 0
            if byChat[chat] == nil { order.append(chat) }
            byChat[chat, default: []].append(update)
        }
        await withTaskGroup(of: Void.self) { group in
            for chat in order {
                let list = byChat[chat] ?? []
                group.addTask {
                    for update in list { await self.handleOnce(update) }
                }
            }
        }
    }

    /// Handles an update unless its receipt says it already was, then writes the receipt.
    private func handleOnce(_ update: TelegramUpdate) async {
        let key = "update:\(update.updateID)"
        if (try? await receipts.receipt(for: key, on: .telegram)) != nil {
            router.ignoredDuplicate(nil, on: .telegram)
            return
        }
        await handle(update)
        do {
            try await receipts.record(AcknowledgementReceipt(platform: .telegram, interactionID: key, privately: false,
                                                             acknowledgedAt: clock.now()))
        } catch {
            logger.warning("could not record an update's receipt", metadata: ["update": "\(update.updateID)", "error": "\(error)"])
        }
    }

    private static func chatID(of update: TelegramUpdate) -> Int64? {
        update.message?.chat.id ?? update.callbackQuery?.message?.chat.id ?? update.myChatMember?.chat.id
    }

    private func handle(_ update: TelegramUpdate) async {
        if let message = update.message, let from = message.from, !from.isBot, let text = message.text {
            await command(text, in: message.chat, from: from, update: update.updateID)
        } else if let press = update.callbackQuery {
            await pressed(press, update: update.updateID)
        } else if let membership = update.myChatMember {
            logger.notice("the bot's membership changed", metadata: ["chat": "\(membership.chat.id)", "status": "\(membership.newChatMember.status)"])
        }
    }

    private func context(chat: TelegramChat, user: TelegramUser) async -> ChatContext {
        ChatContext(family: FamilyRef(platform: .telegram, externalID: String(chat.id)), channelID: String(chat.id),
                    user: Requester(userID: String(user.id), displayName: user.firstName),
                    isManager: await administrators.isAdministrator(user.id, of: chat))
    }

    /// A typed command, read by the web chat's parser; other text is not the bot's (privacy mode).
    private func command(_ text: String, in chat: TelegramChat, from user: TelegramUser, update: Int64) async {
        let username = state.withLock { $0.username }
        // Cleaning thins runs of combining marks and drops invisible characters, as in the web chat.
        guard let typed = TelegramCommandText.command(TextSanitizer().cleanParagraphs(text), botUsername: username) else { return }
        let responder = TelegramResponder(chat: chat.id, updateID: update, userID: String(user.id), pressed: nil, sender: sender)
        do {
            let command = try parser.parse(typed)
            await router.handle(.command(command), context: await context(chat: chat, user: user), responder: responder)
        } catch {
            await router.reject(error, responder: responder)
        }
    }

    /// A button press: answered at once (the spinner stops), then routed; the page turns in place.
    private func pressed(_ press: TelegramCallbackQuery, update: Int64) async {
        do {
            try await client.answerCallbackQuery(AnswerCallbackQueryRequest(callbackQueryID: press.id))
        } catch {
            logger.debug("could not answer a press", metadata: ["error": "\(error)"])
        }
        guard let data = press.data, let message = press.message else { return }
        let pressedMessage = TelegramSender.Posted(messageID: message.messageID, isPhoto: message.photo != nil)
        let responder = TelegramResponder(chat: message.chat.id, updateID: update, userID: String(press.from.id), pressed: pressedMessage,
                                          sender: sender)
        await router.handle(.button(id: data), context: await context(chat: message.chat, user: press.from), responder: responder)
    }
}
