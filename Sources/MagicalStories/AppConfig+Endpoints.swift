import Foundation

extension AppConfig {
    /// A configured endpoint that would carry a secret in the clear: plain `http://` to a host
    /// other than this machine.
    public struct InsecureEndpoint: Sendable, Equatable, CustomStringConvertible {
        /// The setting that names it (`DISCORD_API_URL`, `GEMINI_API_URL`, `OPENAI_API_URL`).
        public var setting: String
        /// Scheme, host and port only: never a path, query or user part.
        public var origin: String

        public var description: String {
            "\(setting) is \(origin): plain http to another machine sends the key unencrypted; use https"
        }
    }

    /// The endpoints in use that are `http://` to a host other than loopback: the Discord API
    /// with a bot token, and each model provider that is chosen.
    public var insecureEndpoints: [InsecureEndpoint] {
        var used: [(String, String)] = []
        if discordToken != nil { used.append(("DISCORD_API_URL", discordAPIURL)) }
        if telegram.token != nil { used.append(("TELEGRAM_API_URL", telegram.apiURL)) }
        if storyProvider == .gemini || imageProvider == .gemini || imageProvider == .imagen {
            used.append(("GEMINI_API_URL", gemini.apiURL))
        }
        if storyProvider == .openai || imageProvider == .openai { used.append(("OPENAI_API_URL", openAI.apiURL)) }
        return used.compactMap { setting, url in
            guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http",
                  let host = components.host, !Self.isLoopback(host)
            else { return nil }
            return InsecureEndpoint(setting: setting, origin: "http://\(host)\(components.port.map { ":\($0)" } ?? "")")
        }
    }

    /// `localhost`, `127.0.0.0/8` and `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
