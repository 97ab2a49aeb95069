/// The identify turns of every process of the bot, kept in one place they all reach (a
/// database), timed by that place's own clock: at most one turn per bucket per `spacing`,
/// granted to one asker even when several ask at once.
public protocol SharedIdentifyTurns: Sendable {
    /// Takes `bucket`'s turn if it is free; its next turn is then `spacing` later.
    /// - Returns: nil when the turn is this process's; otherwise how long to wait before asking again.
    /// - Throws: when the shared place cannot be reached or refuses.
    func take(bucket: Int, spacing: Duration) async throws -> Duration?
}
