import AsyncHTTPClient
import ConcurrencyKit
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// A Telegram Bot API client over AsyncHTTPClient: one call is one POST to
/// `<api>/bot<token>/<method>` with JSON parameters, or `multipart/form-data` when files go
/// with it. Answers are read from the Bot API's envelope; failures are ``TelegramBotError``s.
/// The token is never logged: log lines name the method only.
public struct TelegramBotClient: Sendable {
    public let configuration: TelegramBotConfiguration
    private let httpClient: HTTPClient
    private let logger: Logger

    public init(configuration: TelegramBotConfiguration, httpClient: HTTPClient, logger: Logger) {
        self.configuration = configuration
        self.httpClient = httpClient
        self.logger = logger
    }

    /// Calls `method` once and decodes its `result`.
    /// - Parameters:
    ///   - uploads: files sent in the same request (multipart); empty: a JSON body.
    ///   - extraTimeout: added to the request timeout (a long poll's own wait).
    public func call<Parameters: Encodable, Result: Decodable>(_ method: String, _ parameters: Parameters,
                                                                uploads: [TelegramUpload] = [], extraTimeout: Duration = .zero,
                                                                as type: Result.Type = Result.self) async throws(TelegramBotError) -> Result {
        let request: HTTPClientRequest
        do {
            request = try makeRequest(method, parameters, uploads: uploads)
        } catch {
            throw .decoding(method: method, status: 0)
        }
        let started = ContinuousClock.now
        let status: Int
        let bytes: ByteBuffer
        do {
            let response = try await httpClient.execute(request, timeout: TimeAmount(configuration.requestTimeout + extraTimeout))
            status = Int(response.status.code)
            bytes = try await response.body.collect(upTo: configuration.maxResponseBytes)
        } catch {
            let description = configuration.redact(String(describing: error))
            logger.debug("Telegram call got no answer", metadata: ["method": "\(method)", "error": "\(description)"])
            throw .transport(method: method, description: description)
        }
        logger.debug("Telegram call", metadata: ["method": "\(method)", "status": "\(status)",
                                                  "ms": "\((ContinuousClock.now - started).components.seconds * 1000)"])
        return try Self.decode(Data(bytes.readableBytesView), method: method, status: status)
    }

    /// Reads the envelope: the result, or the error it names.
    static func decode<Result: Decodable>(_ data: Data, method: String, status: Int) throws(TelegramBotError) -> Result {
        let decoder = JSONDecoder()
        if let envelope = try? decoder.decode(TelegramEnvelope<Result>.self, from: data), envelope.ok, let result = envelope.result {
            return result
        }
        guard let failure = try? decoder.decode(TelegramFailure.self, from: data), !failure.ok else {
            throw .decoding(method: method, status: status)
        }
        throw .api(method: method, code: failure.errorCode ?? status, description: failure.description ?? "no description",
                   retryAfter: failure.parameters?.retryAfter, migrateToChatID: failure.parameters?.migrateToChatID)
    }

    private func makeRequest(_ method: String, _ parameters: some Encodable, uploads: [TelegramUpload]) throws -> HTTPClientRequest {
        var request = HTTPClientRequest(url: configuration.url(of: method))
        request.method = .POST
        let json = try JSONEncoder().encode(parameters)
        if uploads.isEmpty {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: json))
        } else {
            let form = TelegramMultipartBody()
            request.headers.add(name: "Content-Type", value: form.contentType)
            request.body = .bytes(ByteBuffer(bytes: try form.encode(parameters: json, uploads: uploads)))
        }
        return request
    }
}
