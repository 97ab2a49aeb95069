import Foundation
import HTTPTypes
import Hummingbird

/// Who is on the other end of a request, as far as the server can tell. Forwarding headers
/// (`Forwarded`, `X-Forwarded-For`, `-Proto`, `-Host`) are believed only from a trusted proxy:
/// from anyone else they are ignored, so nobody can claim TLS or another address.
public struct ClientInfo: Sendable, Equatable {
    /// The client's address: the peer's, or the one a trusted proxy forwarded.
    public var address: String
    /// The page was reached over TLS: here, or at a trusted proxy.
    public var isSecure: Bool
    /// The host (and port) the browser asked for.
    public var host: String?

    public init(address: String, isSecure: Bool, host: String?) {
        self.address = address
        self.isSecure = isSecure
        self.host = host
    }

    /// The scheme and host pages and invite links use (`https://stories.example.org`).
    public var origin: String? {
        host.map { "\(isSecure ? "https" : "http")://\($0)" }
    }

    /// Reads the request: `peer` is the socket's address, `tls` whether this server speaks TLS.
    static func read(_ request: Request, peer: String?, tls: Bool, trustedProxies: AddressMatcher) -> ClientInfo {
        var info = ClientInfo(address: peer ?? "unknown", isSecure: tls, host: request.head.authority)
        guard let peer, trustedProxies.contains(peer) else { return info }
        if let forwarded = request.headers[values: HTTPField.Name("Forwarded")!].last.flatMap(Self.lastForwardedElement) {
            if let address = forwarded["for"].flatMap(Self.address) { info.address = address }
            if let proto = forwarded["proto"] { info.isSecure = proto.lowercased() == "https" }
            if let host = forwarded["host"], !host.isEmpty { info.host = host }
            return info
        }
        if let address = Self.lastValue(request, "X-Forwarded-For").flatMap(Self.address) { info.address = address }
        if let proto = Self.lastValue(request, "X-Forwarded-Proto") { info.isSecure = proto.lowercased() == "https" }
        if let host = Self.lastValue(request, "X-Forwarded-Host"), !host.isEmpty { info.host = host }
        return info
    }

    /// The last comma-separated value of a header (the one our proxy added).
    private static func lastValue(_ request: Request, _ name: String) -> String? {
        guard let field = HTTPField.Name(name), let header = request.headers[values: field].last else { return nil }
        let value = header.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        return value?.isEmpty == false ? value : nil
    }

    /// The last element of a `Forwarded` header (RFC 7239) as lower-cased keys and unquoted values.
    static func lastForwardedElement(_ header: String) -> [String: String]? {
        guard let element = header.split(separator: ",").last else { return nil }
        var pairs: [String: String] = [:]
        for pair in element.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            pairs[key] = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return pairs
    }

    /// An address from `for=` or `X-Forwarded-For`: `192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]:4711`.
    static func address(_ raw: String) -> String? {
        var text = Substring(raw)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = text[text.index(after: text.startIndex)..<close]
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            text = text[..<colon]
        }
        return AddressMatcher.bytes(of: String(text)) == nil ? nil : String(text)
    }
}
