@testable import DiscordAdapter
import DiscordModels
import Foundation
import StoryBot
import StoryDomain
import Testing

/// On Discord nothing the bot sends pings anyone, and family text it quotes never links.
@Suite("Discord: no pings, no links from family text")
struct DiscordInertQuotingTests {
    static let theme = "[click](https://evil.example) https://evil.example @everyone <@123>"

    static func story() -> Story {
        let request = StoryRequest(theme: theme, heroName: "Mia", age: 5, pageCount: 3, seed: 1)
        return Story(id: StoryID(rawValue: "story1")!, family: FamilyRef(platform: "discord", externalID: "1"),
                     requester: Requester(userID: "2", displayName: "Anna"), request: request, createdAt: Date())
    }

    /// The `allowed_mentions` object as Discord receives it (nil when the payload has none).
    static func allowedMentions(_ value: some Encodable) throws -> Any? {
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)) as? [String: Any]
        let message = (object?["data"] as? [String: Any]) ?? object
        return message?["allowed_mentions"]
    }

    static func isEmptyParse(_ value: Any?) -> Bool {
        (value as? [String: Any])?["parse"].map { ($0 as? [Any])?.isEmpty == true } ?? false
    }

    @Test("every kind of message carries allowed_mentions with an empty parse list: channel messages, edits, follow-ups, interaction responses")
    func allowedMentionsEverywhere() async throws {
        let renderer = DiscordMessageRenderer(images: { _ in nil })
        let reply = ReplyRenderer().accepted(Self.story())
        let page = ChatReply(page: PageView(storyID: Self.story().id, title: "Owl Night", text: "The owl slept.", pageNumber: 1,
                                            pageCount: 3, imageID: nil, footer: "page 1 of 3"))
        var messages: [MessagePayload] = []
        for reply in [reply, page, ChatReply.privateNote("🗑 gone")] {
            messages.append(try await renderer.render(reply, capabilities: .all).message)
            messages.append(try await renderer.render(reply, capabilities: .init(canAttachFiles: false, canEmbedLinks: false)).message)
            messages.append(try await renderer.renderPlain(reply, capabilities: .all).message)
        }
        let audio = ChatAudio(storyID: Self.story().id, part: .page(1), data: Data([1]), duration: 1, waveform: Data([0]), filename: "a.ogg")
        messages.append(DiscordMessageRenderer.audioFile(audio, privately: true).message)
        for message in messages {
            #expect(Self.isEmptyParse(try Self.allowedMentions(message)), "\(message)")
        }
        for response in [InteractionResponse.message(messages[0]), .update(messages[0]), .deferred(ephemeral: true)] {
            #expect(Self.isEmptyParse(try Self.allowedMentions(response)))
        }
    }

    @Test("@everyone and @here never read as mentions in anything the bot sends, whatever wrote the text (a page's text, a hint)")
    func broadcastsGuarded() async throws {
        let renderer = DiscordMessageRenderer(images: { _ in nil })
        let page = ChatReply(page: PageView(storyID: Self.story().id, title: "@here", text: "Hello @everyone!", pageNumber: 1,
                                            pageCount: 3, imageID: nil, footer: "page 1 of 3"))
        let note = ChatReply.privateNote("`/story new cast:@everyone` puts them in a story")
        for reply in [page, note] {
            for capabilities in [DiscordMessageRenderer.Capabilities.all, .init(canAttachFiles: false, canEmbedLinks: false)] {
                for rendered in [try await renderer.render(reply, capabilities: capabilities),
                                 try await renderer.renderPlain(reply, capabilities: capabilities)] {
                    let embeds = (rendered.message.embeds ?? []).flatMap { [$0.title, $0.description, $0.footer?.text] }.compactMap { $0 }
                    for text in [rendered.message.content ?? ""] + embeds {
                        #expect(!text.contains("@everyone") && !text.contains("@here"), "\(text)")
                    }
                }
            }
        }
    }

    @Test("a theme with a masked link, a bare URL, @everyone and a user mention comes out inert in what Discord receives")
    func inertTheme() async throws {
        let renderer = DiscordMessageRenderer(images: { _ in nil })
        let replies = ReplyRenderer()
        for reply in [replies.accepted(Self.story()), replies.progress(.writing, story: Self.story()), replies.progress(.ready, story: Self.story())] {
            for rendered in [try await renderer.render(reply, capabilities: .all), try await renderer.renderPlain(reply, capabilities: .all)] {
                let content = try #require(rendered.message.content)
                #expect(content.contains("evil.example"))
                for live in ["://", "](", "@everyone", "<@"] {
                    #expect(!content.contains(live), "\(live) would link or mention in: \(content)")
                }
            }
        }
    }
}
