import Foundation
import ProviderFakes

/// What the simulated Bot API remembers: updates waiting, chats and their messages, uploaded
/// files, the calls made, and the failures a test asked for.
actor TelegramSimulatorState {
    var calls: [TelegramSimulatorCall] = []
    var updates: [FakeJSON] = []
    /// Every update ever made, by id (for a redelivery).
    var history: [Int64: FakeJSON] = [:]
    var nextUpdateID: Int64 = 1
    /// Updates below this were confirmed by an offset and are gone.
    var confirmedBelow: Int64 = 0
    var messages: [Int64: [Int64: TelegramSimulatorMessage]] = [:]
    var nextMessageID: [Int64: Int64] = [:]
    var chatTypes: [Int64: String] = [:]
    /// People who opened a private chat with the bot (sent it something there): a bot cannot write first.
    var started: Set<Int64> = []
    var administrators: [Int64: [FakeJSON]] = [:]
    var files: [String: Data] = [:]
    var uploadCount = 0
    var nextFileNumber = 1
    var commands: FakeJSON?
    /// Failures to answer, per method, each `(code, description, retry_after)`, taken first in first out.
    var failures: [String: [(Int, String, Int?)]] = [:]
    /// The long poll running now: a newer one ends it with 409, as Telegram does.
    var currentPoll = 0
    var pollsStarted = 0

    func record(_ call: TelegramSimulatorCall) { calls.append(call) }

    func setLastErrorCode(_ code: Int?) {
        guard !calls.isEmpty else { return }
        calls[calls.count - 1].errorCode = code
    }

    func fail(_ method: String, code: Int, description: String, retryAfter: Int?, times: Int) {
        failures[method, default: []] += Array(repeating: (code, description, retryAfter), count: times)
    }

    func takeFailure(_ method: String) -> (Int, String, Int?)? {
        guard var queue = failures[method], !queue.isEmpty else { return nil }
        let first = queue.removeFirst()
        failures[method] = queue
        return first
    }

    func addUpdate(_ body: [String: FakeJSON]) -> Int64 {
        let id = nextUpdateID
        nextUpdateID += 1
        var update = body
        update["update_id"] = .number(Double(id))
        updates.append(.object(update))
        history[id] = .object(update)
        return id
    }

    /// Sends an update again, as Telegram does when no poll confirmed it.
    func redeliver(_ id: Int64) {
        guard let update = history[id] else { return }
        updates.append(update)
        updates.sort { ($0["update_id"]?.int ?? 0) < ($1["update_id"]?.int ?? 0) }
    }

    func startPoll() -> Int {
        pollsStarted += 1
        currentPoll = pollsStarted
        return pollsStarted
    }

    func isCurrentPoll(_ poll: Int) -> Bool { currentPoll == poll }

    /// Confirms updates below `offset` and returns those waiting, of the kinds allowed.
    func pending(offset: Int64?, allowed: [String]?, limit: Int) -> [FakeJSON] {
        if let offset, offset > confirmedBelow {
            confirmedBelow = offset
            updates.removeAll { ($0["update_id"]?.int).map { Int64($0) < offset } ?? true }
        }
        let kinds = allowed.flatMap { $0.isEmpty ? nil : Set($0) }
        return Array(updates.filter { update in
            guard let kinds else { return true }
            return update.object?.keys.contains { kinds.contains($0) } ?? false
        }.prefix(limit))
    }

    func chatType(_ chatID: Int64) -> String { chatTypes[chatID] ?? (chatID > 0 ? "private" : "supergroup") }

    func store(_ message: TelegramSimulatorMessage) -> TelegramSimulatorMessage {
        var message = message
        if message.id == 0 {
            let id = nextMessageID[message.chatID, default: 1]
            nextMessageID[message.chatID] = id + 1
            message.id = id
        }
        messages[message.chatID, default: [:]][message.id] = message
        return message
    }

    func message(_ id: Int64, in chatID: Int64) -> TelegramSimulatorMessage? { messages[chatID]?[id] }

    func remove(_ id: Int64, in chatID: Int64) -> Bool { messages[chatID]?.removeValue(forKey: id) != nil }

    /// Keeps an uploaded picture and names it with a new `file_id`.
    func keepUpload(_ data: Data) -> String {
        uploadCount += 1
        let id = "AgAC-sim-\(nextFileNumber)"
        nextFileNumber += 1
        files[id] = data
        return id
    }

    func hasFile(_ id: String) -> Bool { files[id] != nil }

    func setCommands(_ value: FakeJSON?) { commands = value }

    func setAdministrators(_ members: [FakeJSON], of chatID: Int64) { administrators[chatID] = members }

    func setChatType(_ type: String, of chatID: Int64) { chatTypes[chatID] = type }

    func markStarted(_ chatID: Int64) { started.insert(chatID) }

    /// Whether the bot may send to `chatID`: a private chat only once its person wrote to the bot.
    func maySend(to chatID: Int64) -> Bool { chatType(chatID) != "private" || started.contains(chatID) }
}
