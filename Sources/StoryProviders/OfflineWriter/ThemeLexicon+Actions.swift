import StoryDomain

extension ThemeLexicon {
    /// A verb the reader knows: its forms, the shape of plot it makes and how a picture shows it.
    struct Verb: Sendable, Equatable {
        var base: String
        var third: String
        var past: String
        var ing: String
        var participle: String
        var kind: ActionKind
        var scene: SceneAction
        /// PROP VOCABULARY words a picture of the doing shows ("oven" for baking).
        var props: [String]
        var setting: StorySetting?
        var indoors: Bool
        /// "for" in "look for"; empty for most verbs.
        var particle: String
        /// A vague verb ("go", "make", "play") that gives way to any other verb of the theme.
        var isWeak: Bool

        /// The verb as a theme action, with nothing done to yet.
        func action(attempt: ThemeAction.Attempt? = nil) -> ThemeAction {
            ThemeAction(base: base, third: third, past: past, ing: ing, participle: participle, kind: kind,
                        particle: particle, props: props, setting: setting, indoors: indoors, sceneAction: scene,
                        attempt: attempt)
        }
    }

    /// What the lexicon knows of a thing a doing is done to.
    struct ActionObject: Sendable {
        /// PROP VOCABULARY words that draw it ("cookie" → "cookies", "raft" → "boat").
        var props: [String]
        /// Said without an article ("bread", "soup").
        var isMass: Bool = false
        /// A doing with it is this kind whatever the verb ("win the race", "lose the game": a contest).
        var kind: ActionKind?
        var setting: StorySetting?
    }

    /// A verb spec: base, kind, scene; `forms` "past,participle,ing" when irregular; `nounLike`
    /// forms are not read as the verb (the base "fish" is a creature).
    private struct Entry {
        var base: String
        var kind: ActionKind
        var scene: SceneAction
        var props: [String] = []
        var setting: StorySetting? = nil
        var indoors = false
        var forms = ""
        var particle = ""
        var weak = false
        var skip: Set<String> = []
    }

