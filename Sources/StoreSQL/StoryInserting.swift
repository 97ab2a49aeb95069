import Foundation
import StoryDomain

/// Starts a story and its job inside the caller's transaction (the story repository's own
/// insert, the daily quota checked and counted when one is given): how ports that start stories
/// in their own transactions (collections) add them. Each engine provides one.
public protocol StoryInserting: Sendable {
    func insert(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?, at now: Date,
                in executor: any SQLExecutor) async throws -> StoryJob
}
