import StoryDomain

/// The one place where errors become kind, clear words for families.
public enum FriendlyErrors {
    /// A private reply explaining `error` and what to change.
    public static func reply(for error: any Error) -> ChatReply {
        .privateNote(text(for: error))
    }

    public static func text(for error: any Error) -> String {
        switch error {
        case let error as StoryRequestError: text(for: error)
        case let error as CommandParseError: text(for: error)
        case let error as QuotaExceeded:
            "🌙 That's \(error.limit) stories today — what a lot of reading! New stories can start again at midnight UTC. "
                + "Premium families get more stories each day. Stories that couldn't be finished don't count."
        case let error as StoryServiceError:
            switch error {
            case .storyNotFound: "🔎 I couldn't find that story in your library. Try `/story library` to see them all."
            case .notAllowedToDelete: "🙏 Only the person who asked for this story (or a server manager) can delete it."
            }
        default:
            "😴 Something went wrong on my side and I couldn't do that just now. Please try again in a moment."
        }
    }

    static func text(for error: StoryRequestError) -> String {
        switch error {
        case .missingTheme:
            "💡 Tell me what the story should be about, e.g. `/story new theme:\"a sleepy dragon\" name:Mia age:5`."
        case let .tooLong(field, limit):
            "✂️ The \(field) is a little long — please keep it under \(limit) characters."
        case let .emptyAfterCleaning(field):
            "🤔 The \(field) didn't have any letters I could use. Please type it again with words."
        case let .notANumber(field, value):
            "🔢 The \(field) should be a number, but I got “\(value)”."
        case let .ageOutOfRange(age, allowed):
            "🎂 I write for ages \(allowed.lowerBound) to \(allowed.upperBound) — \(age) is outside that. Please pick an age in that range."
        case let .pagesOutOfRange(pages, allowed):
            "📄 A story can have \(allowed.lowerBound) to \(allowed.upperBound) pages, not \(pages)."
        case let .pagesAbovePlan(requested, allowed):
            "📄 Your family's plan allows up to \(allowed) pages per story (you asked for \(requested)). Try `pages:\(allowed)`."
        case let .unknownLanguage(name):
            "🌍 I don't know the language “\(name)”. I can write in: "
                + StoryLanguage.allCases.map { "\($0.displayName) (`\($0.rawValue)`)" }.joined(separator: ", ") + "."
        case let .languageNotAllowed(language):
            "🌍 \(language.displayName) isn't switched on for this family. A server manager can change that in the settings."
        case let .languageNotSupportedByWriter(language):
            "🌍 My built-in storyteller only writes in English for now, so I can't write in \(language.displayName) yet."
        }
    }

    static func text(for error: CommandParseError) -> String {
        switch error {
        case .empty:
            "💬 Type a command such as `/story new theme:\"a sleepy dragon\"`, or `/help`."
        case let .unknownCommand(name):
            "🤔 I don't know the command `/\(name)`. Try `/help` to see what I can do."
        case let .unknownSubcommand(command, given, expected):
            (given.map { "🤔 `/\(command) \($0)` isn't something I know." } ?? "🤔 `/\(command)` needs one more word.")
                + " Try " + expected.map { "`/\(command) \($0)`" }.joined(separator: ", ") + "."
        case let .unknownOption(command, option, expected):
            "🤔 `/\(command)` has no option `\(option):`. It takes " + expected.map { "`\($0):`" }.joined(separator: ", ")
                + ". If your text contains a colon, put it in quotes."
        case .unbalancedQuote:
            "✏️ A quote is opened but never closed. Put text in pairs of quotes, like `theme:\"a sleepy dragon\"`."
        case let .missingValue(option):
            "✏️ Please give a value for `\(option):`."
        case let .duplicateOption(option):
            "✏️ You gave `\(option):` twice — please give it once."
        case let .unexpectedText(text):
            "✏️ I'm not sure what “\(text)” is for. Put it after an option, like `theme:…`."
        case let .tooLong(limit):
            "✂️ That message is too long for a command (over \(limit) characters)."
        }
    }

    /// Why a story failed, for the message in the channel.
    public static func text(for reason: StoryFailureReason, story: Story) -> String {
        switch reason {
        case .unsafeContent:
            "🛡️ I couldn't write a story about *\(story.request.theme)* that fits this family's bedtime rules. "
                + "Please try a different theme — it didn't count against your stories for today."
        case .writerFailed, .illustratorFailed, .internalError:
            "😴 I couldn't finish the story about *\(story.request.theme)* this time. "
                + "Please ask again in a little while — it didn't count against your stories for today."
        }
    }
}
