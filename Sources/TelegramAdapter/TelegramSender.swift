import Logging
import StoryDomain
import TelegramBotAPI

/// Posts and edits the bot's messages. A page's picture is uploaded once: Telegram's `file_id`
/// for it is kept and sent from then on. An edit that changes nothing ("message is not
/// modified") is a success; a message that cannot become what the reply needs (a text message
/// that is now a page with a picture) is replaced by a new one.
public struct TelegramSender: Sendable {
    /// A message the bot has in a chat.
    public struct Posted: Sendable, Equatable {
        public var messageID: Int64
        public var isPhoto: Bool
    }

    let client: TelegramBotClient
    let memory: TelegramMessageMemory
    let images: @Sendable (ImageID) async throws -> StoredImage?
    let retry: TelegramRetry
    let logger: Logger

    public init(client: TelegramBotClient, memory: TelegramMessageMemory, images: @escaping @Sendable (ImageID) async throws -> StoredImage?,
                retry: TelegramRetry = TelegramRetry(), logger: Logger) {
        self.client = client
        self.memory = memory
        self.images = images
        self.retry = retry
        self.logger = logger
    }

    /// Posts `message` in `chat`.
    func post(_ message: TelegramRenderedMessage, in chat: Int64) async throws -> Posted {
        if let image = message.photo, let posted = try await postPhoto(message, image: image, in: chat) {
            if let under = message.under {
                let text = try await retry.run { () async throws(TelegramBotError) in
                    try await client.sendMessage(SendMessageRequest(chatID: chat, text: under.html))
                }
                await memory.setUnderMessage(text.messageID, of: posted.messageID, in: chat)
            }
            return posted
        }
        let sent = try await retry.run { () async throws(TelegramBotError) in
            try await client.sendMessage(SendMessageRequest(chatID: chat, text: message.text.html, replyMarkup: message.keyboard))
        }
        return Posted(messageID: sent.messageID, isPhoto: false)
    }

    /// Makes the message `current` in `chat` show `message`; returns where it is now (a new
    /// message when the old one could not be edited into it).
    func edit(_ current: Posted, to message: TelegramRenderedMessage, in chat: Int64) async throws -> Posted {
        do {
            switch (current.isPhoto, message.photo) {
            case let (true, image?):
                try await editPhoto(current.messageID, image: image, message: message, in: chat)
                try await editUnder(current.messageID, message.under, in: chat)
                return current
            case (true, nil):
                guard let page = message.pageCaption else { break }
                // Not painted yet: the photo stays, its caption and buttons change; the picture fills in later.
                try await ignoringNotModified {
                    _ = try await retry.run { () async throws(TelegramBotError) in
                        try await client.editMessageCaption(EditMessageCaptionRequest(chatID: chat, messageID: current.messageID,
                                                                                      caption: page.caption.html, replyMarkup: message.keyboard))
                    }
                }
                try await editUnder(current.messageID, page.under, in: chat)
                return current
            case (false, nil):
                try await ignoringNotModified {
                    _ = try await retry.run { () async throws(TelegramBotError) in
                        try await client.editMessageText(EditMessageTextRequest(chatID: chat, messageID: current.messageID,
                                                                                text: message.text.html, replyMarkup: message.keyboard))
                    }
                }
                return current
            default:
                break
            }
        } catch let error as TelegramBotError where error.code == 400 && (error.apiDescription?.contains("not found") ?? false) {
            logger.notice("the message to edit is gone; posting it again", metadata: ["chat": "\(chat)"])
            return try await post(message, in: chat)
        }
        // A text message cannot become a photo (nor the other way): the old one goes, a new one comes.
        try? await client.deleteMessage(DeleteMessageRequest(chatID: chat, messageID: current.messageID))
        if let under = await memory.underMessage(of: current.messageID, in: chat) {
            try? await client.deleteMessage(DeleteMessageRequest(chatID: chat, messageID: under))
            await memory.setUnderMessage(nil, of: current.messageID, in: chat)
        }
        return try await post(message, in: chat)
    }

    /// Deletes a message the bot posted (best effort).
    func delete(_ messageID: Int64, in chat: Int64) async {
        try? await client.deleteMessage(DeleteMessageRequest(chatID: chat, messageID: messageID))
    }

