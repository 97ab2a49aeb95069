import DiscordGateway
import StoryStorePostgres

/// The bot's identify turns kept in PostgreSQL (``PostgresIdentifyTurns``), as the gateway's
/// ``SharedIdentifyTurns`` port: the gateway knows no database, the store no gateway.
struct DatabaseIdentifyTurns: SharedIdentifyTurns {
    let turns: PostgresIdentifyTurns

    func take(bucket: Int, spacing: Duration) async throws -> Duration? {
        switch try await turns.take(bucket: bucket, spacing: spacing) {
        case .granted: nil
        case let .wait(wait): wait
        }
    }
}
