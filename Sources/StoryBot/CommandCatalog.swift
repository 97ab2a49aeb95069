import StoryDomain

/// The commands the bot understands, with their options: the single source for the text
/// parser, help text and platform command registration.
public enum CommandCatalog {
    /// One option of a subcommand.
    public struct Option: Sendable, Equatable {
        /// What kind of value the option takes.
        public enum Kind: Sendable, Equatable {
            case text, integer
            /// A person (Discord: a user picker; typed: an id or mention).
            case user
            /// A role (Discord: a role picker; typed: an id or mention).
            case role
        }

        /// A fixed value to choose from, with the name people see.
        public struct Choice: Sendable, Equatable {
            public var name: String
            public var value: String
        }

        public var name: String
        public var summary: String
        public var kind: Kind
        public var required: Bool
        /// Integer bounds, when the option is a number.
        public var range: ClosedRange<Int>?
        public var maxLength: Int?
        public var choices: [Choice]
        public var autocomplete: Bool
        /// Only typed (`/help more`): platforms that register their commands (Discord) leave it out.
        public var typedOnly = false

        static func text(_ name: String, _ summary: String, required: Bool = false, maxLength: Int, choices: [Choice] = [],
                         autocomplete: Bool = false) -> Option {
            Option(name: name, summary: summary, kind: .text, required: required, range: nil,
                   maxLength: choices.isEmpty ? maxLength : nil, choices: choices, autocomplete: autocomplete)
        }

        static func integer(_ name: String, _ summary: String, range: ClosedRange<Int>) -> Option {
            Option(name: name, summary: summary, kind: .integer, required: false, range: range, maxLength: nil, choices: [],
                   autocomplete: false)
        }

        static func user(_ name: String, _ summary: String) -> Option {
            Option(name: name, summary: summary, kind: .user, required: false, range: nil, maxLength: nil, choices: [], autocomplete: false)
        }

        static func role(_ name: String, _ summary: String) -> Option {
            Option(name: name, summary: summary, kind: .role, required: false, range: nil, maxLength: nil, choices: [], autocomplete: false)
        }
    }

    /// Who may use a command.
    public enum Access: Sendable, Equatable {
        case everyone
        /// Family managers (Discord: Manage Server).
        case managers
        /// The family's grown-ups: its managers, or on Discord also the role they chose
        /// (`/settings set grownup_role:`). Shown to every server member; the router decides.
        case grownUps
        /// Bot admins (`ADMIN_USER_IDS`, by platform) and, in the web chat, the install's owner.
        case botAdmins
    }

    /// One subcommand (`story new`), or a top-level command without subcommands (`help`).
    public struct Entry: Sendable, Equatable {
        public var command: String
        public var subcommand: String?
        public var summary: String
        public var options: [Option]
        /// Options that can be given by position (`/story library 2`, `/story read Moon`).
        public var positional: String?
        public var access: Access = .everyone
        /// Only the web chat has it (its rooms have members and invites; Discord has roles).
        public var webChatOnly = false
    }

    static let languageChoices = StoryLanguage.allCases.map { Option.Choice(name: $0.displayName, value: $0.rawValue) }
    static let goalChoices = GrowthGoal.allCases.map { Option.Choice(name: $0.displayName, value: $0.rawValue) }
    /// he, she, they, or the name (no pronouns: stories repeat the name).
    static let pronounChoices: [Option.Choice] = Pronouns.allCases.map { Option.Choice(name: $0.subject, value: $0.rawValue) }
        + [Option.Choice(name: "use the name", value: "name")]

