import Foundation

extension OpenAIFake {
    /// Writes the story a well-behaved model would: the asked-for number of pages, the hero on
    /// every page, gentle words, and a page length that suits the child's age.
    struct StoryComposer: Sendable {
        var hero: String
        var companion: String?
        var age: Int
        var pageCount: Int

        /// Reads a chat request: the page count from the schema's `minItems`, else from "exactly
        /// N pages" in the user text; hero, companion and age from the request data line's JSON.
        init(chatRequest body: JSON) {
            let userText = (body["messages"]?.array ?? [])
                .filter { $0["role"]?.string == "user" }
                .compactMap { $0["content"]?.string }
                .first ?? ""
            let data = RequestDataLine.parse(userText)
            hero = data?["hero_name"]?.string ?? "Little One"
            companion = data?["companion"]?.string
            age = data?["age"]?.intAllowingString ?? 5
            let schemaCount = body["response_format"]?["json_schema"]?["schema"]?["properties"]?["pages"]?["minItems"]?.int
            let textCount = userText.firstMatch(of: /exactly (\d+) pages/).flatMap { Int($0.output.1) }
            pageCount = schemaCount ?? textCount ?? data?["pages"]?.intAllowingString ?? 3
        }

        /// The story as the JSON text a model replies with.
        func text(pages: Int? = nil) -> String {
            let count = pages ?? pageCount
            let story: JSON = [
                "title": .string("\(hero) and the Quiet Evening"),
                "pages": .array((1...max(1, count)).map { page in
                    ["text": .string(pageText(page, of: count)),
                     // Like a careless model, it names the characters in its picture prompts.
                     "imagePrompt": .string("\(hero) and \(companion ?? "a small friendly bird") in a quiet garden, soft evening light, page \(page)")]
                }),
                // Like a careless model, one idea is not for bedtime (the screen drops it).
                "nextChoices": .array(Self.nextChoices.map { .string($0) }),
            ]
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: (try? encoder.encode(story)) ?? Data(), as: UTF8.self)
        }

        /// The ideas for the next chapter the fake offers: two calm ones and one no bedtime story may have.
        static let nextChoices = ["A picnic by the quiet pond", "A walk to find a lost bell", "A sharp knife covered in blood"]

        private static let sentences = [
            "The evening air smelled of roses and warm bread.",
            "A little owl hooted a soft hello.",
            "Fireflies blinked like tiny friendly lanterns.",
            "The moon peeked over the gentle hills.",
            "Together they listened to the whispering trees.",
            "Everything felt calm, cosy and safe.",
            "A soft breeze hummed a sleepy tune.",
            "The stars came out one by one.",
            "A small rabbit hopped home to bed.",
            "The garden grew quiet and still.",
        ]

        /// Seven-word sentences: about 20 words a page for toddlers, 50 for ages 5–7, 100 after.
        private func pageText(_ page: Int, of count: Int) -> String {
            let sentenceCount = age < 5 ? 3 : age <= 7 ? 7 : 14
            var lines = ["\(hero) walked slowly through the quiet garden."]
            for index in 0..<(sentenceCount - 2) {
                lines.append(Self.sentences[(page * 3 + index) % Self.sentences.count])
            }
            lines.append(page == count ? "\(hero) snuggled down and fell fast asleep." : "\(hero) smiled and yawned a happy yawn.")
            return lines.joined(separator: " ")
        }
    }
}
