import DiscordModels
import Synchronization

/// The application emojis the bot may show (uploaded at start by ``AppEmojiUploader``), by the
/// Unicode emoji each stands for. A button whose label is, or starts with, one of those shows
/// the application emoji instead (`emoji: {id, name}`); until an upload succeeded, or when it
/// failed, buttons keep their Unicode emoji as today.
public final class AppEmojiBook: Sendable {
    private let emojis = Mutex<[String: PartialEmoji]>([:])

    public init() {}

    /// Shows `emoji` wherever `unicode` starts a button's label.
    public func learn(_ emoji: ApplicationEmoji, standingFor unicode: String) {
        emojis.withLock { $0[unicode] = PartialEmoji(id: emoji.id, name: emoji.name, animated: emoji.animated == true ? true : nil) }
    }

    /// The application emoji standing for `unicode`, if uploaded.
    public func emoji(for unicode: String) -> PartialEmoji? { emojis.withLock { $0[unicode] } }

    /// Every button in `message` (at any depth) whose label starts with a known Unicode emoji
    /// gets the application emoji; the emoji leaves the label (a label of only the emoji is dropped).
    public func decorate(_ message: inout MessagePayload) {
        let known = emojis.withLock { $0 }
        guard !known.isEmpty, let components = message.components else { return }
        message.components = components.map { Self.decorate($0, with: known) }
    }

    static func decorate(_ component: Component, with known: [String: PartialEmoji]) -> Component {
        var component = component
        component.components = component.components?.map { decorate($0, with: known) }
        // Buttons that send interactions (styles 1–4); link and premium buttons stay as they are.
        guard component.type == 2, (1...4).contains(component.style ?? 0), component.emoji == nil,
              let label = component.label else { return component }
        for (unicode, emoji) in known where label.hasPrefix(unicode) {
            let rest = label.dropFirst(unicode.count).trimmingPrefix(" ")
            component.emoji = emoji
            component.label = rest.isEmpty ? nil : String(rest)
            break
        }
        return component
    }
}