    public static let entries: [Entry] = [
        Entry(command: "story", subcommand: "new", summary: "Write and illustrate a new bedtime story", options: [
            .text("theme", "What the story is about, e.g. a sleepy dragon", required: true, maxLength: 200),
            .text("name", "The hero's name", maxLength: 40),
            .integer("age", "The listener's age (2–12): sets words and length", range: 2...12),
            .text("companion", "A favourite friend who comes along", maxLength: 40),
            .integer("pages", "How many pages (3–12, within your plan)", range: 3...12),
            .text("language", "The story's language", maxLength: 20, choices: languageChoices),
            .text("cast", "Up to three of your cast as the heroes, e.g. Leo,Max", maxLength: 130),
            .text("pronouns", "How the story refers to the hero (default: by name)", maxLength: 20, choices: pronounChoices),
        ], positional: "theme"),
        Entry(command: "story", subcommand: "continue", summary: "Tonight's chapter: the same heroes, a new little adventure", options: [
            .text("story", "The story to continue (default: your newest)", maxLength: 100, autocomplete: true),
        ], positional: "story"),
        Entry(command: "story", subcommand: "library", summary: "Your family's stories, newest first", options: [
            .integer("page", "Which page of the library", range: 1...1000),
        ], positional: "page"),
        Entry(command: "story", subcommand: "read", summary: "Open a story at page 1", options: [
            .text("story", "The story's title", required: true, maxLength: 100, autocomplete: true),
        ], positional: "story"),
        Entry(command: "story", subcommand: "book", summary: "A story as a picture book (PDF or EPUB) to keep and print", options: [
            .text("story", "The story's title", required: true, maxLength: 100, autocomplete: true),
            .text("format", "PDF to print (the default) or EPUB for e-readers", maxLength: 4,
                  choices: [.init(name: "PDF", value: "pdf"), .init(name: "EPUB", value: "epub")]),
        ], positional: "story"),
        Entry(command: "story", subcommand: "delete", summary: "Delete a story (asks first)", options: [
            .text("story", "The story's title", required: true, maxLength: 100, autocomplete: true),
        ], positional: "story"),
        Entry(command: "story", subcommand: "listen", summary: "Hear a story read aloud (a page, or the whole story)", options: [
            .text("story", "The story's title (default: the newest)", maxLength: 100, autocomplete: true),
            .text("page", "A page number, or whole (the default)", maxLength: 10),
        ], positional: "story"),
        Entry(command: "collection", subcommand: "new", summary: "Start a Growth Collection: a series of stories toward a goal", options: [
            .text("goal", "What the series grows toward", required: true, maxLength: 40, choices: goalChoices),
            .text("name", "The hero's name", maxLength: 40),
            .integer("age", "The listener's age (2–12)", range: 2...12),
            .integer("stories", "How many stories (3–7)", range: 3...7),
            .text("companion", "A favourite friend who comes along", maxLength: 40),
            .text("language", "The stories' language", maxLength: 20, choices: languageChoices),
            .text("cast", "Up to three of your cast as the heroes, e.g. Leo,Max", maxLength: 130),
            .text("pronouns", "How the stories refer to the hero (default: by name)", maxLength: 20, choices: pronounChoices),
        ], positional: "goal"),
        Entry(command: "collection", subcommand: "list", summary: "Your family's collections and their progress", options: [],
              positional: nil),
        Entry(command: "collection", subcommand: "show", summary: "A collection's stories; opens the next unread one", options: [
            .text("collection", "The collection", required: true, maxLength: 100, autocomplete: true),
        ], positional: "collection"),
        Entry(command: "collection", subcommand: "delete", summary: "Delete a collection and its stories (asks first)", options: [
            .text("collection", "The collection", required: true, maxLength: 100, autocomplete: true),
        ], positional: "collection"),
        Entry(command: "premium", subcommand: "grant", summary: "Bot admins: give a user or a whole server premium", options: [
            .user("user", "The user to grant (leave empty for a server)"),
            .text("server", "A server id (default: this server)", maxLength: 32),
            .integer("days", "For how many days (default: until revoked)", range: 1...3650),
            .text("reason", "Why (kept in the audit log)", maxLength: 200),
        ], positional: "user", access: .botAdmins),
        Entry(command: "premium", subcommand: "revoke", summary: "Bot admins: end a user's or server's premium now", options: [
            .user("user", "The user (leave empty for a server)"),
            .text("server", "A server id (default: this server)", maxLength: 32),
            .text("reason", "Why (kept in the audit log)", maxLength: 200),
        ], positional: "user", access: .botAdmins),
        Entry(command: "premium", subcommand: "status", summary: "Bot admins: a user's or server's plan and history", options: [
            .user("user", "The user (leave empty for a server)"),
            .text("server", "A server id (default: this server)", maxLength: 32),
        ], positional: "user", access: .botAdmins),
        Entry(command: "premium", subcommand: "usage", summary: "Bot admins: provider use per family", options: [
            .integer("days", "Over how many days (default 7)", range: 1...90),
        ], positional: "days", access: .botAdmins),
        Entry(command: "settings", subcommand: "show", summary: "Managers: this server's parental controls", options: [],
              positional: nil, access: .managers),
        Entry(command: "settings", subcommand: "set", summary: "Managers: change parental controls", options: [
            .integer("max_pages", "Most pages per story (3–12, within the plan)", range: 3...12),
            .text("languages", "Allowed languages, comma-separated codes, or all", maxLength: 100),
            .text("avoid", "Words and topics to keep out, comma-separated, or none", maxLength: 1_000),
            .text("illustrations", "Pictures on every page, none, or text art", maxLength: 10, choices: [
                .init(name: "Pictures", value: "on"), .init(name: "No pictures", value: "off"), .init(name: "Text art", value: "text"),
            ]),
            .text("requesters", "Who may ask for stories", maxLength: 10, choices: [
                .init(name: "Everyone", value: "everyone"), .init(name: "Only one role", value: "role"),
            ]),
            .role("role", "The role that may ask for stories"),
            .text("timezone", "The family's time zone, e.g. Europe/Paris (or default)", maxLength: 64),
            .text("audience", "Who this chat is for: children's stories use no provider whose terms exclude children", maxLength: 10,
                  choices: [.init(name: "Children", value: "children"), .init(name: "The family", value: "family")]),
            .text("wind_down", "The last page read slower and softer, then minutes of gentle rain or waves", maxLength: 5, choices: [
                .init(name: "Off", value: "off"), .init(name: "2 minutes", value: "2m"), .init(name: "5 minutes", value: "5m"),
                .init(name: "10 minutes", value: "10m"),
            ]),
            .text("grownups", "Who may set bedtimes: managers only, or also one role", maxLength: 10, choices: [
                .init(name: "Managers only", value: "managers"), .init(name: "Managers and one role", value: "role"),
            ]),
            .role("grownup_role", "The role that may set bedtimes, like the managers"),
            .text("approval", "A grown-up says yes before a story reaches the chat", maxLength: 3, choices: [
                .init(name: "On", value: "on"), .init(name: "Off", value: "off"),
            ]),
        ], positional: nil, access: .managers),
        Entry(command: "settings", subcommand: "forget", summary: "Managers: delete all of this server's stories and data (asks first)",
              options: [], positional: nil, access: .managers),
        Entry(command: "family", subcommand: "members", summary: "Grown-ups: who is in this room", options: [],
              positional: nil, access: .managers, webChatOnly: true),
        Entry(command: "family", subcommand: "invite", summary: "Grown-ups: an invite link for a grown-up or a child", options: [
            .text("role", "Who it is for (default: a child)", maxLength: 10, choices: [
                .init(name: "Grown-up", value: "grown-up"), .init(name: "Child", value: "child"),
            ]),
            .text("expires", "How long the link works: 30m, 12h, 7d (default 7d, at most 90d)", maxLength: 10),
            .integer("uses", "How many people may use it (1–100, default 1)", range: 1...100),
        ], positional: "role", access: .managers, webChatOnly: true),
        Entry(command: "family", subcommand: "invites", summary: "Grown-ups: invite links that still work", options: [],
              positional: nil, access: .managers, webChatOnly: true),
        Entry(command: "family", subcommand: "revoke", summary: "Grown-ups: stop an invite link working", options: [
            .integer("invite", "The link's number in /family invites", range: 1...Int(Int32.max)),
        ], positional: "invite", access: .managers, webChatOnly: true),
        Entry(command: "family", subcommand: "remove", summary: "Grown-ups: remove someone from this room (signs them out)", options: [
            .text("member", "Their number in /family members, or their name", required: true, maxLength: 40),
        ], positional: "member", access: .managers, webChatOnly: true),
        Entry(command: "family", subcommand: "signout", summary: "Sign yourself out on every browser (your open pages close)", options: [],
              positional: nil, webChatOnly: true),
        Entry(command: "cast", subcommand: "add", summary: "Add someone to your family's cast (up to 12)", options: [
            .text("name", "Their name", required: true, maxLength: 40),
            .text("kind", "child, grown-up, baby, or a pet or toy: dog, cat, bunny, bear…", required: true, maxLength: 20),
            .integer("age", "A child's age", range: 0...17),
            .text("look", "How they look, e.g. curly red hair, green pyjamas", maxLength: 80),
            .text("pronouns", "How stories refer to them (default: by name)", maxLength: 20, choices: pronounChoices),
            .text("avoid", "What their stories leave out, comma-separated: thunder, big dogs", maxLength: 400),
        ], positional: "name"),
        Entry(command: "cast", subcommand: "list", summary: "Your family's cast", options: [], positional: nil),
        Entry(command: "cast", subcommand: "show", summary: "Portraits of your cast (or of one of them)", options: [
            .text("name", "Whose portrait (default: everyone's)", maxLength: 40, autocomplete: true),
        ], positional: "name"),
        Entry(command: "cast", subcommand: "edit", summary: "Change someone's look, age, kind or pronouns", options: [
            .text("name", "Their name", required: true, maxLength: 40, autocomplete: true),
            .text("look", "How they look now", maxLength: 80),
            .integer("age", "A child's age", range: 0...17),
            .text("kind", "child, grown-up, baby, or a pet or toy", maxLength: 20),
            .text("pronouns", "How stories refer to them: he, she, they, or name (by name)", maxLength: 20, choices: pronounChoices),
            .text("avoid", "What their stories leave out, comma-separated, or none", maxLength: 400),
        ], positional: "name"),
        Entry(command: "cast", subcommand: "remove", summary: "Take someone out of the cast (stories already made stay)", options: [
            .text("name", "Their name", required: true, maxLength: 40, autocomplete: true),
        ], positional: "name"),
        Entry(command: "bedtime", subcommand: "set", summary: "Grown-ups: tonight's story arrives here at bedtime, every night", options: [
            .text("time", "Bedtime on your family's clock, e.g. 19:30 or 7:30pm", required: true, maxLength: 10),
            .text("days", "every day (the default), weekdays, weekends, or days such as mon,wed,fri", maxLength: 60),
            .text("where", "Where it is posted (default: here)", maxLength: 100),
            .text("story", "The next chapter of your newest story (the default), or a new story", maxLength: 10, choices: [
                .init(name: "Next chapter", value: "continue"), .init(name: "A new story", value: "new"),
            ]),
            .text("theme", "A new story's theme (default: one from your recent stories)", maxLength: 100),
        ], positional: "time", access: .grownUps),
        Entry(command: "bedtime", subcommand: "show", summary: "Grown-ups: your bedtimes and when the next story comes", options: [],
              positional: nil, access: .grownUps),
        Entry(command: "bedtime", subcommand: "off", summary: "Grown-ups: stop a bedtime (its number, its time, or all)", options: [
            .text("which", "Its number in /bedtime show, its time, or all (default: the only one)", maxLength: 10),
        ], positional: "which", access: .grownUps),
        Entry(command: "help", subcommand: nil, summary: "What I can do", options: [
            Option(name: "topic", summary: "`more` for everything I can do", kind: .text, required: false, range: nil, maxLength: 20,
                   choices: [], autocomplete: false, typedOnly: true),
        ], positional: "topic"),
    ]

    /// Other words people type for a subcommand: `/story list` is `/story library`. Typed
    /// commands only; platforms that register their commands (Discord) keep one name each.
    public static let subcommandAliases: [String: [String: String]] = ["story": ["list": "library"]]

    /// The subcommand `given` stands for: itself, or the one it is another word for.
    public static func subcommand(_ given: String, of command: String) -> String {
        subcommandAliases[command]?[given] ?? given
    }

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
