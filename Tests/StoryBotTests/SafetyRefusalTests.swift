import Foundation
import StoryBot
import StoryDomain
import Testing

@Suite("Friendly refusals of the bedtime screen")
struct SafetyRefusalTests {
    @Test("a refused request gets a kind, private answer with a gentle idea, different for each category")
    func refusals() {
        var ideas: Set<String> = []
        for category in SafetyCategory.allCases {
            let reply = FriendlyErrors.reply(for: StoryRequestError.unsafeTopic(category))
            #expect(reply.isPrivate, "\(category)")
            #expect(reply.text?.contains("how about") == true, "\(category): \(reply.text ?? "")")
            #expect(FriendlyErrors.isExpected(StoryRequestError.unsafeTopic(category)))
            ideas.insert(reply.text ?? "")
        }
        #expect(ideas.count == SafetyCategory.allCases.count)
        #expect(FriendlyErrors.text(for: StoryRequestError.unsafeTopic(.violence)).contains("brave knight who helps a lost dragon find home"))
        #expect(FriendlyErrors.text(for: StoryRequestError.unsafeTopic(.selfHarm)).contains("grown-up you trust"))
    }

    @Test("a name that is not a name gets told what a name may have")
    func names() {
        let text = FriendlyErrors.text(for: StoryRequestError.invalidName(field: "companion"))
        #expect(text.contains("companion's name") && text.contains("letters") && text.contains("40"))
    }

    @Test("a story the screen refused after writing is not shown, its theme is not repeated, and it says the story counted")
    func failedStory() {
        let request = StoryRequest(theme: "a secret theme", heroName: "Mia", age: 5, pageCount: 3, seed: 1)
        var story = Story(id: StoryID(rawValue: "s1")!, family: FamilyRef(platform: "web", externalID: "f"),
                          requester: Requester(userID: "u", displayName: "U"), request: request, status: .failed, createdAt: Date(),
                          failureReason: String(describing: GeneratedStoryChecker.Problem.unsafeContent(.gore)))
        let screened = FriendlyErrors.text(for: .unsafeContent, story: story)
        #expect(!screened.contains("secret theme"))
        #expect(screened.contains("bedtime rules") && screened.contains("counted"))
        story.failureReason = String(describing: GeneratedStoryChecker.Problem.avoidedWord("spiders"))
        let avoided = FriendlyErrors.text(for: .unsafeContent, story: story)
        #expect(!avoided.contains("secret theme") && !avoided.contains("spiders"))
        #expect(avoided.contains("counted") && !avoided.contains("didn't count"), "a refusal after writing keeps its slot")
        let resting = FriendlyErrors.text(for: .modelBudgetSpent, story: story)
        #expect(resting.contains("resting until tomorrow") && resting.contains("didn't count"))
    }
}
