import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Plain HTTP for tests (status, body, headers with lower-cased names), through AsyncHTTPClient:
/// no cookie jar, so a request carries exactly the cookies a test gives it.
enum HTTPGet {
    static func fetch(_ url: URL, headers: [String: String] = [:]) async throws -> (Int, Data, [String: String]) {
        try await send("GET", url, headers: headers)
    }

    /// Any method, an optional body, on `client` (the shared one by default; an HTTPS client trusting a test certificate).
    /// AsyncHTTPClient retries a connection that fails until the deadline: a test expecting a
    /// refused connection gives a short `timeout`.
    static func send(_ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil,
                     client: HTTPClient = .shared, timeout: Int64 = 30) async throws -> (Int, Data, [String: String]) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: .seconds(timeout))
        let bytes = try await response.body.collect(upTo: 1 << 24)
        var fields: [String: String] = [:]
        for header in response.headers {
            let name = header.name.lowercased()
            fields[name] = fields[name].map { "\($0), \(header.value)" } ?? header.value
        }
        return (Int(response.status.code), Data(bytes.readableBytesView), fields)
    }
}
