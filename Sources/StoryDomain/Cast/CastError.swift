/// Why a cast command or a story's `cast:` was refused; each case carries what the family needs
/// to fix it (the bot turns it into a kind, private sentence). Never carries text the bedtime
/// screen refused.
public enum CastError: Error, Sendable, Equatable {
    /// The family already keeps `limit` members.
    case full(limit: Int)
    /// Someone of that name is already in the cast.
    case duplicateName(String)
    /// Nobody of that name is in the cast; `cast` lists who is.
    case notFound(String, cast: [String])
    /// `cast:` names people who are not in the cast.
    case unknownInStory([String], cast: [String])
    /// More named heroes than a story takes.
    case tooManyHeroes(limit: Int)
    case unknownKind(String)
    /// `pronouns:` is not he, she, they or "name" (carries the cleaned value, at most 20 characters).
    case unknownPronouns(String)
    /// `field` (`name` or `look`) is longer than `limit` characters.
    case tooLong(field: String, limit: Int)
    /// Nothing was left of `field` after cleaning (only invisible or control characters).
    case emptyAfterCleaning(field: String)
    /// The name is not a plain name (see ``CharacterNameRule``).
    case invalidName
    case missingName
    /// The age is not a number in `allowed`.
    case badAge(String, allowed: ClosedRange<Int>)
    /// Only children and babies have an age.
    case ageOnlyForChildren
    /// The bedtime screen refused the name or look: the category only.
    case unsafe(SafetyCategory)
    /// The look mentions a word of the family's avoid-list.
    case avoided(String)
    /// Only the member's creator and the family's managers (grown-ups) may change them.
    case notAllowed(String)
    /// `/cast edit` with nothing to change.
    case nothingToChange
    /// The cast is not set up where the command came from.
    case notOffered
    /// More sensitivities (`avoid:`) than a member may have.
    case tooManySensitivities(limit: Int)
}
