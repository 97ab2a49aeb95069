import StoryDomain

extension PlainWordsVocabulary {
    static let italian = PlainWordsVocabulary(
        language: .italian,
        courtesy: ["per favore", "per piacere", "grazie"],
        interjections: ["ok", "ehi", "ciao", "allora", "bot"],
        openers: ["raccontami", "raccontaci", "racconta", "leggimi", "leggi", "scrivi", "voglio", "vorrei", "vogliamo", "vorremmo",
                  "puoi", "potresti", "una storia", "un'altra", "ancora", "mostrami", "fammi"],
        storyWords: ["storia", "fiaba", "favola"],
        themeWords: ["su", "di", "con"],
        heroWords: ["per", "a"],
        tellVerbs: ["racconta", "leggi"],
        notNames: ["me", "noi", "lui", "lei", "te", "mio", "mia", "una", "un", "la", "il", "storia", "stasera"],
        negations: ["non", "mai", "basta"],
        themeTails: ["stasera", "adesso", "ora", "ancora"],
        another: ["un'altra", "ancora una", "una nuova"],
        again: ["di nuovo", "ancora una volta", "rileggi"],
        aloud: ["ad alta voce", "ascoltare"],
        library: ["biblioteca", "le nostre storie", "le mie storie", "tutte le storie"])

    static let portuguese = PlainWordsVocabulary(
        language: .portuguese,
        courtesy: ["por favor", "obrigado", "obrigada"],
        interjections: ["ok", "oi", "ola", "entao", "bot"],
        openers: ["conta-me", "conta", "me conta", "le", "le-me", "escreve", "quero", "queremos", "podes", "pode", "poderia",
                  "uma historia", "outra historia", "mais uma", "mostra"],
        storyWords: ["historia", "historinha", "conto"],
        themeWords: ["sobre", "de", "com"],
        heroWords: ["para"],
        tellVerbs: ["conta", "le"],
        notNames: ["mim", "nos", "ele", "ela", "ti", "meu", "minha", "uma", "um", "a", "o", "historia", "hoje"],
        negations: ["nao", "nunca"],
        themeTails: ["hoje", "agora", "outra vez"],
        another: ["outra historia", "mais uma"],
        again: ["outra vez", "de novo"],
        aloud: ["em voz alta", "ouvir"],
        library: ["biblioteca", "nossas historias", "minhas historias", "todas as historias"])

    static let dutch = PlainWordsVocabulary(
        language: .dutch,
        courtesy: ["alsjeblieft", "alstublieft", "aub", "astublieft", "dankjewel"],
        interjections: ["ok", "hoi", "hallo", "he", "nou", "bot"],
        openers: ["vertel", "lees", "schrijf", "ik wil", "wij willen", "we willen", "mag ik", "kun je", "kan je", "kunnen we",
                  "een verhaal", "een verhaaltje", "nog een", "laat"],
        storyWords: ["verhaal", "verhaaltje", "sprookje"],
        themeWords: ["over", "met"],
        heroWords: ["voor", "aan"],
        tellVerbs: ["vertel", "lees"],
        notNames: ["mij", "me", "ons", "hem", "haar", "jou", "mijn", "een", "de", "het", "verhaal", "vanavond"],
        negations: ["niet", "geen", "nooit"],
        themeTails: ["vanavond", "nu", "nog een keer"],
        another: ["nog een", "een ander", "een nieuw"],
        again: ["nog een keer", "nog eens", "opnieuw"],
        aloud: ["voorlezen", "hardop"],
        library: ["bibliotheek", "onze verhalen", "mijn verhalen", "alle verhalen"])

    /// Polish names change with their case ("dla Leona"), so a hero is never read from Polish words.
    static let polish = PlainWordsVocabulary(
        language: .polish,
        courtesy: ["prosze", "dziekuje"],
        interjections: ["ok", "hej", "czesc", "no", "bot"],
        openers: ["opowiedz", "przeczytaj", "napisz", "chce", "chcemy", "mozesz", "mozecie", "poprosze", "jeszcze", "pokaz"],
        storyWords: ["bajke", "bajka", "bajeczke", "historie", "historia", "opowiesc", "opowiadanie"],
        themeWords: ["o"],
        heroWords: [],
        tellVerbs: [],
        notNames: [],
        negations: ["nie", "nigdy"],
        themeTails: ["dzisiaj", "teraz"],
        another: ["jeszcze jedna", "jeszcze jedna bajke", "inna", "inna bajke"],
        again: ["jeszcze raz", "od nowa", "ponownie"],
        aloud: ["na głos", "na glos", "posłuchac"],
        library: ["biblioteka", "biblioteke", "nasze bajki", "wszystkie bajki"])
}
