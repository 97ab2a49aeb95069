import Foundation
import StoryDomain

/// The one place where errors become kind, clear words for families.
public enum FriendlyErrors {
    /// Words for a place no platform describes (the command line): no platform's own words.
    public static let plainWords: any ChatPlatform = UnknownChatPlatform("plain")

    /// A private reply explaining `error` and what to change, in the words of the platform it
    /// is shown on, with times on the family's clock (`zone`; a quota refusal carries its own).
    public static func reply(for error: any Error, on platform: any ChatPlatform = plainWords, in zone: TimeZone? = nil) -> ChatReply {
        var reply = ChatReply.privateNote(text(for: error, on: platform, in: zone))
        switch error {
        case is PremiumRequired: reply.offersPremium = true
        case StoryRequestError.pagesNeedPremium: reply.offersPremium = true
        case let quota as QuotaExceeded: reply.offersPremium = quota.premiumLimit != nil
        default: break
        }
        return reply
    }

    /// Refusals and mistakes: answered kindly, not logged as failures.
    public static func isExpected(_ error: any Error) -> Bool {
        error is StoryRequestError || error is StoryServiceError || error is CommandParseError || error is QuotaExceeded
            || error is PremiumRequired || error is CollectionError || error is SettingsError || error is CommandAccessError
            || error is RoomAccessError || error is ModelBudgetExhausted || error is TooManyRefusedRequests || error is ChapterError || error is CastError
            || error is BedtimeScheduleError || error is ChapterVoteError || error is ApprovalError
            || (error as? ReadAloudError).map { if case .voiceFailed = $0 { false } else { true } } == true
    }

    /// What `error` means and what to change, in the words of the platform it is shown on; times
    /// on the family's clock when `zone` is given (else in UTC).
    public static func text(for error: any Error, on platform: any ChatPlatform = plainWords, in zone: TimeZone? = nil) -> String {
        switch error {
        case let error as StoryRequestError: text(for: error, on: platform)
        case let error as CommandParseError: text(for: error, on: platform)
        case let error as QuotaExceeded: text(for: error, on: platform)
        case let error as ModelBudgetExhausted: text(for: error, in: zone)
        case let error as ReadAloudError: text(for: error, on: platform)
        case let error as TooManyRefusedRequests:
            "🌙 We've tried quite a few ideas today that I couldn't turn into bedtime stories, so let's rest now. "
                + "New stories can start again \(again(error.resetsAt, waitSeconds: error.waitSeconds, in: zone)) — I'd love to hear a gentle idea then!"
        case let error as PremiumRequired:
            switch error.feature {
            case .collections:
                "⭐ Growth Collections are part of premium: a series of stories that grows kindness, bravery or calm "
                    + "bedtimes night by night. Ask \(platform.installRunner) about premium — `/story new` works on every plan."
            }
        case let error as CollectionError: text(for: error, on: platform, in: zone)
        case let error as ChapterError:
            switch error {
            case .noStoryYet:
                "🌙 There's no story to continue yet. Start one with `/story new theme:\"a sleepy dragon\" name:Mia` — "
                    + "tomorrow night, `/story continue` will carry on with the same friends."
            case let .notReadable(title):
                "⏳ **\(title)** isn't finished yet, so it can't have a next chapter. Once it's ready, try `/story continue` again."
            case let .chapterOnItsWay(title, number):
                "✍️ Chapter \(number), **\(title)**, is already being written — it will appear here when it's ready."
            }
        case let error as CastError: text(for: error, on: platform)
        case let error as BedtimeScheduleError: text(for: error, on: platform)
        case let error as ChapterVoteError: text(for: error)
        case let .tooManyWaiting(limit) as ApprovalError:
            "🌙 \(limit) stories are already waiting for a grown-up's yes — the most there can be. Ask a grown-up to have a look first!"
        case let error as RoomAccessError: text(for: error)
        case let error as SettingsError: text(for: error)
        case let error as CommandAccessError: text(for: error, on: platform)
        case let error as StoryServiceError:
            switch error {
            case .storyNotFound: "🔎 I couldn't find that story in your library. Try `/story library` to see them all."
            case .notAllowedToDelete: "🙏 Only the person who asked for this story (or \(platform.familyManager)) can delete it."
            }
        default:
            "😴 Something went wrong on my side and I couldn't do that just now. Please try again in a moment."
        }
    }

