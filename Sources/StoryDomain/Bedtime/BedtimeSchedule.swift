import Foundation

/// A family's bedtime: at ``time`` on ``days`` (the family's clock), tonight's story is posted
/// in ``channelID``, made ahead with the quota of ``owner``, the grown-up who set it.
public struct BedtimeSchedule: Sendable, Hashable, Codable, Identifiable {
    /// A short random id (the same alphabet as story ids).
    public let id: String
    public var family: FamilyRef
    /// Where it is posted: the Discord channel or the web chat room.
    public var channelID: String
    public var time: BedtimeTime
    public var days: BedtimeDays
    public var story: BedtimeStoryChoice
    /// The grown-up who set it: their quota, budget and plan make the story.
    public var owner: Requester
    public var createdAt: Date

    public init(id: String, family: FamilyRef, channelID: String, time: BedtimeTime, days: BedtimeDays, story: BedtimeStoryChoice,
                owner: Requester, createdAt: Date) {
        self.id = id
        self.family = family
        self.channelID = channelID
        self.time = time
        self.days = days
        self.story = story
        self.owner = owner
        self.createdAt = createdAt
    }

    /// A new random id.
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return ShortID.make(length: 10, using: &generator)
    }
}

extension BedtimeSchedule {
    /// `continue` or `new`: the stored form of ``story`` (its theme is stored beside it).
    public var storedStory: String { story.isNew ? "new" : "continue" }

    /// A schedule from its stored columns; nil for values no version wrote.
    public init?(id: String, family: FamilyRef, channelID: String, minuteOfDay: Int, days: String, story: String, theme: String?,
                 ownerID: String, ownerName: String, createdAt: Date) {
        guard let time = BedtimeTime(hour: minuteOfDay / 60, minute: minuteOfDay % 60), let days = BedtimeDays(stored: days),
              ["new", "continue"].contains(story)
        else { return nil }
        self.init(id: id, family: family, channelID: channelID, time: time, days: days,
                  story: story == "new" ? .new(theme: theme) : .continueChain,
                  owner: Requester(userID: ownerID, displayName: ownerName), createdAt: createdAt)
    }
}
