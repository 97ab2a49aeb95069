/// Which names a member may take, so that nobody speaks as the bot or as a grown-up: a name is
/// compared the way the bedtime screen reads text (case, accents, invisible characters, spaces
/// and punctuation ignored; look-alike letters of other scripts and digits used as letters read as
/// Latin letters, ``SafetyNormalizer`` and ``SafetyLookalikes``), so “ΑNNA”, “anna” and “Ann a”
/// are one name; the bot's name and role words are reserved.
public enum MemberNameRule {
    /// The name the bot's messages carry.
    public static let botName = "Magical Stories"

    /// Words no member's name may hold (as a word, or as the whole name run together).
    static let reservedWords: Set<String> = [
        "admin", "administrator", "bot", "robot", "owner", "moderator", "mod", "system", "staff", "official", "support",
        "grownup", "magicalstories", "magicstories",
    ]

    /// Whether the name holds the bot's name or a role word (“Magical Stories”, “Admin Leo”, “b0t”, “Grown-Up”).
    public static func isReserved(_ name: String) -> Bool {
        let folded = SafetyNormalizer().fold(name)
        let words = folded.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        let candidates = words + [words.joined()]
        return candidates.contains { candidate in
            SafetyLookalikes.readAsLetters(candidate).contains { form in
                reservedWords.contains(form) || form.contains("magicalstor") || form.contains("grownup")
            }
        }
    }

    /// Whether two names would look the same in the chat.
    public static func isSameName(_ one: String, _ other: String) -> Bool {
        !keys(one).isDisjoint(with: keys(other))
    }

    /// The forms a name is compared by: letters and digits only, folded, digits read as letters.
    static func keys(_ name: String) -> Set<String> {
        let compact = SafetyNormalizer().fold(name).filter { $0.isLetter || $0.isNumber }
        return Set([compact] + SafetyLookalikes.readAsLetters(compact))
    }
}