    private static let verbEntries: [Entry] = [
        // Making.
        Entry(base: "bake", kind: .making, scene: .making, props: ["oven", "bowl"], setting: .home, indoors: true),
        Entry(base: "cook", kind: .making, scene: .making, props: ["bowl", "spoon"], setting: .home, indoors: true),
        Entry(base: "make", kind: .making, scene: .making, forms: "made,made,making", weak: true),
        Entry(base: "build", kind: .making, scene: .making, props: ["hammer", "nails"], forms: "built,built,building"),
        Entry(base: "paint", kind: .making, scene: .making, props: ["paintbrush", "paint pot"]),
        Entry(base: "draw", kind: .making, scene: .making, props: ["pencil"], forms: "drew,drawn,drawing"),
        Entry(base: "knit", kind: .making, scene: .making, props: ["scarf"], setting: .home, indoors: true,
              forms: "knitted,knitted,knitting"),
        Entry(base: "sew", kind: .making, scene: .making, setting: .home, indoors: true, forms: "sewed,sewn,sewing"),
        Entry(base: "write", kind: .making, scene: .making, props: ["pencil"], forms: "wrote,written,writing"),
        Entry(base: "invent", kind: .making, scene: .making, props: ["toolbox"]),
        Entry(base: "weave", kind: .making, scene: .making, forms: "wove,woven,weaving"),
        Entry(base: "carve", kind: .making, scene: .making),
        Entry(base: "create", kind: .making, scene: .making),
        // Fixing.
        Entry(base: "fix", kind: .fixing, scene: .making, props: ["toolbox", "hammer"]),
        Entry(base: "mend", kind: .fixing, scene: .making, props: ["toolbox", "hammer"]),
        Entry(base: "repair", kind: .fixing, scene: .making, props: ["toolbox", "hammer"]),
        // Going.
        Entry(base: "go", kind: .going, scene: .walking, forms: "went,gone,going", weak: true),
        Entry(base: "sail", kind: .going, scene: .riding, props: ["boat", "anchor"], setting: .seaside),
        Entry(base: "row", kind: .going, scene: .riding, props: ["boat"], setting: .seaside),
        Entry(base: "fly", kind: .going, scene: .flying, forms: "flew,flown,flying"),
        Entry(base: "climb", kind: .going, scene: .walking, props: ["ladder"], setting: .mountains),
        Entry(base: "hike", kind: .going, scene: .walking, props: ["map"], setting: .mountains),
        Entry(base: "explore", kind: .going, scene: .walking, props: ["map", "lantern"]),
        Entry(base: "travel", kind: .going, scene: .walking, props: ["map"], forms: "travelled,travelled,travelling"),
        Entry(base: "camp", kind: .going, scene: .resting, props: ["lantern"], setting: .forest),
        Entry(base: "ride", kind: .going, scene: .riding, forms: "rode,ridden,riding"),
        Entry(base: "drive", kind: .going, scene: .riding, props: ["wheel"], forms: "drove,driven,driving"),
        Entry(base: "sled", kind: .going, scene: .riding, props: ["sled", "scarf"], setting: .snow,
              forms: "sledded,sledded,sledding", skip: ["sled", "sleds"]),
        Entry(base: "ski", kind: .going, scene: .riding, props: ["scarf"], setting: .snow),
        Entry(base: "skate", kind: .playing, scene: .playing, props: ["scarf"], setting: .snow),
        Entry(base: "surf", kind: .playing, scene: .riding, setting: .seaside),
        Entry(base: "swim", kind: .playing, scene: .playing, props: ["shell"], setting: .seaside, forms: "swam,swum,swimming"),
        Entry(base: "dive", kind: .going, scene: .playing, props: ["shell", "pearl"], setting: .underwater),
        Entry(base: "walk", kind: .going, scene: .walking, weak: true),
        Entry(base: "run", kind: .going, scene: .racing, forms: "ran,run,running", weak: true),
        Entry(base: "cross", kind: .going, scene: .walking),
        Entry(base: "launch", kind: .going, scene: .flying, props: ["rocket"], setting: .space),
        Entry(base: "journey", kind: .going, scene: .walking, props: ["map"]),
        Entry(base: "shop", kind: .going, scene: .walking, props: ["basket"], setting: .town, forms: "shopped,shopped,shopping"),
        // Contests.
        Entry(base: "race", kind: .contest, scene: .racing, props: ["finish line", "flags"]),
        Entry(base: "win", kind: .contest, scene: .racing, props: ["trophy", "ribbon"], forms: "won,won,winning"),
        Entry(base: "lose", kind: .finding, scene: .discovering, forms: "lost,lost,losing"),
        Entry(base: "compete", kind: .contest, scene: .racing, props: ["finish line", "trophy"]),
        Entry(base: "score", kind: .contest, scene: .playing, props: ["ball"]),
        // Finding.
        Entry(base: "find", kind: .finding, scene: .discovering, forms: "found,found,finding"),
        Entry(base: "look", kind: .finding, scene: .discovering, particle: "for"),
        Entry(base: "search", kind: .finding, scene: .discovering, particle: "for"),
        Entry(base: "hunt", kind: .finding, scene: .discovering, props: ["map"], particle: "for"),
        Entry(base: "seek", kind: .finding, scene: .discovering, forms: "sought,sought,seeking"),
        Entry(base: "discover", kind: .finding, scene: .discovering, props: ["map"]),
        Entry(base: "catch", kind: .finding, scene: .playing, props: ["net"], forms: "caught,caught,catching"),
        Entry(base: "collect", kind: .finding, scene: .discovering, props: ["basket"]),
        Entry(base: "gather", kind: .finding, scene: .discovering, props: ["basket"]),
        Entry(base: "fish", kind: .finding, scene: .playing, props: ["net", "bucket"], setting: .seaside,
              skip: ["fish", "fishes"]),
        Entry(base: "hide", kind: .playing, scene: .playing, forms: "hid,hidden,hiding"),
        Entry(base: "solve", kind: .finding, scene: .discovering, props: ["map"]),
        Entry(base: "watch", kind: .finding, scene: .discovering, props: ["telescope"]),
        Entry(base: "see", kind: .finding, scene: .discovering, forms: "saw,seen,seeing", weak: true),
        // Helping.
        Entry(base: "help", kind: .helping, scene: .helping),
        Entry(base: "rescue", kind: .helping, scene: .helping),
        Entry(base: "save", kind: .helping, scene: .helping),
        Entry(base: "deliver", kind: .helping, scene: .walking, props: ["basket"]),
        Entry(base: "carry", kind: .helping, scene: .walking, props: ["basket"]),
        Entry(base: "fetch", kind: .helping, scene: .walking, props: ["basket"]),
        Entry(base: "bring", kind: .helping, scene: .walking, forms: "brought,brought,bringing"),
        Entry(base: "tidy", kind: .helping, scene: .helping, props: ["box"], setting: .home, indoors: true),
        Entry(base: "clean", kind: .helping, scene: .helping, props: ["bucket"], setting: .home, indoors: true),
        Entry(base: "sweep", kind: .helping, scene: .helping, setting: .home, indoors: true, forms: "swept,swept,sweeping"),
        Entry(base: "guard", kind: .helping, scene: .standing, props: ["lantern"]),
        Entry(base: "push", kind: .helping, scene: .helping),
        Entry(base: "pull", kind: .helping, scene: .helping),
        // Sharing.
        Entry(base: "share", kind: .sharing, scene: .helping),
        Entry(base: "give", kind: .sharing, scene: .helping, props: ["present"], forms: "gave,given,giving"),
        Entry(base: "lend", kind: .sharing, scene: .helping, forms: "lent,lent,lending"),
        Entry(base: "send", kind: .sharing, scene: .helping, forms: "sent,sent,sending"),
        // Visiting.
        Entry(base: "visit", kind: .visiting, scene: .walking),
        Entry(base: "meet", kind: .visiting, scene: .walking, forms: "met,met,meeting"),
        // Learning.
        Entry(base: "learn", kind: .learning, scene: .discovering, props: ["book"], forms: "learned,learned,learning"),
        Entry(base: "read", kind: .learning, scene: .resting, props: ["book"], setting: .home, indoors: true,
              forms: "read,read,reading"),
        Entry(base: "count", kind: .learning, scene: .discovering, props: ["star"]),
        Entry(base: "spell", kind: .learning, scene: .standing, props: ["blackboard", "pencil"], setting: .school, indoors: true),
        Entry(base: "study", kind: .learning, scene: .standing, props: ["book", "desk"], setting: .school, indoors: true),
        Entry(base: "practise", kind: .trying, scene: .playing),
        Entry(base: "practice", kind: .trying, scene: .playing),
        // Growing.
        Entry(base: "plant", kind: .growing, scene: .making, props: ["seeds", "spade", "watering can"], setting: .garden),
        Entry(base: "grow", kind: .growing, scene: .making, props: ["flower pot", "watering can"], setting: .garden,
              forms: "grew,grown,growing"),
        Entry(base: "dig", kind: .growing, scene: .making, props: ["spade"], setting: .garden, forms: "dug,dug,digging"),
        Entry(base: "water", kind: .growing, scene: .making, props: ["watering can"], setting: .garden, skip: ["water", "waters"]),
        Entry(base: "pick", kind: .growing, scene: .discovering, props: ["basket"]),
        Entry(base: "harvest", kind: .growing, scene: .making, props: ["basket"], setting: .farm),
        // Performing.
        Entry(base: "sing", kind: .performing, scene: .celebrating, forms: "sang,sung,singing"),
        Entry(base: "dance", kind: .performing, scene: .celebrating),
        Entry(base: "juggle", kind: .performing, scene: .playing, props: ["ball"]),
        Entry(base: "whistle", kind: .performing, scene: .playing, props: ["whistle"], skip: ["whistle", "whistles"]),
        Entry(base: "perform", kind: .performing, scene: .celebrating),
        Entry(base: "drum", kind: .performing, scene: .celebrating, props: ["drum"], forms: "drummed,drummed,drumming",
              skip: ["drum", "drums"]),
        // Playing.
        Entry(base: "play", kind: .playing, scene: .playing, props: ["ball"], weak: true),
        Entry(base: "jump", kind: .playing, scene: .playing),
        Entry(base: "splash", kind: .playing, scene: .playing, props: ["puddle", "boots"]),
        Entry(base: "bounce", kind: .playing, scene: .playing, props: ["ball"]),
        Entry(base: "kick", kind: .playing, scene: .playing, props: ["ball"]),
        Entry(base: "throw", kind: .playing, scene: .playing, props: ["ball"], forms: "threw,thrown,throwing"),
        Entry(base: "chase", kind: .playing, scene: .racing),
        // Caring.
        Entry(base: "feed", kind: .caring, scene: .helping, props: ["bowl"], forms: "fed,fed,feeding"),
        Entry(base: "wash", kind: .caring, scene: .helping, props: ["bucket"]),
        Entry(base: "brush", kind: .caring, scene: .helping),
        Entry(base: "hug", kind: .caring, scene: .hugging, forms: "hugged,hugged,hugging"),
        Entry(base: "cuddle", kind: .caring, scene: .hugging, props: ["teddy"]),
        Entry(base: "comfort", kind: .caring, scene: .hugging),
        Entry(base: "look", kind: .caring, scene: .helping, particle: "after"),
        Entry(base: "care", kind: .caring, scene: .helping, particle: "for"),
        Entry(base: "tuck", kind: .caring, scene: .sleeping, props: ["blanket", "pillow"], setting: .home, indoors: true,
              particle: "in"),
        // Celebrating.
        Entry(base: "celebrate", kind: .celebrating, scene: .celebrating, props: ["balloon", "bunting"]),
        Entry(base: "decorate", kind: .celebrating, scene: .making, props: ["bunting", "balloon"]),
        Entry(base: "wrap", kind: .celebrating, scene: .making, props: ["present", "ribbon"], forms: "wrapped,wrapped,wrapping"),
        Entry(base: "invite", kind: .celebrating, scene: .celebrating),
        Entry(base: "host", kind: .celebrating, scene: .celebrating, props: ["balloon", "bunting"]),
        Entry(base: "plan", kind: .celebrating, scene: .standing, forms: "planned,planned,planning"),
        Entry(base: "organise", kind: .celebrating, scene: .standing),
        Entry(base: "organize", kind: .celebrating, scene: .standing),
        // Resting.
        Entry(base: "sleep", kind: .resting, scene: .sleeping, props: ["pillow", "blanket"], setting: .home, indoors: true,
              forms: "slept,slept,sleeping"),
        Entry(base: "nap", kind: .resting, scene: .sleeping, props: ["pillow"], forms: "napped,napped,napping"),
        Entry(base: "rest", kind: .resting, scene: .resting),
        Entry(base: "hibernate", kind: .resting, scene: .sleeping, props: ["blanket"]),
        Entry(base: "dream", kind: .resting, scene: .sleeping, props: ["pillow"]),
        Entry(base: "wait", kind: .resting, scene: .standing),
        Entry(base: "wake", kind: .resting, scene: .standing, forms: "woke,woken,waking", particle: "up"),
        // Trying, the general shape.
        Entry(base: "try", kind: .trying, scene: .playing, weak: true),
    ]

