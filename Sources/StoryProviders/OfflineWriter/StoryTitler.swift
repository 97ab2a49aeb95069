import StoryDomain

/// Builds a storybook title that names the hero and the adventure ("Mia and the Lost Penguin",
/// "The Night the Moon Came Closer"), with a few ways to say each so titles vary. Besides the
/// hero's and companion's names, every word is the writer's own or the lexicon's: the family's
/// theme text never reaches a title.
enum StoryTitler {
    static func title(shape: StoryShape, variation: ShapeScript.Variation, heroName hero: String, request: StoryRequest,
                      sheet: CharacterSheet, reading: ThemeReading, cast: StoryCast, world: StoryWorld,
                      rng: inout SeededGenerator) -> String {
        let inPlace = tail(world.inPlace)
        let key = TextTools.titleCased(cast.key)
        let critter = TextTools.titleCased(cast.critter)
        let companion = sheet.companion.map { TextTools.titleCased(OfflineStoryWriter.stripBraces($0.name)) }
        var options: [String]
        switch variation.id {
        case "wandered", "hideAndSeek":
            let word = TextTools.titleCased(reading.lostCreature?.word ?? sheet.companion.map { StoryCast.kindWord($0.kind) } ?? "friend")
            let name = companion ?? "the \(word)"
            options = ["\(hero) and the Lost \(word)", "Where Is \(name)?", "\(hero) Finds \(name)"]
            if variation.id == "hideAndSeek" { options.append("\(name) Hides \(inPlace)") }
        case "strayed":
            let word = TextTools.titleCased(reading.lostCreature?.word ?? "friend")
            options = ["\(hero) and the Lost \(word)", "\(hero) Finds the Little \(word)", "The Little \(word) Who Got Lost"]
        case "dropped", "misplaced", "critterLost", "lostKey":
            options = ["\(hero) and the Lost \(key)", "The Lost \(key) \(inPlace)", "\(hero) Looks for the \(key)"]
        case "firstFlight":
            let flyer = sheet.companion.flatMap { reading.wants.contains(.flying) && [.dragon, .owl, .butterfly, .unicorn].contains($0.kind) ? companion : nil } ?? hero
            options = ["\(flyer) Learns to Fly", "\(flyer)'s First Flight", "The Day \(flyer) Flew"]
        case "newPlace":
            options = ["\(hero)'s Very First Day", "\(hero) Is New \(inPlace)", "A Big New Day for \(hero)"]
        case "tryItOut":
            options = ["\(hero) and the Wobbly \(key)", "\(hero) Tries the \(key)", "\(hero) Learns Something New"]
        case "dark":
            options = ["\(hero) and the Dark", "Brave \(hero) \(inPlace)", "\(hero) and the Friendly Night"]
        case "sound":
            options = ["\(hero) and the Strange Sound", "What Was That Noise, \(hero)?", "Brave \(hero) \(inPlace)"]
        case "surprise", "invite":
            let party = reading.wants.contains(.birthday) ? "Birthday" : "Party"
            // A named guest of honour (the companion's own party) has no "the".
            let guest = cast.critterIsNamed ? critter : "the \(critter)"
            options = ["\(hero) and \(guest)'s \(party)", "A \(party) \(inPlace)", "\(hero) Saves the \(party)"]
        case "wayHome":
            options = ["\(hero) Helps the \(critter) Home", "The Way Home \(inPlace)", "\(hero) Shows the Way"]
        case "outOfReach":
            options = ["\(hero) Lends a Hand", "\(hero) and the Stuck \(key)", "\(hero) Helps the \(critter)"]
        case "lonely":
            options = ["\(hero) and the Lonely \(critter)", "A New Friend for the \(critter)", "\(hero) Makes a Friend"]
        default:
            options = ["\(hero) and the \(world.titlePlace)", "\(hero)'s Adventure \(inPlace)"]
            options += placeTitles(world.setting, hero: hero)
        }
        if let companion, request.companion != nil || sheet.companion?.kind == .grownUp, !variation.companionLost {
            options.append("\(hero), \(companion) and the \(world.titlePlace)")
        }
        return options[Int(rng.next(upperBound: UInt32(options.count)))]
    }

    /// A journey's titles of its place.
    private static func placeTitles(_ setting: StorySetting, hero: String) -> [String] {
        switch setting {
        case .space: ["The Night the Moon Came Closer", "\(hero) Goes to the Moon"]
        case .underwater: ["\(hero) Under the Sea", "\(hero) and the Coral Garden"]
        case .castle: ["\(hero) and the Castle on the Hill"]
        case .forest: ["\(hero) in the Whispering Wood"]
        case .seaside: ["\(hero)'s Day by the Sea"]
        case .snow: ["\(hero) and the Snowy Day"]
        case .jungle: ["\(hero) in the Green Jungle"]
        case .mountains: ["\(hero) Climbs the Mountain"]
        case .farm: ["\(hero)'s Day on the Farm"]
        case .garden: ["\(hero) in the Secret Garden"]
        case .town: ["\(hero) About Town"]
        case .meadow: ["\(hero) in the Meadow"]
        case .school: ["\(hero)'s Big School Day"]
        case .home: ["\(hero) at Home"]
        }
    }

    /// "under the sea" → "Under the Sea", "to school" → "to School": a place phrase inside a title.
    private static func tail(_ phrase: String) -> String {
        let cased = TextTools.titleCased("x " + phrase)
        return String(cased.dropFirst(2))
    }
}
