import Foundation
import StoryDomain
import StoryProviders

/// Fifty-four themes across every setting and age, what each story must show, and the measures the
/// storyteller tests compute (sentences, shared sentences, Flesch–Kincaid grade).
enum StorytellerSupport {
    struct Entry: Sendable {
        var theme: String
        var setting: StorySetting
        /// Words of which one must be on most pages (any one), besides the companion's name when
        /// `companionIsKey` (the theme's creature became the companion).
        var keys: [String]
        var companionIsKey = false
    }

    static let heroNames = [
        "Mia", "Leo", "Ava", "Noah", "Zoe", "Omar", "Lily", "Sami", "Ella", "Finn", "Ines", "Theo", "Maya", "Arlo",
        "Nora", "Ezra", "Ruby", "Kai", "Iris", "Jude", "Lena", "Otto", "Rosa", "Eli", "Asha", "Milo", "Hana", "Ravi",
        "Cleo", "Ivo", "Tess", "Rafi", "Juno", "Luca", "Anya", "Bram", "Dara", "Emil", "Faye", "Gus", "Hugo", "Isla",
        "Jai", "Kira", "Luz", "Max", "Nia", "Oren", "Pia", "Quinn", "Remy", "Sia", "Tobi", "Uma",
    ]

    static let entries: [Entry] = [
        Entry(theme: "a lost penguin under the sea", setting: .underwater, keys: ["penguin"], companionIsKey: true),
        Entry(theme: "a trip to the moon", setting: .space, keys: ["moon"]),
        Entry(theme: "a whale who is lonely in the ocean", setting: .underwater, keys: ["whale"], companionIsKey: true),
        Entry(theme: "first day at school", setting: .school, keys: ["school", "classroom"]),
        Entry(theme: "a lost crown in the castle", setting: .castle, keys: ["crown"]),
        Entry(theme: "Grandma and the lost bell", setting: .meadow, keys: ["bell"]),
        Entry(theme: "a kite at the beach", setting: .seaside, keys: ["kite"]),
        Entry(theme: "a dinosaur who is afraid of the dark", setting: .meadow, keys: ["dinosaur"], companionIsKey: true),
        Entry(theme: "an octopus birthday party under the sea", setting: .underwater, keys: ["octopus"], companionIsKey: true),
        Entry(theme: "a horse on the farm", setting: .farm, keys: ["horse"], companionIsKey: true),
        Entry(theme: "a butterfly in the garden", setting: .garden, keys: ["butterfly"], companionIsKey: true),
        Entry(theme: "a sleepy dragon who lost his bell", setting: .meadow, keys: ["bell"]),
        Entry(theme: "a rocket ride to the moon", setting: .space, keys: ["rocket"]),
        Entry(theme: "a fish who wants a friend", setting: .underwater, keys: ["fish"], companionIsKey: true),
        Entry(theme: "a lost teddy at home", setting: .home, keys: ["teddy"]),
        Entry(theme: "a red balloon in the town", setting: .town, keys: ["balloon"]),
        Entry(theme: "building a snowman in the snow", setting: .snow, keys: ["snowman"]),
        Entry(theme: "a monkey in the jungle", setting: .jungle, keys: ["monkey"]),
        Entry(theme: "a treasure map in the forest", setting: .forest, keys: ["map", "treasure"]),
        Entry(theme: "climbing a mountain with a compass", setting: .mountains, keys: ["compass"]),
        Entry(theme: "a cat who can't sleep", setting: .meadow, keys: ["cat"], companionIsKey: true),
        Entry(theme: "my little brother's first day at nursery", setting: .school, keys: ["school", "classroom"]),
        Entry(theme: "a picnic in the meadow with a basket", setting: .meadow, keys: ["basket"]),
        Entry(theme: "a unicorn in a castle", setting: .castle, keys: ["unicorn"], companionIsKey: true),
        Entry(theme: "the moon who lost her glasses", setting: .space, keys: ["glasses"]),
        Entry(theme: "a birthday cake on the farm", setting: .farm, keys: ["cake"]),
        Entry(theme: "a shy bunny in the forest", setting: .forest, keys: ["bunny"], companionIsKey: true),
        Entry(theme: "a robot at school", setting: .school, keys: ["robot"], companionIsKey: true),
        Entry(theme: "a turtle at the beach", setting: .seaside, keys: ["turtle"], companionIsKey: true),
        Entry(theme: "a lantern in the dark forest", setting: .forest, keys: ["lantern"]),
        Entry(theme: "a boat trip to an island", setting: .seaside, keys: ["boat"]),
        Entry(theme: "a lost shell under the sea", setting: .underwater, keys: ["shell"]),
        Entry(theme: "an astronaut and a star on the moon", setting: .space, keys: ["star"]),
        Entry(theme: "a princess and a golden key in a palace", setting: .castle, keys: ["key"]),
        Entry(theme: "a puppy in the town", setting: .town, keys: ["puppy", "dog"], companionIsKey: true),
        Entry(theme: "an owl in the forest at night", setting: .forest, keys: ["owl"], companionIsKey: true),
        Entry(theme: "a fox in the snow", setting: .snow, keys: ["fox"], companionIsKey: true),
        Entry(theme: "a tractor on the farm", setting: .farm, keys: ["tractor"]),
        Entry(theme: "a parrot and a banana in the jungle", setting: .jungle, keys: ["banana"]),
        Entry(theme: "a sunflower in the garden", setting: .garden, keys: ["sunflower"]),
        Entry(theme: "Grandpa at the seaside with a bucket", setting: .seaside, keys: ["bucket"]),
        Entry(theme: "a lost mitten in the snow", setting: .snow, keys: ["mitten"]),
        Entry(theme: "a bear who lost his hat in the mountains", setting: .mountains, keys: ["hat"]),
        Entry(theme: "a mouse in the library", setting: .library, keys: ["mouse"], companionIsKey: true),
        Entry(theme: "a music box in the bedroom", setting: .home, keys: ["music box"]),
        Entry(theme: "Mum and a kite in the park", setting: .meadow, keys: ["kite"]),
        Entry(theme: "a dolphin and a pearl under the sea", setting: .underwater, keys: ["pearl"]),
        Entry(theme: "a first swim at the beach with a ball", setting: .seaside, keys: ["ball"]),
        Entry(theme: "an elephant's birthday in the jungle", setting: .jungle, keys: ["elephant"], companionIsKey: true),
        Entry(theme: "a sleepy moon rabbit on the moon", setting: .space, keys: ["rabbit", "bunny"], companionIsKey: true),
        Entry(theme: "a book at school", setting: .school, keys: ["book"]),
        Entry(theme: "a dragon in the mountains who wants to fly", setting: .mountains, keys: ["dragon"], companionIsKey: true),
        Entry(theme: "a lost key in the castle", setting: .castle, keys: ["key"]),
        Entry(theme: "my dad and a bicycle in the town", setting: .town, keys: ["bicycle"]),
    ]

