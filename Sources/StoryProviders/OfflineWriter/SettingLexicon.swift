import StoryDomain

/// The words a setting lends to a story: where things happen, what can be found there and what
/// gets a "goodnight". Nouns are stored without articles; the renderer adds "a"/"an"/"the".
struct SettingLexicon: Sendable {
    /// "the forest"
    let place: String
    /// "in the forest"
    let inPlace: String
    /// "the mossy path"
    let path: String
    /// "the little cabin under the pines"
    let home: String
    /// How the opening places the hero near the setting description ("near", "in").
    let nearWord: String
    /// Small wonders to discover ("ring of tiny mushrooms").
    let things: [String]
    /// Gentle creatures to meet ("little hedgehog").
    let critters: [String]
    /// Short, time-neutral sentences about the place.
    let details: [String]
    /// Things that get a toddler-page "Hello, …" / "Goodnight, …".
    let greetings: [String]
    /// A title-case place name for titles ("Whispering Woods").
    let titlePlace: String

    static func forSetting(_ setting: StorySetting) -> SettingLexicon {
        switch setting {
        case .forest:
            SettingLexicon(place: "the forest", inPlace: "in the forest", path: "the mossy path",
                           home: "the little cabin under the pines", nearWord: "near",
                           things: ["ring of tiny mushrooms", "pinecone as big as a teacup", "hollow log full of soft moss", "feather striped like a tiger", "patch of wild strawberries"],
                           critters: ["little hedgehog", "baby squirrel", "young deer"],
                           details: ["The tall trees swayed and sighed.", "A stream chattered over the stones.", "The moss was soft as a pillow."],
                           greetings: ["tall trees", "chattery stream", "mossy stones", "pinecones", "busy ants"],
                           titlePlace: "Whispering Woods")
        case .seaside:
            SettingLexicon(place: "the beach", inPlace: "by the sea", path: "the sandy path along the shore",
                           home: "the blue cottage by the dunes", nearWord: "near",
                           things: ["shell shaped like a tiny fan", "smooth piece of green sea glass", "rock pool full of tiny crabs", "starfish resting in the sand", "sandcastle someone had left behind"],
                           critters: ["little crab", "baby seal", "friendly seagull"],
                           details: ["The waves went swish, swish on the sand.", "A little boat bobbed on the water.", "The sand was warm under their feet."],
                           greetings: ["waves", "little boats", "sandy shore", "lighthouse", "seashells"],
                           titlePlace: "Shell Beach")
        case .space:
            SettingLexicon(place: "the moon", inPlace: "on the moon", path: "the dusty moon trail",
                           home: "the round little rocket-house", nearWord: "near",
                           things: ["moon rock that sparkled like sugar", "crater as round as a bowl", "comet with a shimmering tail", "tiny planet with pink rings", "cluster of winking stars"],
                           critters: ["little moon rabbit", "baby star", "small space puppy"],
                           details: ["The stars twinkled far away.", "Moon dust puffed up at every step.", "A rocket hummed softly nearby."],
                           greetings: ["moon dust", "far-off planets", "craters", "rocket-house", "comets"],
                           titlePlace: "Sleepy Moon")
        case .castle:
            SettingLexicon(place: "the castle", inPlace: "in the castle", path: "the long stone hallway",
                           home: "the round room at the top of the tower", nearWord: "in",
                           things: ["golden key with a ribbon", "tapestry full of dancing horses", "little suit of armour", "music box that played a tune", "window of coloured glass"],
                           critters: ["castle mouse", "little white dove", "sleepy castle cat"],
                           details: ["The flags fluttered on the towers.", "Their footsteps echoed softly.", "Candles glowed in the tall windows."],
                           greetings: ["tall towers", "flags", "drawbridge", "stone stairs", "castle gate"],
                           titlePlace: "Little Castle")
        case .meadow:
            SettingLexicon(place: "the meadow", inPlace: "in the meadow", path: "the grassy path",
                           home: "the little white house at the edge of the meadow", nearWord: "near",
                           things: ["clover with four leaves", "dandelion clock ready to blow", "ladybird on a stem of grass", "ring of white daisies", "butterfly resting on a buttercup"],
                           critters: ["baby rabbit", "little field mouse", "busy bumblebee"],
                           details: ["The long grass swished and swayed.", "Daisies nodded their little heads.", "A bee buzzed past, humming to itself."],
                           greetings: ["daisies", "tall grass", "buttercups", "bumblebees", "little stream"],
                           titlePlace: "Daisy Meadow")
        case .mountains:
            SettingLexicon(place: "the mountains", inPlace: "in the mountains", path: "the winding mountain path",
                           home: "the wooden hut on the hillside", nearWord: "near",
                           things: ["sparkly stone", "tiny waterfall", "patch of blue mountain flowers", "eagle feather", "cave no bigger than a cupboard"],
                           critters: ["baby goat", "little marmot", "fluffy lamb"],
                           details: ["The mountains stood tall and calm.", "Bells tinkled on faraway goats.", "The air was fresh and cool."],
                           greetings: ["mountains", "rocky paths", "waterfalls", "mountain goats", "big hills"],
                           titlePlace: "Winding Path")
        case .garden:
            SettingLexicon(place: "the garden", inPlace: "in the garden", path: "the pebbly garden path",
                           home: "the house at the end of the garden", nearWord: "near",
                           things: ["sunflower taller than a door", "snail with a swirly shell", "old watering can full of rainwater", "nest hidden in the hedge", "strawberry as red as a button"],
                           critters: ["little robin", "baby hedgehog", "busy snail"],
                           details: ["The flowers smelled sweet and warm.", "A frog went plop in the pond.", "Bees hummed around the lavender."],
                           greetings: ["sunflowers", "little pond", "bumblebees", "apple tree", "flower beds"],
                           titlePlace: "Sunflower Garden")
        case .town:
            SettingLexicon(place: "the town", inPlace: "in the town", path: "the quiet street",
                           home: "the yellow house on Button Street", nearWord: "in",
                           things: ["bakery window full of buns", "little red bus", "fountain that sparkled", "lamp post with a flower basket", "bookshop with a sleeping cat in the window"],
                           critters: ["little sparrow", "friendly pigeon", "small puppy"],
                           details: ["The clock tower chimed softly.", "A bus rumbled gently by.", "The bakery smelled of warm bread."],
                           greetings: ["clock tower", "little shops", "red bus", "park benches", "bakery"],
                           titlePlace: "Clock Tower")
        case .underwater:
            SettingLexicon(place: "the sea", inPlace: "under the sea", path: "the wavy seaweed path",
                           home: "the snug shell house on the sea floor", nearWord: "near",
                           things: ["pearl as round as a marble", "coral shaped like a tree", "sunken treasure chest full of shells", "sea anemone that waved hello", "bubble as big as a balloon"],
                           critters: ["little seahorse", "baby octopus", "shy clownfish"],
                           details: ["Seaweed swayed like dancing ribbons.", "Bubbles rose up, up, up.", "Little fish flashed silver and blue."],
                           greetings: ["coral", "seaweed", "bubbles", "little fish", "shells"],
                           titlePlace: "Coral Sea")
        case .jungle:
            SettingLexicon(place: "the jungle", inPlace: "in the jungle", path: "the leafy jungle trail",
                           home: "the treehouse high in the branches", nearWord: "near",
                           things: ["leaf as big as an umbrella", "flower as bright as a lantern", "vine swing hanging low", "waterfall splashing into a pool", "ripe yellow banana"],
                           critters: ["baby monkey", "bright green frog", "little parrot"],
                           details: ["Giant leaves dripped and glistened.", "Parrots chattered in the treetops.", "The waterfall splashed and sang."],
                           greetings: ["big leaves", "parrots", "waterfall", "swinging vines", "jungle flowers"],
                           titlePlace: "Green Jungle")
        case .snow:
            SettingLexicon(place: "the snowy valley", inPlace: "in the snow", path: "the snowy path",
                           home: "the snug cabin with a smoking chimney", nearWord: "near",
                           things: ["snowflake as big as a button", "icicle that sparkled", "snowman with a carrot nose", "line of tiny footprints", "frozen pond as smooth as glass"],
                           critters: ["little penguin", "snowy white hare", "baby seal"],
                           details: ["The snow went crunch, crunch underfoot.", "Icicles sparkled on the branches.", "Soft snowflakes drifted down."],
                           greetings: ["snowflakes", "snowmen", "frosty trees", "icicles", "frozen pond"],
                           titlePlace: "Snowy Valley")
        case .farm:
            SettingLexicon(place: "the farm", inPlace: "on the farm", path: "the lane past the barn",
                           home: "the farmhouse with the red door", nearWord: "near",
                           things: ["egg still warm in the straw", "hay bale shaped like a chair", "pumpkin as round as a moon", "wooden gate with a squeak", "apple tree full of apples"],
                           critters: ["fluffy duckling", "little piglet", "baby lamb"],
                           details: ["The cows mooed a sleepy moo.", "The windmill turned round and round.", "Hens clucked softly in the yard."],
                           greetings: ["cows", "red barn", "ducks", "hay bales", "windmill"],
                           titlePlace: "Red Barn")
        case .home:
            SettingLexicon(place: "the house", inPlace: "at home", path: "the long hallway",
                           home: "the cosy bedroom", nearWord: "in",
                           things: ["blanket fort", "box of crayons", "teddy in a hat", "jar of buttons", "picture book with a shiny cover"],
                           critters: ["little house mouse", "fluffy kitten", "tiny ladybird"],
                           details: ["The clock went tick, tock.", "The kettle sang in the kitchen.", "The night-light glowed softly."],
                           greetings: ["cosy chair", "bookshelf", "toy box", "slippers", "night-light"],
                           titlePlace: "Cosy House")
        }
    }
}
