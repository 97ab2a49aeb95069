import AsyncHTTPClient
import Foundation
import Logging
import StoryDomain

/// Writes stories with an OpenAI-compatible chat-completions model (OpenAI, Ollama's `/v1`
/// layer, vLLM…).
///
/// It asks for a strict `json_schema`; a server that refuses that (HTTP 400 about
/// `response_format`) is asked for JSON mode with the shape spelled out in the prompt, and this
/// writer remembers to use JSON mode from then on. Refusals and content filtering are
/// ``ProviderError/blocked(provider:reason:)``; an answer that is cut off, unreadable or breaks
/// the story's rules gets exactly one repair attempt. Transient HTTP failures are retried with
/// the configuration's ``ProviderRetry``, and at most `maxConcurrentCalls` calls run at once.
public struct OpenAIStoryWriter: StoryWriter {
    public let name = OpenAIClient.provider
    public let supportedLanguages = Set(StoryLanguage.allCases)

    private let configuration: OpenAIConfiguration
    private let client: OpenAIClient
    private let limiter: ConcurrencyLimiter
    private let outputMode: StructuredOutputMemory
    private let assembler = ModelStoryAssembler(provider: OpenAIClient.provider)
    private let designer = CharacterSheetDesigner()
    private let logger: Logger

    /// - Parameter limiter: shared with other providers to cap calls together; by default the
    ///   writer has its own with `configuration.maxConcurrentCalls` permits.
    public init(configuration: OpenAIConfiguration, httpClient: HTTPClient, logger: Logger,
                limiter: ConcurrencyLimiter? = nil) {
        self.configuration = configuration
        client = OpenAIClient(configuration: configuration, httpClient: httpClient, logger: logger)
        self.limiter = limiter ?? ConcurrencyLimiter(limit: configuration.maxConcurrentCalls)
        outputMode = StructuredOutputMemory(configuration.structuredOutput)
        self.logger = logger
    }

    public func write(_ request: StoryRequest) async throws -> WrittenStory {
        let sheet = designer.design(for: request, heroName: request.heroName)
        var conversation = StoryConversation(prompt: StoryPrompt(request: request, sheet: sheet))
        let first = try await complete(conversation)
        do {
            return try story(from: [first], request: request, sheet: sheet)
        } catch {
            guard let problem = error.repairableProblem else { throw error }
            logger.info("story answer unusable; asking once for a repair",
                        metadata: ["provider": "\(name)", "model": "\(configuration.textModel)", "problem": "\(problem)"])
            conversation.askForRepair(after: first.choices?.first?.message?.content ?? "", problem: problem)
            let second = try await complete(conversation)
            return try story(from: [first, second], request: request, sheet: sheet)
        }
    }

    /// One completion, in `json_schema` mode while the server accepts it, else in JSON mode.
    private func complete(_ conversation: StoryConversation) async throws -> OpenAIWire.ChatResponse {
        let pageCount = conversation.prompt.request.pageCount
        if outputMode.usesJSONSchema {
            do {
                return try await send(conversation.messages(jsonMode: false),
                                      format: StoryResponseFormat.jsonSchema(pageCount: pageCount))
            } catch let error as ProviderError where Self.refusesJSONSchema(error) {
                outputMode.fallBackToJSONMode()
                logger.notice("server refused json_schema; using JSON mode from now on",
                              metadata: ["provider": "\(name)", "model": "\(configuration.textModel)"])
            }
        }
        return try await send(conversation.messages(jsonMode: true), format: .jsonObject)
    }

    private func send(_ messages: [OpenAIWire.Message], format: OpenAIWire.ResponseFormat) async throws
        -> OpenAIWire.ChatResponse {
        let body = OpenAIWire.ChatRequest(model: configuration.textModel, messages: messages,
                                          temperature: configuration.temperature, responseFormat: format,
                                          tokenLimit: configuration.maxOutputTokens,
                                          tokenLimitField: configuration.tokenLimitField)
        return try await configuration.retry.run { [client, limiter] _ in
            try await limiter.withPermit { try await client.chatCompletion(body) }
        }
    }

    /// The story in the last answer, with the usage of all `answers`. Refusals and filtering are
    /// checked before the text is parsed.
    private func story(from answers: [OpenAIWire.ChatResponse], request: StoryRequest,
                       sheet: CharacterSheet) throws(ProviderError) -> WrittenStory {
        let text = try Self.storyText(in: answers[answers.count - 1])
        var story = try assembler.assemble(try assembler.decode(text), request: request, sheet: sheet)
        story.usage = ProviderUsage(provider: name, model: configuration.textModel,
                                    inputTokens: answers.reduce(0) { $0 + ($1.usage?.promptTokens ?? 0) },
                                    outputTokens: answers.reduce(0) { $0 + ($1.usage?.completionTokens ?? 0) })
        return story
    }

    private static func storyText(in response: OpenAIWire.ChatResponse) throws(ProviderError) -> String {
        let provider = OpenAIClient.provider
        guard let choice = response.choices?.first, let message = choice.message else {
            throw .unusableOutput(provider: provider, reason: "the answer had no message")
        }
        if let refusal = message.refusal?.trimmingCharacters(in: .whitespacesAndNewlines), !refusal.isEmpty {
            throw .blocked(provider: provider, reason: "the model refused: \(refusal.prefix(200))")
        }
        switch choice.finishReason {
        case .contentFilter:
            throw .blocked(provider: provider, reason: "the output was withheld by the content filter")
        case .length:
            throw .unusableOutput(provider: provider, reason: "it was cut off at the token limit before the JSON was complete")
        default:
            break
        }
        guard let content = message.content, !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .unusableOutput(provider: provider, reason: "the answer was empty")
        }
        return content
    }

    /// Whether a failure says the server does not support `json_schema` (as opposed to finding
    /// our schema invalid, which JSON mode would only hide).
    static func refusesJSONSchema(_ error: ProviderError) -> Bool {
        guard case let .rejected(_, status, detail) = error, status == 400 || status == 422 else { return false }
        let lowered = detail.lowercased()
        return (lowered.contains("response_format") || lowered.contains("json_schema")) && !lowered.contains("invalid schema")
    }
}

extension ProviderError {
    /// What to tell the model in the one repair attempt, for failures a second answer can fix.
    fileprivate var repairableProblem: String? {
        switch self {
        case let .unusableOutput(_, reason), let .invalidStory(_, reason): reason
        default: nil
        }
    }
}
