import Foundation
import ProviderFakes

/// One Bot API call the bot made, as the simulator read it.
public struct TelegramSimulatorCall: Sendable {
    public var method: String
    /// The parameters, JSON or multipart fields alike (JSON-valued fields parsed).
    public var parameters: FakeJSON
    /// Files sent with the call, by field name.
    public var uploads: [String: Data]
    /// When it arrived.
    public var at: ContinuousClock.Instant
    /// The simulator's answer's `error_code`, nil when it succeeded.
    public var errorCode: Int?
}

/// A message in a simulated chat.
public struct TelegramSimulatorMessage: Sendable {
    public var id: Int64
    public var chatID: Int64
    public var text: String?
    public var caption: String?
    /// The photo's `file_id` (nil for a text message).
    public var photoFileID: String?
    public var replyMarkup: FakeJSON?
    public var fromBot: Bool

    /// The message as the Bot API shows it.
    func json(chatType: String) -> FakeJSON {
        var object: [String: FakeJSON] = [
            "message_id": .number(Double(id)),
            "date": 1_700_000_000,
            "chat": ["id": .number(Double(chatID)), "type": .string(chatType)],
        ]
        if fromBot { object["from"] = ["id": .number(Double(TelegramSimulator.botUserID)), "is_bot": true, "first_name": "Magical Stories"] }
        if let text { object["text"] = .string(text) }
        if let caption { object["caption"] = .string(caption) }
        if let photoFileID {
            object["photo"] = [["file_id": .string(photoFileID + "-small"), "file_unique_id": .string(photoFileID + "u-s"), "width": 90, "height": 90],
                               ["file_id": .string(photoFileID), "file_unique_id": .string(photoFileID + "u"), "width": 512, "height": 512]]
        }
        if let replyMarkup { object["reply_markup"] = replyMarkup }
        return .object(object)
    }
}
