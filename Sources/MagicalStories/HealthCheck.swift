import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// `magical-stories health`: asks the running service's own `/health`, where its
/// configuration says it listens, for container and supervisor health checks (no shell tricks,
/// no curl in the image).
public enum HealthCheck {
    /// Why the service cannot be asked.
    public struct Unprobeable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The `/health` URL of the service configured by `config`: the operations listener when it
    /// is on (plain HTTP), else the web chat's port (HTTPS when TLS is configured). An address
    /// that listens on every interface is asked on loopback.
    public static func url(for config: AppConfig) throws(Unprobeable) -> String {
        if config.operations.metricsEnabled {
            guard config.operations.metricsPort != 0 else {
                throw Unprobeable(description: "METRICS_PORT is 0 (chosen at start): set a fixed port to check health")
            }
            return "http://\(loopback(config.operations.metricsHost)):\(config.operations.metricsPort)/health"
        }
        guard config.webChatEnabled else {
            throw Unprobeable(description: "METRICS_ENABLED and WEB_CHAT_ENABLED are both off: nothing answers /health")
        }
        guard config.httpPort != 0 else {
            throw Unprobeable(description: "HTTP_PORT is 0 (chosen at start): set a fixed port to check health")
        }
        return "\(config.webAccess.usesTLS ? "https" : "http")://\(loopback(config.httpHost)):\(config.httpPort)/health"
    }

    /// Asks `/health` once; true with the answer's first line when it is 200.
    public static func probe(_ config: AppConfig, timeout: Duration = .seconds(2)) async -> (healthy: Bool, message: String) {
        let url: String
        do {
            url = try Self.url(for: config)
        } catch {
            return (false, error.description)
        }
        var configuration = HTTPClient.Configuration()
        // The service's own certificate names its public address, not loopback: not checked here.
        configuration.tlsConfiguration = .makeClientConfiguration()
        configuration.tlsConfiguration?.certificateVerification = .none
        configuration.timeout = .init(connect: .init(timeout), read: .init(timeout))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let result: (Bool, String)
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .init(timeout))
            let body = try await response.body.collect(upTo: 4096)
            let text = String(buffer: body).split(separator: "\n").first.map(String.init) ?? ""
            result = (response.status.code == 200, "\(url): \(response.status.code) \(text)")
        } catch {
            result = (false, "\(url): no answer (\(error))")
        }
        try? await client.shutdown()
        return result
    }

    private static func loopback(_ host: String) -> String {
        switch host {
        case "", "0.0.0.0": "127.0.0.1"
        case "::", "[::]": "[::1]"
        default: host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
    }
}
