import AsyncHTTPClient
import DiscordModels
import Foundation
import NIOCore

/// An encoded request body and its content type.
struct RequestBody: Sendable {
    let contentType: String
    let chunks: [BodyChunk]

    /// The body's length in bytes.
    var length: Int { chunks.reduce(0) { $0 + $1.count } }

    /// The value as `application/json`.
    static func json(_ value: some Encodable) throws -> RequestBody {
        RequestBody(contentType: "application/json", chunks: [.buffer(ByteBuffer(bytes: try DiscordJSON.encoder().encode(value)))])
    }

    /// JSON without files; otherwise multipart with `payload_json` and one `files[n]` part per file.
    static func upload(_ payload: some Encodable, files: [FileUpload]) throws -> RequestBody {
        guard !files.isEmpty else { return try json(payload) }
        var form = MultipartForm()
        form.append(name: "payload_json", contentType: "application/json", data: try DiscordJSON.encoder().encode(payload))
        for (index, file) in files.enumerated() {
            form.append(name: "files[\(index)]", filename: file.filename, contentType: file.contentType, data: file.data)
        }
        return RequestBody(contentType: form.contentType, chunks: form.finished())
    }

    /// The body for one attempt of the request (each attempt writes it anew).
    var httpBody: HTTPClientRequest.Body {
        if chunks.count == 1, case let .buffer(buffer) = chunks[0] { return .bytes(buffer) }
        return .stream(BodyChunkSequence(chunks: chunks), length: .known(Int64(length)))
    }
}
