/// Which of the story languages a text is probably in, and the everyday words of each. The bedtime
/// screen uses them so that one language's word list never refuses another language's everyday
/// word: German "die" is an article, not English "die"; English "gift" is a present, not German
/// "Gift" (poison); French "sang" (blood) is English for singing; Portuguese "bom" is "good", not
/// Dutch "bom" (bomb). All words here are folded (``SafetyNormalizer/fold(_:)``).
enum SafetyLanguageHints {
    /// Function words that tell languages apart (articles, pronouns, prepositions, common verbs).
    static let stopwords: [StoryLanguage: Set<String>] = [
        .english: ["the", "a", "an", "and", "or", "of", "to", "in", "on", "at", "for", "with", "is", "are", "was", "were",
                   "be", "he", "she", "it", "they", "we", "you", "i", "his", "her", "their", "my", "your", "who", "that",
                   "this", "will", "would", "can", "could", "not", "about", "from", "into", "who's", "what", "where",
                   "when", "there", "has", "have", "had", "does", "do", "did", "our", "its", "them", "him", "us", "little"],
        .german: ["der", "die", "das", "und", "oder", "ein", "eine", "einen", "einem", "einer", "ist", "sind", "war", "mit",
                  "von", "zu", "im", "auf", "fur", "ich", "du", "er", "sie", "es", "wir", "ihr", "nicht", "will", "dem",
                  "den", "des", "auch", "aber", "wie", "kleine", "kleinen", "kleiner", "uber", "unter", "vom", "zum", "zur",
                  "sich", "dies", "diese", "dieser", "wo", "wer", "hat", "haben", "mein", "meine", "dein", "deine"],
        .french: ["le", "la", "les", "un", "une", "des", "et", "ou", "de", "du", "dans", "sur", "avec", "pour", "est",
                  "sont", "il", "elle", "ils", "elles", "nous", "vous", "je", "tu", "mes", "tes", "ses", "mon", "ma",
                  "ton", "ta", "son", "sa", "au", "aux", "qui", "que", "pas", "ne", "petit", "petite", "chez", "sous",
                  "ce", "cette", "c'est", "cest", "leur", "leurs", "tres", "aussi"],
        .spanish: ["el", "la", "los", "las", "un", "una", "unos", "unas", "y", "o", "de", "del", "en", "con", "por",
                   "para", "es", "son", "esta", "que", "mi", "tu", "su", "sus", "al", "muy", "pequeno", "pequena",
                   "yo", "ella", "ellos", "nosotros", "pero", "como", "donde", "sobre", "bajo", "hay", "este", "ese",
                   "nina", "nino", "ninas", "ninos", "fue", "era", "estaba", "cuando", "tambien", "hacia"],
        .italian: ["il", "lo", "la", "i", "gli", "le", "un", "una", "uno", "e", "di", "da", "in", "con", "su", "per",
                   "sono", "che", "non", "mio", "mia", "del", "della", "dello", "dei", "delle", "nel", "nella", "al",
                   "alla", "piccolo", "piccola", "io", "lui", "lei", "noi", "voi", "loro", "ma", "come", "dove", "questo",
                   "questa", "ha", "hanno", "sulla", "sul", "tra", "fra"],
        .portuguese: ["o", "a", "os", "as", "um", "uma", "uns", "umas", "e", "ou", "de", "do", "da", "dos", "das", "em",
                      "no", "na", "nos", "nas", "com", "por", "para", "e", "sao", "que", "nao", "meu", "minha", "ao",
                      "pequeno", "pequena", "eu", "ele", "ela", "eles", "elas", "voce", "mas", "como", "onde", "sobre",
                      "este", "esta", "isso", "pelo", "pela", "muito"],
        .dutch: ["de", "het", "een", "en", "of", "van", "in", "op", "met", "voor", "is", "zijn", "was", "ik", "jij", "je",
                 "hij", "zij", "ze", "we", "wij", "niet", "naar", "bij", "uit", "aan", "dat", "die", "deze", "dit", "kleine",
                 "mijn", "onder", "over", "heeft", "hebben", "maar", "ook", "waar", "wie", "er", "om"],
        .polish: ["i", "w", "z", "na", "do", "to", "jest", "nie", "sie", "ze", "a", "o", "moj", "moja", "jak", "ten",
                  "ta", "po", "od", "dla", "przez", "pod", "nad", "ale", "czy", "co", "gdzie", "mala", "maly", "male",
                  "jego", "jej", "ich", "ktory", "ktora", "byl", "byla", "sa", "tak", "juz", "bardzo"],
    ]

    /// Everyday words of each language beyond its function words, chosen because the same letters
    /// mean something unsafe in another language's list (or are a common name there).
    static let everydayWords: [StoryLanguage: Set<String>] = [
        .english: ["gift", "gifts", "sang", "tot", "tots", "tote", "totes", "tod", "soul", "souls", "mort", "vin", "tue",
                   "heroin"],
        .german: ["arme", "armen", "tue", "heil", "messen", "rehen"],
        .french: ["mes", "rape", "rapee", "rapes"],
        .spanish: ["mes", "meses", "vino", "vinieron", "heroina", "heroinas", "pedo", "pedos"],
        .italian: ["eroina", "eroine", "stanco", "stanca"],
        .portuguese: ["bom", "boa", "bons", "mata", "mato", "matas", "bala", "balas", "borracha", "borrachas", "heroina",
                      "heroinas"],
        .dutch: ["gore", "nu", "beer", "beren", "tot"],
        .polish: ["gore", "gora", "gory"],
    ]

    /// Function words and everyday words, per language.
    static let commonWords: [StoryLanguage: Set<String>] = {
        var common = stopwords
        for (language, words) in everydayWords { common[language, default: []].formUnion(words) }
        return common
    }()

    private static let shortStopwords: Set<String> = Set(stopwords.values.joined().filter { $0.count <= 3 })

    /// A short function word of any of the languages ("go" and "re" are not joined into "gore").
    static func isCommonShortWord(_ word: String) -> Bool {
        shortStopwords.contains(word) || ["go", "re", "me", "so", "no", "oh", "ok", "up"].contains(word)
    }

    /// The languages whose function words the text uses most (two when tied); empty when it uses
    /// none, or when they could be any of three languages or more (a lone "a"). A function word of
    /// several languages counts for each in part ("the" is English; "will" is English or German).
    static func likelyLanguages(of words: [SafetyText.Word]) -> Set<StoryLanguage> {
        var scores: [StoryLanguage: Double] = [:]
        for word in words {
            let languages = stopwords.filter { $0.value.contains(word.raw) }.keys
            for language in languages { scores[language, default: 0] += 1 / Double(languages.count) }
        }
        guard let best = scores.values.max(), best > 0 else { return [] }
        let likely = Set(scores.filter { $0.value > best - 1e-9 }.keys)
        return likely.count <= 2 ? likely : []
    }
}
