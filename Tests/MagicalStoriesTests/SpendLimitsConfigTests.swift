import Foundation
import MagicalStories
import Operations
import StoryDomain
import Testing

@Suite("Spend limits in the configuration")
struct SpendLimitsConfigTests {
    @Test("defaults keep a family install's bill small")
    func defaults() async throws {
        let spend = try await AppConfig.load(file: nil, environment: [:]).spend
        #expect(spend.modelBudget == ModelBudget(familyDailyCalls: 60, serviceDailyCalls: 200))
        #expect(spend.refusedRequestsPerDay == 10 && spend.collectionRemakesPerDay == 2)
    }

    @Test("the file sets them and the environment overrides the file")
    func layering() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ms-spend-\(UUID().uuidString).json").path
        try Data(#"{"familyDailyModelCalls": 12, "maxDailyModelCalls": 40, "stories": {"refusedPerDay": 4}, "collections": {"remakesPerDay": 1}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let spend = try await AppConfig.load(file: path, environment: ["MAX_DAILY_MODEL_CALLS": "500"]).spend
        #expect(spend.familyDailyModelCalls == 12)
        #expect(spend.maxDailyModelCalls == 500)
        #expect(spend.refusedRequestsPerDay == 4 && spend.collectionRemakesPerDay == 1)
        let blank = try await AppConfig.load(file: nil, environment: ["FAMILY_DAILY_MODEL_CALLS": " "]).spend
        #expect(blank.familyDailyModelCalls == ModelBudget.defaultFamilyDailyCalls, "blank is absent")
    }

    @Test("invalid values are refused by name", arguments: [
        ["FAMILY_DAILY_MODEL_CALLS": "-1"], ["MAX_DAILY_MODEL_CALLS": "lots"], ["STORIES_REFUSED_PER_DAY": "1.5"],
        ["COLLECTIONS_REMAKES_PER_DAY": "1000"],
    ])
    func invalid(environment: [String: String]) async throws {
        try await expectConfigRefusedByName(environment)
    }
}