    /// Sends the page's photo by its `file_id` when Telegram has it, else uploads it once; nil
    /// when the picture cannot be read (the page is then sent as text).
    private func postPhoto(_ message: TelegramRenderedMessage, image: ImageID, in chat: Int64) async throws -> Posted? {
        let caption = message.text.html
        if let fileID = await memory.fileID(for: image) {
            do {
                let sent = try await retry.run { () async throws(TelegramBotError) in
                    try await client.sendPhoto(SendPhotoRequest(chatID: chat, photo: fileID, caption: caption, replyMarkup: message.keyboard))
                }
                return Posted(messageID: sent.messageID, isPhoto: true)
            } catch let error as TelegramBotError where Self.isUnknownFile(error) {
                await memory.remember(fileID: nil, for: image)
            }
        }
        guard let upload = try await upload(image) else { return nil }
        let sent = try await retry.run { () async throws(TelegramBotError) in
            try await client.sendPhoto(SendPhotoRequest(chatID: chat, photo: "", caption: caption, replyMarkup: message.keyboard), upload: upload)
        }
        await memory.remember(fileID: sent.largestPhotoFileID, for: image)
        return Posted(messageID: sent.messageID, isPhoto: true)
    }

    private func editPhoto(_ messageID: Int64, image: ImageID, message: TelegramRenderedMessage, in chat: Int64) async throws {
        let caption = message.text.html
        if let fileID = await memory.fileID(for: image) {
            do {
                try await ignoringNotModified {
                    _ = try await retry.run { () async throws(TelegramBotError) in
                        try await client.editMessageMedia(EditMessageMediaRequest(
                            chatID: chat, messageID: messageID, media: TelegramInputMediaPhoto(media: fileID, caption: caption),
                            replyMarkup: message.keyboard))
                    }
                }
                return
            } catch let error as TelegramBotError where Self.isUnknownFile(error) {
                await memory.remember(fileID: nil, for: image)
            }
        }
        guard var upload = try await upload(image) else {
            // The picture is gone from storage: the caption and buttons still change.
            return try await ignoringNotModified {
                _ = try await retry.run { () async throws(TelegramBotError) in
                    try await client.editMessageCaption(EditMessageCaptionRequest(chatID: chat, messageID: messageID, caption: caption,
                                                                                  replyMarkup: message.keyboard))
                }
            }
        }
        upload.name = "page"
        let edited = try await retry.run { [upload] () async throws(TelegramBotError) in
            try await client.editMessageMedia(EditMessageMediaRequest(
                chatID: chat, messageID: messageID, media: TelegramInputMediaPhoto(media: upload.attachReference, caption: caption),
                replyMarkup: message.keyboard), upload: upload)
        }
        await memory.remember(fileID: edited.largestPhotoFileID, for: image)
    }

    /// Keeps the text under a photo in step with its page.
    private func editUnder(_ photo: Int64, _ under: TelegramHTML.Text?, in chat: Int64) async throws {
        let existing = await memory.underMessage(of: photo, in: chat)
        switch (existing, under) {
        case let (id?, text?):
            try await ignoringNotModified {
                _ = try await retry.run { () async throws(TelegramBotError) in
                    try await client.editMessageText(EditMessageTextRequest(chatID: chat, messageID: id, text: text.html))
                }
            }
        case let (nil, text?):
            let sent = try await retry.run { () async throws(TelegramBotError) in
                try await client.sendMessage(SendMessageRequest(chatID: chat, text: text.html))
            }
            await memory.setUnderMessage(sent.messageID, of: photo, in: chat)
        case let (id?, nil):
            await delete(id, in: chat)
            await memory.setUnderMessage(nil, of: photo, in: chat)
        case (nil, nil):
            break
        }
    }

    private func upload(_ image: ImageID) async throws -> TelegramUpload? {
        guard let stored = try await images(image) else { return nil }
        let fileExtension = stored.contentType.contains("jpeg") ? "jpg" : stored.contentType.contains("webp") ? "webp" : "png"
        return TelegramUpload(name: "photo", filename: "page.\(fileExtension)", contentType: stored.contentType, data: stored.data)
    }

    private func ignoringNotModified(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as TelegramBotError where error.isNotModified {
            return
        }
    }

    private static func isUnknownFile(_ error: TelegramBotError) -> Bool {
        error.code == 400 && (error.apiDescription?.contains("file identifier") ?? false)
    }
}
