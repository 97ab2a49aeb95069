import Foundation
import MagicalStories
import Operations
import StoryDomain
import Testing

/// Bedtime's limits from the configuration: schedules a family, how far ahead stories are made
/// (and with approval), from the file and the environment, refused by name when wrong.
@Suite("Bedtime: limits in the configuration")
struct BedtimeSettingsTests {
    @Test("defaults: 3 schedules a family, made 5 minutes ahead, 30 with approval")
    func defaults() async throws {
        let bedtime = try await AppConfig.load(file: nil, environment: [:]).bedtime
        #expect(bedtime.maxSchedules == 3 && bedtime.makeAheadMinutes == 5 && bedtime.approvalMakeAheadMinutes == 30)
        #expect(bedtime.rules.maxSchedules == 3)
        #expect(bedtime.timing.makeLead == 300 && bedtime.timing.approval(true).makeLead == 1_800 && bedtime.timing.approval(false).makeLead == 300)
        #expect(bedtime.timing.latestPost == 1_800, "how late a post may be is the issue's rule, not a setting")
    }

    @Test("the file sets them and the environment overrides the file; blank is absent")
    func layering() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ms-bedtime-\(UUID().uuidString).json").path
        try Data(#"{"bedtime": {"maxSchedules": 5, "makeAheadMinutes": 10, "approvalMakeAheadMinutes": 45}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bedtime = try await AppConfig.load(file: path, environment: ["BEDTIME_MAX_SCHEDULES": "2"]).bedtime
        #expect(bedtime.maxSchedules == 2 && bedtime.makeAheadMinutes == 10 && bedtime.approvalMakeAheadMinutes == 45)
        #expect(bedtime.timing.makeLead == 600 && bedtime.timing.approval(true).makeLead == 2_700)
        let environment = try await AppConfig.load(file: nil, environment: ["BEDTIME_APPROVAL_MAKE_AHEAD_MINUTES": "20",
                                                                            "BEDTIME_MAKE_AHEAD_MINUTES": "1"]).bedtime
        #expect(environment.approvalMakeAheadMinutes == 20 && environment.makeAheadMinutes == 1)
        let blank = try await AppConfig.load(file: nil, environment: ["BEDTIME_MAKE_AHEAD_MINUTES": " "]).bedtime
        #expect(blank.makeAheadMinutes == 5, "blank is absent")
    }

    @Test("invalid values are refused by name", arguments: [
        ["BEDTIME_MAX_SCHEDULES": "0"], ["BEDTIME_MAX_SCHEDULES": "many"], ["BEDTIME_MAKE_AHEAD_MINUTES": "61"],
        ["BEDTIME_APPROVAL_MAKE_AHEAD_MINUTES": "-5"],
    ])
    func invalid(environment: [String: String]) async throws {
        try await expectConfigRefusedByName(environment)
    }
}
