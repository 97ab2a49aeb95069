/// Forgets the platform tokens kept with story jobs (``DeliveryAddress/secret``) once they can
/// no longer be used, on whichever store holds the jobs.
public protocol DeliveryTokenSweeping: Sendable {
    /// Removes the token of every job made longer ago than a token lives, and of every finished
    /// job; returns how many jobs forgot one.
    @discardableResult
    func sweep() async throws -> Int
}
