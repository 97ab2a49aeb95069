import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A Hummingbird router served on an ephemeral loopback port, for the provider fakes: started
/// once the server accepts requests, stopped with a graceful shutdown.
public final class LoopbackServer: Sendable {
    /// The server stopped before it told its port.
    struct StartFailed: Error {}

    public let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, Never>

    private init(port: Int, group: ServiceGroup, task: Task<Void, Never>) {
        self.port = port
        self.group = group
        self.task = task
    }

    /// Serves `router` on 127.0.0.1 and returns once it listens. The fakes log warnings only.
    public static func start(_ router: Router<BasicRequestContext>, label: String) async throws -> LoopbackServer {
        var logger = Logger(label: label)
        logger.logLevel = .warning
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in
                                  continuation.yield(channel.localAddress?.port ?? 0)
                                  continuation.finish()
                              }, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task {
            do {
                try await group.run()
            } catch {
                logger.error("\(label) stopped: \(error)")
            }
            continuation.finish()
        }
        var port = 0
        for await bound in ports {
            port = bound
            break
        }
        guard port > 0 else {
            task.cancel()
            await task.value
            throw StartFailed()
        }
        return LoopbackServer(port: port, group: group, task: task)
    }

    /// Shuts down gracefully and waits until the server has stopped.
    public func stop() async {
        await group.triggerGracefulShutdown()
        await task.value
    }
}