    /// The day's model calls are used up: the story machine rests until the next UTC day.
    static func text(for error: ModelBudgetExhausted, in zone: TimeZone? = nil) -> String {
        let whose = error.scope == .family ? "this family's stories for today have used up all of its magic"
            : "it has made all the stories it can for everyone today"
        return "🌙 The story machine is resting until tomorrow — \(whose). It wakes up "
            + "\(again(error.resetsAt, waitSeconds: error.waitSeconds, in: zone)). The stories in your library can still be read, and nothing was counted against you."
    }

    static func text(for error: CommandAccessError, on platform: any ChatPlatform) -> String {
        switch error {
        case .notBotAdmin: "🔒 Only \(platform.installRunner) can manage premium."
        case .adminCommandsElsewhere: "🔒 Premium is managed by \(platform.installRunner), from the command line."
        case .notManager: "🔒 Only \(platform.familyManager) can change the parental controls, manage who is in the family or "
            + "delete the family's data."
        case .notGrownUp: "🔒 Only \(platform.familyManager)" + (platform.hasRoles ? " (or the role they chose with `/settings set grownup_role:`)" : "")
            + " can set bedtimes."
        case .notGrownUpToCloseVote: "🔒 Only \(platform.familyManager) can close the vote. Your vote counts until then!"
        case .requesterRoleRequired:
            "🙏 In \(platform.thisFamily), stories are asked for by members with a chosen role. Ask a grown-up to request one!"
        case .familyCommandsInWebChat:
            "🏠 `/family` manages who is in a web chat room. Here, \(platform.thisFamily)'s own members"
                + (platform.hasRoles ? " and roles" : "") + " decide."
        }
    }

