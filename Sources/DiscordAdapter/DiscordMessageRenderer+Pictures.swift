import DiscordModels
import DiscordREST
import Foundation
import StoryBot
import StoryDomain

extension DiscordMessageRenderer {
    /// A reply's pictures (cast portraits): each an embed titled with its caption showing its
    /// attached file, where the bot may attach files and embed links; else left out with the note
    /// managers need.
    func attachPictures(_ pictures: [ChatPicture], capabilities: Capabilities, to message: inout MessagePayload,
                        files: inout [FileUpload]) async throws {
        guard !pictures.isEmpty else { return }
        guard capabilities.canAttachFiles, capabilities.canEmbedLinks else {
            message.content = Self.fit([message.content ?? "", Self.noPicturesNote].filter { !$0.isEmpty }.joined(separator: "\n\n"))
            return
        }
        var embeds: [Embed] = []
        for (index, picture) in pictures.prefix(min(PayloadLimits.embeds, PayloadLimits.attachments)).enumerated() {
            guard let image = try await shown(picture.imageID) else { continue }
            let filename = "portrait-\(index + 1).\(Self.fileExtension(of: image))"
            files.append(FileUpload(filename: filename, contentType: image.contentType, data: image.data,
                                    description: "Portrait of \(picture.caption)".fittingCodePoints(PayloadLimits.attachmentDescription)))
            embeds.append(Embed(title: picture.caption.fittingCodePoints(PayloadLimits.embedTitle), color: Self.storyColor,
                                image: .init(url: "attachment://\(filename)")))
        }
        message.embeds = embeds
    }

    /// `rendered` as the update of a message that holds `held`: an upload the message already
    /// holds — same name (the page's number and format) and size (pictures are encoded
    /// deterministically) — is kept by its attachment id instead of uploaded again, e.g. when two
    /// people press ▶ together and the second press shows the page the first one did.
    static func keepingHeldPictures(_ rendered: Rendered, held: [Interaction.PartialMessage.Attachment]) -> Rendered {
        guard !held.isEmpty, var kept = rendered.message.attachments else { return rendered }
        var result = rendered
        result.files = rendered.files.filter { file in
            guard let match = held.first(where: { $0.filename == file.filename && $0.size == file.data.count }) else { return true }
            kept.append(AttachmentReference(id: match.id))
            return false
        }
        result.message.attachments = kept
        return result
    }
}
