/// One suggestion offered while a person types an option: what they see, and the value the
/// command receives when they pick it.
public struct ChatSuggestion: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
