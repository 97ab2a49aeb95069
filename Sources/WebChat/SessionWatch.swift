/// Checks an open page's session again every ``interval``, whether or not the browser sends
/// anything: a member removed from the shell (or on a process that could not tell this one)
/// is signed out within that time. A database that does not answer signs nobody out (the
/// check says so by answering true).
struct SessionWatch: Sendable {
    let interval: Duration
    let clock: any Clock<Duration>
    /// Whether the session still belongs to a member of the room.
    let isStillMember: @Sendable () async -> Bool

    /// Returns when a check finds the member gone (true), or when cancelled (false).
    func untilSignedOut() async -> Bool {
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: interval)
            } catch {
                return false
            }
            if await !isStillMember() { return !Task.isCancelled }
        }
        return false
    }
}
