/// Why a story request was refused. Each case carries what the family needs to fix it;
/// the bot turns it into a kind sentence.
public enum StoryRequestError: Error, Sendable, Equatable {
    case missingTheme
    case tooLong(field: String, limit: Int)
    case emptyAfterCleaning(field: String)
    case notANumber(field: String, value: String)
    case ageOutOfRange(Int, allowed: ClosedRange<Int>)
    case pagesOutOfRange(Int, allowed: ClosedRange<Int>)
    case pagesAbovePlan(requested: Int, allowed: Int)
    /// More pages than the free plan allows, but premium would allow `premium` pages.
    case pagesNeedPremium(requested: Int, allowed: Int, premium: Int)
    case unknownLanguage(String)
    /// The hero's `pronouns:` is not he, she, they or "name" (the cleaned value, at most 20 characters).
    case unknownPronouns(String)
    case languageNotAllowed(StoryLanguage)
    case languageNotSupportedByWriter(StoryLanguage)
    /// The request mentions something on the family's avoid-list.
    case avoidedTopic(String)
    /// The bedtime screen refused the theme, a name or the companion. Carries only the category,
    /// never the family's text.
    case unsafeTopic(SafetyCategory)
    /// A hero's or companion's name that is not a plain name (see ``CharacterNameRule``);
    /// `field` is `name` or `companion`.
    case invalidName(field: String)
}
