import Foundation
import Testing
import WebChat

@Suite("Web chat gate: join limits, origins, proxy addresses")
struct WebChatGateTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let policy = JoinAttemptLimiter.Policy(window: 600, freeFailures: 3, firstDelay: 1, maxDelay: 4, refuseAfter: 6, lockout: 900,
                                           maxAddresses: 3)

    @Test("failures are free, then slowed (1, 2, 4 s), then refused for the lockout; old failures are forgotten")
    func limiter() {
        var limiter = JoinAttemptLimiter(policy: policy)
        var delays: [JoinAttemptLimiter.Verdict] = []
        for second in 0..<6 {
            let now = start + Double(second)
            delays.append(limiter.verdict(for: "a", at: now))
            limiter.recordFailure(for: "a", at: now)
        }
        #expect(delays == [.allow(delay: 0), .allow(delay: 0), .allow(delay: 0), .allow(delay: 1), .allow(delay: 2), .allow(delay: 4)])
        #expect(limiter.verdict(for: "a", at: start + 6) == .refuse(retryAfter: 899))
        #expect(limiter.verdict(for: "b", at: start + 6) == .allow(delay: 0), "another address is not held up")
        #expect(limiter.verdict(for: "a", at: start + 906) == .allow(delay: 0), "after the lockout")

        var forgetting = JoinAttemptLimiter(policy: policy)
        for second in 0..<4 { forgetting.recordFailure(for: "c", at: start + Double(second)) }
        #expect(forgetting.verdict(for: "c", at: start + 10) == .allow(delay: 2))
        #expect(forgetting.verdict(for: "c", at: start + 700) == .allow(delay: 0), "failures older than the window")
    }

    @Test("memory stays bounded: past the limit the stalest addresses are forgotten")
    func bounded() {
        var limiter = JoinAttemptLimiter(policy: policy)
        for index in 0..<50 { limiter.recordFailure(for: "10.0.0.\(index)", at: start + Double(index)) }
        #expect(limiter.trackedAddresses <= 3)
    }

    @Test("the page's own host, with the scheme's default port, and configured origins may open the chat; others may not")
    func origins() {
        let policy = OriginPolicy(allowedOrigins: ["https://stories.example.org/"])
        #expect(policy.allows(origin: nil, host: "127.0.0.1:8080", secure: false), "not a browser: judged by its session")
        #expect(policy.allows(origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080", secure: false))
        #expect(policy.allows(origin: "https://family.example", host: "family.example", secure: true))
        #expect(policy.allows(origin: "http://[::1]:8080", host: "[::1]:8080", secure: false))
        #expect(policy.allows(origin: "HTTPS://Stories.Example.org", host: "127.0.0.1:8080", secure: false))
        #expect(!policy.allows(origin: "http://127.0.0.1", host: "127.0.0.1:8080", secure: false), "another port")
        #expect(!policy.allows(origin: "https://evil.example", host: "127.0.0.1:8080", secure: false))
        #expect(!policy.allows(origin: "null", host: "127.0.0.1:8080", secure: false))
        #expect(!policy.allows(origin: "http://127.0.0.1:8080", host: nil, secure: false))
        #expect(!policy.allows(origins: ["http://127.0.0.1:8080", "https://evil.example"], host: "127.0.0.1:8080", secure: false))
    }

    @Test("the page's own origin must have the scheme the request came by, not only its host and port")
    func originScheme() {
        let policy = OriginPolicy()
        #expect(!policy.allows(origin: "https://127.0.0.1:8080", host: "127.0.0.1:8080", secure: false), "an https page, a plain request")
        #expect(!policy.allows(origin: "http://family.example:443", host: "family.example", secure: true), "an http page, a TLS request")
        #expect(policy.allows(origin: "https://family.example:443", host: "family.example", secure: true))
        #expect(policy.allows(origin: "http://family.example:80", host: "family.example", secure: false))
    }

    @Test("host names: IP literals, localhost, the public URL's host and listed names are answered; any other name is not")
    func hosts() {
        let policy = HostPolicy(publicURL: "https://Stories.Example.org:8443", allowedHosts: ["stories.home", "NAS.local"])
        for allowed in ["127.0.0.1:8080", "192.168.1.20:8080", "192.168.1.20", "[::1]:8080", "[fd00::12]", "localhost:8080", "LOCALHOST.",
                        "stories.example.org", "stories.example.org:443", "Stories.Home:8080", "nas.local.", nil] {
            #expect(policy.allows(allowed), "\(allowed ?? "no host")")
        }
        for refused in ["rebind.attacker.example:8080", "attacker.example", "localhost.attacker.example", "127.0.0.1.nip.io", "",
                        "stories.home.attacker.example", "example.org", "[not-an-address]:80"] {
            #expect(!policy.allows(refused), "\(refused)")
        }
        #expect(HostPolicy().allows("localhost:8080") && !HostPolicy().allows("stories.home"))
        let page = HostPolicy.refusalPage(for: "<script>:80")
        #expect(page.contains("HTTP_ALLOWED_HOSTS") && page.contains("http.allowedHosts") && !page.contains("<script>"))
        #expect(HostPolicy.refusalPage(for: "nas.local:8080").contains("“nas.local”"))
    }

    @Test("trusted proxies are addresses or networks, IPv4 and IPv6; anything else is refused")
    func addresses() throws {
        let matcher = try AddressMatcher(["127.0.0.1", "10.0.0.0/8", "fd00::/8"])
        #expect(matcher.contains("127.0.0.1") && matcher.contains("10.200.3.4") && matcher.contains("fd12::1"))
        #expect(matcher.contains("::ffff:10.1.2.3"), "IPv4 seen as IPv6")
        #expect(!matcher.contains("127.0.0.2") && !matcher.contains("11.0.0.1") && !matcher.contains("fe80::1") && !matcher.contains("x"))
        #expect(throws: AddressMatcher.InvalidEntry(entry: "proxy.local")) { try AddressMatcher(["proxy.local"]) }
        #expect(throws: AddressMatcher.InvalidEntry(entry: "10.0.0.0/33")) { try AddressMatcher(["10.0.0.0/33"]) }
        #expect(try AddressMatcher([]).isEmpty)
    }
}
