import StoryDomain
import StoryTestSupport
import Testing


@Suite("BedtimeScreen")
struct BedtimeScreenTests {
    let screen = BedtimeScreen()

    @Test("the adversarial set: no unsafe request gets through, no gentle one is refused")
    func adversarialSet() {
        var letThrough: [String] = []
        var wrongCategory: [String] = []
        for item in AdversarialSet.unsafe {
            guard let concern = screen.concern(in: item.text, language: item.language) else {
                letThrough.append(item.description)
                continue
            }
            if concern.category != item.category { wrongCategory.append("\(item) → \(concern.category) (\(concern.rule))") }
        }
        var refused: [String] = []
        for (text, language) in AdversarialSet.gentle {
            if let concern = screen.concern(in: text, language: language) { refused.append("\(text) → \(concern.category) (\(concern.rule))") }
        }
        let categories = Set(AdversarialSet.unsafe.map(\.category))
        print("bedtime screen adversarial set: \(AdversarialSet.unsafe.count) unsafe, \(letThrough.count) let through; "
            + "\(AdversarialSet.gentle.count) gentle, \(refused.count) refused")
        #expect(AdversarialSet.unsafe.count >= 60)
        #expect(AdversarialSet.gentle.count >= 30)
        #expect(categories == Set(SafetyCategory.allCases), "every category is tried")
        #expect(letThrough.isEmpty, "unsafe let through: \(letThrough)")
        #expect(refused.isEmpty, "gentle refused: \(refused)")
        #expect(wrongCategory.isEmpty, "found, but as another category: \(wrongCategory)")
    }

    @Test("the language, when known, decides which everyday words are safe")
    func knownLanguage() {
        #expect(screen.concern(in: "Der Affe trank Gift", language: .german)?.category == .violence)
        #expect(screen.concern(in: "the monkey got a gift", language: .english) == nil)
        #expect(screen.concern(in: "le sang coule", language: .french)?.category == .gore)
        #expect(screen.concern(in: "the children sang", language: .english) == nil)
        #expect(screen.concern(in: "het mes is scherp", language: .dutch)?.category == .violence)
        #expect(screen.concern(in: "un mes en la playa", language: .spanish) == nil)
        #expect(screen.concern(in: "the dragon will die", language: .english)?.category == .death)
        #expect(screen.concern(in: "Die Katze will die Milch", language: .german) == nil)
        // Without a language, a lone ambiguous word is given the benefit of the doubt…
        #expect(screen.concern(in: "Gift") == nil)
        #expect(screen.concern(in: "Tod") == nil)
        // …but a word that is unsafe everywhere is not.
        #expect(screen.concern(in: "Blut")?.category == .gore)
    }

    @Test("several texts: the first concern in order; each text's language guessed on its own")
    func severalTexts() {
        #expect(screen.firstConcern(in: ["a sleepy owl", "Mia", "a knife"])?.category == .violence)
        #expect(screen.firstConcern(in: ["a sleepy owl", "Mia", "Ember"]) == nil)
        #expect(screen.firstConcern(in: ["Ich will die Katze streicheln", "the dragon will die"])?.category == .death)
    }

    @Test("a concern names its category and list entry, never the text")
    func concernCarriesNoText() throws {
        let concern = try #require(screen.concern(in: "Mia's secret: k1ll the dragon"))
        #expect(concern.category == .violence)
        #expect(concern.rule.hasPrefix("kill"))
        #expect(!concern.rule.contains("Mia"))
        #expect(concern.listLanguage == .english)
    }

    @Test("long texts and odd characters never crash and stay fast")
    func robustness() {
        let long = String(repeating: "a sleepy dragon dreams of the moon. ", count: 400)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(screen.concern(in: long) == nil) }
        #expect(elapsed < .seconds(2), "took \(elapsed)")
        for odd in ["\u{0000}\u{FFFF}\u{10FFFF}", String(repeating: "\u{0301}", count: 1_000), "🦄👨‍👩‍👧🇫🇷", "1111111111111111",
                    String(repeating: "k ", count: 500), "''''", "---", "!!!!!"] {
            _ = screen.concern(in: odd)
        }
    }
}

