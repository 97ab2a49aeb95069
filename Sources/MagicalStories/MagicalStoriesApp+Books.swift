import PictureBook
import StoryBot
import StoryDomain

extension MagicalStoriesApp {
    /// A family's finished story as a PDF or EPUB file for the chat platforms; nil when the story
    /// is not the family's or is still being made, or when an EPUB would be over the upload limit
    /// every platform shares (the PDF keeps itself under it by drawing pictures smaller).
    static func bookFiles(_ maker: StoryBookMaker) -> @Sendable (StoryID, FamilyRef, BookFormat) async throws -> ChatFile? {
        { id, family, format in
            switch format {
            case .pdf:
                guard let book = try await maker.book(id, family: family) else { return nil }
                return ChatFile(filename: BookView.filename(forTitle: book.title), contentType: format.contentType, data: [UInt8](book.pdf))
            case .epub:
                guard let epub = try await maker.epub(id, family: family) else { return nil }
                return ChatFile(filename: BookView.filename(forTitle: epub.title, extension: format.fileExtension),
                                contentType: format.contentType, data: [UInt8](epub.data))
            }
        }
    }
}