    /// Words that say each place.
    static let placeWords: [StorySetting: [String]] = [
        .underwater: ["sea", "water", "waves", "coral", "seaweed", "bubbles", "fish", "fins"],
        .space: ["moon", "crater", "craters", "rocket", "earth", "stars"],
        .school: ["school", "classroom", "blackboard", "desk", "desks", "crayons", "teacher", "playground"],
        .castle: ["castle", "tower", "towers", "drawbridge", "moat", "throne", "armour", "hall"],
        .forest: ["forest", "trees", "oak", "moss", "ferns", "log", "woodpecker"],
        .seaside: ["beach", "sea", "waves", "sand", "shore", "lighthouse", "seagulls", "dunes"],
        .meadow: ["meadow", "grass", "daisies", "buttercups", "crickets"],
        .mountains: ["mountain", "mountains", "valley", "waterfall", "hill", "goat"],
        .garden: ["garden", "pond", "sunflowers", "flowers", "apple tree"],
        .town: ["town", "bakery", "library", "bus", "clock", "fountain", "street"],
        .jungle: ["jungle", "vines", "parrots", "waterfall", "leaves", "leaf"],
        .snow: ["snow", "snowy", "snowman", "snowflakes", "icicles", "frozen"],
        .farm: ["farm", "barn", "cows", "hens", "tractor", "hay"],
        .home: ["house", "home", "stairs", "kitchen", "sofa", "bedroom", "cushions"],
        // A library's and a river's stories are told in their town's and meadow's worlds.
        .library: ["library", "books", "town", "bakery", "bus", "clock", "fountain", "street"],
        .river: ["river", "stream", "bridge", "meadow", "grass", "daisies", "buttercups", "crickets"],
    ]

