import HTTPTypes
import Hummingbird
import NIOCore
import StoryBot
import StoryDomain

extension WebChatServer {
    /// `/books/{story}` (PDF) and `/books/{story}/epub`: a story's picture book, for members of
    /// the room whose story it is. Drawn when asked for, so a link in the chat's history keeps
    /// working while the story exists.
    func addBookRoute(to router: Router<WebChatRequestContext>) {
        router.get("/books/{id}") { [books] _, context in
            try await Self.book(.pdf, books: books, context: context)
        }
        router.get("/books/{id}/epub") { [books] _, context in
            try await Self.book(.epub, books: books, context: context)
        }
    }

    private static func book(_ format: BookFormat, books: (@Sendable (StoryID, FamilyRef, BookFormat) async throws -> ChatFile?)?,
                             context: WebChatRequestContext) async throws -> Response {
        let raw = try context.parameters.require("id")
        guard let books, let id = StoryID(rawValue: raw) else { throw HTTPError(.notFound) }
        guard let member = context.member else {
            throw HTTPError(.unauthorized, message: "Picture books are for the room's members.")
        }
        // Another room's story, or one still being made, is simply not found.
        guard let file = try await books(id, FamilyRef(platform: Platform.web, externalID: member.room.rawValue), format) else {
            throw HTTPError(.notFound)
        }
        return Response(status: .ok, headers: [
            .contentType: file.contentType,
            .contentDisposition: "attachment; filename=\"\(file.filename)\"",
            // A finished story never changes: the browser may keep its copy for a day.
            .cacheControl: "private, max-age=86400",
        ], body: .init(byteBuffer: ByteBuffer(bytes: file.data)))
    }
}
