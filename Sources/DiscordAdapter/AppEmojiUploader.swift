import DiscordModels
import DiscordREST
import Foundation
import Logging

/// Uploads the bot's own emojis (the page buttons and Growth Collection badges) as application
/// emojis once: at start it lists the application's emojis and uploads only those missing by
/// name, so every start after the first sends no upload. Within Discord's 2,000 per application;
/// a failed upload leaves that button with its Unicode emoji.
public struct AppEmojiUploader: Sendable {
    /// One picture to upload: its emoji name, the Unicode emoji it stands for, and its PNG.
    public struct Art: Sendable, Equatable {
        public var name: String
        public var unicode: String
        public var png: Data

        public init(name: String, unicode: String, png: Data) {
            self.name = name
            self.unicode = unicode
            self.png = png
        }
    }

    private let rest: DiscordRESTClient
    private let book: AppEmojiBook
    private let art: [Art]
    private let logger: Logger

    public init(rest: DiscordRESTClient, book: AppEmojiBook, art: [Art], logger: Logger) {
        self.rest = rest
        self.book = book
        self.art = art
        self.logger = logger
    }

    /// Lists, uploads what is missing, and teaches the book. Returns how many were uploaded.
    /// Never throws: a failure is logged and the buttons keep their Unicode emojis.
    @discardableResult
    public func upload(applicationID: Snowflake) async -> Int {
        guard !art.isEmpty else { return 0 }
        let existing: [ApplicationEmoji]
        do {
            existing = try await rest.applicationEmojis(applicationID: applicationID)
        } catch {
            logger.warning("could not list the app's emojis; buttons keep their Unicode emojis", metadata: ["error": "\(error)"])
            return 0
        }
        var count = existing.count
        var uploaded = 0
        for picture in art {
            if let known = existing.first(where: { $0.name == picture.name }) {
                book.learn(known, standingFor: picture.unicode)
                continue
            }
            guard ApplicationEmoji.isValidName(picture.name), picture.png.count <= ApplicationEmoji.maxImageBytes else {
                logger.warning("an app emoji does not fit Discord's rules; not uploaded", metadata: ["emoji": "\(picture.name)"])
                continue
            }
            guard count < ApplicationEmoji.maxPerApplication else {
                logger.warning("the app has 2,000 emojis already; not uploaded", metadata: ["emoji": "\(picture.name)"])
                break
            }
            do {
                let created = try await rest.createApplicationEmoji(applicationID: applicationID, name: picture.name, png: picture.png)
                book.learn(created, standingFor: picture.unicode)
                count += 1
                uploaded += 1
            } catch {
                logger.warning("an app emoji was not uploaded; its button keeps the Unicode emoji",
                               metadata: ["emoji": "\(picture.name)", "error": "\(error)"])
            }
        }
        if uploaded > 0 { logger.info("app emojis uploaded", metadata: ["count": "\(uploaded)"]) }
        return uploaded
    }
}
