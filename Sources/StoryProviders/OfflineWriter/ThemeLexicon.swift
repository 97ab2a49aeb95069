import StoryDomain

/// The words the built-in writer understands in a family's theme, each with the spelling the
/// story uses. The story only ever says a lexicon word, never the family's own text: a theme word
/// that is not here is left out. Plurals (-s, -es, -ies, -ves) and the listed synonyms of an
/// entry lead to its one story word ("bunnies" → "bunny", "ocean" → "sea").
enum ThemeLexicon {
    /// One part a word can play in a theme.
    enum Role: Sendable, Hashable {
        /// A creature; `kind` when the illustrator can draw it as a figure.
        case creature(word: String, kind: CreatureKind?)
        /// A person; a `proper` one is said like a name ("Grandma"), others take an article ("a knight").
        case person(word: String, proper: Bool)
        /// Where the theme happens; `phrase` follows "about" ("the moon").
        case place(word: String, phrase: String, setting: StorySetting?)
        /// A thing that matters ("bell", "pair of glasses").
        case object(String)
        /// What is wished for or wrong.
        case want(ThemeWant)
        /// A word that describes a creature or person ("sleepy", "little", "green").
        case describer(String)
    }

    // MARK: - Tables

    private static let creatures: [(word: String, kind: CreatureKind?, also: [String])] = [
        ("dragon", .dragon, []), ("bunny", .bunny, ["bunnie"]), ("rabbit", .bunny, []), ("hare", .bunny, []),
        ("bear", .bear, []), ("polar bear", .bear, []), ("cat", .cat, ["kitty"]), ("kitten", .cat, []),
        ("dog", .dog, ["doggy", "doggie"]), ("puppy", .dog, ["pup"]), ("fox", .fox, []), ("owl", .owl, ["owlet"]),
        ("unicorn", .unicorn, []), ("mouse", .mouse, ["mice"]), ("turtle", .turtle, []), ("tortoise", .turtle, []),
        ("penguin", .penguin, []), ("elephant", .elephant, []), ("robot", .robot, ["robo"]),
        ("dinosaur", .dinosaur, ["dino", "tyrannosaurus", "triceratops"]), ("whale", .whale, []), ("dolphin", nil, []), ("fish", .fish, ["goldfish"]),
        ("octopus", .octopus, ["octopi"]), ("seahorse", nil, []), ("crab", .crab, []), ("starfish", nil, []), ("seal", nil, []),
        ("otter", nil, []), ("frog", nil, ["froggy"]), ("duck", nil, []), ("duckling", nil, []), ("chick", nil, []),
        ("hen", nil, ["chicken"]), ("cow", nil, ["calf"]), ("pig", nil, ["piggy"]), ("piglet", nil, []),
        ("sheep", nil, []), ("lamb", nil, []), ("horse", .horse, ["foal"]), ("pony", .horse, []), ("goat", nil, []),
        ("donkey", nil, []), ("butterfly", .butterfly, []), ("bee", nil, ["bumblebee"]), ("ladybird", nil, ["ladybug"]),
        ("snail", nil, []), ("caterpillar", nil, []), ("squirrel", .squirrel, []), ("hedgehog", .hedgehog, []), ("deer", nil, ["fawn"]),
        ("badger", .badger, []), ("beaver", .beaver, []), ("raccoon", nil, []), ("koala", .koala, []), ("panda", nil, []),
        ("kangaroo", nil, []), ("sloth", .sloth, []), ("giraffe", .giraffe, []), ("lion", nil, []), ("tiger", nil, []),
        ("monkey", nil, []), ("zebra", nil, []), ("hippo", nil, ["hippopotamus"]), ("parrot", nil, []),
        ("bird", nil, ["birdie"]), ("robin", nil, []), ("swan", nil, []), ("goose", nil, ["geese"]), ("wolf", nil, []),
        ("puffin", nil, []), ("hamster", nil, []), ("guinea pig", nil, []), ("firefly", nil, []), ("ant", nil, []),
        ("alien", nil, []), ("monster", nil, []), ("mermaid", nil, ["merman"]), ("fairy", nil, ["pixie"]),
        ("elf", nil, []), ("narwhal", nil, []), ("walrus", nil, []), ("llama", nil, []),
        // More real animals families name (drawn by no figure yet: told by word).
        ("pangolin", .pangolin, []), ("wombat", nil, []), ("lemur", nil, []), ("meerkat", nil, []), ("armadillo", nil, []),
        ("platypus", nil, []), ("quokka", nil, []), ("mole", nil, []), ("chipmunk", nil, []), ("skunk", nil, []),
        ("moose", nil, []), ("reindeer", nil, []), ("camel", nil, []), ("ostrich", nil, []), ("flamingo", nil, []),
        ("peacock", nil, []), ("pelican", nil, []), ("toucan", nil, []), ("crocodile", nil, []), ("alligator", nil, []),
        ("chameleon", nil, []), ("lizard", nil, ["gecko"]), ("worm", nil, []), ("jellyfish", nil, []), ("lobster", nil, []),
        ("cheetah", nil, []), ("leopard", nil, []), ("rhino", nil, ["rhinoceros"]), ("gorilla", nil, []), ("yak", nil, []),
        ("beetle", nil, []), ("dormouse", nil, []), ("weasel", nil, []), ("sparrow", nil, []),
        ("woodpecker", nil, []), ("kingfisher", nil, []), ("hummingbird", nil, []), ("seagull", nil, ["gull"]),
        ("pigeon", nil, []), ("heron", nil, []), ("stork", nil, []), ("eagle", nil, []), ("magpie", nil, []),
    ]

