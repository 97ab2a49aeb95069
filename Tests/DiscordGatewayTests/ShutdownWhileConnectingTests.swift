import DiscordGateway
import DiscordModels
import Foundation
import Logging
import ServiceLifecycle
import StoryTestSupport
import Synchronization
import Testing

/// A gateway address that accepts TCP and never answers the WebSocket upgrade (a blackholed
/// Discord) must not hold up a graceful shutdown.
@Suite("Gateway shutdown while connecting")
struct ShutdownWhileConnectingTests {
    final class NoSession: GatewaySessionStore {
        func load() async -> GatewaySession? { nil }
        func save(_ session: GatewaySession?) async {}
    }

    /// Listens on loopback and never accepts: the kernel completes the handshake, nothing answers.
    static func blackhole() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        #expect(listen(fd, 16) == 0)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Connections waiting, never accepted, in the listen queue of `fd` (Linux reports a
    /// listening socket's queue length as `tcpi_unacked`).
    static func waitingConnections(_ fd: Int32) -> Int {
        var info = tcp_info()
        var length = socklen_t(MemoryLayout<tcp_info>.size)
        guard getsockopt(fd, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return 0 }
        return Int(info.tcpi_unacked)
    }

    @Test("graceful shutdown while the upgrade is unanswered: run() returns within 5 s (in well under 1 ms unloaded)")
    func blackholedUpgrade() async throws {
        let (fd, port) = try Self.blackhole()
        defer { close(fd) }
        let gateway = GatewayBot(url: "ws://127.0.0.1:\(port)", shards: 1,
                                 sessionStartLimit: .init(total: 1000, remaining: 1000, resetAfter: 0, maxConcurrency: 1))
        var logger = Logger(label: "gateway-test")
        logger.logLevel = .critical
        let client = GatewayClient(configuration: GatewayConfiguration(token: "blackholed-token", compress: false) { gateway },
                                   sessionStore: NoSession(), logger: logger) { _ in }
        let group = ServiceGroup(services: [client], logger: logger)
        let ended = Mutex<ContinuousClock.Instant?>(nil)
        let running = Task {
            try? await group.run()
            ended.withLock { $0 = .now }
        }
        // Connecting: the socket is open and the upgrade request sits unanswered.
        try await eventually("connecting", timeout: .seconds(60)) {
            if case .connecting = client.status.state { true } else { false }
        }
        try await eventually("the connection waits in the blackhole") { Self.waitingConnections(fd) >= 1 }
        let asked = ContinuousClock.now
        await group.triggerGracefulShutdown()
        try await eventually("run() returns", timeout: .seconds(20)) { ended.withLock { $0 } != nil }
        let stopped = try #require(ended.withLock { $0 }, "still connecting 20 s after shutdown was asked for")
        #expect(stopped - asked < .seconds(5), "took \(stopped - asked)")
        print("gateway shutdown while the upgrade is unanswered: \(stopped - asked)")
        running.cancel()
    }
}
