import Foundation
import Logging
import ServiceLifecycle
import StoryDomain
import UnixSignals
import WebChat

extension MagicalStoriesApp {
    /// Where the README explains TLS and reverse proxies (named in the start-up warning).
    static let tlsRecipe = "README “Reaching the web chat from outside” and docs/web-chat.md#https"

    /// The web chat's settings from the configuration; reads the TLS files (a clear error when
    /// they cannot be used).
    static func webChatConfiguration(_ config: AppConfig) throws -> WebChatServer.Configuration {
        let access = config.webAccess
        var tls: WebChatTLS?
        if let certificate = access.tlsCertificateFile, let key = access.tlsKeyFile {
            tls = try WebChatTLS(certificateFile: certificate, keyFile: key)
        }
        return WebChatServer.Configuration(host: config.httpHost, port: config.httpPort, limits: config.webChatLimits, tls: tls,
                                           allowedOrigins: access.allowedOrigins,
                                           trustedProxies: try AddressMatcher(access.trustedProxies), publicURL: access.publicURL,
                                           joinLimits: access.joinLimits, sessionRecheck: access.sessionRecheck,
                                           allowedHosts: access.allowedHosts + machineNames())
    }

    /// This machine's own names (`nas`, `nas.local`): invite links made in the shell use the first
    /// when the web chat listens on every interface, so the Host check answers them too. They are
    /// not names another site can point anywhere.
    static func machineNames(_ hostName: String = ProcessInfo.processInfo.hostName) -> [String] {
        let name = hostName.lowercased()
        guard !name.isEmpty, name != "localhost" else { return [] }
        return name.contains(".") ? [name] : [name, name + ".local"]
    }

    /// The address invite links start with: `HTTP_PUBLIC_URL`, else this server's own
    /// (`https` with built-in TLS; this machine's name when it listens on every interface).
    public static func linkBase(_ config: AppConfig, port: Int? = nil) -> String {
        if let url = config.webAccess.publicURL { return url }
        var host = config.httpHost
        if ["0.0.0.0", "::", "[::]", ""].contains(host) { host = ProcessInfo.processInfo.hostName }
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        return "\(config.webAccess.usesTLS ? "https" : "http")://\(host):\(port ?? config.httpPort)"
    }

    /// Whether `host` keeps the web chat on this machine.
    static func isLoopback(_ host: String) -> Bool {
        let lower = host.lowercased()
        return lower == "localhost" || lower == "::1" || lower == "[::1]" || lower.hasPrefix("127.")
    }

    /// Once the web chat listens: warns when sessions would cross the network in clear text,
    /// and on a fresh install (no grown-up in any room) gives out the one-time setup link
    /// (``SetupLinkOutput``); once the install has a grown-up, a setup link file left from
    /// before is removed. No log line carries the link.
    func openDoors(port: Int, setupLink output: SetupLinkOutput) async {
        let webLogger = logger.labeled("webchat")
        if !config.webAccess.usesTLS, !Self.isLoopback(config.httpHost) {
            if config.webAccess.trustedProxies.isEmpty {
                webLogger.warning("""
                    the web chat listens beyond this machine (HTTP_HOST=\(config.httpHost)) without TLS: invite links and \
                    session cookies travel in clear text. Set TLS_CERT_FILE and TLS_KEY_FILE, or serve it through an HTTPS \
                    reverse proxy: see \(Self.tlsRecipe)
                    """)
            } else {
                webLogger.notice("the web chat expects HTTPS at its reverse proxy (HTTP_TRUSTED_PROXIES); see \(Self.tlsRecipe)")
            }
        }
        do {
            guard let setup = try await rooms.setupInviteIfNeeded() else {
                if case let .file(file) = output, file.exists {
                    file.remove()
                    webLogger.notice("the install has a grown-up: the old setup link file is removed", metadata: ["file": "\(file.url.path)"])
                }
                return
            }
            let link = "\(Self.linkBase(config, port: port))/join#\(setup.code.rawValue)"
            let room = setup.invite.room.displayName
            switch output {
            case let .terminal(announce):
                webLogger.notice("no room has a grown-up yet: the setup link is shown on the terminal", metadata: ["room": "\(room)"])
                announce(Self.setupLinkNotice(link, room: room))
            case let .file(file):
                try file.write(link)
                webLogger.notice("""
                    no room has a grown-up yet: the setup link is in \(file.url.path) (only this user can read it); \
                    `magical-stories setup-link` prints a fresh one
                    """, metadata: ["room": "\(room)"])
            }
        } catch is CancellationError {
            return  // shut down before the link was made; the next start makes one
        } catch {
            webLogger.error("could not make the setup link", metadata: ["error": "\(error)"])
        }
    }

    /// What the terminal shows on a fresh install.
    static func setupLinkNotice(_ link: String, room: String) -> String {
        """

        🌙 Magical Stories: no family room has a grown-up yet.
           Open this link to become the grown-up of the room “\(room)” (it works once, for 7 days, and only
           until the family has a grown-up; each restart before then makes a new one):

           \(link)

           Then invite the family from the chat: /family invite child  (or grown-up).

        """
    }
}

/// Reads the web chat's certificate and key again on SIGHUP (after a renewal); a reload that
/// fails keeps the certificate in use and says why.
struct TLSReloadService: Service {
    let tls: WebChatTLS
    let logger: Logger

    func run() async throws {
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        for await _ in hangups.cancelOnGracefulShutdown() {
            do {
                try tls.reload()
                logger.notice("TLS certificate reloaded", metadata: ["file": "\(tls.certificateFile)"])
            } catch {
                logger.error("TLS certificate not reloaded; the one in use stays", metadata: ["reason": "\(error)"])
            }
        }
    }
}
