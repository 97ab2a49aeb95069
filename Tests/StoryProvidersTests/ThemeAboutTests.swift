@testable import StoryProviders
import StoryDomain
import Testing

/// One theme and what the reader must understand it to be about (nil fields are not checked).
struct ThemeAboutCase: Sendable, CustomTestStringConvertible {
    var theme: String
    /// The subject's lexicon word; "" expects no subject.
    var subject: String?
    var plural: Bool?
    /// The subject's main trait: its kind and its present form.
    var trait: (kind: ThemeTrait.Kind, present: String)?
    /// Another trait, with its owner: (present form, owner).
    var otherTrait: (present: String, owner: String)?
    /// The action: kind and what it reads as in the third person ("bakes bread").
    var action: (kind: ActionKind, third: String)?
    var attempt: ThemeAction.Attempt?
    var object: String?
    /// Props the action must have (others may follow).
    var props: [String] = []
    var setting: StorySetting?
    var indoors: Bool?
    var scene: SceneAction?
    /// nil: not checked; .some(nil): no weather.
    var weather: SceneWeather??
    var occasion: String?

    var testDescription: String { theme }
}

/// The theme reader reads what a theme is ABOUT: who, their trait, the doing, the weather, the occasion.
@Suite("Theme reader: what a theme is about")
struct ThemeAboutTests {
    let reader = ThemeReader()

