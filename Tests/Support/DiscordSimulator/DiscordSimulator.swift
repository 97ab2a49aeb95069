import DiscordModels
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle
import Synchronization

/// A loopback Discord: REST under `/api/v10` and the gateway WebSocket, speaking the real protocol,
/// so the real bot can run against it in tests and benchmarks.
///
/// Start it, point the bot at ``apiURL`` (the gateway URL comes from `GET /gateway/bot`), drive it with
/// ``sendInteraction(_:)`` and the other controls, and inspect what the bot sent.
public final class DiscordSimulator: Sendable {
    private enum Runtime {
        case idle
        case running(port: Int, task: Task<Void, Never>, services: ServiceGroup)
        case stopped
    }

    public let configuration: Configuration
    let clock = SimulatorClock()
    let identifiers = IdentifierGenerator()
    let gateway: GatewayHub
    let store = WaitableState(SimulatorStore())
    let traffic: RESTTraffic
    private let runtime = Mutex(Runtime.idle)

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        gateway = GatewayHub(configuration: configuration, identifiers: identifiers)
        traffic = RESTTraffic(limits: configuration.rateLimits, defaultLimit: configuration.defaultRateLimit)
    }

    /// Binds `127.0.0.1` on a free port and serves in a background task until ``stop()``.
    public func start() async throws {
        var logger = Logger(label: "DiscordSimulator")
        logger.logLevel = configuration.logLevel
        let router = Router(context: GatewayRequestContext.self)
        GatewayEndpoint(hub: gateway, configuration: configuration).register(on: router)
        RESTServer(environment: environment, traffic: traffic, gatewayURL: { [weak self] in self?.gatewayURL ?? "" },
                   remainingSessionStarts: { [gateway] in gateway.remainingSessionStarts }).register(on: router)
        ModalUploadEndpoint(store: store).register(on: router)
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
        let application = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(ws: .init(maxFrameSize: 1 << 20))),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "discord-simulator"),
            onServerRunning: { channel in boundContinuation.yield(.success(channel.localAddress?.port ?? 0)) },
            logger: logger)
        let services = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let task = Task {
            do {
                try await services.run()
            } catch {
                boundContinuation.yield(.failure(error))
            }
            boundContinuation.finish()
        }
        guard let result = await bound.first(where: { _ in true }) else { throw CancellationError() }
        let port = try result.get()
        runtime.withLock { $0 = .running(port: port, task: task, services: services) }
        gateway.setResumeGatewayURL("ws://127.0.0.1:\(port)\(GatewayEndpoint.resumePath)")
    }

    /// Closes every connection and stops the server; connections that do not finish their close
    /// handshake within `gracePeriod` are cut.
    public func stop(gracePeriod: Duration = .seconds(2)) async {
        let running: (task: Task<Void, Never>, services: ServiceGroup)? = runtime.withLock { runtime in
            defer { runtime = .stopped }
            if case let .running(_, task, services) = runtime { return (task, services) }
            return nil
        }
        guard let running else { return }
        await running.services.triggerGracefulShutdown()
        let deadline = Task {
            try? await Task.sleep(for: gracePeriod)
            running.task.cancel()
        }
        await running.task.value
        deadline.cancel()
        gateway.finishAll()
    }

    /// The bound port (0 before ``start()``).
    public var port: Int {
        runtime.withLock { if case let .running(port, _, _) = $0 { port } else { 0 } }
    }

    /// The REST base URL, `http://127.0.0.1:PORT/api/v10`.
    public var apiURL: String { "http://127.0.0.1:\(port)/api/v10" }

    /// The gateway URL `GET /gateway/bot` returns, `ws://127.0.0.1:PORT/gateway`.
    public var gatewayURL: String { "ws://127.0.0.1:\(port)\(GatewayEndpoint.path)" }

    /// The `resume_gateway_url` sent in READY: a separate path, so tests can tell resuming connections apart.
    public var resumeGatewayURL: String { "ws://127.0.0.1:\(port)\(GatewayEndpoint.resumePath)" }

    /// Moves the simulator's clock forward (callback deadlines, token lifetimes, rate-limit windows).
    public func advanceTime(by duration: Duration) {
        clock.advance(by: duration)
    }

    var environment: SimulatorEnvironment {
        SimulatorEnvironment(configuration: configuration, store: store, clock: clock, identifiers: identifiers)
    }
}