    static func text(for error: StoryRequestError, on platform: any ChatPlatform) -> String {
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
            "📄 Stories here can have up to \(allowed) pages (the plan and the parental controls decide; you asked for \(requested)). "
                + "Try `pages:\(allowed)`."
        case let .pagesNeedPremium(requested, allowed, premium):
            "📄 On the free plan a story can have up to \(allowed) pages (you asked for \(requested)); "
                + "with premium it could have up to \(premium). Try `pages:\(allowed)`, or ask \(platform.installRunner) about premium."
        case let .unknownLanguage(name):
            "🌍 I don't know the language “\(name)”. I can write in: "
                + StoryLanguage.allCases.map { "\($0.displayName) (`\($0.rawValue)`)" }.joined(separator: ", ") + "."
        case let .unknownPronouns(value):
            "🤔 I don't know the pronouns “\(value)” for the hero. " + pronounChoices
        case let .languageNotAllowed(language):
            "🌍 \(language.displayName) isn't switched on for this family. \(platform.familyManagerCapitalized) can change that in the settings."
        case .avoidedTopic:
            "🛡️ That idea touches something this family's parental controls keep out of stories. Please try a different theme."
        case let .languageNotSupportedByWriter(language):
            "🌍 My built-in storyteller only writes in English for now, so I can't write in \(language.displayName) yet."
        case let .unsafeTopic(category):
            "🌙 I can't make that into a bedtime story: \(reason(for: category)) Please try a different idea — "
                + "\(gentleIdea(for: category))"
        case let .invalidName(field):
            "✏️ \(field == "companion" ? "The companion's name" : "The hero's name") can use letters, spaces, hyphens and "
                + "apostrophes only (up to \(CharacterNameRule.maxLength) characters) — like `Mia`, `Jean-Luc` or `O'Brien`."
        }
    }

    /// What stays out of bedtime stories, kindly, for a refusal (never the family's own words).
    static func reason(for category: SafetyCategory) -> String {
        switch category {
        case .violence: "my stories stay gentle, so fighting to hurt and weapons stay out of them."
        case .death: "bedtime stories here are about growing, finding and coming home, not about dying."
        case .gore: "blood and scary injuries stay out of bedtime stories."
        case .horror: "scary things that hurt people stay out of bedtime stories, so nobody has bad dreams."
        case .abuse: "stories here are about grown-ups and friends who keep children safe."
        case .sexual: "that isn't something for children's stories."
        case .selfHarm: "that's not something for a bedtime story. If someone is feeling very sad, please talk to a grown-up you trust."
        case .drugs: "drugs, alcohol and smoking stay out of children's stories."
        case .hate: "stories here are kind to everyone."
        }
    }

    /// A gentle story to suggest instead, different for each category.
    static func gentleIdea(for category: SafetyCategory) -> String {
        switch category {
        case .violence: "how about a brave knight who helps a lost dragon find home?"
        case .death: "how about a little seed that grows into the tallest sunflower in the garden?"
        case .gore: "how about a kind doctor who mends a teddy bear's torn paw?"
        case .horror: "how about a monster under the bed who is afraid of the dark, and a child who lends it a night-light?"
        case .abuse: "how about a kind grown-up who helps a lost puppy find its family?"
        case .sexual: "how about two best friends building the biggest blanket fort ever?"
        case .selfHarm: "how about a little cloud who learns it's okay to feel sad, and a friend who gives it a hug?"
        case .drugs: "how about a teddy bears' tea party with warm cocoa and honey cake?"
        case .hate: "how about friends from all over the world sharing a picnic?"
        }
    }

    static func text(for error: RoomAccessError) -> String {
        switch error {
        case .emptyRoomName: "🏠 A room's name needs at least one letter or digit (any language: `家族`, `Émilie`, `The Smiths`)."
        case let .roomExists(name): "🏠 There is already a room called “\(name)”. Invite people to it instead."
        case let .roomNotFound(name): "🔎 There is no room called “\(name)”."
        case .emptyMemberName: "✏️ Please type your name with at least one letter or digit — it is shown beside your messages."
        case .reservedName: "✏️ That name belongs to the story machine or to a grown-up's role. Please type your own name, like “Mia” or “Grandpa Joe”."
        case let .nameTaken(name): "✏️ Someone in this room is already called “\(name)”. Please pick a name that is yours alone, like “\(name) B.”."
        case .inviteNotFound: "🔑 That invite link doesn't open any room. Check that the whole link was copied, or ask a grown-up for a new one."
        case .inviteExpired: "⏰ That invite link has expired. Ask a grown-up of the room for a new one."
        case .inviteRevoked: "🔒 That invite link was turned off by a grown-up of the room. Ask them for a new one."
        case .inviteUsedUp: "🎟 That invite link has already been used as many times as it allows. Ask a grown-up for a new one."
        case .setupLinkRetired:
            "🔑 That setup link no longer works: this family already has a grown-up. Ask them for an invite link to join."
        case let .memberNotFound(query): "🔎 Nobody called “\(query)” is in this room. `/family members` lists everyone with their numbers."
        case let .ambiguousMember(name):
            "👥 More than one person here is called “\(name)”. Use their number from `/family members`, e.g. `/family remove 2`."
        case .lastGrownUp: "🧑 That would leave the room without a grown-up. Invite another grown-up first (`/family invite grown-up`)."
        case .badLifetime: "⏰ `expires:` is how long the link works: `30m`, `12h`, `7d` or `2w` (at least 10 minutes, at most 90 days)."
        case .badUses: "🎟 `uses:` is how many people may use the link: a number from 1 to 100."
        }
    }

    static func text(for error: CollectionError, on platform: any ChatPlatform, in zone: TimeZone? = nil) -> String {
        switch error {
        case .notFound: "🔎 I couldn't find that collection. Try `/collection list` to see them all."
        case let .unknownGoal(goal):
            "🌱 I don't know the goal “\(goal)”. Pick one of: " + GrowthGoal.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + "."
        case let .storyCountOutOfRange(count, allowed):
            "📚 A collection has \(allowed.lowerBound) to \(allowed.upperBound) stories, not \(count)."
        case .notAllowedToDelete: "🙏 Only the person who started this collection (or \(platform.familyManager)) can delete it."
        case let .remakeLimitReached(limit, resetsAt, waitSeconds):
            "⏳ I've tried to make this story again \(limit == 1 ? "once" : "\(limit) times") today and couldn't finish it. "
                + "Let's give it a rest: it can be tried again \(again(resetsAt, waitSeconds: waitSeconds, in: zone))."
        }
    }

    static func text(for error: SettingsError) -> String {
        switch error {
        case .nothingToChange: "⚙️ Tell me what to change, e.g. `/settings set max_pages:4` or `avoid:\"spiders, thunder\"`."
        case let .badMaxPages(allowed): "📄 `max_pages:` should be a number from \(allowed.lowerBound) to \(allowed.upperBound)."
        case let .unknownLanguage(name):
            "🌍 I don't know the language “\(name)”. Use codes such as " + StoryLanguage.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                + ", or `all`."
        case let .tooManyAvoidEntries(limit): "✂️ The avoid-list can hold up to \(limit) words or topics."
        case let .avoidEntryTooLong(entry, limit): "✂️ “\(entry)…” is long for an avoid-list entry — keep each under \(limit) characters."
        case .badIllustrations: "🖼️ `illustrations:` can be `on`, `off` or `text`."
        case .badRequesters: "👪 `requesters:` can be `everyone` or `role` (with `role:`)."
        case .roleMissing: "👪 Pick the role too, e.g. `requesters:role role:@Parents`."
        case .noRolesHere: "👪 There are no roles to choose from here: everyone in the family may ask for stories."
        case .badGrownups: "🧑 `grownups:` can be `managers` or `role` (with `grownup_role:`)."
        case .grownupRoleMissing: "🧑 Pick the role too, e.g. `grownups:role grownup_role:@Parents`."
        case let .unknownTimeZone(name):
            "🕰️ I don't know the time zone “\(name)”. Use a name like `Europe/Paris`, `America/New_York` or `Asia/Tokyo`, "
                + "a city such as `Paris`, or `default` for the service's own clock."
        case let .ambiguousTimeZone(name, candidates):
            "🕰️ “\(name)” is in more than one time zone: " + candidates.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
                + ". Which one is yours? Type its full name, e.g. `timezone:\(candidates.first ?? "Europe/Paris")`."
        case .badAudience: "🧒 `audience:` can be `children` (this chat is for children) or `family`."
        case .badWindDown: "🌙 `wind_down:` can be `off`, `2m`, `5m` or `10m` (minutes of gentle sound after the last page)."
        case .badApproval: "✅ `approval:` can be `on` (a grown-up says yes before a story reaches the room) or `off`."
        }
    }

    /// "in 3 h 20 min", "in 12 min".
    static func waitText(_ seconds: Int) -> String {
        let minutes = max(1, (seconds + 59) / 60)
        if minutes < 60 { return "in \(minutes) min" }
        return minutes % 60 == 0 ? "in \(minutes / 60) h" : "in \(minutes / 60) h \(minutes % 60) min"
    }

    static func text(for error: CommandParseError, on platform: any ChatPlatform) -> String {
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
        case let .badValue(option, hint):
            "✏️ `\(option):` should be \(hint)."
        case let .conflictingOptions(first, second):
            "✏️ Give either `\(first):` or `\(second):`, not both — premium is for one person or one whole \(platform.familyNoun) at a time."
        }
    }

    /// Why a story failed, for the message in the channel.
    public static func text(for reason: StoryFailureReason, story: Story) -> String {
        switch reason {
        // A refusal after the storyteller was asked keeps its place in the day's stories
        // (``StoryFailureReason/refundsQuota``); the theme is not repeated.
        case .unsafeContent where GeneratedStoryChecker.Problem.isBedtimeScreenRefusal(story.failureReason):
            "🛡️ I couldn't write that story in a way that fits gentle bedtime rules, so I haven't shown it. "
                + "Please try a different idea — how about a brave knight who helps a lost dragon find home? "
                + "This one counted as one of today's stories, because the storyteller had already written it."
        case .unsafeContent:
            "🛡️ I couldn't write that story in a way that fits this family's bedtime rules. "
                + "Please try a different idea — this one counted as one of today's stories, because the storyteller had already tried it."
        case .modelBudgetSpent:
            "🌙 The story machine is resting until tomorrow, so I couldn't finish the story about *\(quoted: story.request.theme)*. "
                + "It didn't count against your stories for today."
        case .writerFailed, .illustratorFailed, .internalError:
            "😴 I couldn't finish the story about *\(quoted: story.request.theme)* this time. "
                + "Please ask again in a little while — it didn't count against your stories for today."
        }
    }
}