    static let cases: [ThemeAboutCase] = [
        ThemeAboutCase(theme: "a tortoise who wants to win the race", subject: "tortoise", trait: (.wish, "wants to win the race"),
                       action: (.contest, "wins the race"), attempt: .wanting, object: "race", props: ["finish line", "flags"],
                       scene: .racing),
        ThemeAboutCase(theme: "a shy giraffe learns to dance", subject: "giraffe", trait: (.quality, "is shy"),
                       action: (.performing, "dances"), attempt: .learning, scene: .celebrating),
        ThemeAboutCase(theme: "two otters build a raft on a windy day", subject: "otter", plural: true,
                       action: (.making, "builds a raft"), object: "raft", props: ["boat", "hammer"], setting: .seaside,
                       weather: .wind),
        ThemeAboutCase(theme: "a forgetful wizard bakes a birthday cake", subject: "wizard", trait: (.quality, "is forgetful"),
                       action: (.making, "bakes a cake"), object: "cake", props: ["cake", "oven"], setting: .home, indoors: true,
                       occasion: "birthday"),
        ThemeAboutCase(theme: "a penguin who is scared of the sea", subject: "penguin", trait: (.fear, "is afraid of the sea")),
        ThemeAboutCase(theme: "a hedgehog who wants to fly a kite", subject: "hedgehog", trait: (.wish, "wants to fly a kite"),
                       action: (.going, "flies a kite"), attempt: .wanting, object: "kite", props: ["kite"], scene: .flying),
        ThemeAboutCase(theme: "a clumsy elephant fixes Grandma's teacup", subject: "elephant", trait: (.quality, "is clumsy"),
                       action: (.fixing, "fixes the teacup"), object: "teacup", props: ["teacup", "toolbox"]),
        ThemeAboutCase(theme: "a little mouse who is too small", subject: "mouse", trait: (.quality, "is too small")),
        ThemeAboutCase(theme: "a duck who can't swim", subject: "duck", trait: (.problem, "can't swim")),
        ThemeAboutCase(theme: "a fox and a badger race to the river", subject: "fox", action: (.contest, "races"),
                       props: ["finish line", "flags"]),
        ThemeAboutCase(theme: "a dinosaur who goes to the beach", subject: "dinosaur", action: (.going, "goes"),
                       setting: .seaside, weather: .some(nil)),
        ThemeAboutCase(theme: "a bear who wants to be an astronaut", subject: "bear", trait: (.wish, "wants to be an astronaut")),
        ThemeAboutCase(theme: "an owl who is afraid of heights", subject: "owl", trait: (.fear, "is afraid of heights")),
        ThemeAboutCase(theme: "a puppy who gets lost in the snowy forest", subject: "puppy", trait: (.problem, "is lost"),
                       weather: .snow),
        ThemeAboutCase(theme: "a family of rabbits have a picnic on a rainy day", subject: "rabbit", plural: true,
                       weather: .rain, occasion: "picnic"),
        ThemeAboutCase(theme: "a robot who plants seeds in the garden", subject: "robot", action: (.growing, "plants seeds"),
                       object: "seed", props: ["seeds", "spade"], setting: .garden),
        ThemeAboutCase(theme: "Grandpa and a cat go fishing at the lake", subject: "Grandpa", action: (.finding, "fishes"),
                       props: ["net", "bucket"]),
        ThemeAboutCase(theme: "a mermaid who sings at the concert", subject: "mermaid", action: (.performing, "sings"),
                       occasion: "concert"),
        ThemeAboutCase(theme: "a dragon who delivers letters in the fog", subject: "dragon",
                       action: (.helping, "delivers letters"), object: "letter", weather: .fog),
        ThemeAboutCase(theme: "a kangaroo who wants a friend", subject: "kangaroo", trait: (.wish, "wants a friend")),
        ThemeAboutCase(theme: "a slow snail races a fast rabbit", subject: "snail", trait: (.quality, "is slow"),
                       otherTrait: ("is fast", "rabbit"), action: (.contest, "races a rabbit")),
        ThemeAboutCase(theme: "a knight who is afraid of dragons", subject: "knight", trait: (.fear, "is afraid of dragons")),
        ThemeAboutCase(theme: "a squirrel who collects acorns", subject: "squirrel", action: (.finding, "collects acorns"),
                       object: "acorn", props: ["basket"]),
        ThemeAboutCase(theme: "a pig who splashes in puddles", subject: "pig", action: (.playing, "splashes"), weather: .rain),
        ThemeAboutCase(theme: "a baby elephant who has the hiccups", subject: "elephant", trait: (.problem, "has the hiccups")),
        ThemeAboutCase(theme: "a lonely whale who sings to the moon", subject: "whale", trait: (.quality, "is lonely"),
                       action: (.performing, "sings")),
        ThemeAboutCase(theme: "a firefighter rescues a kitten", subject: "firefighter", action: (.helping, "rescues a kitten"),
                       object: "kitten"),
        ThemeAboutCase(theme: "learning to ride a bike with Dad", subject: "", action: (.going, "rides a bicycle"),
                       attempt: .learning, props: ["wheel"], scene: .riding),
        ThemeAboutCase(theme: "a hungry caterpillar who wants to share his apples", subject: "caterpillar",
                       trait: (.wish, "wants to share the apples"), otherTrait: ("is hungry", "caterpillar"),
                       action: (.sharing, "shares the apples")),
        ThemeAboutCase(theme: "a frog who is too shy to sing", subject: "frog", trait: (.quality, "is too shy"),
                       action: (.performing, "sings")),
        ThemeAboutCase(theme: "a sheep who knits a scarf on a snowy morning", subject: "sheep", action: (.making, "knits a scarf"),
                       props: ["scarf"], indoors: true, weather: .snow),
        ThemeAboutCase(theme: "a zebra goes sledding in the snow", subject: "zebra", action: (.going, "sleds"),
                       props: ["sled", "scarf"], setting: .snow, scene: .riding, weather: .snow),
        ThemeAboutCase(theme: "a bunny who visits Grandma on her birthday", subject: "bunny", action: (.visiting, "visits Grandma"),
                       object: "Grandma", occasion: "birthday"),
        ThemeAboutCase(theme: "pirates who look for treasure on an island", subject: "pirate", plural: true,
                       action: (.finding, "looks for treasure"), props: ["map"]),
        ThemeAboutCase(theme: "a brave astronaut flies a rocket to the moon", subject: "astronaut", trait: (.quality, "is brave"),
                       action: (.going, "flies a rocket"), props: ["rocket"], setting: .space, scene: .flying),
        ThemeAboutCase(theme: "a sleepover with a dinosaur who can't sleep", subject: "dinosaur", trait: (.problem, "can't sleep"),
                       occasion: "sleepover"),
        ThemeAboutCase(theme: "a monkey who wants to juggle at the circus", subject: "monkey", trait: (.wish, "wants to juggle"),
                       action: (.performing, "juggles"), props: ["ball"]),
        ThemeAboutCase(theme: "an octopus who cooks soup for his friends", subject: "octopus", action: (.making, "cooks soup"),
                       props: ["bowl", "spoon"], setting: .home, indoors: true),
        ThemeAboutCase(theme: "a chicken who is worried about the storm", subject: "hen", trait: (.fear, "is afraid of storms"),
                       weather: .some(nil)),
        ThemeAboutCase(theme: "a cow who wants to dance in the rain", subject: "cow", trait: (.wish, "wants to dance"),
                       weather: .rain),
        ThemeAboutCase(theme: "a dog who digs in the garden", subject: "dog", action: (.growing, "digs"), props: ["spade"],
                       setting: .garden),
        ThemeAboutCase(theme: "a unicorn who is too slow for sports day", subject: "unicorn", trait: (.quality, "is too slow"),
                       occasion: "sports day"),
        ThemeAboutCase(theme: "a sleepy koala tidies the kitchen", subject: "koala", trait: (.quality, "is sleepy"),
                       action: (.helping, "tidies"), setting: .home, indoors: true),
        ThemeAboutCase(theme: "helping a lost duckling find its mum", subject: "", otherTrait: ("is lost", "duckling"),
                       action: (.finding, "finds Mum"), attempt: .helping),
        ThemeAboutCase(theme: "a kind tractor who helps the farmer pull up the carrots", subject: "tractor",
                       trait: (.quality, "is kind"), action: (.helping, "pulls the carrots"), attempt: .helping, props: ["carrot"]),
        ThemeAboutCase(theme: "a little train that carries presents over the snowy mountains", subject: "train",
                       action: (.helping, "carries presents"), props: ["present"], weather: .snow),
        ThemeAboutCase(theme: "a unicorn who throws a surprise party", subject: "unicorn", action: (.celebrating, "celebrates"),
                       props: ["balloon"], occasion: "party"),
        ThemeAboutCase(theme: "an astronaut cat who repairs her rocket on the moon", subject: "cat",
                       action: (.fixing, "repairs the rocket"), props: ["rocket", "toolbox"], setting: .space),
        ThemeAboutCase(theme: "a bear who knits a jumper for the winter", subject: "bear", action: (.making, "knits a jumper"),
                       weather: .snow),
        ThemeAboutCase(theme: "a little dragon who gets ready for the harvest festival", subject: "dragon",
                       occasion: "harvest festival"),
        ThemeAboutCase(theme: "a wizard who zorbles a teacup", subject: "wizard", action: (.making, "makes a teacup"),
                       props: ["teacup"]),
        ThemeAboutCase(theme: "a mouse who wants to frobnicate", subject: "mouse", action: (.trying, "tries"), attempt: .wanting),
        ThemeAboutCase(theme: "the owl's tea party in the forest", subject: "owl", occasion: "tea party"),
        ThemeAboutCase(theme: "a seal who has a broken flipper", subject: "seal", trait: (.problem, "has a sore flipper")),
        ThemeAboutCase(theme: "a hippo who dreams of sailing", subject: "hippo", trait: (.wish, "wants to sail"),
                       action: (.going, "sails"), props: ["boat"], setting: .seaside),
        ThemeAboutCase(theme: "a girl who learns to bake cookies with Nana", subject: "girl",
                       action: (.making, "bakes cookies"), attempt: .learning, props: ["cookies", "oven"], indoors: true),
    ]

