/// One language's words and phrases for the bedtime screen, by category, and the gentle phrases
/// that contain such a word but are fine ("killer whale", "water gun", "día de muertos").
///
/// Entries are written in a small notation, folded like the text before matching (accents and
/// case do not matter):
/// - words are separated by spaces and must follow each other in the text: `kill himself`;
/// - `|` gives alternatives for one word: `shoot|shoots him|her`;
/// - `[…]` adds endings to a word: `kill[s,ed,ing]` is kill, kills, killed, killing;
/// - `{…}` adds endings to a stem that is no word by itself: `mort{e,o}` is morte, morto;
/// - `_` stands for up to two words of any kind: `hurt[s] _ children`;
/// - a leading `^` keeps the entry to text known or seen to be in this language, for words that
///   are everyday words or names elsewhere (German `^gift` is not the English present).
/// Everyday words of another language are skipped in text of that language (see
/// ``SafetyLanguageHints``).
struct SafetyWordList: Sendable {
    var language: StoryLanguage
    var entries: [SafetyCategory: [String]]
    /// Gentle phrases: the words they cover never count as unsafe.
    var allowed: [String]

    /// The lists of every language the product offers.
    static let all: [SafetyWordList] = [.english, .spanish, .french, .german, .italian, .portuguese, .dutch, .polish]
}
