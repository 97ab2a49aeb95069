import StoryDomain

/// The words one language uses to ask for stories, for ``PlainRequestReader``. Every entry is
/// lower case without accents (words are compared that way; letters such as “ł” keep their
/// form); a phrase is words separated by single spaces.
struct PlainWordsVocabulary: Sendable {
    var language: StoryLanguage
    /// Kind words that make any sentence a request and are dropped wherever they are ("please").
    var courtesy: [String]
    /// Words dropped at the start: greetings and the bot's names ("hey", "ok").
    var interjections: [String]
    /// A request starts with one of these ("tell", "can we have", "i want").
    var openers: [String]
    /// A story, as a request names it.
    var storyWords: [String]
    /// What comes before a story's theme ("about").
    var themeWords: [String]
    /// What comes before the hero's name ("for" Leo).
    var heroWords: [String]
    /// Verbs followed by the listener's name ("tell" Mia a story).
    var tellVerbs: [String]
    /// Words that are never a hero's name ("me", "us", "my").
    var notNames: Set<String>
    /// Words that turn a request around ("don't tell Mia a story"): no request then.
    var negations: Set<String>
    /// Words dropped from the end of a theme ("tonight").
    var themeTails: [String]
    var another: [String]
    var again: [String]
    var aloud: [String]
    var library: [String]

    /// The languages the bedtime screen knows, English first: the first whose words read a
    /// request wins.
    static let all: [PlainWordsVocabulary] = [english, french, spanish, german, italian, portuguese, dutch, polish]

    static let english = PlainWordsVocabulary(
        language: .english,
        courtesy: ["please", "pls", "plz", "pleeease", "pleease"],
        interjections: ["ok", "okay", "hey", "hi", "oh", "so", "now", "yay", "um", "bot", "storybot", "magical stories", "storyteller"],
        openers: ["tell", "read", "write", "make", "give", "show", "open", "play", "start", "another", "one more", "a story", "a bedtime story",
                  "story", "bedtime story", "i want", "i wanna", "i'd like", "i would like", "i need", "i wish", "we want", "we wanna",
                  "we'd like", "we would like", "we need", "let's", "lets", "let us", "how about", "what about", "time for a story",
                  "story time"] + modalOpeners(["can", "could", "would", "will", "may"], ["you", "u", "we", "i"],
                                               ["tell", "read", "write", "make", "have", "get", "hear", "give", "show", "do", "please", "open"]),
        storyWords: ["bedtime story", "story", "tale", "fairy tale", "fairytale"],
        themeWords: ["about", "with", "where", "featuring", "of"],
        heroWords: ["for", "to"],
        tellVerbs: ["tell", "read", "write", "make", "give"],
        notNames: ["me", "us", "him", "her", "them", "you", "u", "my", "our", "a", "an", "the", "another", "one", "it", "that", "this",
                   "bedtime", "tonight", "today", "now", "everyone", "all", "kids", "children", "story", "stories", "please", "i", "we"],
        negations: ["don't", "dont", "not", "never", "no", "stop", "won't", "can't", "cannot", "shouldn't", "didn't"],
        themeTails: ["please", "tonight", "now", "today", "thanks", "thank you", "again"],
        another: ["another", "one more", "a new one", "a different one"],
        again: ["again", "once more", "one more time"],
        aloud: ["aloud", "out loud", "listen", "hear it", "read it to me", "read it to us"],
        library: ["library", "our stories", "my stories", "all stories", "all the stories", "all our stories", "list of stories",
                  "list the stories", "list stories", "old stories", "the stories we have", "story list", "stories list"])