    /// Every verb, built from ``verbEntries``.
    static let verbs: [Verb] = verbEntries.map { entry in
        let irregular = entry.forms.split(separator: ",").map(String.init)
        let past = irregular.count == 3 ? irregular[0] : regularPast(entry.base)
        return Verb(base: entry.base, third: third(entry.base), past: past,
                    ing: irregular.count == 3 ? irregular[2] : regularIng(entry.base),
                    participle: irregular.count == 3 ? irregular[1] : past, kind: entry.kind, scene: entry.scene,
                    props: entry.props, setting: entry.setting, indoors: entry.indoors, particle: entry.particle,
                    isWeak: entry.weak)
    }

    /// Every form of every verb (with its particle: "looking for"), lower-cased, to its verb.
    static let verbIndex: [String: Verb] = {
        var index: [String: Verb] = [:]
        for (entry, verb) in zip(verbEntries, verbs) {
            for form in [verb.base, verb.third, verb.past, verb.ing, verb.participle] where !entry.skip.contains(form) {
                let key = verb.particle.isEmpty ? form : "\(form) \(verb.particle)"
                if index[key] == nil { index[key] = verb }
            }
        }
        return index
    }()

    /// The verb named `base`, for tests and general shapes.
    static func verb(_ base: String, particle: String = "") -> Verb? {
        verbs.first { $0.base == base && $0.particle == particle }
    }

