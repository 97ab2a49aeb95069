import StoryDomain

/// The messages of one story: the prompt's system and user text, then the one repair exchange
/// if the first answer could not be used.
struct StoryConversation: Sendable {
    let prompt: StoryPrompt
    private var followUps: [OpenAIWire.Message] = []

    init(prompt: StoryPrompt) { self.prompt = prompt }

    /// In JSON mode the system message also spells out the JSON shape, since the server only
    /// promises some JSON object.
    func messages(jsonMode: Bool) -> [OpenAIWire.Message] {
        var system = prompt.system
        if jsonMode { system += "\n" + StoryResponseFormat.instructions(pageCount: prompt.request.pageCount) }
        return [.system(system), .user(prompt.user)] + followUps
    }

    /// Adds the unusable answer and the request to write it again.
    mutating func askForRepair(after answer: String, problem: String) {
        if !answer.isEmpty { followUps.append(.assistant(answer)) }
        followUps.append(.user(prompt.repairMessage(for: problem)))
    }
}
