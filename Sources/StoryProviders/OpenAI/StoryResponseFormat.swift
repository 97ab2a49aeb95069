/// The story's JSON shape, as a strict schema (`json_schema` mode) and in words (JSON mode,
/// where the server only promises *some* JSON object).
enum StoryResponseFormat {
    /// The `json_schema.name`; must match `[a-zA-Z0-9_-]{1,64}`.
    static let schemaName = "bedtime_story"

    static func jsonSchema(pageCount: Int) -> OpenAIWire.ResponseFormat {
        let page = JSONSchema.object([
            "text": .string("The words read aloud on this page."),
            "imagePrompt": .string("The page's picture for an illustrator: characters, place, light, action; no text or names."),
        ])
        let story = JSONSchema.object([
            "title": .string("A short, gentle title."),
            "pages": .array(of: page, count: pageCount, description: "Exactly \(pageCount) pages, in reading order."),
            "nextChoices": .array(of: .string("A calm small adventure in at most 8 words, naming no one."), count: 3,
                                  description: "Ideas for the next chapter, for the family to vote on."),
        ])
        return .jsonSchema(.init(name: schemaName, description: "A bedtime story of \(pageCount) pages.",
                                 schema: story, strict: true))
    }

    /// The shape spelled out for JSON mode (appended to the system message).
    static func instructions(pageCount: Int) -> String {
        """
        Your whole reply is one JSON object and nothing else, with exactly these keys: \
        "title" (a string), "pages" (an array of exactly \(pageCount) objects, each with exactly the keys \
        "text" and "imagePrompt", both strings) and "nextChoices" (an array of 3 short strings). For example: \
        {"title": "…", "pages": [{"text": "…", "imagePrompt": "…"}], "nextChoices": ["…", "…", "…"]}
        """
    }
}
