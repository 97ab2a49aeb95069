import Operations
import ServiceLifecycle

/// Closes the store when the service group stops: the PostgreSQL pool, then the SQLite service
/// lock. It stops last: it is the first service.
struct StoreService: Service {
    let lock: ServiceLock?
    let store: AppStore

    func run() async throws {
        try? await gracefulShutdown()
        await store.close()
        lock?.release()
    }
}
