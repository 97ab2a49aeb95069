import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import WebChat

/// The admin's listener, apart from the web chat (and up when the web chat is off):
/// `GET /metrics` (Prometheus text), `GET /health` (alive) and `GET /ready` (ready to serve).
/// It keeps the web chat's header and idle timeouts and connection caps (`limits`): a half-sent
/// header gets `408`, an idle kept-alive connection is closed.
struct OperationsServer: Sendable {
    let host: String
    let port: Int
    let limits: WebChatLimits
    let metrics: ServiceMetrics
    let probe: OperationsProbe
    let logger: Logger

    /// The Hummingbird application; run it as a service. `onServerRunning` reports the bound port.
    func application(onServerRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router()
        router.get("/metrics") { [probe, metrics] _, _ in
            await probe.sample()
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
        router.get("/health") { [probe] _, _ in
            await probe.isAlive() ? Self.text(.ok, "ok\n") : Self.text(.serviceUnavailable, "database unavailable\n")
        }
        router.get("/ready") { [probe] _, _ in
            let (ready, problems) = await probe.readiness()
            return ready ? Self.text(.ok, "ready\n") : Self.text(.serviceUnavailable, problems.joined(separator: "\n") + "\n")
        }
        return Application(
            router: router,
            server: .guardedHTTP1(limits: limits) { [probe] in await probe.isAlive() },
            configuration: .init(address: .hostname(host, port: port), serverName: "magical-stories"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    private static func text(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// A port known once a server is listening; waiters are answered then.
actor BoundPort {
    private var port: Int?
    private var waiters: [CheckedContinuation<Int, Never>] = []

    func set(_ port: Int) {
        self.port = port
        for waiter in waiters { waiter.resume(returning: port) }
        waiters = []
    }

    /// The port, once bound.
    func value() async -> Int {
        if let port { return port }
        return await withCheckedContinuation { waiters.append($0) }
    }
}
