import Foundation

/// Writes the fake's stories: calm, age-sized pages that name the hero from the request data,
/// so the bot's checks pass on a normal answer.
struct GeminiFakeStoryWriter: Sendable {
    let hero: String
    let companion: String?
    let age: Int
    /// The page count the request data asks for, if it says.
    let pagesAsked: Int?

    /// Reads the hero, companion and age from the user text's request data line.
    init(userText: String) {
        let data = RequestDataLine.parse(userText)
        hero = data?["hero_name"]?.string ?? "Little One"
        companion = data?["companion"]?.string
        age = data?["age"]?.intAllowingString ?? 5
        pagesAsked = data?["pages"]?.intAllowingString
    }

    /// Words per page that suit the age (well inside what the bot accepts).
    var wordsPerPage: Int {
        switch age {
        case ..<5: 20
        case 5...7: 45
        default: 85
        }
    }

    /// `{title, pages: [{text, imagePrompt}], nextChoices}` with `pages` pages; `unsafe` puts a sentence no
    /// bedtime story may have on page 1, as a careless model might.
    func story(pages: Int, unsafe: Bool = false) -> GeminiFakeJSON {
        let pageList = (1...max(1, pages)).map { number -> GeminiFakeJSON in
            ["text": .string((unsafe && number == 1 ? "The owl found a sharp knife covered in blood. " : "") + text(page: number, of: pages)),
             // Like a careless model, it names the characters in its picture prompts.
             "imagePrompt": .string("\(hero) and \(companion ?? "a little bird") in a calm watercolour scene for page \(number), soft evening light")]
        }
        // Like a careless model, one idea is not for bedtime (the screen drops it).
        let ideas = ["A boat ride to a little island", "A lantern walk with the fireflies", "A sharp knife covered in blood"]
        return ["title": .string("\(hero) and the Quiet Evening"), "pages": .array(pageList), "nextChoices": .array(ideas.map { .string($0) })]
    }

    func text(page: Int, of count: Int) -> String {
        let middle = [
            "\(hero) walked along a quiet little path.",
            "A warm breeze hummed a sleepy song.",
            "The flowers nodded softly in the golden light.",
            companion.map { "\($0) stayed close by and smiled." } ?? "A little bird sang a gentle tune.",
            "Everything felt calm, cosy and safe.",
            "\(hero) took a slow and happy breath.",
            "The clouds drifted by like soft pillows.",
        ]
        var sentences = [page == 1 ? "\(hero) looked up at the soft pink sky." : "\(hero) felt warm and happy."]
        var next = page
        while sentences.joined(separator: " ").split(separator: " ").count < wordsPerPage - 8 {
            sentences.append(middle[next % middle.count])
            next += 1
        }
        sentences.append(page == count ? "\(hero) snuggled down and fell fast asleep." : "Then it was time to go on.")
        return sentences.joined(separator: " ")
    }
}