    @Test("each theme's subject, trait, action, setting, weather and occasion", arguments: cases)
    func readsWhatItIsAbout(_ expected: ThemeAboutCase) {
        let reading = reader.read(expected.theme)
        if let subject = expected.subject {
            #expect(reading.subject?.word ?? "" == subject)
            if !subject.isEmpty { #expect(reading.figures.contains { $0 == reading.subject }) }
        }
        if let plural = expected.plural { #expect(reading.subject?.isPlural == plural) }
        if let trait = expected.trait {
            #expect(reading.mainTrait?.kind == trait.kind)
            #expect(reading.mainTrait?.present == trait.present)
            #expect(reading.mainTrait?.owner == reading.subject?.word, "the subject keeps its trait")
        }
        if let other = expected.otherTrait {
            #expect(reading.traits.contains { $0.present == other.present && $0.owner == other.owner }, "\(reading.traits)")
        }
        if let action = expected.action {
            #expect(reading.action?.kind == action.kind)
            #expect(reading.action?.told(.third) == action.third)
        }
        if let attempt = expected.attempt { #expect(reading.action?.attempt == attempt) }
        if let object = expected.object { #expect(reading.action?.object == object) }
        for prop in expected.props { #expect(reading.action?.props.contains(prop) == true, "\(prop) in \(reading.action?.props ?? [])") }
        if let setting = expected.setting { #expect(reading.action?.setting == setting) }
        if let indoors = expected.indoors { #expect(reading.action?.indoors == indoors) }
        if let scene = expected.scene { #expect(reading.action?.sceneAction == scene) }
        if let weather = expected.weather { #expect(reading.weather == weather) }
        if let occasion = expected.occasion { #expect(reading.occasion?.word == occasion) }
    }

    @Test("a trait is told in the forms a writer needs, for one figure or several")
    func traitForms() {
        let fear = reader.read("a sleepy dragon who is afraid of the dark").mainTrait
        #expect(fear?.present == "is afraid of the dark")
        #expect(fear?.past == "was afraid of the dark")
        #expect(fear?.gerund == "being afraid of the dark")
        #expect(fear?.told(.present, plural: true) == "are afraid of the dark")
        let wish = reader.read("a kitten who wants to fly").mainTrait
        #expect(wish?.present == "wants to fly" && wish?.past == "wanted to fly" && wish?.gerund == "wanting to fly")
        #expect(wish?.told(.present, plural: true) == "want to fly")
        let problem = reader.read("an owl who can't sleep").mainTrait
        #expect(problem?.past == "couldn't sleep" && problem?.gerund == "not being able to sleep")
        #expect(problem?.core == .cannot("sleep"))
        let hiccups = reader.read("a bear with the hiccups").mainTrait
        #expect(hiccups?.past == "had the hiccups" && hiccups?.told(.present, plural: true) == "have the hiccups")
    }

    @Test("an action is told in every verb form, with its particle and object")
    func actionForms() throws {
        let bake = try #require(reader.read("a robot who bakes bread").action)
        #expect([bake.base, bake.third, bake.past, bake.ing, bake.participle] == ["bake", "bakes", "baked", "baking", "baked"])
        #expect(bake.told(.ing) == "baking bread" && bake.told(.past) == "baked bread")
        let swim = try #require(reader.read("a crab who swam across the bay").action)
        #expect([swim.base, swim.past, swim.ing, swim.participle] == ["swim", "swam", "swimming", "swum"])
        let look = try #require(reader.read("a fox looking for her lost key").action)
        #expect(look.told(.base) == "look for the key" && look.verb(.past) == "looked for")
        let carry = try #require(reader.read("a donkey carries apples").action)
        #expect([carry.third, carry.past, carry.ing] == ["carries", "carried", "carrying"])
        let fix = try #require(reader.read("a beaver fixed the bridge").action)
        #expect(fix.third == "fixes" && fix.told(.participle) == "fixed the bridge")
    }

    @Test("Grandma teaches: she is the subject, the bear a second figure who learns")
    func teaching() {
        let reading = reader.read("Grandma teaches a bear to knit")
        #expect(reading.subject?.word == "Grandma")
        #expect(reading.figures.map(\.word) == ["Grandma", "bear"])
        #expect(reading.action?.base == "knit" && reading.action?.attempt == .teaching)
        #expect(reading.action?.indoors == true)
    }

    @Test("a trait belongs to the figure it is said of")
    func traitOwners() {
        let reading = reader.read("Grandma and a shy bear who is afraid of the dark")
        #expect(reading.subject?.word == "Grandma")
        #expect(reading.traits(of: "bear").map(\.present) == ["is shy", "is afraid of the dark"])
        #expect(reading.traits(of: "Grandma").isEmpty)
        #expect(reading.mainTrait == nil, "Grandma has no trait of her own")
    }

    @Test("the lexicon knows enough verbs, each with a kind and every form")
    func verbLexicon() {
        #expect(ThemeLexicon.verbs.count >= 100)
        let wanted = ["bake", "cook", "race", "fix", "build", "share", "visit", "plant", "grow", "paint", "sing", "dance",
                      "learn", "read", "swim", "sail", "fly", "climb", "find", "help", "rescue", "deliver", "knit", "clean",
                      "tidy", "camp", "skate", "sled", "ski", "dig", "explore", "count", "write", "draw", "play", "win", "lose",
                      "wait", "catch", "carry", "make", "sew", "fish", "ride", "drive", "juggle", "whistle", "hide", "seek",
                      "wake", "sleep", "fetch", "feed", "wash", "decorate", "wrap", "celebrate"]
        for base in wanted { #expect(ThemeLexicon.verbs.contains { $0.base == base }, "\(base)") }
        #expect(ThemeLexicon.verb("look", particle: "for") != nil)
        for verb in ThemeLexicon.verbs {
            #expect(!verb.third.isEmpty && !verb.past.isEmpty && !verb.ing.isEmpty && !verb.participle.isEmpty)
            #expect(verb.props.allSatisfy(ThemeLexicon.propVocabulary.contains), "\(verb.base): \(verb.props)")
        }
        for (word, object) in ThemeLexicon.actionObjects {
            #expect(object.props.allSatisfy(ThemeLexicon.propVocabulary.contains), "\(word): \(object.props)")
        }
        for (occasion, _) in ThemeLexicon.occasions {
            #expect(occasion.props.allSatisfy(ThemeLexicon.propVocabulary.contains), "\(occasion.word)")
        }
    }

    @Test("a theme with no doing, weather or occasion has none")
    func nothingInvented() {
        let reading = reader.read("a quiet afternoon with a teddy")
        #expect(reading.action == nil && reading.weather == nil && reading.occasion == nil && reading.traits.isEmpty)
        #expect(reader.read("a tall giraffe").traits.isEmpty, "plain size is a look, not a trait")
    }
}
