import Foundation
@testable import MagicalStories
import StoryDomain
import StoryProviders
import Testing

/// Who makes children's stories: never Gemini (its API terms exclude services directed to or
/// likely to be used by people under 18), instead the built-in providers or a self-hosted
/// OpenAI-compatible server.
@Suite("Children's providers")
struct ChildrenProvidersTests {
    static let gemini = ["STORY_PROVIDER": "gemini", "IMAGE_PROVIDER": "gemini", "GEMINI_API_KEY": "k"]

    @Test("with Gemini configured, children's stories are written, painted and read by the built-in providers by default")
    func builtInByDefault() async throws {
        let config = try await AppConfig.load(file: nil, environment: Self.gemini)
        let children = ChildrenProviders(config)
        #expect(children == ChildrenProviders(writer: .builtIn, illustrator: .builtIn, voice: .builtIn))
        let made = children.configuration(from: config)
        #expect(made.storyProvider == .offline && made.imageProvider == .offline && made.narration.provider == .offline)
        #expect(config.storyProvider == .gemini, "the family's stories keep Gemini")
    }

    @Test("CHILD_STORY_PROVIDER=openai hands them to a self-hosted OpenAI-compatible server")
    func selfHosted() async throws {
        let config = try await AppConfig.load(file: nil, environment: Self.gemini.merging(
            ["CHILD_STORY_PROVIDER": "openai", "OPENAI_API_URL": "http://ollama:11434/v1", "IMAGE_PROVIDER": "imagen"]) { $1 })
        let children = ChildrenProviders(config)
        #expect(children == ChildrenProviders(writer: .selfHostedOpenAI, illustrator: .selfHostedOpenAI, voice: .selfHostedOpenAI))
        let made = children.configuration(from: config)
        #expect(made.storyProvider == .openai && made.imageProvider == .openai && made.narration.provider == .openai)
    }

    @Test("a public OpenAI or Google endpoint is not self-hosted: CHILD_STORY_PROVIDER=openai is refused by name", arguments: [
        "https://api.openai.com/v1", "https://eu.api.openai.com/v1", "https://generativelanguage.googleapis.com/v1beta/openai",
    ])
    func publicEndpointRefused(url: String) async throws {
        #expect(!ChildrenProviders.isSelfHosted(url))
        let error = await #expect(throws: AppConfigError.self) {
            _ = try await AppConfig.load(file: nil, environment: Self.gemini.merging(
                ["CHILD_STORY_PROVIDER": "openai", "OPENAI_API_URL": url]) { $1 })
        }
        #expect(error?.description.contains("CHILD_STORY_PROVIDER") == true)
        #expect(error?.description.contains("OPENAI_API_URL") == true)
    }

    @Test("self-hosted addresses", arguments: ["http://127.0.0.1:11434/v1", "http://ollama:11434/v1", "https://llm.example.org/v1"])
    func selfHostedAddresses(url: String) {
        #expect(ChildrenProviders.isSelfHosted(url))
    }

    @Test("providers that are not Gemini make children's stories as they make the family's")
    func otherProvidersUnchanged() async throws {
        let offline = ChildrenProviders(try await AppConfig.load(file: nil, environment: [:]))
        #expect(offline == ChildrenProviders(writer: .same, illustrator: .same, voice: .same))
        #expect(!offline.differ)
        let openAI = ChildrenProviders(try await AppConfig.load(file: nil, environment: [
            "STORY_PROVIDER": "openai", "IMAGE_PROVIDER": "openai", "OPENAI_API_KEY": "k"]))
        #expect(!openAI.differ)
        // Gemini pictures only: only the illustrator is replaced.
        let pictures = ChildrenProviders(try await AppConfig.load(file: nil, environment: ["IMAGE_PROVIDER": "gemini", "GEMINI_API_KEY": "k"]))
        #expect(pictures == ChildrenProviders(writer: .same, illustrator: .builtIn, voice: .same))
        // Gemini's voice only.
        let voice = ChildrenProviders(try await AppConfig.load(file: nil, environment: ["NARRATION_PROVIDER": "gemini", "GEMINI_API_KEY": "k"]))
        #expect(voice == ChildrenProviders(writer: .same, illustrator: .same, voice: .builtIn))
    }

    @Test("the routed writer hands children's requests to the children's writer, and the rest to the family's")
    func routedWriter() async throws {
        let family = NamedWriter(name: "family")
        let children = NamedWriter(name: "children")
        let writer = AudienceRoutedWriter(family: family, children: children)
        var request = StoryRequest(theme: "owls", heroName: "Mia", age: 5, pageCount: 3, seed: 1)
        #expect(try await writer.write(request).title == "family", "a request stored before audiences is the family's")
        request.audience = .family
        #expect(try await writer.write(request).title == "family")
        request.audience = .children
        #expect(try await writer.write(request).title == "children")
    }
}

/// A writer whose stories are titled with its name.
private struct NamedWriter: StoryWriter {
    let name: String
    let supportedLanguages: Set<StoryLanguage> = [.english]

    func write(_ request: StoryRequest) async throws -> WrittenStory {
        var story = try await OfflineStoryWriter().write(request)
        story.title = name
        return story
    }
}
