@testable import DiscordAdapter
import DiscordModels
import DiscordREST
import Foundation
import Logging
import StoryBot
import StoryDomain
import Synchronization
import Testing
import Textify

@Suite("Discord: pictures drawn as text art where they cannot be shown")
struct DiscordTextArtTests {
    /// The real Textify engine on a drawn 768×512 picture (a dark disk on light paper), standing
    /// in for the decoders; records what it was asked.
    final class DrawnArtist: PictureTextArtist {
        let requests = Mutex<[(columns: Int, maxCodePoints: Int)]>([])
        static let picture = GrayImage(width: 768, height: 512) { x, y in
            let dx = Double(x - 384), dy = Double(y - 256)
            return dx * dx + dy * dy < 180 * 180 ? 0.1 : 0.9
        }!

        func textArt(of image: StoredImage, options: TextArtOptions, maxCodePoints: Int) -> TextifiedImage? {
            requests.withLock { $0.append((options.columns, maxCodePoints)) }
            return Textifier(options: options).render(Self.picture, fitting: maxCodePoints)
        }
    }

    static let imageID = DiscordMessageRendererTests.imageID
    static let picture = DiscordMessageRendererTests.picture

    static func renderer(_ artist: DrawnArtist?) -> DiscordMessageRenderer {
        DiscordMessageRenderer(images: { $0 == imageID ? picture : nil }, textArtist: artist)
    }

    static func page(text: String = "The owl slept.", asText: Bool) -> ChatReply {
        let view = PageView(storyID: DiscordMessageRendererTests.storyID, title: "Owl Night", text: text, pageNumber: 1, pageCount: 3,
                            imageID: imageID, footer: "page 1 of 3", showsPictureAsText: asText)
        return ChatReply(page: view, buttons: [[ChatButton(.page(DiscordMessageRendererTests.storyID, 2), label: "▶")]])
    }

    /// The code block in a message's content, as lines.
    static func art(in content: String?) throws -> [Substring] {
        let content = try #require(content)
        let start = try #require(content.range(of: "```\n"))
        let end = try #require(content.range(of: "\n```", range: start.upperBound..<content.endIndex))
        return content[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test("illustrations:text: the page's own picture as text art above the embed, a phone's width, nothing attached")
    func familyChoseTextArt() async throws {
        let artist = DrawnArtist()
        let rendered = try await Self.renderer(artist).render(Self.page(asText: true), capabilities: .all)
        #expect(rendered.files.isEmpty)
        #expect(rendered.message.embeds?.only?.image == nil)
        #expect(rendered.message.embeds?.only?.description == "The owl slept.")
        let lines = try Self.art(in: rendered.message.content)
        #expect(lines.count == 13 && lines.allSatisfy { $0.count == TextArtLayout.phoneColumns })
        // A line drawing, the same on Discord's dark and light themes: the disk's outline is
        // drawn; the paper and the disk's middle stay empty.
        let blank: Character = "\u{2800}"
        #expect(lines[0].allSatisfy { $0 == blank })
        #expect(lines[6].dropFirst(17).prefix(6).allSatisfy { $0 == blank })
        #expect(lines[6].prefix(14).contains { $0 != blank } && lines[6].dropFirst(26).contains { $0 != blank })
        #expect(rendered.message.content?.contains(DiscordMessageRenderer.noPicturesNote) == false)
        #expect(throws: Never.self) { try rendered.message.validate() }
    }

    /// Draws as ``DrawnArtist`` does and notes the type of each picture it was given.
    final class TypeNotingArtist: PictureTextArtist {
        let types = Mutex<[String]>([])

        func textArt(of image: StoredImage, options: TextArtOptions, maxCodePoints: Int) -> TextifiedImage? {
            types.withLock { $0.append(image.contentType) }
            return DrawnArtist().textArt(of: image, options: options, maxCodePoints: maxCodePoints)
        }
    }

    @Test("text art is drawn from the stored picture (lossless), never the WebP sent to chats, even when the page carries it")
    func drawnFromStoredPicture() async throws {
        let artist = TypeNotingArtist()
        let renderer = DiscordMessageRenderer(images: { $0 == Self.imageID ? Self.picture : nil }, textArtist: artist,
                                              chatPictures: DiscordMessageRendererTests.tinyWebP)
        var reply = Self.page(asText: true)
        reply.page?.picture = DiscordMessageRendererTests.tinyWebP(Self.imageID)
        let chosen = try await renderer.render(reply, capabilities: .all)
        let denied = try await renderer.render(Self.page(asText: false), capabilities: .init(canAttachFiles: false, canEmbedLinks: false))
        #expect(chosen.files.isEmpty && denied.files.isEmpty)
        #expect(artist.types.withLock { $0 } == ["image/png", "image/png"])
    }

    @Test("without Attach Files: text art instead of nothing, with the note for managers, within 2,000 code points")
    func noAttachFiles() async throws {
        let rendered = try await Self.renderer(DrawnArtist()).render(Self.page(asText: false),
                                                                     capabilities: .init(canAttachFiles: false, canEmbedLinks: true))
        #expect(rendered.files.isEmpty)
        let content = try #require(rendered.message.content)
        #expect(try Self.art(in: content).count == 13)
        #expect(content.hasSuffix(DiscordMessageRenderer.noPicturesNote))
        #expect(content.codePointCount <= PayloadLimits.content)
    }

    @Test("text only (after 50013), even beside a long page: the art shrinks to fit and the page's text stays whole")
    func textOnlyFits() async throws {
        let artist = DrawnArtist()
        let long = String(repeating: "The sleepy owl counted the stars. ", count: 45)
        for asText in [true, false] {
            let rendered = try await Self.renderer(artist).render(Self.page(text: long, asText: asText), capabilities: .textOnly)
            let content = try #require(rendered.message.content)
            #expect(content.codePointCount <= PayloadLimits.content)
            #expect(content.hasPrefix("**Owl Night**\n```\n"))
            #expect(content.contains(long + "\n\n*page 1 of 3*"), "the page's text is not cut")
            let lines = try Self.art(in: content)
            #expect(lines.count >= 3 && lines[0].count < TextArtLayout.phoneColumns)
            #expect(rendered.files.isEmpty)
        }
    }

    @Test("the fallback sender's text-only path after 50013 carries the text art")
    func fallbackAfterMissingPermissions() async throws {
        let sender = DiscordFallbackSender(renderer: Self.renderer(DrawnArtist()),
                                           logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let write = DiscordFallbackSenderTests.ScriptedWrite([DiscordFallbackSenderTests.http(403, 50013)])
        let result = try await sender.send(Self.page(asText: false), capabilities: .all) { try write($0) }
        guard case .sent = result else { Issue.record("not sent: \(result)"); return }
        let attempts = write.attempts
        #expect(attempts.count == 2)
        #expect(attempts[0].files.count == 1, "first with the picture attached")
        #expect(attempts[1].files.isEmpty && attempts[1].message.embeds?.isEmpty == true)
        #expect(try Self.art(in: attempts[1].message.content).count == 13)
    }

    @Test("no artist, or a picture it cannot read: the page as before, never an empty code block")
    func withoutArt() async throws {
        let rendered = try await Self.renderer(nil).render(Self.page(asText: true), capabilities: .all)
        #expect(rendered.files.isEmpty && rendered.message.content == "")
        let plain = try await Self.renderer(nil).render(Self.page(asText: false), capabilities: .textOnly)
        #expect(plain.message.content?.contains("```") == false)
        #expect(plain.message.content?.contains(DiscordMessageRenderer.noPicturesNote) == true)
    }
}
