import StoryDomain

/// What the bot remembers about its Telegram messages, in the service's key-value store: the
/// `file_id` Telegram gave each uploaded picture (so a picture is uploaded once and sent again by
/// its id), and the text message under a photo whose page text did not fit its caption.
public struct TelegramMessageMemory: Sendable {
    let store: any KeyValueStore

    public init(store: any KeyValueStore) { self.store = store }

    public func fileID(for image: ImageID) async -> String? {
        let stored: String?? = try? await store.value(for: "telegram.file.\(image.rawValue)")
        return stored.flatMap { $0 }
    }

    public func remember(fileID: String?, for image: ImageID) async {
        try? await store.setValue(fileID, for: "telegram.file.\(image.rawValue)")
    }

    func underMessage(of photo: Int64, in chat: Int64) async -> Int64? {
        let stored: String?? = try? await store.value(for: "telegram.under.\(chat).\(photo)")
        return stored.flatMap { $0 }.flatMap { Int64($0) }
    }

    func setUnderMessage(_ message: Int64?, of photo: Int64, in chat: Int64) async {
        try? await store.setValue(message.map { String($0) }, for: "telegram.under.\(chat).\(photo)")
    }
}
