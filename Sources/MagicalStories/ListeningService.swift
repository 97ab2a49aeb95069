import ServiceLifecycle

/// Runs a server as a service; when it cannot take its address (in use, not allowed, not of
/// this machine) the start fails with a ``StartupFailure`` naming the address and its settings,
/// instead of the socket call's error.
struct ListeningService<Base: Service>: Service {
    let base: Base
    /// What listens, for the sentence ("web chat", "metrics and health listener").
    let what: String
    let host: String
    let port: Int
    /// The host and port variables (`HTTP_HOST`, `HTTP_PORT`).
    let settings: (host: String, port: String)

    func run() async throws {
        do {
            try await base.run()
        } catch {
            throw StartupFailure.listening(error, host: host, port: port, what: what, settings: settings) ?? error
        }
    }
}