    /// Things and people of the lexicon the illustrator draws as characters when a theme is about
    /// them ("a little red car who…", "a young knight who…"): the kind a figure of that word is drawn as.
    static let drawnKinds: [String: CreatureKind] = [
        "car": .car, "train": .train, "tractor": .tractor, "boat": .boat, "ship": .boat, "rocket": .rocket,
        "cloud": .cloud, "snowman": .snowman, "knight": .knight,
    ]

    private static let people: [(word: String, proper: Bool, also: [String])] = [
        ("Grandma", true, ["granny", "nana", "nan", "gran", "grandmother"]),
        ("Grandpa", true, ["grandad", "granddad", "grandfather", "gramps", "grampa"]),
        ("Mum", true, ["mom", "mummy", "mommy", "mother", "mama"]), ("Dad", true, ["daddy", "papa", "father"]),
        ("brother", false, []), ("sister", false, []), ("baby", false, []), ("friend", false, ["pal", "buddy"]),
        ("teacher", false, []), ("cousin", false, []), ("aunt", false, ["auntie", "aunty"]), ("uncle", false, []),
        ("twin", false, []), ("neighbour", false, ["neighbor"]), ("knight", false, []), ("princess", false, []),
        ("prince", false, []), ("king", false, []), ("queen", false, []), ("pirate", false, []),
        ("astronaut", false, ["spaceman", "cosmonaut"]), ("firefighter", false, ["fireman"]), ("wizard", false, []),
        ("doctor", false, []), ("nurse", false, []), ("vet", false, []), ("farmer", false, []), ("baker", false, []),
        ("chef", false, []), ("explorer", false, []), ("captain", false, []), ("ballerina", false, ["dancer"]),
        ("builder", false, []), ("superhero", false, []), ("zookeeper", false, []),
        ("girl", false, []), ("boy", false, []), ("child", false, ["kid", "children"]),
    ]

