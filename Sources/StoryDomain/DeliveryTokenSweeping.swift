import Foundation

/// Forgets the platform tokens kept with story jobs (``DeliveryAddress/secret``) once they can
/// no longer be used, on whichever store holds the jobs.
public protocol DeliveryTokenSweeping: Sendable {
    /// Removes the token of every job made longer ago than a token lives, and of every finished
    /// job; returns how many jobs forgot one.
    @discardableResult
    func sweep() async throws -> Int
}

extension DeliveryTokenSweeping {
    /// How long a platform token works (a Discord interaction token: 15 minutes), the same on
    /// every store.
    public static var tokenLifetime: TimeInterval { 15 * 60 }
}
