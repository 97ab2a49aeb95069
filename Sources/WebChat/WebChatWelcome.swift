import Foundation
import StoryBot
import StoryDomain

/// What a member's first visit to the room brings: a private welcome by role with one first
/// step (a `ui:` button the page handles itself), and a public "Mia joined" for the others.
enum WebChatWelcome {
    /// The first step's button: the page opens its new-story form.
    static let newStoryButton = PageAction.newStory.rawValue

    /// The private welcome, sent right after the history.
    static func message(for identity: WebChatIdentity, id: String = UUID().uuidString.lowercased(), at date: Date) -> WebChatMessage {
        let text = switch identity.role {
        case .grownUp:
            """
            👋 Welcome to **\(identity.roomName)**, \(identity.name)! As a grown-up you can make a bedtime story, invite the \
            family (`/family invite child`) and set the parental controls (`/settings show`).
            """
        case .child:
            """
            👋 Hello \(identity.name), welcome to **\(identity.roomName)**! You can ask for a story, turn its pages with ◀ and ▶, \
            and press 🔊 to listen to it.
            """
        }
        var message = WebChatMessage(id: id, reply: .privateNote(text), createdAt: date)
        let label = identity.role == .grownUp ? "✨ Make a story" : "✨ Ask for a story"
        message.buttons = [[WebChatMessage.Button(id: newStoryButton, label: label, style: ChatButton.Style.primary.rawValue, disabled: false)]]
        return message
    }

    /// What the others in the room see (kept in the history like any bot message).
    static func joined(_ identity: WebChatIdentity, id: String = UUID().uuidString.lowercased(), at date: Date) -> WebChatMessage {
        WebChatMessage(id: id, reply: ChatReply(text: "👋 \(identity.name) joined."), createdAt: date)
    }
}