    private static let places: [(word: String, phrase: String, setting: StorySetting?, also: [String])] = [
        ("forest", "the forest", .forest, ["woods", "wood", "woodland"]),
        ("beach", "the beach", .seaside, ["seaside", "shore", "seashore", "coast"]),
        ("sea", "the sea", .seaside, ["ocean"]),
        ("underwater", "under the sea", .underwater, ["under the sea", "under the ocean", "under water"]),
        ("moon", "the moon", .space, []),
        ("space", "outer space", .space, ["outer space", "galaxy", "universe"]),
        ("planet", "a faraway planet", .space, []),
        ("castle", "a castle", .castle, ["palace"]), ("kingdom", "a faraway kingdom", .castle, []),
        ("meadow", "the meadow", .meadow, ["field"]),
        ("mountain", "the mountains", .mountains, ["valley"]), ("hill", "the hill", .mountains, ["hillside", "slope"]),
        ("garden", "the garden", .garden, []),
        ("park", "the park", nil, ["playground"]),
        ("town", "the town", .town, ["city", "village"]), ("street", "the street", .town, []),
        ("library", "the library", .library, []), ("bakery", "the bakery", .town, []),
        ("school", "a day at school", .school, ["classroom", "nursery", "kindergarten", "preschool", "class"]),
        ("museum", "a museum", nil, []), ("zoo", "the zoo", nil, []),
        ("farm", "the farm", .farm, ["barn", "farmyard"]),
        ("jungle", "the jungle", .jungle, ["rainforest"]),
        ("snow", "the snow", .snow, ["winter", "arctic", "igloo", "north pole"]),
        ("home", "a cosy home", .home, ["house"]), ("bedroom", "the bedroom", .home, []), ("kitchen", "the kitchen", .home, []),
        ("island", "an island", nil, []), ("harbour", "the harbour", .seaside, ["harbor", "port"]),
        ("lighthouse", "the lighthouse", .seaside, []), ("treetops", "the treetops", .forest, ["treetop"]), ("river", "the river", .river, []), ("lake", "the lake", .river, []),
        ("pond", "the pond", .river, []), ("cave", "a cave", nil, []), ("sky", "the sky", nil, []),
        ("desert", "the desert", nil, []), ("circus", "the circus", nil, []),
    ]

    private static let objects: [(word: String, also: [String])] = [
        ("bell", []), ("kite", []), ("balloon", []), ("hot-air balloon", ["hot air balloon"]), ("boat", ["sailboat", "tugboat", "rowboat", "rowing boat"]),
        ("ship", []), ("teddy", []), ("teddy bear", []), ("blanket", ["blankie"]), ("ball", []), ("hat", ["cap"]),
        ("scarf", []), ("mitten", ["glove"]), ("shoe", []), ("sock", []), ("boot", ["welly", "wellies"]),
        ("button", []), ("key", []), ("book", ["storybook"]), ("crayon", []), ("pencil", []), ("toy", []),
        ("doll", []), ("drum", []), ("trumpet", []), ("flute", []), ("piano", []), ("guitar", []), ("violin", []),
        ("music box", []), ("lantern", ["lamp", "torch", "flashlight"]), ("night-light", ["nightlight", "night light"]),
        ("star", []), ("shell", ["seashell"]), ("pebble", ["stone"]), ("feather", []), ("flower", ["blossom"]),
        ("rose", []), ("daisy", []), ("sunflower", []), ("tulip", []), ("leaf", []), ("acorn", []), ("seed", []),
        ("apple", []), ("cake", []), ("cupcake", []), ("cookie", ["biscuit"]), ("pie", []), ("sandwich", []),
        ("carrot", []), ("banana", []), ("mango", []), ("strawberry", []), ("berry", []), ("cherry", []), ("pumpkin", []), ("ice cream", []), ("egg", []),
        ("nest", []), ("present", ["gift", "parcel"]), ("letter", []), ("map", []), ("treasure", []),
        ("treasure chest", []), ("crown", []), ("wand", []), ("rocket", ["spaceship"]), ("train", []), ("bus", []),
        ("car", []), ("tractor", []), ("fire engine", ["fire truck"]), ("bicycle", ["bike"]), ("scooter", []),
        ("swing", []), ("slide", []), ("umbrella", []), ("bucket", ["pail"]), ("spade", []), ("sandcastle", []),
        ("snowman", []), ("snowflake", []), ("sled", ["sledge", "sleigh"]), ("necklace", []), ("ribbon", []),
        ("marble", []), ("tooth", ["teeth"]), ("pair of glasses", ["glasses", "spectacles"]),
        ("backpack", ["bag", "rucksack", "schoolbag"]), ("pillow", ["cushion"]), ("basket", []), ("jar", []),
        ("box", []), ("clock", []), ("compass", []), ("telescope", []), ("camera", []),
        ("paintbrush", []), ("picture", ["painting", "drawing"]), ("puzzle", ["jigsaw"]), ("block", []),
        ("rainbow", []), ("cloud", []), ("bubble", []), ("candle", []), ("cup", ["mug"]), ("tent", []),
        ("lollipop", []), ("pearl", []), ("gem", ["jewel", "crystal"]), ("coin", []), ("whistle", []),
        ("cape", []), ("coat", ["raincoat"]), ("dress", []), ("hoop", []), ("skateboard", []), ("wagon", []),
        ("chalk", []), ("desk", []), ("lunchbox", []), ("snowball", []), ("medal", []), ("snack", []), ("sandwich box", []),
        ("flag", []), ("ring", []), ("watering can", []), ("moon rock", []),
        // Things a doing is done to or done with (see ThemeLexicon+Actions).
        ("bread", ["loaf", "loaves"]), ("soup", []), ("tea", []), ("lemonade", []), ("bunting", []), ("hay", []),
        ("raft", []), ("race", []), ("game", []), ("match", []), ("competition", ["contest", "tournament"]),
        ("jumper", ["sweater"]), ("quilt", []), ("treehouse", ["tree house"]), ("den", ["fort"]), ("pancake", []),
        ("muffin", []), ("nail", []), ("tower", []), ("bridge", []), ("teacup", ["tea cup"]), ("teapot", ["tea pot"]),
        ("oven", []), ("bowl", []), ("spoon", []), ("apron", []), ("trophy", []), ("hammer", []),
        ("toolbox", ["tool box", "tools"]), ("paint pot", []), ("ladder", []), ("wheel", []),
        ("picnic blanket", []), ("puddle", []), ("globe", []), ("blackboard", ["chalkboard"]), ("net", []),
        ("anchor", []), ("hay bale", []), ("flower pot", ["plant pot"]), ("finish line", ["finishing line"]),
        ("song", ["tune"]),
    ]

