import StoryDomain

extension ThemeLexicon {
    // MARK: - Traits

    /// Words that start a fear ("afraid of", "scared to", "fears").
    static let fearWords: Set<String> = ["afraid", "scared", "frightened", "fearful", "terrified", "fear", "fears",
                                         "feared", "worried", "nervous", "hates"]

    /// What a fear is of, by the theme's words, as the story tells it after "afraid of".
    static let fearTargets: [String: String] = [
        "dark": "the dark", "darkness": "the dark", "night": "the dark", "nighttime": "the dark", "shadows": "the dark",
        "storm": "storms", "storms": "storms", "thunder": "storms", "thunderstorm": "storms", "thunderstorms": "storms",
        "lightning": "storms", "water": "the water", "heights": "heights", "high": "heights", "sea": "the sea",
        "ocean": "the sea", "waves": "the sea", "noise": "loud noises", "noises": "loud noises", "loud": "loud noises",
        "monster": "monsters", "monsters": "monsters", "spider": "spiders", "spiders": "spiders", "bath": "bathtime",
        "baths": "bathtime", "bathtime": "bathtime", "dentist": "the dentist", "doctor": "the doctor",
        "wind": "the wind", "snow": "the snow", "school": "school", "haircut": "haircuts", "haircuts": "haircuts",
        "bees": "bees", "bee": "bees", "dogs": "dogs", "dog": "dogs", "ghosts": "ghosts", "ghost": "ghosts",
        "falling": "falling", "mistakes": "mistakes", "change": "new things", "new": "new things",
    ]

    /// Describing words that are a figure's nature or state, told as a quality trait.
    static let traitQualities: Set<String> = [
        "shy", "brave", "grumpy", "lonely", "sleepy", "curious", "clever", "silly", "hungry", "busy", "gentle", "kind",
        "quiet", "clumsy", "forgetful", "messy", "bossy", "noisy", "impatient", "nervous", "stubborn", "lazy", "slow",
        "fast", "proud", "sad", "cheeky", "excited", "wise", "worried", "careful", "greedy",
    ]

    /// Describing words added for traits (each with its synonyms), also figure describers.
    static let traitDescribers: [(word: String, also: [String])] = [
        ("clumsy", []), ("forgetful", []), ("messy", ["untidy"]), ("bossy", []), ("noisy", ["loud"]),
        ("impatient", []), ("nervous", ["anxious"]), ("stubborn", []), ("lazy", []), ("slow", []),
        ("fast", ["speedy", "quick"]), ("proud", []), ("sad", ["unhappy", "gloomy"]), ("cheeky", ["naughty", "mischievous"]),
        ("excited", []), ("worried", []), ("careful", []), ("greedy", []), ("tall", []), ("wobbly", []),
    ]

    /// Words after "too" ("too tall"), as the story says them.
    static let tooWords: [String: String] = [
        "tall": "tall", "short": "short", "small": "small", "little": "small", "tiny": "small", "big": "big",
        "large": "big", "huge": "big", "slow": "slow", "fast": "fast", "quick": "fast", "loud": "loud",
        "noisy": "loud", "quiet": "quiet", "young": "young", "old": "old", "heavy": "heavy", "shy": "shy",
        "sleepy": "sleepy", "tired": "sleepy", "busy": "busy", "excited": "excited", "bouncy": "bouncy",
        "wobbly": "wobbly", "hungry": "hungry", "grumpy": "grumpy", "scared": "scared",
    ]

    /// Words that say a figure cannot do something ("can't sleep", "couldn't find").
    static let cannotWords: Set<String> = ["cant", "cannot", "couldnt", "unable"]