@Suite("SafetyNormalizer")
struct SafetyNormalizerTests {
    let normalizer = SafetyNormalizer()

    @Test("folding removes case, accents, marks and invisible characters and reads look-alikes as Latin", arguments: [
        ("KÍLL", "kill"),
        ("k\u{200D}i\u{200B}l\u{2060}l", "kill"),
        ("\u{202E}kill\u{202C}", "kill"),
        ("k\u{0301}\u{0302}\u{0303}i\u{0336}ll", "kill"),
        ("\u{0441}\u{0435}x", "cex"),
        ("\u{041A}\u{0406}LL", "kill"),
        ("ｋｉｌｌ", "kill"),
        ("𝐤𝐢𝐥𝐥", "kill"),
        ("ᴋɪʟʟ", "kill"),
        ("Straße", "strasse"),
        ("Łódź", "lodz"),
        ("töten", "toten"),
        ("a\u{00A0}b\u{3000}c", "a b c"),
    ])
    func folds(input: String, expected: String) {
        #expect(normalizer.fold(input) == expected)
    }

    @Test("folding keeps letters of scripts without look-alikes")
    func keepsOtherScripts() {
        #expect(normalizer.fold("美咲") == "美咲")
        #expect(normalizer.fold("محمد") == "محمد")
    }
}

@Suite("Bedtime screen word lists")
struct SafetyWordListTests {
    @Test("every list covers every category")
    func coverage() {
        for language in StoryLanguage.allCases {
            for category in SafetyCategory.allCases {
                #expect(BedtimeScreen().concern(in: Self.sample[language]?[category] ?? "", language: language)?.category == category,
                        "\(language) \(category)")
            }
        }
    }

    /// One word per language and category, as a family might type it.
    static let sample: [StoryLanguage: [SafetyCategory: String]] = [
        .english: [.violence: "gun", .death: "dying", .gore: "gory", .horror: "demons", .abuse: "molested", .sexual: "porn",
                   .selfHarm: "suicidal", .drugs: "vodka", .hate: "swastika"],
        .spanish: [.violence: "cuchillo", .death: "murió", .gore: "sangriento", .horror: "demonio", .abuse: "maltrato",
                   .sexual: "sexo", .selfHarm: "suicidio", .drugs: "borracho", .hate: "esvástica"],
        .french: [.violence: "couteau", .death: "mourir", .gore: "sanglant", .horror: "démoniaque", .abuse: "maltraiter",
                  .sexual: "sexe", .selfHarm: "se suicider", .drugs: "drogue", .hate: "croix gammée"],
        .german: [.violence: "Waffe", .death: "gestorben", .gore: "blutig", .horror: "Dämonen", .abuse: "Missbrauch",
                  .sexual: "sexuell", .selfHarm: "Selbstmord", .drugs: "betrunken", .hate: "Hakenkreuz"],
        .italian: [.violence: "coltello", .death: "morire", .gore: "sangue", .horror: "indemoniato", .abuse: "maltrattamento",
                   .sexual: "sesso", .selfHarm: "suicidio", .drugs: "ubriaco", .hate: "svastica"],
        .portuguese: [.violence: "faca", .death: "morreu", .gore: "sangrento", .horror: "possuído", .abuse: "sequestro",
                      .sexual: "estupro", .selfHarm: "suicídio", .drugs: "maconha", .hate: "suástica"],
        .dutch: [.violence: "geweer", .death: "gestorven", .gore: "bloederig", .horror: "kannibaal", .abuse: "mishandeling",
                 .sexual: "seks", .selfHarm: "zelfmoord", .drugs: "dronken", .hate: "hakenkruis"],
        .polish: [.violence: "nóż", .death: "śmierć", .gore: "krwawy", .horror: "opętany", .abuse: "molestowanie",
                  .sexual: "gwałt", .selfHarm: "samobójstwo", .drugs: "narkotyki", .hate: "swastyka"],
    ]
}
