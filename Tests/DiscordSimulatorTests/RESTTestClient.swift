import AsyncHTTPClient
import DiscordModels
import Foundation
import NIOCore
import NIOHTTP1

/// A REST response as a test sees it.
struct RESTResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: Data

    /// The Discord error body, when there is one.
    var error: DiscordErrorBody? { try? JSONDecoder().decode(DiscordErrorBody.self, from: body) }
}

/// A file for a multipart request.
struct TestFile: Sendable {
    var filename: String
    var contentType = "image/png"
    var data: Data
}

/// Sends JSON and multipart requests to the simulator with AsyncHTTPClient.
struct RESTTestClient {
    let baseURL: String
    var token: String? = "simulated-token"

    func send(_ method: HTTPMethod, _ path: String, json: String? = nil) async throws -> RESTResponse {
        try await send(method, path, contentType: json == nil ? nil : "application/json", body: json.map { Data($0.utf8) })
    }

    /// A `multipart/form-data` request with `payload_json` and `files[n]` parts.
    func send(_ method: HTTPMethod, _ path: String, payloadJSON: String, files: [TestFile]) async throws -> RESTResponse {
        let boundary = "simulator-test-boundary"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n\(payloadJSON)\r\n".utf8)
        for (index, file) in files.enumerated() {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"files[\(index)]\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.contentType)\r\n\r\n".utf8)
            body += file.data + Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return try await send(method, path, contentType: "multipart/form-data; boundary=\(boundary)", body: body)
    }

    private func send(_ method: HTTPMethod, _ path: String, contentType: String?, body: Data?) async throws -> RESTResponse {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bot \(token)") }
        if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 24)
        return RESTResponse(status: Int(response.status.code), headers: response.headers, body: Data(bytes.readableBytesView))
    }
}
