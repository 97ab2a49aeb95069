import Configuration
import Foundation
import WebChat

/// How families reach the web chat: its public address, built-in TLS, and the reverse proxy
/// in front of it.
///
/// | key (JSON path)        | environment            | default |
/// |------------------------|------------------------|---------|
/// | `http.publicUrl`       | `HTTP_PUBLIC_URL`      | none: invite links use the address the grown-up's browser used (the shell uses `http(s)://HTTP_HOST:HTTP_PORT`) |
/// | `tls.certFile`         | `TLS_CERT_FILE`        | none (PEM chain; with `tls.keyFile`, the web chat speaks HTTPS and reloads both on SIGHUP) |
/// | `tls.keyFile`          | `TLS_KEY_FILE`         | none (PEM private key, unencrypted) |
/// | `http.allowedOrigins`  | `HTTP_ALLOWED_ORIGINS` | none (comma-separated origins that may open the WebSocket besides the page's own host) |
/// | `http.trustedProxies`  | `HTTP_TRUSTED_PROXIES` | none (comma-separated addresses or networks whose `Forwarded`/`X-Forwarded-*` headers are believed) |
/// | `http.allowedHosts`    | `HTTP_ALLOWED_HOSTS`   | none (comma-separated host names answered besides IP literals, `localhost` and the host of `http.publicUrl`) |
public struct WebAccessSettings: Sendable, Equatable, CustomStringConvertible {
    public var publicURL: String?
    public var tlsCertificateFile: String?
    public var tlsKeyFile: String?
    public var allowedOrigins: [String] = []
    public var trustedProxies: [String] = []
    /// Host names the web chat answers to besides IP literals, `localhost` and the public URL's host.
    public var allowedHosts: [String] = []
    /// How failed joins are slowed, then refused (set in code, for tests and embedders).
    public var joinLimits = JoinAttemptLimiter.Policy.standard
    /// How often an open chat checks that its member was not removed from the shell (set in code).
    public var sessionRecheck = Duration.seconds(30)

    public init() {}

    /// Both TLS files are set: the web chat serves HTTPS itself.
    public var usesTLS: Bool { tlsCertificateFile != nil && tlsKeyFile != nil }

    public var description: String {
        "tls: \(usesTLS ? "on" : "off"), publicUrl: \(publicURL ?? "from the browser"), proxies: \(trustedProxies.count)"
    }

    init(reader: ConfigReader) throws {
        publicURL = try Self.origin(reader.string(forKey: "http.publicUrl"), name: "HTTP_PUBLIC_URL")
        tlsCertificateFile = SettingValues.nonEmpty(reader.string(forKey: "tls.certFile"))
        tlsKeyFile = SettingValues.nonEmpty(reader.string(forKey: "tls.keyFile"))
        guard (tlsCertificateFile == nil) == (tlsKeyFile == nil) else {
            throw AppConfigError.invalid(key: tlsCertificateFile == nil ? "TLS_CERT_FILE" : "TLS_KEY_FILE", value: "(unset)",
                                         expected: "set together with \(tlsCertificateFile == nil ? "TLS_KEY_FILE" : "TLS_CERT_FILE")")
        }
        // `ws://` and `wss://` too: non-browser clients (WSClient) name their origin so.
        allowedOrigins = try Self.list(reader.string(forKey: "http.allowedOrigins")).map { entry in
            try Self.origin(entry, name: "HTTP_ALLOWED_ORIGINS", schemes: ["http", "https", "ws", "wss"]) ?? entry
        }
        trustedProxies = Self.list(reader.string(forKey: "http.trustedProxies"))
        allowedHosts = try Self.list(reader.string(forKey: "http.allowedHosts")).map { entry in
            let name = entry.lowercased()
            guard name.count <= 253, !name.hasPrefix("."), !name.hasPrefix("-"),
                  name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else {
                throw AppConfigError.invalid(key: "HTTP_ALLOWED_HOSTS", value: entry,
                                             expected: "host names, comma-separated, without scheme or port (e.g. stories.home, nas.local)")
            }
            return name
        }
        do {
            _ = try AddressMatcher(trustedProxies)
        } catch {
            throw AppConfigError.invalid(key: "HTTP_TRUSTED_PROXIES", value: error.entry,
                                         expected: "IP addresses or networks, comma-separated (e.g. 127.0.0.1, 10.0.0.0/8, ::1)")
        }
    }

    /// `https://host[:port]` without a path; nil when unset.
    private static func origin(_ raw: String?, name: String, schemes: Set<String> = ["http", "https"]) throws -> String? {
        guard var value = SettingValues.nonEmpty(raw) else { return nil }
        while value.hasSuffix("/") { value.removeLast() }
        guard let components = URLComponents(string: value), schemes.contains(components.scheme?.lowercased() ?? ""),
              components.host?.isEmpty == false, components.path.isEmpty, components.query == nil, components.fragment == nil
        else {
            throw AppConfigError.invalid(key: name, value: value, expected: "an address like https://stories.example.org (no path)")
        }
        return value
    }

    private static func list(_ raw: String?) -> [String] {
        (raw ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

}
