import DiscordModels
import Foundation
import StoryBot

/// Discord's last word on a message the bot sends: `@everyone` and `@here` never even read as a
/// mention, whatever wrote the text (a model's page, a name in a command hint). Family text is
/// already quoted inertly (``QuotedText``) and `allowed_mentions` is empty, so nothing pings; this
/// keeps a broadcast from looking like one in the channel either.
enum DiscordMentionGuard {
    static func guarded(_ text: String) -> String {
        text.replacingOccurrences(of: "@everyone", with: "@\(QuotedText.joiner)everyone")
            .replacingOccurrences(of: "@here", with: "@\(QuotedText.joiner)here")
    }

    /// The message's content, embeds and Text Displays, guarded; it pings nobody.
    static func apply(to message: inout MessagePayload) {
        message.content = message.content.map(guarded)
        message.components = message.components?.map(guarded)
        message.embeds = message.embeds?.map { embed in
            var embed = embed
            embed.title = embed.title.map(guarded)
            embed.description = embed.description.map(guarded)
            embed.footer = embed.footer.map { .init(text: guarded($0.text)) }
            return embed
        }
        message.allowedMentions = .noPings
    }

    /// A component with its Text Displays (nested ones too) guarded.
    private static func guarded(_ component: Component) -> Component {
        var component = component
        component.content = component.content.map(guarded)
        component.components = component.components?.map(guarded)
        return component
    }
}
