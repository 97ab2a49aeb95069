import DiscordModels
import Foundation
import NIOCore

/// An encoded request body and its content type.
struct RequestBody: Sendable {
    let contentType: String
    let bytes: ByteBuffer

    /// The value as `application/json`.
    static func json(_ value: some Encodable) throws -> RequestBody {
        RequestBody(contentType: "application/json", bytes: ByteBuffer(bytes: try DiscordJSON.encoder().encode(value)))
    }

    /// JSON without files; otherwise multipart with `payload_json` and one `files[n]` part per file.
    static func upload(_ payload: some Encodable, files: [FileUpload]) throws -> RequestBody {
        guard !files.isEmpty else { return try json(payload) }
        let json = try DiscordJSON.encoder().encode(payload)
        var form = MultipartForm(capacity: json.count + files.reduce(1_024) { $0 + $1.data.count + 256 })
        form.append(name: "payload_json", contentType: "application/json", bytes: json)
        for (index, file) in files.enumerated() {
            form.append(name: "files[\(index)]", filename: file.filename, contentType: file.contentType, bytes: file.data)
        }
        return RequestBody(contentType: form.contentType, bytes: form.finish())
    }
}
