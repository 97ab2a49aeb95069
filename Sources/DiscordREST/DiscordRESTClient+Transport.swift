import AsyncHTTPClient
import ConcurrencyKit
import DiscordModels
import Foundation
import Logging
import NIOCore
import NIOHTTP1

extension DiscordRESTClient {
    /// Sends `route` and decodes a successful response.
    func send<Response: Decodable>(_ route: Route, body: RequestBody? = nil,
                                   decoding type: Response.Type) async throws -> Response {
        let bytes = try await send(route, body: body)
        do {
            return try DiscordJSON.decoder().decode(type, from: Data(bytes.readableBytesView))
        } catch {
            throw DiscordRESTError.decoding(route: route.template)
        }
    }

    /// Sends `route` through the rate limiter, retrying within the configured bounds; returns a 2xx body.
    func send(_ route: Route, body: RequestBody? = nil) async throws -> ByteBuffer {
        let request = makeRequest(route, body: body)
        let backoff = Backoff.Policy(first: configuration.retryBaseDelay, cap: configuration.maxRetryDelay, jitter: 0.5)
        var failures = 0
        var rateLimits = 0
        while true {
            let permit = try await rateLimiter.acquire(route)
            let started = ContinuousClock.now
            let response: HTTPClientResponse
            let bytes: ByteBuffer
            do {
                response = try await httpClient.execute(request, timeout: TimeAmount(configuration.requestTimeout))
                bytes = try await response.body.collect(upTo: configuration.maxResponseSize)
            } catch {
                await permit.abandon()
                if Task.isCancelled { throw CancellationError() }
                failures += 1
                let reason = route.redact(String(describing: error))
                logger.debug("Discord request failed", metadata: metadata(route, started, ["error": "\(reason)"]))
                guard failures <= configuration.maxRetries else {
                    throw DiscordRESTError.transport(route: route.template, description: reason)
                }
                try await Task.sleep(for: backoff.delay(afterDelays: failures - 1, random: .random(in: 0...1)))
                continue
            }

            let status = Int(response.status.code)
            let errorBody = status >= 400 ? try? DiscordJSON.decoder().decode(
                DiscordErrorBody.self, from: Data(bytes.readableBytesView)) : nil
            let limits = RateLimitHeaders(response.headers, body: status == 429 ? errorBody : nil)
            await permit.complete(status: status, headers: limits)
            logger.debug("Discord request", metadata: metadata(route, started, ["status": "\(status)"]))

            switch status {
            case 200..<300:
                return bytes
            case 429:
                rateLimits += 1
                let retryAfter = limits.retryAfter ?? limits.resetAfter ?? .zero
                logger.warning("Discord rate limited", metadata: [
                    "route": "\(route)", "bucket": "\(limits.bucket ?? "unknown")",
                    "retry_after": "\(retryAfter)", "global": "\(limits.isGlobal)",
                    "scope": "\(limits.scope?.rawValue ?? "none")",
                ])
                guard rateLimits <= configuration.maxRateLimitRetries else {
                    throw DiscordRESTError.rateLimited(route: route.template, retryAfter: retryAfter)
                }
            case 500...:
                failures += 1
                guard failures <= configuration.maxRetries else {
                    throw httpError(route, response.status, errorBody)
                }
                try await Task.sleep(for: backoff.delay(afterDelays: failures - 1, random: .random(in: 0...1)))
            default:
                throw httpError(route, response.status, errorBody)
            }
        }
    }

    private func makeRequest(_ route: Route, body: RequestBody?) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: configuration.apiURL + route.path)
        request.method = HTTPMethod(rawValue: route.method.rawValue)
        request.headers.add(name: "User-Agent", value: configuration.userAgent)
        if !route.isInteraction {
            request.headers.add(name: "Authorization", value: "Bot \(configuration.token)")
        }
        if let body {
            request.headers.add(name: "Content-Type", value: body.contentType)
            request.body = body.httpBody
        }
        return request
    }

    private func httpError(_ route: Route, _ status: HTTPResponseStatus, _ body: DiscordErrorBody?) -> DiscordRESTError {
        .http(route: route.template, status: Int(status.code), code: body?.code,
              message: body.map { route.redact($0.summary) } ?? status.reasonPhrase)
    }

    private func metadata(_ route: Route, _ started: ContinuousClock.Instant,
                          _ extra: Logger.Metadata) -> Logger.Metadata {
        let elapsed = started.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return extra.merging([
            "method": "\(route.method.rawValue)", "route": "\(route.template)",
            "duration_ms": "\(Int(milliseconds.rounded()))",
        ]) { current, _ in current }
    }
}