    /// One-word problems the theme names, by the theme's words, as "has …" or "is …".
    static let problems: [String: ThemeTrait.Core] = [
        "hiccups": .has("the hiccups"), "hiccup": .has("the hiccups"), "hiccuping": .has("the hiccups"),
        "sneezes": .has("the sniffles"), "sniffles": .has("the sniffles"), "cold": .has("a cold"),
        "sick": .state("poorly"), "poorly": .state("poorly"), "ill": .state("poorly"), "unwell": .state("poorly"),
        "stuck": .state("stuck"), "toothache": .has("a toothache"),
    ]
    /// Words that make a sore body part ("a broken wing" → "has a sore wing").
    static let hurtWords: Set<String> = ["hurt", "broken", "injured", "sore", "poorly"]
    /// Body parts a figure can have sore.
    static let bodyParts: Set<String> = ["wing", "leg", "paw", "arm", "tail", "foot", "knee", "trunk", "fin", "flipper"]

    /// Words that make a wish frame: "wants to", "wishes to", "hopes to", "dreams of".
    static let wishWords: Set<String> = ["want", "wants", "wanted", "wanting", "wish", "wishes", "wished", "wishing",
                                         "hope", "hopes", "hoped", "hoping", "long", "longs", "longed", "longing",
                                         "dream", "dreams", "dreamed", "dreamt", "dreaming"]
    /// Words that make a wish only after "would" ("would love to").
    static let wouldWishWords: Set<String> = ["love", "like"]
    /// "learns to", "learning how to".
    static let learnWords: Set<String> = ["learn", "learns", "learned", "learnt", "learning"]
    /// "tries to".
    static let tryWords: Set<String> = ["try", "tries", "tried", "trying", "attempts", "practises", "practices"]
    /// "teaches a bear to knit".
    static let teachWords: Set<String> = ["teach", "teaches", "taught", "teaching", "shows", "showed"]
    /// "helps the farmer pull up the carrots", "helped a duck to swim".
    static let helpWords: Set<String> = ["help", "helps", "helped", "helping"]