    private static let describers: [(word: String, also: [String])] = [
        ("sleepy", ["tired", "drowsy", "dozy", "snoozy", "yawning"]), ("happy", ["cheerful", "jolly", "glad", "joyful"]),
        ("brave", ["bold", "courageous", "fearless"]), ("shy", ["timid", "bashful"]), ("quiet", ["hushed"]),
        ("calm", ["peaceful"]), ("silly", ["funny", "goofy", "giggly"]), ("friendly", ["nice"]), ("gentle", []),
        ("kind", []), ("curious", []), ("little", ["small", "tiny", "wee", "teeny"]),
        ("big", ["huge", "giant", "enormous", "large"]), ("magic", ["magical", "enchanted"]),
        ("fluffy", ["furry", "fuzzy"]), ("sparkly", ["shiny", "glittery", "sparkling", "twinkly"]),
        ("glowing", ["shining"]), ("grumpy", []), ("lonely", []), ("hungry", []), ("clever", ["smart"]),
        ("wise", []), ("cosy", ["cozy", "snuggly"]), ("busy", []), ("bouncy", []), ("lucky", []), ("young", []),
        ("old", []), ("new", []), ("lost", []), ("baby", []), ("dancing", []), ("singing", []), ("flying", []),
        ("red", []), ("blue", []), ("green", []), ("yellow", []), ("pink", []), ("purple", []), ("orange", []),
        ("golden", ["gold"]), ("silver", []), ("white", []), ("black", []), ("brown", []), ("grey", ["gray"]),
        ("spotty", ["spotted"]), ("stripy", ["striped"]),
    ]

