import StoryDomain

/// How a Telegram message is named in a `DeliveryAddress`: the chat id as the channel, the
/// message id, and whether it is a photo (extras `tg.photo`).
enum TelegramDeliveryAddress {
    static let photoKey = "tg.photo"

    static func make(chat: Int64, posted: TelegramSender.Posted?, userID: String? = nil, requestID: String? = nil) -> DeliveryAddress {
        DeliveryAddress(platform: .telegram, channelID: String(chat), messageID: posted.map { String($0.messageID) }, userID: userID,
                        extras: posted.map { [photoKey: $0.isPhoto ? "1" : "0"] }, requestID: requestID)
    }

    static func posted(at address: DeliveryAddress) -> TelegramSender.Posted? {
        guard let id = address.messageID.flatMap({ Int64($0) }) else { return nil }
        return TelegramSender.Posted(messageID: id, isPhoto: address.extras?[photoKey] == "1")
    }
}
