import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import StoryDomain

/// A JSON-over-HTTP call to a model provider: one place for timeouts, status classification and
/// logging. Keys travel in headers only and are never logged.
public struct ProviderHTTPClient: Sendable {
    /// A provider's answer.
    public struct Response: Sendable {
        public var status: Int
        public var headers: HTTPHeaders
        public var body: Data
    }

    let httpClient: HTTPClient
    let logger: Logger
    /// The largest response accepted (images are big).
    let maxResponseSize: Int
    /// Counts every request in the usage ledger and holds the day's model-call budgets (a
    /// request over budget is never sent: ``ModelBudgetExhausted`` is thrown instead).
    let meter: ModelCallMeter?

    public init(httpClient: HTTPClient, logger: Logger, maxResponseSize: Int = 32 << 20, meter: ModelCallMeter? = nil) {
        self.httpClient = httpClient
        self.logger = logger
        self.maxResponseSize = maxResponseSize
        self.meter = meter
    }

    /// POSTs `body` as JSON and returns the raw answer (any status). Network failures and
    /// timeouts become ``ProviderError``; `provider` names the provider in errors and logs,
    /// `operation` names the call (a model id, never a URL with a key).
    public func postJSON(provider: String, operation: String, url: String, headers: [(String, String)], body: Data,
                         timeout: Duration) async throws -> Response {
        guard let meter else {
            return try await send(provider: provider, operation: operation, url: url, headers: headers, body: body, timeout: timeout)
        }
        let ticket = try await meter.begin(provider: provider, model: operation)
        do {
            let response = try await send(provider: provider, operation: operation, url: url, headers: headers, body: body,
                                          timeout: timeout)
            await meter.finish(ticket, outcome: (200..<300).contains(response.status) ? .answered : .failed, status: response.status)
            return response
        } catch let ProviderError.timedOut(provider) {
            await meter.finish(ticket, outcome: .timedOut)
            throw ProviderError.timedOut(provider: provider)
        } catch {
            await meter.finish(ticket, outcome: .broken)
            throw error
        }
    }

    private func send(provider: String, operation: String, url: String, headers: [(String, String)], body: Data,
                      timeout: Duration) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "magical-stories/1.0")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let started = ContinuousClock.now
        do {
            let response = try await httpClient.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
            let collected = try await response.body.collect(upTo: maxResponseSize)
            logger.debug("provider call", metadata: ["provider": "\(provider)", "operation": "\(operation)",
                                                      "status": "\(response.status.code)",
                                                      "ms": "\((ContinuousClock.now - started).milliseconds)"])
            return Response(status: Int(response.status.code), headers: response.headers, body: Data(collected.readableBytesView))
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            throw ProviderError.timedOut(provider: provider)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as ProviderError {
            throw error
        } catch {
            throw ProviderError.unavailable(provider: provider, status: nil, detail: String(describing: type(of: error)))
        }
    }
}

extension Duration {
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }

    var milliseconds: Int64 { nanoseconds / 1_000_000 }

    /// Parses `Retry-After` seconds (`"3"`, `"2.5"`) or Google's `"37s"` / `"34.07s"` / `"500ms"`.
    static func retryHint(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("ms"), let value = Double(trimmed.dropLast(2)) { return .milliseconds(value) }
        if trimmed.hasSuffix("s"), let value = Double(trimmed.dropLast()) { return .milliseconds(value * 1000) }
        if let value = Double(trimmed) { return .milliseconds(value * 1000) }
        return nil
    }
}