    /// Words that say what a theme wants, in every form a family may write them.
    private static let wants: [(ThemeWant, [String])] = [
        (.lost, ["lost", "lose", "loses", "losing", "missing", "find", "finds", "finding", "found", "search",
                 "searches", "searching"]),
        (.helping, ["help", "helps", "helping", "helper", "helpful", "kind", "kindness", "rescue", "rescues",
                    "rescuing", "tidy", "tidies", "tidying", "care", "cares", "caring"]),
        (.sharing, ["share", "shares", "sharing", "turns", "fairly", "together"]),
        (.sorry, ["sorry", "apologise", "apologize", "forgive", "forgives"]),
        (.trying, ["try", "tries", "trying", "learn", "learns", "learning", "practise", "practice", "wobbly"]),
        (.patience, ["wait", "waits", "waiting", "patient", "patience"]),
        (.party, ["picnic", "picnics", "feast", "festival", "parade"]),
        (.bedtime, ["bed", "bedtime", "sleep", "sleeps", "sleeping", "sleepy", "goodnight", "bath", "bathtime",
                    "pyjamas", "pajamas", "yawn", "yawns", "lullaby", "nap"]),
        (.journey, ["adventure", "adventures", "journey", "explore", "explores", "exploring", "trip", "travel",
                    "travels", "quest", "voyage", "visit", "visits", "visiting"]),
        (.flying, ["fly", "flies", "flying", "flight", "soar", "soars", "soaring"]),
        (.birthday, ["birthday", "party", "parties", "celebrate", "celebrates", "celebration"]),
        (.friendship, ["friendship", "befriend", "befriends", "lonely", "alone"]),
        (.bravery, ["brave", "bravely", "courage"]),
        (.music, ["sing", "sings", "song", "songs", "dance", "dances", "music", "musical"]),
        (.growing, ["grow", "grows", "growing", "plant", "plants", "planting"]),
        (.sleepless, ["sleepless", "awake", "insomnia"]),
    ]

    // MARK: - Index

    /// Every form the lexicon knows (single words and phrases of up to three words, lower-cased)
    /// and the roles it plays.
    static let index: [String: [Role]] = {
        var index: [String: [Role]] = [:]
        func add(_ forms: [String], _ role: Role, plurals: Bool = true) {
            for form in forms {
                let key = form.lowercased()
                for variant in plurals ? [key] + pluralForms(of: key) : [key] where !(index[variant]?.contains(role) ?? false) {
                    index[variant, default: []].append(role)
                }
            }
        }
        for entry in creatures { add([entry.word] + entry.also, .creature(word: entry.word, kind: entry.kind)) }
        for entry in people { add([entry.word] + entry.also, .person(word: entry.word, proper: entry.proper)) }
        for entry in places {
            add([entry.word] + entry.also, .place(word: entry.word, phrase: entry.phrase, setting: entry.setting))
        }
        for entry in objects { add([entry.word] + entry.also, .object(entry.word)) }
        for entry in describers + traitDescribers { add([entry.word] + entry.also, .describer(entry.word), plurals: false) }
        for (want, forms) in wants { add(forms, .want(want), plurals: false) }
        return index
    }()

    /// The longest phrase the index holds, in words.
    static let longestPhrase = 3

    /// The story words of every entry (what a story may say because of a theme).
    static var storyWords: Set<String> {
        var words = Set<String>()
        for roles in index.values {
            for role in roles {
                switch role {
                case let .creature(word, _), let .person(word, _), let .place(word, _, _), let .object(word),
                     let .describer(word):
                    words.insert(word)
                case .want:
                    break
                }
            }
        }
        return words
    }

    /// "bell" → ["bells"], "bunny" → ["bunnies"], "wolf" → ["wolves"], "fox" → ["foxes"]; for a
    /// phrase, the plurals of its last word ("teddy bear" → ["teddy bears"]).
    static func pluralForms(of word: String) -> [String] {
        var forms = [word + "s", word + "es"]
        if word.hasSuffix("y") { forms.append(word.dropLast() + "ies") }
        if word.hasSuffix("f") { forms.append(word.dropLast() + "ves") }
        if word.hasSuffix("fe") { forms.append(word.dropLast(2) + "ves") }
        return forms
    }
}