    /// What a doing of an unknown verb becomes: the general verb of its kind.
    static func generalVerb(_ kind: ActionKind) -> Verb {
        let base = switch kind {
        case .making: "make"
        case .going: "go"
        case .finding: "find"
        case .helping: "help"
        default: "try"
        }
        return verb(base) ?? verbs[0]
    }

    /// Things a doing is done to, with the props that draw them; every key is an object of the lexicon.
    static let actionObjects: [String: ActionObject] = {
        var table: [String: ActionObject] = [
            "bread": ActionObject(props: ["bread"], isMass: true), "soup": ActionObject(props: ["bowl", "spoon"], isMass: true),
            "tea": ActionObject(props: ["teapot", "teacup"], isMass: true), "lemonade": ActionObject(props: ["lemonade"], isMass: true),
            "bunting": ActionObject(props: ["bunting"], isMass: true), "hay": ActionObject(props: ["hay bale"], isMass: true, setting: .farm),
            "cookie": ActionObject(props: ["cookies"]), "cupcake": ActionObject(props: ["cake"]), "cup": ActionObject(props: ["teacup"]),
            "seed": ActionObject(props: ["seeds"], setting: .garden), "candle": ActionObject(props: ["candles"]),
            "flag": ActionObject(props: ["flags"]), "boot": ActionObject(props: ["boots"]),
            "raft": ActionObject(props: ["boat"], setting: .seaside), "ship": ActionObject(props: ["boat", "anchor"], setting: .seaside),
            "boat": ActionObject(props: ["boat"], setting: .seaside), "rocket": ActionObject(props: ["rocket"], setting: .space),
            "race": ActionObject(props: ["finish line", "flags", "trophy"], kind: .contest),
            "game": ActionObject(props: ["ball"], kind: .contest), "match": ActionObject(props: ["ball", "whistle"], kind: .contest),
            "competition": ActionObject(props: ["trophy", "ribbon"], kind: .contest),
            "teddy bear": ActionObject(props: ["teddy"]), "glove": ActionObject(props: []),
            "sandcastle": ActionObject(props: ["bucket", "spade"], setting: .seaside),
            "snowman": ActionObject(props: ["snowman", "scarf"], setting: .snow),
            "letter": ActionObject(props: []), "picture": ActionObject(props: ["paintbrush"]),
            "jumper": ActionObject(props: ["scarf"]), "quilt": ActionObject(props: ["blanket"]),
            "treehouse": ActionObject(props: ["ladder", "hammer"], setting: .forest), "den": ActionObject(props: ["blanket", "box"]),
            "bike": ActionObject(props: ["wheel"]), "bicycle": ActionObject(props: ["wheel"]), "car": ActionObject(props: ["wheel"]),
            "pair of glasses": ActionObject(props: ["pair of glasses"]), "treasure": ActionObject(props: ["map", "key"], isMass: true),
            "treasure chest": ActionObject(props: ["box", "key"]), "song": ActionObject(props: ["drum"]),
            "pancake": ActionObject(props: ["bowl", "spoon"]), "muffin": ActionObject(props: ["cake"]),
            "nail": ActionObject(props: ["nails"]), "tower": ActionObject(props: ["box"]), "bridge": ActionObject(props: ["hammer"]),
            // "Solves the mystery": solved is the mystery, never a bare "solve".
            "mystery": ActionObject(props: ["map", "lantern"]), "riddle": ActionObject(props: ["book"]),
            "puzzle": ActionObject(props: ["box"]),
        ]
        for word in propVocabulary where table[word] == nil { table[word] = ActionObject(props: [word]) }
        return table
    }()

