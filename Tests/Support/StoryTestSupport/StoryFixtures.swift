import Foundation
import StoryDomain

/// Small, valid values for tests: a family, a requester, a character sheet, requests, stories
/// and written texts that pass the bedtime screen.
public enum StoryFixtures {
    public static let family = FamilyRef(platform: "web", externalID: "family")
    public static let requester = Requester(userID: "anna", displayName: "Anna")
    public static let start = Date(timeIntervalSince1970: 1_800_000_000)

    public static let sheet = CharacterSheet(
        hero: CharacterDesign(name: "Mia", kind: .child, bodyColor: RGB(241, 194, 160), accentColor: RGB(214, 64, 120),
                              detailColor: RGB(92, 58, 40), looks: "a girl with a pink dress", trait: "curious"),
        companion: nil, setting: .meadow, settingDescription: "a quiet meadow",
        palette: Palette(sky: RGB(150, 200, 240), ground: RGB(120, 180, 90), accent: RGB(240, 120, 80)))

    public static func request(theme: String = "a sleepy owl", pages: Int = 3, illustrations: IllustrationMode = .pictures,
                               seed: UInt64 = 7, avoid: [String] = []) -> StoryRequest {
        StoryRequest(theme: theme, heroName: "Mia", age: 5, pageCount: pages, seed: seed, avoid: avoid, illustrations: illustrations)
    }

    /// A queued story. Ids are lower-case letters and digits.
    public static func story(_ id: String = "story1", request: StoryRequest = request(), family: FamilyRef = family,
                             requester: Requester = requester, createdAt: Date = start) -> Story {
        guard let storyID = StoryID(rawValue: id) else { preconditionFailure("not a story id: \(id)") }
        return Story(id: storyID, family: family, requester: requester, request: request, createdAt: createdAt)
    }

    /// A gentle text with the given pages.
    public static func written(title: String = "Owl Night", pages texts: [String], usage: ProviderUsage? = nil) -> WrittenStory {
        WrittenStory(title: title, sheet: sheet, pages: texts.map {
            WrittenPage(text: $0, scene: PageScene(timeOfDay: .night, action: .resting), imagePrompt: "an owl on a branch at night")
        }, usage: usage)
    }

    /// A gentle text that fits the request: its page count and hero.
    public static func written(for request: StoryRequest, usage: ProviderUsage? = nil) -> WrittenStory {
        written(title: "\(request.heroName) and the Quiet Night",
                pages: (1...max(1, request.pageCount)).map { "\(request.heroName) watched the stars come out, one by one (page \($0))." },
                usage: usage)
    }

    /// Where a web chat story is delivered: the room's message with this id.
    public static func delivery(messageID: String = "m1", requestID: String? = nil, family: FamilyRef = family) -> DeliveryAddress {
        DeliveryAddress(platform: family.platform, channelID: family.externalID, messageID: messageID, userID: requester.userID,
                        requestID: requestID)
    }
}
