/// What a Growth Collection grows toward. Each goal has seven small steps: a story theme (with
/// `{hero}` for the hero's name) and a question for grown-ups to talk over after reading.
public enum GrowthGoal: String, Sendable, Codable, CaseIterable {
    case kindness, bravery, sharing, patience
    case bedtimeRoutine = "bedtime-routine"
    case tryingNewThings = "trying-new-things"
    case bigFeelings = "big-feelings"

    /// One story of the series.
    public struct Step: Sendable, Equatable {
        public var theme: String
        public var question: String
    }

    public var displayName: String {
        switch self {
        case .kindness: "Kindness"
        case .bravery: "Bravery"
        case .sharing: "Sharing"
        case .patience: "Patience"
        case .bedtimeRoutine: "Bedtime routine"
        case .tryingNewThings: "Trying new things"
        case .bigFeelings: "Big feelings"
        }
    }

    public var emoji: String {
        switch self {
        case .kindness: "💛"
        case .bravery: "🦁"
        case .sharing: "🤝"
        case .patience: "🐢"
        case .bedtimeRoutine: "🌙"
        case .tryingNewThings: "🌱"
        case .bigFeelings: "🌈"
        }
    }

    /// Reads a goal typed by a person: its id, its name, or a close spelling.
    public init?(userInput: String) {
        let key = userInput.lowercased().filter { $0.isLetter }
        guard let goal = Self.allCases.first(where: { $0.rawValue.filter(\.isLetter) == key || $0.displayName.lowercased().filter(\.isLetter) == key })
        else { return nil }
        self = goal
    }

    /// The first `count` steps (3–7), from small to bigger.
    public func steps(count: Int) -> [Step] {
        Array(allSteps.prefix(max(1, min(count, allSteps.count))))
    }

    private var allSteps: [Step] {
        switch self {
        case .kindness: [
            Step(theme: "{hero} notices a friend who is sad and finds a small way to help", question: "How could you tell your friend was sad? What helped?"),
            Step(theme: "{hero} helps tidy up without being asked", question: "How do you think the others felt when the toys were tidy?"),
            Step(theme: "{hero} is kind to a shy new friend at the park", question: "What could you say to someone who is new?"),
            Step(theme: "{hero} makes a surprise gift for grandma", question: "What little surprise could we make for someone we love?"),
            Step(theme: "{hero} looks after a little lost creature", question: "Why did the little creature need {hero}'s help?"),
            Step(theme: "{hero} says sorry and makes things right", question: "What does a good sorry sound like?"),
            Step(theme: "{hero} spreads kindness all around the town", question: "What kind thing would you like to do tomorrow?"),
        ]
        case .bravery: [
            Step(theme: "{hero} tries one small new thing", question: "What small new thing felt a bit scary, and how did it turn out?"),
            Step(theme: "{hero} asks for help when something is hard", question: "Who can you ask for help when something is hard?"),
            Step(theme: "{hero} speaks up in a quiet, brave voice", question: "When is it good to use your brave voice?"),
            Step(theme: "{hero} sleeps the first night somewhere new", question: "What would help you feel cosy in a new place?"),
            Step(theme: "{hero} learns that the dark is just the day resting", question: "What do you like about the quiet night?"),
            Step(theme: "{hero} keeps trying after a wobbly start", question: "What is something you got better at by trying again?"),
            Step(theme: "{hero} helps a friend feel brave too", question: "How could you help a friend who feels scared?"),
        ]
        case .sharing: [
            Step(theme: "{hero} shares a favourite toy and finds a new game", question: "What game could you play that needs two people?"),
            Step(theme: "{hero} takes turns on the swing", question: "How does it feel to wait for your turn?"),
            Step(theme: "{hero} shares a snack at a picnic", question: "Why do snacks taste nicer together?"),
            Step(theme: "{hero} builds something together with friends", question: "What could we build together this week?"),
            Step(theme: "{hero} shares a story with a little friend", question: "Which story would you like to share with someone?"),
            Step(theme: "{hero} shares the last piece fairly", question: "How could you share something fairly?"),
            Step(theme: "{hero} throws a sharing party for everyone", question: "What would you bring to a sharing party?"),
        ]
        case .patience: [
            Step(theme: "{hero} plants a seed and waits for it to grow", question: "What are you waiting for that is worth it?"),
            Step(theme: "{hero} waits for the cake to bake", question: "What can you do while you wait for something nice?"),
            Step(theme: "{hero} waits for a turn to talk", question: "How does it feel when someone listens to you all the way?"),
            Step(theme: "{hero} learns a tricky thing slowly, step by step", question: "What tricky thing are you learning, step by step?"),
            Step(theme: "{hero} waits for the first snow", question: "What do you look forward to each season?"),
            Step(theme: "{hero} helps a slow snail friend get home", question: "Why is it kind to go slowly with a slow friend?"),
            Step(theme: "{hero} watches the stars come out one by one", question: "What calm things can we notice when we wait?"),
        ]
        case .bedtimeRoutine: [
            Step(theme: "{hero} has a warm bath before bed", question: "What is your favourite part of getting ready for bed?"),
            Step(theme: "{hero} brushes teeth with a sparkly song", question: "What song could we sing while brushing teeth?"),
            Step(theme: "{hero} puts on cosy pyjamas and picks a story", question: "Which pyjamas feel the cosiest?"),
            Step(theme: "{hero} says goodnight to everyone in the house", question: "Who would you like to say goodnight to?"),
            Step(theme: "{hero} takes three slow sleepy breaths", question: "Can we take three slow breaths together now?"),
            Step(theme: "{hero} stays in bed and listens to the quiet night", question: "What sounds can you hear when the house is quiet?"),
            Step(theme: "{hero} dreams a gentle dream until morning", question: "What gentle dream would you like tonight?"),
        ]
        case .tryingNewThings: [
            Step(theme: "{hero} tastes a new fruit", question: "What new food could we try this week?"),
            Step(theme: "{hero} tries a new game at the park", question: "What new game would you like to learn?"),
            Step(theme: "{hero} visits a new place with a grown-up", question: "Where would you like to visit one day?"),
            Step(theme: "{hero} learns a new song", question: "Which song could we learn together?"),
            Step(theme: "{hero} makes a new friend", question: "What could you ask a new friend?"),
            Step(theme: "{hero} paints with new colours", question: "What colours would you mix together?"),
            Step(theme: "{hero} goes on a little adventure and comes home happy", question: "What was the best new thing you tried lately?"),
        ]
        case .bigFeelings: [
            Step(theme: "{hero} feels grumpy and finds a way to feel better", question: "What helps you when you feel grumpy?"),
            Step(theme: "{hero} feels a little worried and talks about it", question: "Who do you like to talk to about worries?"),
            Step(theme: "{hero} feels very excited and learns to slow down", question: "How does your body feel when you are excited?"),
            Step(theme: "{hero} feels sad when a friend moves away and makes a card", question: "What could we do when we miss someone?"),
            Step(theme: "{hero} feels cross and takes deep dragon breaths", question: "Can we practise a deep calm breath together?"),
            Step(theme: "{hero} feels proud after helping", question: "What made you feel proud this week?"),
            Step(theme: "{hero} makes a feelings garden where every feeling is welcome", question: "Which feeling did you feel today?"),
        ]
        }
    }
}
