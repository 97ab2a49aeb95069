import Foundation

/// Whether invite links made here can open on a phone: not when they point at a loopback
/// address (127.0.0.1, localhost, ::1), nor when the service listens only on one and no public
/// address is set. The warning names both settings that fix it.
enum InviteLinkWarning {
    static let text = "Phones and other computers cannot open 127.0.0.1 or localhost: that address means the device itself. "
        + "Start the service with HTTP_HOST=0.0.0.0 so phones can connect, and set HTTP_PUBLIC_URL to the address they use "
        + "(like http://192.168.1.20:8080) for the address in links."

    /// The warning for links starting with `linkBase`, made by a service listening on `bindHost`
    /// with `publicURL` (`HTTP_PUBLIC_URL`) set or not; nil when phones can follow them.
    static func text(linkBase: String?, publicURL: String?, bindHost: String) -> String? {
        if let linkBase, let host = URLComponents(string: linkBase)?.host, isLoopback(host) { return text }
        if publicURL == nil, isLoopback(bindHost) { return text }
        return nil
    }

    /// 127.0.0.0/8, `localhost` (and names under it), `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" || bare.hasPrefix("127.")
            || bare == "0:0:0:0:0:0:0:1"
    }
}
