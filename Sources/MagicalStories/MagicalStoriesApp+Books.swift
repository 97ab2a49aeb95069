import PictureBook
import StoryBot
import StoryDomain

extension MagicalStoriesApp {
    /// A family's finished story as a PDF file for the chat platforms; nil when the story is not
    /// the family's or is still being made.
    static func bookFiles(_ maker: StoryBookMaker) -> @Sendable (StoryID, FamilyRef) async throws -> ChatFile? {
        { id, family in
            guard let book = try await maker.book(id, family: family) else { return nil }
            return ChatFile(filename: BookView.filename(forTitle: book.title), contentType: "application/pdf", data: [UInt8](book.pdf))
        }
    }
}