    /// CONTRACTS.md's PROP VOCABULARY: the only words put in props.
    static let propVocabulary: Set<String> = [
        "oven", "bread", "cake", "bowl", "spoon", "cookies", "pie", "teapot", "teacup", "apron",
        "finish line", "flags", "trophy", "ribbon", "whistle",
        "boat", "hammer", "toolbox", "paintbrush", "paint pot", "ladder", "box", "wheel", "nails",
        "balloon", "present", "bunting", "candles", "picnic blanket", "basket", "sandwich", "lemonade",
        "umbrella", "boots", "puddle", "snowman", "sled", "scarf", "kite",
        "rocket", "star", "planet", "telescope",
        "tractor", "hay bale", "watering can", "seeds", "flower", "flower pot", "spade", "carrot", "egg", "nest",
        "desk", "blackboard", "book", "pencil", "map", "globe",
        "drum", "guitar", "trumpet", "ball", "teddy", "crown", "hat",
        "shell", "pearl", "bucket", "net", "anchor",
        "bell", "key", "lantern", "pair of glasses", "feather", "blanket", "pillow",
    ]

    /// Words before a noun that show it is one ("the race", "a dance"), so a verb form there is a thing.
    static let determiners: Set<String> = ["a", "an", "the", "his", "her", "their", "my", "our", "its", "your", "some",
                                           "this", "every", "big", "little", "first", "great"]

    /// "bakes", "fixes", "carries", "plays".
    private static func third(_ base: String) -> String {
        if base == "go" || base == "do" { return base + "es" }
        if ["s", "sh", "ch", "x", "z"].contains(where: base.hasSuffix) { return base + "es" }
        if base.hasSuffix("y"), !endsInVowelY(base) { return base.dropLast() + "ies" }
        return base + "s"
    }

    /// "baked", "carried", "played", "fixed".
    private static func regularPast(_ base: String) -> String {
        if base.hasSuffix("e") { return base + "d" }
        if base.hasSuffix("y"), !endsInVowelY(base) { return base.dropLast() + "ied" }
        return base + "ed"
    }

    /// "baking", "carrying", "seeing".
    private static func regularIng(_ base: String) -> String {
        if base.hasSuffix("ie") { return base.dropLast(2) + "ying" }
        if base.hasSuffix("e"), !base.hasSuffix("ee"), base.count > 2 { return base.dropLast() + "ing" }
        return base + "ing"
    }

    private static func endsInVowelY(_ word: String) -> Bool {
        let letters = Array(word)
        guard letters.count >= 2 else { return false }
        return "aeiou".contains(letters[letters.count - 2])
    }
}
