import DiscordAdapter
import Logging
import StoryProviders

extension MagicalStoriesApp {
    /// The app emojis (page buttons, Growth Collection badges), drawn here by the offline
    /// illustrator's Cairo code and uploaded once at start into the renderer's emoji book.
    static func appEmojiUploader(_ discord: DiscordParts, logger: Logger) -> AppEmojiUploader? {
        guard let book = discord.renderer.emojis else { return nil }
        let art = AppEmojiPainter.paintAll().map { AppEmojiUploader.Art(name: $0.name, unicode: $0.unicode, png: $0.png) }
        return AppEmojiUploader(rest: discord.rest, book: book, art: art, logger: logger.labeled("discord.emojis"))
    }
}
