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
            guard let stored = try await images(picture.imageID) else { continue }
            let image = shown(stored)
            let filename = "portrait-\(index + 1).\(Self.fileExtension(of: image))"
            files.append(FileUpload(filename: filename, contentType: image.contentType, data: image.data,
                                    description: "Portrait of \(picture.caption)".fittingCodePoints(PayloadLimits.attachmentDescription)))
            embeds.append(Embed(title: picture.caption.fittingCodePoints(PayloadLimits.embedTitle), color: Self.storyColor,
                                image: .init(url: "attachment://\(filename)")))
        }
        message.embeds = embeds
    }
}