    /// Words for more than one, before a figure ("two otters").
    static let manyWords: Set<String> = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "some",
                                         "many", "lots", "several", "twin", "twins", "both", "all", "pair", "family", "group",
                                         "team", "gang", "band"]

    // MARK: - Weather

    /// The weather a word names.
    static let weatherWords: [String: SceneWeather] = [
        "rain": .rain, "rainy": .rain, "raining": .rain, "rained": .rain, "rains": .rain, "rainstorm": .rain,
        "drizzle": .rain, "drizzly": .rain, "showers": .rain, "downpour": .rain, "storm": .rain, "stormy": .rain,
        "thunder": .rain, "thunderstorm": .rain, "wet": .rain, "puddle": .rain, "puddles": .rain, "rainy-day": .rain,
        "snow": .snow, "snowy": .snow, "snowing": .snow, "snowed": .snow, "snowfall": .snow, "blizzard": .snow,
        "snowstorm": .snow, "snowflakes": .snow, "snowflake": .snow, "winter": .snow, "wintry": .snow, "frost": .snow,
        "frosty": .snow, "icy": .snow,
        "wind": .wind, "windy": .wind, "breezy": .wind, "breeze": .wind, "blustery": .wind, "gale": .wind, "gusty": .wind,
        "fog": .fog, "foggy": .fog, "mist": .fog, "misty": .fog, "haze": .fog, "hazy": .fog,
        "rainbow": .rainbow, "rainbows": .rainbow,
    ]

    // MARK: - Occasions

    /// Every occasion, with the theme's words for it (one or two words each).
    static let occasions: [(occasion: ThemeOccasion, forms: [String])] = [
        (ThemeOccasion(word: "picnic", phrase: "a picnic", props: ["picnic blanket", "basket", "sandwich"], setting: .meadow,
                       indoors: false), ["picnic", "picnics"]),
        (ThemeOccasion(word: "tea party", phrase: "a tea party", props: ["teapot", "teacup", "cake"], setting: .home,
                       indoors: true), ["tea party", "tea parties"]),
        (ThemeOccasion(word: "birthday", phrase: "a birthday", props: ["cake", "candles", "balloon"], setting: nil,
                       indoors: false), ["birthday", "birthdays", "bday"]),
        (ThemeOccasion(word: "sleepover", phrase: "a sleepover", props: ["pillow", "blanket", "lantern"], setting: .home,
                       indoors: true), ["sleepover", "sleepovers", "slumber party", "pyjama party", "pajama party"]),
        (ThemeOccasion(word: "school trip", phrase: "a school trip", props: ["map", "basket"], setting: nil, indoors: false),
         ["school trip", "field trip", "class trip", "school outing"]),
        (ThemeOccasion(word: "wedding", phrase: "a wedding", props: ["flower", "bell", "cake"], setting: nil, indoors: false),
         ["wedding", "weddings"]),
        (ThemeOccasion(word: "holiday", phrase: "a holiday", props: ["bucket", "spade", "hat"], setting: .seaside,
                       indoors: false), ["holiday", "holidays", "vacation"]),
        (ThemeOccasion(word: "Christmas", phrase: "Christmas", props: ["present", "star", "candles"], setting: .snow,
                       indoors: false), ["christmas", "xmas"]),
        (ThemeOccasion(word: "Halloween", phrase: "Halloween", props: ["lantern", "hat"], setting: nil, indoors: false),
         ["halloween"]),
        (ThemeOccasion(word: "Diwali", phrase: "Diwali", props: ["lantern", "candles"], setting: nil, indoors: false),
         ["diwali"]),
        (ThemeOccasion(word: "Hanukkah", phrase: "Hanukkah", props: ["candles", "present"], setting: .home, indoors: true),
         ["hanukkah", "chanukah"]),
        (ThemeOccasion(word: "Eid", phrase: "Eid", props: ["lantern", "present"], setting: nil, indoors: false), ["eid"]),
        (ThemeOccasion(word: "New Year", phrase: "New Year", props: ["star", "lantern"], setting: nil, indoors: false),
         ["new year", "lunar new year", "new years"]),
        (ThemeOccasion(word: "sports day", phrase: "a sports day", props: ["finish line", "flags", "ribbon"], setting: .meadow,
                       indoors: false), ["sports day", "field day"]),
        (ThemeOccasion(word: "harvest festival", phrase: "a harvest festival", props: ["basket", "carrot", "hay bale"],
                       setting: .farm, indoors: false), ["harvest festival", "harvest fair", "harvest"]),
        (ThemeOccasion(word: "fair", phrase: "a fair", props: ["bunting", "balloon", "flags"], setting: .town, indoors: false),
         ["fair", "funfair", "carnival", "festival", "fete"]),
        (ThemeOccasion(word: "parade", phrase: "a parade", props: ["flags", "drum", "trumpet"], setting: .town, indoors: false),
         ["parade", "parades"]),
        (ThemeOccasion(word: "concert", phrase: "a concert", props: ["drum", "guitar", "trumpet"], setting: nil, indoors: false),
         ["concert", "talent show", "show", "recital"]),
        (ThemeOccasion(word: "feast", phrase: "a feast", props: ["pie", "bread", "cake"], setting: nil, indoors: false),
         ["feast", "banquet"]),
        (ThemeOccasion(word: "bake sale", phrase: "a bake sale", props: ["cake", "cookies", "basket"], setting: .town,
                       indoors: false), ["bake sale", "cake sale"]),
        (ThemeOccasion(word: "camping trip", phrase: "a camping trip", props: ["lantern", "map"], setting: .forest,
                       indoors: false), ["camping trip", "campout", "camp out"]),
        (ThemeOccasion(word: "party", phrase: "a party", props: ["balloon", "bunting", "present"], setting: nil, indoors: false),
         ["party", "parties", "celebration"]),
    ]

    /// Occasions by the theme's words ("tea party", "picnic").
    static let occasionIndex: [String: ThemeOccasion] = {
        var index: [String: ThemeOccasion] = [:]
        for (occasion, forms) in occasions {
            for form in forms where index[form] == nil { index[form] = occasion }
        }
        return index
    }()
}
