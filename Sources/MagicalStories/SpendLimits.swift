import Configuration
import StoryDomain

/// The limits on what the service spends at model providers, and on retries that would spend
/// it. Read with the rest of ``AppConfig`` (environment over file over these defaults); every
/// limit is documented in `docs/limits.md` ("Model spend").
///
/// | key (JSON path)             | environment                 | default |
/// |-----------------------------|-----------------------------|---------|
/// | `familyDailyModelCalls`     | `FAMILY_DAILY_MODEL_CALLS`  | `60` model calls per family per UTC day |
/// | `maxDailyModelCalls`        | `MAX_DAILY_MODEL_CALLS`     | `200` model calls by the whole service per UTC day |
/// | `stories.refusedPerDay`     | `STORIES_REFUSED_PER_DAY`   | `10` refused requests per person per UTC day |
/// | `collections.remakesPerDay` | `COLLECTIONS_REMAKES_PER_DAY` | `2` remakes of one failed collection entry per UTC day |
///
/// Model calls are requests to Gemini, Imagen or an OpenAI-compatible server (text, pictures,
/// narration), failed ones and retries included. The built-in writer and illustrator cost
/// nothing and are never limited.
public struct SpendLimits: Sendable, Equatable, CustomStringConvertible {
    public var familyDailyModelCalls = ModelBudget.defaultFamilyDailyCalls
    public var maxDailyModelCalls = ModelBudget.defaultServiceDailyCalls
    public var refusedRequestsPerDay = RefusedRequestLimit.defaultPerDay
    public var collectionRemakesPerDay = CollectionService.defaultRemakesPerDay

    public init() {}

    /// The model-call budget these limits set.
    public var modelBudget: ModelBudget {
        ModelBudget(familyDailyCalls: familyDailyModelCalls, serviceDailyCalls: maxDailyModelCalls)
    }

    public var description: String {
        "model calls per day: \(familyDailyModelCalls) per family, \(maxDailyModelCalls) in all; "
            + "refused requests per person per day: \(refusedRequestsPerDay); remakes per collection entry per day: \(collectionRemakesPerDay)"
    }

    init(reader: ConfigReader) throws {
        familyDailyModelCalls = try SettingValues.integer(reader, "familyDailyModelCalls", default: familyDailyModelCalls,
                                                          in: 0...1_000_000, name: "FAMILY_DAILY_MODEL_CALLS")
        maxDailyModelCalls = try SettingValues.integer(reader, "maxDailyModelCalls", default: maxDailyModelCalls,
                                                       in: 0...10_000_000, name: "MAX_DAILY_MODEL_CALLS")
        refusedRequestsPerDay = try SettingValues.integer(reader, "stories.refusedPerDay", default: refusedRequestsPerDay,
                                                          in: 0...10_000, name: "STORIES_REFUSED_PER_DAY")
        collectionRemakesPerDay = try SettingValues.integer(reader, "collections.remakesPerDay", default: collectionRemakesPerDay,
                                                            in: 0...100, name: "COLLECTIONS_REMAKES_PER_DAY")
    }
}
