import StoryDomain

/// Writes bedtime stories with Gemini `generateContent` and structured output (a JSON schema of
/// title and pages), in every ``StoryLanguage``.
///
/// Transient HTTP failures are retried by the configuration's ``ProviderRetry``. An answer that
/// is truncated, unreadable or breaks the story's rules gets exactly one repair turn; a blocked
/// prompt or answer fails at once with ``ProviderError/blocked(provider:reason:)``.
public struct GeminiStoryWriter: StoryWriter {
    public let name = "gemini"
    public let supportedLanguages = Set(StoryLanguage.allCases)
    private let client: GeminiClient
    private let model: String
    private let timeout: Duration
    private let designer: CharacterSheetDesigner
    private let assembler: ModelStoryAssembler

    /// A writer with its own limit of `configuration.maxConcurrentCalls` calls at once.
    public init(configuration: GeminiConfiguration, http: ProviderHTTPClient,
                designer: CharacterSheetDesigner = CharacterSheetDesigner()) {
        client = GeminiClient(provider: "gemini", configuration: configuration, http: http)
        model = configuration.textModel
        timeout = configuration.textTimeout
        self.designer = designer
        assembler = ModelStoryAssembler(provider: "gemini")
    }

    /// Writes exactly `request.pageCount` pages; the result's `usage` counts every call made.
    public func write(_ request: StoryRequest) async throws -> WrittenStory {
        let sheet = designer.design(for: request, heroName: request.heroName)
        let conversation = GeminiStoryConversation(prompt: StoryPrompt(request: request, sheet: sheet))
        let first = try await client.generateContent(conversation.firstRequest(), model: model, timeout: timeout)
        var usage = first.usage(provider: name, model: model)
        do {
            return try story(from: first, request: request, sheet: sheet, usage: usage)
        } catch {
            guard let problem = Self.repairableProblem(error) else { throw error }
            let repair = conversation.repairRequest(previousAnswer: first.rawText, problem: problem)
            let second = try await client.generateContent(repair, model: model, timeout: timeout)
            let more = second.usage(provider: name, model: model)
            usage.inputTokens += more.inputTokens
            usage.outputTokens += more.outputTokens
            return try story(from: second, request: request, sheet: sheet, usage: usage)
        }
    }

    private func story(from answer: GeminiWire.GenerateContentResponse, request: StoryRequest, sheet: CharacterSheet,
                       usage: ProviderUsage) throws(ProviderError) -> WrittenStory {
        let draft = try assembler.decode(answer.text(provider: name))
        var story = try assembler.assemble(draft, request: request, sheet: sheet)
        story.usage = usage
        return story
    }

    /// What to tell the model when its answer could be repaired; nil for blocked content.
    private static func repairableProblem(_ error: ProviderError) -> String? {
        switch error {
        case let .unusableOutput(_, reason), let .invalidStory(_, reason): reason
        default: nil
        }
    }
}
