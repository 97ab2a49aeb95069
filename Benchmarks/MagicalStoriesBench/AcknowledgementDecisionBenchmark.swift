import Foundation
import Logging
import MagicalStories
import StoryBot
import StoryDomain

/// Times the read-only check that decides, before a command is acknowledged, whether its answer
/// will be private (the request validated; the asker's role, plan and quota read from SQLite).
/// Discord allows 3 s for the acknowledgement; the check's budget is 5 ms.
enum AcknowledgementDecisionBenchmark {
    /// Answers nothing: only the decision is timed.
    struct NullResponder: ChatResponder {
        var deliveryAddress: DeliveryAddress { DeliveryAddress(platform: "web", channelID: "bench") }
        func acknowledge(privately: Bool) async throws {}
        func reply(_ reply: ChatReply) async throws {}
        func update(_ reply: ChatReply) async throws {}
    }

    static func run(directory: URL, logger: Logger, iterations: Int) async throws -> BenchmarkStats {
        var config = AppConfig()
        config.databasePath = directory.appendingPathComponent("acknowledge.sqlite").path
        config.storiesPerDay = 1_000
        let app = try MagicalStoriesApp(config: config, logger: logger)
        let context = ChatContext(family: FamilyRef(platform: "web", externalID: "bench"), channelID: "bench",
                                  user: Requester(userID: "anna", displayName: "Anna"), isManager: false)
        let draft = StoryRequestDraft(theme: "a knight and a friendly dragon", heroName: "Mia", age: "5", pages: "5")
        // A family with a history: a few stories already asked for today.
        for seed in 0..<20 {
            _ = try await app.stories.requestStory(draft, family: context.family, requester: context.user,
                                                   delivery: DeliveryAddress(platform: "web", channelID: "bench"),
                                                   limits: StoryLimits(), seed: UInt64(seed))
        }
        return try await MagicalStoriesBench.measure("decide public/private before acknowledging", iterations) { _ in
            try await app.router.acknowledge(.command(.storyNew(draft)), context: context, responder: NullResponder())
        }
    }
}