    static let french = PlainWordsVocabulary(
        language: .french,
        courtesy: ["s'il te plait", "s'il vous plait", "stp", "svp", "merci"],
        interjections: ["ok", "dis", "alors", "coucou", "bonjour", "bonsoir", "eh", "bot"],
        openers: ["raconte", "raconte-moi", "raconte-nous", "racontes", "lis", "lis-moi", "relis", "ecris", "fais", "je veux", "je voudrais",
                  "on veut", "on voudrait", "nous voulons", "tu peux", "tu pourrais", "peux-tu", "pourrais-tu", "est-ce que tu peux",
                  "une histoire", "encore", "une autre", "montre", "montre-moi"],
        storyWords: ["histoire", "conte"],
        themeWords: ["sur", "avec", "de", "d'un", "d'une"],
        heroWords: ["pour", "a"],
        tellVerbs: ["raconte", "lis", "raconte-moi"],
        notNames: ["moi", "nous", "lui", "elle", "eux", "toi", "mon", "ma", "mes", "une", "un", "la", "le", "les", "histoire", "ce", "ce soir"],
        negations: ["ne", "pas", "jamais", "n'a", "n'est", "arrete"],
        themeTails: ["ce soir", "maintenant", "encore"],
        another: ["une autre", "encore une", "une nouvelle"],
        again: ["encore une fois", "relis", "relire", "de nouveau"],
        aloud: ["voix haute", "ecouter", "lis-la moi"],
        library: ["bibliotheque", "nos histoires", "mes histoires", "toutes les histoires", "liste des histoires"])

    static let spanish = PlainWordsVocabulary(
        language: .spanish,
        courtesy: ["por favor", "porfa", "porfis", "gracias"],
        interjections: ["ok", "oye", "hola", "bueno", "bot"],
        openers: ["cuentame", "cuentanos", "cuenta", "cuentale", "leeme", "lee", "escribe", "quiero", "queremos", "puedes", "podrias",
                  "me cuentas", "nos cuentas", "otro", "otra", "un cuento", "una historia", "muestrame", "vamos a"],
        storyWords: ["cuento", "historia"],
        themeWords: ["sobre", "de", "con", "donde"],
        heroWords: ["para", "a"],
        tellVerbs: ["cuentale", "cuenta", "lee"],
        notNames: ["mi", "me", "nos", "ti", "el", "ella", "un", "una", "la", "el", "los", "las", "cuento", "historia", "esta noche"],
        negations: ["no", "nunca", "jamas"],
        themeTails: ["esta noche", "ahora", "otra vez"],
        another: ["otro cuento", "otra historia", "otro mas", "otra mas"],
        again: ["otra vez", "de nuevo"],
        aloud: ["en voz alta", "escuchar"],
        library: ["biblioteca", "nuestros cuentos", "mis cuentos", "todos los cuentos", "nuestras historias", "mis historias"])

    static let german = PlainWordsVocabulary(
        language: .german,
        courtesy: ["bitte", "bitteschon", "danke"],
        interjections: ["ok", "hey", "hallo", "na", "also", "bot"],
        openers: ["erzahl", "erzahle", "erzahlst", "lies", "schreib", "schreibe", "ich will", "ich mochte", "wir wollen", "wir mochten",
                  "kannst du", "konntest du", "konnen wir", "noch eine", "eine geschichte", "zeig", "zeig mir", "lass uns"],
        storyWords: ["gute-nacht-geschichte", "gutenachtgeschichte", "geschichte", "marchen"],
        themeWords: ["uber", "von", "mit", "wo"],
        heroWords: ["fur"],
        tellVerbs: ["erzahl", "erzahle", "lies"],
        notNames: ["mir", "uns", "ihm", "ihr", "dir", "mein", "meine", "eine", "ein", "die", "der", "das", "geschichte", "heute"],
        negations: ["nicht", "kein", "keine", "keinen", "nie"],
        themeTails: ["heute abend", "jetzt", "nochmal"],
        another: ["noch eine", "eine andere", "eine neue"],
        again: ["nochmal", "noch einmal", "wieder"],
        aloud: ["vorlesen", "laut", "anhoren"],
        library: ["bibliothek", "unsere geschichten", "meine geschichten", "alle geschichten"])

    /// "can you tell", "could we have"…: every modal, subject and verb together.
    static func modalOpeners(_ modals: [String], _ subjects: [String], _ verbs: [String]) -> [String] {
        modals.flatMap { modal in subjects.flatMap { subject in verbs.map { "\(modal) \(subject) \($0)" } } }
    }
}
