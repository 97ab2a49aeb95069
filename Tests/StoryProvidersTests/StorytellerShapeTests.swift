@testable import StoryProviders
import StoryDomain
import Testing

/// The theme's want picks the story's shape, every time and for every seed, and a "lost X" theme
/// loses and finds X itself: the penguin of "a lost penguin", the bell of "the lost bell".
@Suite("Built-in storyteller: the want picks the shape")
struct StorytellerShapeTests {
    let writer = OfflineStoryWriter()

    /// Themes and the shape their want asks for.
    static let wanted: [(theme: String, shape: StoryShape)] = [
        ("a lost penguin under the sea", .quest), ("Grandma and the lost bell in the castle", .quest),
        ("a lost crown in the castle", .quest), ("a sleepy dragon who lost his bell", .quest),
        ("a puppy who got lost in the town", .quest), ("find my cat in the garden", .quest),
        ("a lost teddy at home", .quest), ("a bear who lost his hat in the mountains", .quest),
        ("the missing key", .quest), ("searching for a lost shell at the beach", .quest),
        ("an octopus who lost its birthday present", .quest),
        ("a cat who can't sleep", .smallFear), ("I can't sleep", .smallFear), ("a bunny who cannot sleep in the forest", .smallFear),
        ("afraid of the dark", .smallFear), ("a dinosaur who is afraid of the dark", .smallFear),
        ("scared of the dark in my bedroom", .smallFear),
        ("first day at school", .firstTime), ("my little brother's first day at nursery", .firstTime),
        ("a first swim at the beach", .firstTime), ("starting at a new school", .firstTime),
        ("a birthday party", .celebration), ("an octopus birthday party under the sea", .celebration),
        ("Grandma's birthday on the farm", .celebration), ("an elephant's birthday in the jungle", .celebration),
        ("a dragon who wants to fly", .firstTime), ("wishing I could fly", .firstTime), ("a little owl learning to fly", .firstTime),
        ("a trip to the moon", .journey), ("a boat trip to an island", .journey), ("a journey to the mountains", .journey),
        ("an adventure in the jungle", .journey),
        ("helping a friend", .helping), ("a lonely whale", .helping), ("a kind bunny in the meadow", .helping),
    ]

    @Test("every theme with a want gets that want's shape, for every seed and age")
    func wantPicksShape() {
        for (theme, shape) in Self.wanted {
            for seed: UInt64 in 1...25 {
                let request = StoryRequest(theme: theme, heroName: "Mia", age: [3, 6, 10][Int(seed) % 3], pageCount: 5, seed: seed)
                let plan = writer.plan(request)
                #expect(plan.shape == shape, "\(theme), seed \(seed): \(plan.shape) (\(plan.variation))")
            }
        }
    }

    @Test("a wish to fly is a first flight, the dark is faced, a first day is a new place")
    func variationFollowsTheWant() {
        let expected: [(String, Set<String>)] = [
            ("a dragon who wants to fly", ["firstFlight"]), ("wishing I could fly", ["firstFlight"]),
            ("afraid of the dark", ["dark"]), ("first day at school", ["newPlace"]),
            ("a lost penguin under the sea", ["wandered", "hideAndSeek"]),
            ("Grandma and the lost bell in the castle", ["dropped", "misplaced"]),
        ]
        for (theme, ids) in expected {
            for seed: UInt64 in 1...25 {
                let plan = writer.plan(StoryRequest(theme: theme, heroName: "Mia", age: 6, pageCount: 5, seed: seed))
                #expect(ids.contains(plan.variation), "\(theme), seed \(seed): \(plan.variation)")
            }
        }
    }

    /// "Lost X" themes and the words that say X.
    static let lostThemes: [(theme: String, words: [String])] = [
        ("a lost penguin under the sea", ["penguin"]), ("Grandma and the lost bell in the castle", ["bell"]),
        ("a lost crown in the castle", ["crown"]), ("a sleepy dragon who lost his bell", ["bell"]),
        ("a puppy who got lost in the town", ["puppy"]), ("find my lost cat in the garden", ["cat"]),
        ("a lost teddy at home", ["teddy"]), ("a bear who lost his hat in the mountains", ["hat"]),
        ("a lost key in the castle", ["key"]), ("a lost shell under the sea", ["shell"]),
        ("a lost duckling on the farm", ["duckling"]), ("a lost mitten in the snow", ["mitten"]),
    ]

    @Test("in a lost-X story, X is what is lost and found: named on the problem page and the found page")
    func lostThingIsTheThemes() async throws {
        for (theme, words) in Self.lostThemes {
            for seed: UInt64 in 1...12 {
                for age in [3, 6, 10] {
                    let story = try await writer.write(StoryRequest(theme: theme, heroName: "Leo", age: age, pageCount: 5, seed: seed))
                    let problem = story.pages[1].text, found = story.pages[3].text
                    let says = { (text: String) in words.contains { StorytellerSupport.mentions(text, $0) } }
                    #expect(says(problem), "\(theme), seed \(seed), age \(age): the problem page does not name it: \(problem)")
                    #expect(says(found), "\(theme), seed \(seed), age \(age): the found page does not name it: \(found)")
                    #expect(!StorytellerSupport.mentions(story.pages.map(\.text).joined(separator: " "), "treasure chest"),
                            "\(theme): another thing is lost")
                }
            }
        }
    }

    @Test("a lost penguin under the sea: the penguin is lost, searched for underwater, found, and comes home")
    func lostPenguin() async throws {
        for seed: UInt64 in 1...20 {
            let story = try await writer.write(StoryRequest(theme: "a lost penguin under the sea", heroName: "Leo", age: 6, pageCount: 5, seed: seed))
            let name = try #require(story.sheet.companion?.name)
            #expect(story.sheet.companion?.kind == .penguin)
            #expect(story.sheet.setting == .underwater)
            // Away while lost: not drawn, and not said to be there.
            for page in story.pages[1...2] {
                #expect(page.scene.companionAway, "seed \(seed): \(page.text)")
                #expect(!page.text.contains("\(name) and Leo") && !page.text.contains("Leo and \(name)"), "seed \(seed): \(page.text)")
            }
            for index in [0, 3, 4] { #expect(!story.pages[index].scene.companionAway) }
            #expect(story.pages[4].text.contains(name), "seed \(seed): the penguin comes home: \(story.pages[4].text)")
        }
    }

    @Test("Grandma and the lost bell: the bell is lost, looked for in castle places, found, with Grandma")
    func grandmaAndTheBell() async throws {
        for seed: UInt64 in 1...20 {
            let story = try await writer.write(StoryRequest(theme: "Grandma and the lost bell in the castle", heroName: "Omar",
                                                            age: 10, pageCount: 5, seed: seed))
            #expect(story.sheet.setting == .castle)
            #expect(story.sheet.companion?.name == "Grandma")
            let middle = story.pages[1...3].map(\.text).joined(separator: " ")
            #expect(StorytellerSupport.mentions(middle, "Grandma"), "seed \(seed): \(middle)")
            let spots = StoryWorld.castle.spots.filter { middle.contains($0) }
            #expect(spots.count >= 2, "seed \(seed): looked in \(spots)\n\(middle)")
        }
    }
}
