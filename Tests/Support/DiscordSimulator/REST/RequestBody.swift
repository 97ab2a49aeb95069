import DiscordModels
import Foundation
import NIOCore

/// A file uploaded as a `files[n]` part.
struct UploadedFile: Sendable {
    /// The `n` of `files[n]`: what `attachments[].id` refers to.
    let index: Int
    let filename: String
    let contentType: String
    let data: Data
}

/// A JSON or `multipart/form-data` request body: the decoded payload plus any uploaded files.
struct RequestBody<Payload: Decodable & Sendable>: Sendable {
    var payload: Payload
    var files: [UploadedFile]

    init(contentType: String?, body: ByteBuffer) throws(DiscordAPIError) {
        let mediaType = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        switch mediaType {
        case "application/json":
            payload = try Self.decode(Data(body.readableBytesView))
            files = []
        case "multipart/form-data":
            guard let contentType, let boundary = MultipartFormData.boundary(fromContentType: contentType),
                  let form = MultipartFormData(body: Array(body.readableBytesView), boundary: boundary)
            else {
                throw .invalidFormBody(at: [], code: "MULTIPART_INVALID", message: "Malformed multipart body.")
            }
            let json = form.parts.first { $0.name == "payload_json" }.map { Data($0.body) } ?? Data("{}".utf8)
            payload = try Self.decode(json)
            var files: [UploadedFile] = []
            for part in form.parts {
                if let file = try Self.file(part) { files.append(file) }
            }
            self.files = files
        default:
            throw .invalidFormBody(
                at: [], code: "CONTENT_TYPE_INVALID",
                message: "Expected \"Content-Type\" header to be one of {'application/json', 'multipart/form-data'}.")
        }
    }

    private static func file(_ part: MultipartFormData.Part) throws(DiscordAPIError) -> UploadedFile? {
        guard let filename = part.filename else { return nil }
        guard part.name.hasPrefix("files["), part.name.hasSuffix("]"),
              let index = Int(part.name.dropFirst("files[".count).dropLast())
        else {
            throw .invalidFormBody(at: [part.name], code: "BASE_TYPE_INVALID", message: "Files must be sent as files[n].")
        }
        return UploadedFile(index: index, filename: filename, contentType: part.contentType ?? "application/octet-stream",
                            data: Data(part.body))
    }

    /// Decodes JSON, reporting problems as Discord does: 50109 for broken JSON, 50035 with the path otherwise.
    private static func decode(_ data: Data) throws(DiscordAPIError) -> Payload {
        do {
            return try DiscordJSON.decoder().decode(Payload.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw .invalidFormBody(at: path(context.codingPath + [key]), code: "BASE_TYPE_REQUIRED",
                                   message: "This field is required")
        } catch let DecodingError.valueNotFound(_, context) {
            throw .invalidFormBody(at: path(context.codingPath), code: "BASE_TYPE_REQUIRED", message: "This field is required")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .invalidFormBody(at: path(context.codingPath), code: "BASE_TYPE_INVALID", message: "Value is not valid.")
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw .invalidFormBody(at: path(context.codingPath), code: "BASE_TYPE_CHOICES", message: "Value is not valid.")
        } catch {
            throw .invalidJSON
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> [String] {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }
}
