/// A native poll to create, sent as a message's `poll` (its own message: a poll cannot sit in a
/// components-v2 layout message, and a message's poll cannot be edited).
public struct PollCreate: Codable, Sendable, Equatable {
    /// A question's or an answer's text (and an answer's optional emoji).
    public struct Media: Codable, Sendable, Equatable {
        public var text: String
        public init(text: String) { self.text = text }
    }

    public struct Answer: Codable, Sendable, Equatable {
        public var pollMedia: Media
        public init(text: String) { pollMedia = Media(text: text) }
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
        self.question = Media(text: question)
        self.answers = answers.map(Answer.init)
        self.duration = duration
        self.allowMultiselect = allowMultiselect
        layoutType = 1
    }

    /// Discord's limits on a poll.
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
