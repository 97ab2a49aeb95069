import StoryDomain

/// The commands the bot understands, with their options: the single source for the text
/// parser, help text and (later) platform command registration.
public enum CommandCatalog {
    /// One option of a subcommand.
    public struct Option: Sendable, Equatable {
        public var name: String
        public var summary: String
        public var required: Bool
        /// Integer bounds, when the option is a number.
        public var range: ClosedRange<Int>?
        public var maxLength: Int?
        public var choices: [String]
        public var autocomplete: Bool
    }

    /// One subcommand (`story new`), or a top-level command without subcommands (`help`).
    public struct Entry: Sendable, Equatable {
        public var command: String
        public var subcommand: String?
        public var summary: String
        public var options: [Option]
        /// Options that can be given by position (`/story library 2`, `/story read Moon`).
        public var positional: String?
    }

    public static let entries: [Entry] = [
        Entry(command: "story", subcommand: "new", summary: "Write and illustrate a new bedtime story", options: [
            Option(name: "theme", summary: "What the story is about, e.g. a sleepy dragon", required: true, range: nil, maxLength: 200, choices: [], autocomplete: false),
            Option(name: "name", summary: "The hero's name", required: false, range: nil, maxLength: 40, choices: [], autocomplete: false),
            Option(name: "age", summary: "The listener's age (2–12): sets words and length", required: false, range: 2...12, maxLength: nil, choices: [], autocomplete: false),
            Option(name: "companion", summary: "A favourite friend who comes along", required: false, range: nil, maxLength: 60, choices: [], autocomplete: false),
            Option(name: "pages", summary: "How many pages (3–12, within your plan)", required: false, range: 3...12, maxLength: nil, choices: [], autocomplete: false),
            Option(name: "language", summary: "The story's language", required: false, range: nil, maxLength: nil,
                   choices: StoryLanguage.allCases.map(\.rawValue), autocomplete: false),
        ], positional: "theme"),
        Entry(command: "story", subcommand: "library", summary: "Your family's stories, newest first", options: [
            Option(name: "page", summary: "Which page of the library", required: false, range: 1...1000, maxLength: nil, choices: [], autocomplete: false),
        ], positional: "page"),
        Entry(command: "story", subcommand: "read", summary: "Open a story at page 1", options: [
            Option(name: "story", summary: "The story's title", required: true, range: nil, maxLength: 100, choices: [], autocomplete: true),
        ], positional: "story"),
        Entry(command: "story", subcommand: "delete", summary: "Delete a story (asks first)", options: [
            Option(name: "story", summary: "The story's title", required: true, range: nil, maxLength: 100, choices: [], autocomplete: true),
        ], positional: "story"),
        Entry(command: "help", subcommand: nil, summary: "What I can do", options: [], positional: nil),
    ]

    public static func entry(command: String, subcommand: String?) -> Entry? {
        entries.first { $0.command == command && $0.subcommand == subcommand }
    }

    public static func subcommands(of command: String) -> [String] {
        entries.filter { $0.command == command }.compactMap(\.subcommand)
    }

    public static var commandNames: [String] {
        var seen: [String] = []
        for entry in entries where !seen.contains(entry.command) { seen.append(entry.command) }
        return seen
    }
}
