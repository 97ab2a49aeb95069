import StoryDomain

/// The place a tale happens, said the theme's way: the place the theme names ("by the river", "in
/// the library", "on the hill"), else the room of an indoor action ("in the kitchen" for baking, "in
/// the classroom" at school). Nil when the theme says neither: the story's world names its place.
struct TalePlace: Sendable, Equatable {
    /// "the river".
    var name: String
    /// "by the river".
    var at: String
    /// "down to the river".
    var to: String
    /// The word a page says when it names the place ("river").
    var word: String
    /// Where the illustrator paints it (nil: the story's own setting), and whether inside.
    var setting: StorySetting? = nil
    var indoors = false

    /// The place of a theme's reading, or of its action.
    static func of(reading: ThemeReading, action: TaleAction?) -> TalePlace? {
        for place in reading.places {
            guard var told = named[place.word] else { continue }
            // A sea creature's school is under the sea.
            if told.word == "school", reading.figures.contains(where: { ["octopus", "whale", "fish", "crab", "seal"].contains($0.word) }) {
                told = TalePlace(name: "the school under the sea", at: "at the school under the sea", to: "down to the school under the sea",
                                 word: "sea", setting: .underwater)
            }
            return told
        }
        if let room = action.flatMap(room(of:)) { return room }
        // A theme that names no place says one by what it is about: acorns grow in the forest.
        let traitWords = reading.traits.flatMap { $0.words.split(separator: " ").map(String.init) }
        let words = reading.objects + [reading.occasion?.word, action?.base].compactMap { $0 } + traitWords + reading.figures.map(\.word)
        for word in words {
            if let place = implied[word], let told = named[place] { return told }
        }
        return nil
    }

    /// The room of an indoor action (the kitchen for baking), or the classroom of a school one.
    private static func room(of action: TaleAction) -> TalePlace? {
        let props = Set(action.props)
        if action.indoors, !props.isDisjoint(with: ["oven", "bread", "cake", "bowl", "spoon", "cookies", "pie", "teapot", "apron"]) {
            return room("kitchen")
        }
        if action.indoors, !props.isDisjoint(with: ["hammer", "toolbox", "nails", "wheel", "paint pot", "ladder"]) {
            return room("workshop")
        }
        if action.setting == .school || !props.isDisjoint(with: ["desk", "blackboard", "globe"]) { return room("classroom") }
        return nil
    }

    /// What a theme is about → where it happens, for themes that name no place.
    static let implied: [String: String] = [
        "acorn": "forest", "squirrel": "forest", "sunflower": "garden", "seed": "garden", "flower": "garden", "plant": "garden",
        "carrot": "farm", "farmer": "farm", "tractor": "farm", "harvest festival": "farm", "fair": "village", "swim": "sea",
        "cloud": "sky", "rainbow": "sky", "storms": "home", "thunder": "home", "party": "home", "sleepover": "home",
        "music box": "home", "mouse": "kitchen", "elephant": "jungle", "giraffe": "jungle", "monkey": "jungle", "whale": "sea",
        "octopus": "sea",
    ]

    private static func room(_ word: String) -> TalePlace {
        TalePlace(name: "the \(word)", at: "in the \(word)", to: "into the \(word)", word: word,
                  setting: word == "classroom" ? .school : .home, indoors: true)
    }

    /// Where each named place is painted: the nearest of the illustrator's settings, and whether inside.
    static let painted: [String: (setting: StorySetting, indoors: Bool)] = [
        "river": (.river, false), "lake": (.river, false), "pond": (.river, false), "beach": (.seaside, false),
        "sea": (.seaside, false), "underwater": (.underwater, false), "harbour": (.seaside, false), "lighthouse": (.seaside, false),
        "hill": (.meadow, false), "mountain": (.mountains, false), "treetops": (.forest, false), "forest": (.forest, false),
        "meadow": (.meadow, false), "garden": (.garden, false), "park": (.garden, false), "town": (.town, false),
        "street": (.town, false), "library": (.library, true), "bakery": (.home, true), "farm": (.farm, false),
        "jungle": (.jungle, false), "moon": (.space, false), "castle": (.castle, false), "school": (.school, true),
        "kitchen": (.home, true), "zoo": (.jungle, false), "cave": (.mountains, false), "island": (.seaside, false),
        "village": (.town, false), "home": (.home, true),
    ]

    /// The places the theme reader knows, as a tale says them (a place not here is told by the world).
    static let named: [String: TalePlace] = {
        let places: [(String, String, String, String)] = [
            ("river", "the river", "by the river", "down to the river"),
            ("lake", "the lake", "by the lake", "down to the lake"),
            ("pond", "the pond", "by the pond", "down to the pond"),
            ("beach", "the beach", "on the beach", "down to the beach"),
            ("sea", "the sea", "by the sea", "down to the sea"),
            ("underwater", "the sea", "under the sea", "down under the sea"),
            ("harbour", "the harbour", "in the harbour", "down to the harbour"),
            ("lighthouse", "the lighthouse", "by the lighthouse", "out to the lighthouse"),
            ("hill", "the hill", "on the hill", "up the hill"),
            ("mountain", "the mountains", "up in the mountains", "up into the mountains"),
            ("treetops", "the treetops", "up in the treetops", "up into the treetops"),
            ("forest", "the forest", "in the forest", "into the forest"),
            ("meadow", "the meadow", "in the meadow", "out to the meadow"),
            ("garden", "the garden", "in the garden", "out into the garden"),
            ("park", "the park", "in the park", "over to the park"),
            ("town", "the town", "in the town", "into the town"),
            ("street", "the street", "in the street", "down the street"),
            ("library", "the library", "in the library", "over to the library"),
            ("bakery", "the bakery", "in the bakery", "over to the bakery"),
            ("farm", "the farm", "on the farm", "down to the farm"),
            ("jungle", "the jungle", "in the jungle", "into the jungle"),
            ("moon", "the moon", "on the moon", "up to the moon"),
            ("castle", "the castle", "in the castle", "up to the castle"),
            ("school", "school", "at school", "to school"),
            ("kitchen", "the kitchen", "in the kitchen", "into the kitchen"),
            ("zoo", "the zoo", "at the zoo", "over to the zoo"),
            ("cave", "the cave", "in the cave", "into the cave"),
            ("island", "the island", "on the island", "over to the island"),
            ("sky", "the sky", "up in the sky", "up into the sky"),
            ("village", "the village", "in the village", "down to the village"),
            ("home", "home", "at home", "back home"),
        ]
        var table: [String: TalePlace] = [:]
        for (word, name, at, to) in places {
            table[word] = TalePlace(name: name, at: at, to: to, word: String(name.split(separator: " ").last ?? ""),
                                    setting: painted[word]?.setting, indoors: painted[word]?.indoors ?? false)
        }
        return table
    }()
}
