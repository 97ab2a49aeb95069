import Foundation

/// A `multipart/form-data` body the way the Bot API reads one: each top-level parameter a field
/// (strings as they are, numbers and objects as JSON text), then the uploads as file parts.
struct TelegramMultipartBody {
    let boundary: String

    init(boundary: String = "TelegramBoundary" + String(UInt64.random(in: 0...UInt64.max), radix: 16)) {
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body: `parameters` (a JSON object) as fields, then `uploads`.
    func encode(parameters: Data, uploads: [TelegramUpload]) throws -> Data {
        var body = Data()
        let fields = (try JSONSerialization.jsonObject(with: parameters) as? [String: Any]) ?? [:]
        for key in fields.keys.sorted() {
            guard let value = fields[key] else { continue }
            let text: String
            if let string = value as? String {
                text = string
            } else if value is NSNull {
                continue
            } else if JSONSerialization.isValidJSONObject(value) {
                text = String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
            } else {
                // Numbers and booleans: their JSON text (`123`, `true`).
                text = String(decoding: try JSONSerialization.data(withJSONObject: [value], options: []), as: UTF8.self)
                    .dropFirst().dropLast().description
            }
            body.append(part(name: key, filename: nil, contentType: nil))
            body.append(Data(text.utf8))
            body.append(Data("\r\n".utf8))
        }
        for upload in uploads {
            body.append(part(name: upload.name, filename: upload.filename, contentType: upload.contentType))
            body.append(upload.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    private func part(name: String, filename: String?, contentType: String?) -> Data {
        var header = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.safe(name))\""
        if let filename { header += "; filename=\"\(Self.safe(filename))\"" }
        header += "\r\n"
        if let contentType { header += "Content-Type: \(Self.safe(contentType))\r\n" }
        return Data((header + "\r\n").utf8)
    }

    /// No quotes or line breaks inside a header value.
    private static func safe(_ value: String) -> String {
        String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\"" })
    }
}