    static func request(_ entry: Entry, index: Int, age: Int? = nil, seed: UInt64 = 7, pages: Int = 5) -> StoryRequest {
        StoryRequest(theme: entry.theme, heroName: heroNames[index % heroNames.count],
                     age: age ?? [3, 6, 10][index % 3], pageCount: pages, language: .english, seed: seed)
    }

    /// True when `text` holds `word` as a whole word or phrase (case-insensitive).
    static func mentions(_ text: String, _ word: String) -> Bool {
        let lowered = " " + text.lowercased().map { $0.isLetter || $0 == "-" ? $0 : " " }.reduce(into: "") { $0.append($1) } + " "
        return lowered.contains(" \(word.lowercased()) ") || lowered.contains(" \(word.lowercased())s ")
    }

    /// Sentences: split after . ! ? (and any closing quote) when the next word does not start in
    /// lower case, so "\"Hello!\" said Mia." stays one sentence.
    static func sentences(_ text: String) -> [String] {
        let characters = Array(text)
        var result: [String] = []
        var current = ""
        var index = 0
        while index < characters.count {
            current.append(characters[index])
            if ".!?".contains(characters[index]) {
                var end = index + 1
                while end < characters.count, characters[end] == "\"" { current.append(characters[end]); end += 1 }
                let nextWord = end + 1 < characters.count ? characters[end + 1] : nil
                let before = String(characters[max(0, index - 3)..<index])
                let title = ["Mr", "Mrs", "Ms", "Dr"].contains { before.hasSuffix(" " + $0) || before == $0 || before.hasSuffix($0) && before.count == $0.count }
                if !title, end >= characters.count || (characters[end] == " " && !(nextWord?.isLowercase ?? false)) {
                    result.append(current.trimmingCharacters(in: .whitespaces))
                    current = ""
                }
                index = end
                continue
            }
            index += 1
        }
        let rest = current.trimmingCharacters(in: .whitespaces)
        if !rest.isEmpty { result.append(rest) }
        return result
    }

    static func sentences(of story: WrittenStory) -> [String] {
        story.pages.flatMap { sentences($0.text) }
    }

    /// A sentence without an opening connective ("Soon Mia smiled." → "mia smiled."), to measure
    /// how much two tellings share beyond those words.
    static func withoutConnective(_ sentence: String) -> String {
        let connectives = ["Then", "Soon", "Next", "After that,", "Just then,", "Before long,", "Now", "A moment later,",
                           "And so", "Right away,", "All the while,", "Meanwhile,", "After a bit,", "And"]
        for word in connectives where sentence.hasPrefix(word + " ") { return sentence.dropFirst(word.count + 1).lowercased() }
        return sentence.lowercased()
    }

    /// The share of `a`'s distinct sentences that `b` also has.
    static func shared(_ a: [String], _ b: [String]) -> Double {
        let left = Set(a), right = Set(b)
        guard !left.isEmpty else { return 0 }
        return Double(left.intersection(right).count) / Double(left.count)
    }

    /// Syllables by vowel groups, a silent final "e" dropped, at least one per word.
    static func syllables(_ word: String) -> Int {
        let letters = word.lowercased().filter(\.isLetter)
        guard !letters.isEmpty else { return 0 }
        var count = 0
        var previousVowel = false
        for character in letters {
            let vowel = "aeiouy".contains(character)
            if vowel && !previousVowel { count += 1 }
            previousVowel = vowel
        }
        if letters.hasSuffix("e"), !letters.hasSuffix("le"), count > 1 { count -= 1 }
        return max(count, 1)
    }

    /// The Flesch–Kincaid grade of a text: 0.39 × words per sentence + 11.8 × syllables per word − 15.59.
    static func fleschKincaidGrade(_ texts: [String]) -> Double {
        var words = 0, syllableCount = 0, sentenceCount = 0
        for text in texts {
            sentenceCount += sentences(text).count
            for word in text.split(whereSeparator: { $0.isWhitespace }) where word.contains(where: \.isLetter) {
                words += 1
                syllableCount += syllables(String(word))
            }
        }
        guard words > 0, sentenceCount > 0 else { return 0 }
        return 0.39 * Double(words) / Double(sentenceCount) + 11.8 * Double(syllableCount) / Double(words) - 15.59
    }
}
