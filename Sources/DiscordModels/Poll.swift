/// A native poll to create, sent as a message's `poll` (its own message: a poll cannot sit in a
/// components-v2 layout message, and a message's poll cannot be edited).
public struct PollCreate: Codable, Sendable, Equatable {
    /// A question's or an answer's text (and an answer's optional emoji).
    public struct Media: Codable, Sendable, Equatable {
        /// A Unicode emoji shown before an answer (`{"name": "🧺"}`; a custom one would name its id).
        public struct Emoji: Codable, Sendable, Equatable {
            public var name: String
            public init(name: String) { self.name = name }
        }

        public var text: String
        /// Answers only; not counted in the text's length.
        public var emoji: Emoji?
        public init(text: String, emoji: String? = nil) {
            self.text = text
            self.emoji = emoji.map(Emoji.init)
        }
    }

    public struct Answer: Codable, Sendable, Equatable {
        public var pollMedia: Media
        public init(text: String, emoji: String? = nil) { pollMedia = Media(text: text, emoji: emoji) }
        enum CodingKeys: String, CodingKey { case pollMedia = "poll_media" }
    }

    public var question: Media
    public var answers: [Answer]
    /// Whole hours the poll runs (``durationRange``).
    public var duration: Int
    public var allowMultiselect: Bool
    /// 1: the default layout (the only one).
    public var layoutType: Int?

    public init(question: String, answers: [String], duration: Int, allowMultiselect: Bool = false) {
        self.init(question: question, answers: answers.map { Answer(text: $0) }, duration: duration, allowMultiselect: allowMultiselect)
    }

    public init(question: String, answers: [Answer], duration: Int, allowMultiselect: Bool = false) {
        self.question = Media(text: question)
        self.answers = answers
        self.duration = duration
        self.allowMultiselect = allowMultiselect
        layoutType = 1
    }

    /// Discord's limits on a poll (lengths in code points).
    public static let maxQuestionLength = 300
    public static let maxAnswerLength = 55
    public static let maxAnswers = 10
    public static let durationRange = 1...768

    enum CodingKeys: String, CodingKey {
        case question, answers, duration
        case allowMultiselect = "allow_multiselect"
        case layoutType = "layout_type"
    }
}
