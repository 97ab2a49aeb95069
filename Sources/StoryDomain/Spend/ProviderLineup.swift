/// Which of the service's providers call a model, as plain values: the composition root knows
/// which providers are built in and says so here, so the domain never checks a provider's type.
public struct ProviderLineup: Sendable, Equatable {
    /// The writer is a model (Gemini, OpenAI-compatible), not the built-in writer.
    public var writerCallsModel: Bool
    /// The illustrator is a model, not the built-in (Cairo) illustrator.
    public var illustratorCallsModel: Bool
    /// The voice that reads stories aloud is a model, not the built-in voice.
    public var voiceCallsModel: Bool

    public init(writerCallsModel: Bool, illustratorCallsModel: Bool, voiceCallsModel: Bool) {
        self.writerCallsModel = writerCallsModel
        self.illustratorCallsModel = illustratorCallsModel
        self.voiceCallsModel = voiceCallsModel
    }

    /// The built-in writer, illustrator and voice: stories cost nothing.
    public static let builtIn = ProviderLineup(writerCallsModel: false, illustratorCallsModel: false, voiceCallsModel: false)
    /// Every provider a model (what a policy assumes when told nothing).
    public static let models = ProviderLineup(writerCallsModel: true, illustratorCallsModel: true, voiceCallsModel: true)

    /// Whether a story with these pictures calls any model: its writer, its illustrator when it
    /// has pictures (text art is painted first, then drawn in characters), or the voice that
    /// reads it aloud.
    public func storyCallsModel(illustrations: IllustrationMode) -> Bool {
        writerCallsModel || voiceCallsModel || (illustratorCallsModel && illustrations != .off)
    }
}
