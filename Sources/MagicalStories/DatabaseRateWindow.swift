import DiscordREST
import StoryStorePostgres

/// The requests counted against Discord's global REST limit, kept in PostgreSQL
/// (``PostgresRateWindow``), as the REST client's ``SharedRateWindow`` port.
struct DatabaseRateWindow: SharedRateWindow {
    let window: PostgresRateWindow

    func take(limit: Int, window duration: Duration) async throws -> Duration? {
        switch try await window.take(limit: limit, window: duration) {
        case .granted: nil
        case let .wait(wait): wait
        }
    }
}
