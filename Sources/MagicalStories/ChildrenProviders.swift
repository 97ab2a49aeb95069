import Foundation

/// Who makes children's stories (``StoryDomain/StoryAudience/children``): asked for by a child
/// member, or in a chat a grown-up marked as children's.
///
/// Gemini's API terms exclude services directed to or likely to be used by people under 18, so
/// where the family's writer, illustrator or voice is Gemini (or Imagen), children's stories get
/// the built-in one instead or, with `CHILD_STORY_PROVIDER=openai`, a self-hosted
/// OpenAI-compatible server's (Ollama, vLLM, LocalAI). Other providers make children's stories
/// as they make the family's.
struct ChildrenProviders: Equatable {
    /// Who makes one part of a children's story.
    enum Choice: String, Equatable {
        /// The family's provider (it is not Gemini).
        case same
        /// The built-in writer, illustrator or voice.
        case builtIn
        /// The OpenAI-compatible server at `OPENAI_API_URL`, which is not a public endpoint.
        case selfHostedOpenAI
    }

    var writer: Choice
    var illustrator: Choice
    var voice: Choice

    init(writer: Choice, illustrator: Choice, voice: Choice) {
        self.writer = writer
        self.illustrator = illustrator
        self.voice = voice
    }

    /// The choice for `config`'s providers.
    init(_ config: AppConfig) {
        let replacement: Choice = config.childStoryProvider == .openai ? .selfHostedOpenAI : .builtIn
        writer = config.storyProvider == .gemini ? replacement : .same
        illustrator = [.gemini, .imagen].contains(config.imageProvider) ? replacement : .same
        voice = config.narration.resolved(storyProvider: config.storyProvider) == .gemini ? replacement : .same
    }

    /// Whether children's stories are made by other providers than the family's.
    var differ: Bool { [writer, illustrator, voice].contains { $0 != .same } }

    /// The configuration children's stories are made with: the family's, with each Gemini
    /// provider replaced by the built-in one or the self-hosted OpenAI-compatible server.
    func configuration(from config: AppConfig) -> AppConfig {
        var children = config
        switch writer {
        case .same: break
        case .builtIn: children.storyProvider = .offline
        case .selfHostedOpenAI: children.storyProvider = .openai
        }
        switch illustrator {
        case .same: break
        case .builtIn: children.imageProvider = .offline
        case .selfHostedOpenAI: children.imageProvider = .openai
        }
        switch voice {
        case .same: break
        case .builtIn: children.narration.provider = .offline
        case .selfHostedOpenAI: children.narration.provider = .openai
        }
        return children
    }

    /// Whether an OpenAI-compatible `OPENAI_API_URL` is a self-hosted server: any host but the
    /// public endpoints of OpenAI (`api.openai.com`, `*.openai.com`) and Google (`*.googleapis.com`,
    /// Gemini's own OpenAI-compatible layer, under Gemini's terms).
    static func isSelfHosted(_ apiURL: String) -> Bool {
        guard let host = URL(string: apiURL)?.host?.lowercased(), !host.isEmpty else { return false }
        let publicDomains = ["openai.com", "googleapis.com"]
        return !publicDomains.contains { host == $0 || host.hasSuffix("." + $0) }
    }
}
