import DiscordModels
import DiscordREST
import Foundation
import StoryBot

extension DiscordMessageRenderer {
    static let noBookAttachNote = "📎 *I can't attach the picture book here — a server manager can let me **Attach Files** in this channel.*"
    static let noBookNote = "😔 *I couldn't make that picture book just now — please try again in a little while.*"

    /// A reply's picture book: the PDF attached where the bot may attach files, else a note
    /// saying why it is missing, after the reply's text.
    func attachBook(_ book: BookView, capabilities: Capabilities, to message: inout MessagePayload,
                    files: inout [FileUpload]) async throws {
        var note: String?
        if !capabilities.canAttachFiles {
            note = Self.noBookAttachNote
        } else if let books, let file = try await books(book) {
            files.append(FileUpload(filename: file.filename, contentType: file.contentType, data: Data(file.data),
                                    description: "Picture book: \(book.title)".fittingCodePoints(PayloadLimits.attachmentDescription)))
        } else {
            note = Self.noBookNote
        }
        if let note { message.content = Self.fit([message.content ?? "", note].filter { !$0.isEmpty }.joined(separator: "\n\n")) }
    }
}
