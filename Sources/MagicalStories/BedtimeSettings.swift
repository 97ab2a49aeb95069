import Configuration
import StoryDomain

/// Bedtime's limits from the configuration (docs/limits.md "Bedtime", docs/operations.md). Blank
/// is absent; a value that is not a whole number in range is an error naming the variable.
///
/// | key (JSON path)                   | environment                          | default |
/// |-----------------------------------|--------------------------------------|---------|
/// | `bedtime.maxSchedules`            | `BEDTIME_MAX_SCHEDULES`              | 3 (1–20) |
/// | `bedtime.makeAheadMinutes`        | `BEDTIME_MAKE_AHEAD_MINUTES`         | 5 (0–60) |
/// | `bedtime.approvalMakeAheadMinutes`| `BEDTIME_APPROVAL_MAKE_AHEAD_MINUTES`| 30 (0–120): when the family's approval is on |
public struct BedtimeSettings: Sendable, Equatable, CustomStringConvertible {
    public var maxSchedules = BedtimeScheduleRules().maxSchedules
    public var makeAheadMinutes = Int(BedtimeTiming().makeLead / 60)
    public var approvalMakeAheadMinutes = Int(BedtimeTiming().approvalMakeLead / 60)

    public init() {}

    /// The family's limit of schedules, as the `/bedtime set` rules apply it.
    public var rules: BedtimeScheduleRules { BedtimeScheduleRules(maxSchedules: maxSchedules) }

    /// How far ahead stories are made; the rest of ``BedtimeTiming`` keeps its defaults.
    public var timing: BedtimeTiming {
        BedtimeTiming(makeLead: Double(makeAheadMinutes) * 60, approvalMakeLead: Double(approvalMakeAheadMinutes) * 60)
    }

    public var description: String {
        "bedtime: at most \(maxSchedules) schedules a family, made \(makeAheadMinutes) min ahead (\(approvalMakeAheadMinutes) min with approval)"
    }

    init(reader: ConfigReader) throws {
        maxSchedules = try SettingValues.integer(reader, "bedtime.maxSchedules", default: maxSchedules, in: 1...20,
                                                 name: "BEDTIME_MAX_SCHEDULES")
        makeAheadMinutes = try SettingValues.integer(reader, "bedtime.makeAheadMinutes", default: makeAheadMinutes, in: 0...60,
                                                     name: "BEDTIME_MAKE_AHEAD_MINUTES")
        approvalMakeAheadMinutes = try SettingValues.integer(reader, "bedtime.approvalMakeAheadMinutes", default: approvalMakeAheadMinutes,
                                                             in: 0...120, name: "BEDTIME_APPROVAL_MAKE_AHEAD_MINUTES")
    }
}
