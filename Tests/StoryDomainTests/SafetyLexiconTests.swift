import Testing
@testable import StoryDomain

@Suite("Bedtime screen word lists: well-formed")
struct SafetyLexiconTests {
    @Test("every entry parses into plain words; no entry starts or ends with a gap")
    func wellFormed() {
        #expect(SafetyLexicon.malformedEntries(in: SafetyWordList.all).isEmpty)
    }

    @Test("an entry that is an everyday word of another language needs evidence of its own language, but for a chosen few")
    func everydayWordsAreMarked() {
        // Such an entry is skipped in that language's text, but refuses the word alone when the
        // language is unknown; so it is marked `^`, except where refusing it alone is the better
        // mistake ("gore" is Polish "górę" and Dutch for filthy; "rape" French "râpé"; "beer" a Dutch bear).
        #expect(SafetyLexicon.everydayWordsOfOtherLanguages(in: SafetyWordList.all)
            == ["en:beer (nl)", "en:gore (nl)", "en:gore (pl)", "en:gory (pl)", "en:rape (fr)", "en:rapes (fr)"])
    }

    @Test("the notation: endings, stems, alternatives, gaps, evidence")
    func notation() {
        let pattern = SafetyLexicon.pattern("^kill[s,ed]|mört{e,o} _ him", category: .violence, language: .english)
        #expect(pattern.needsLanguageEvidence)
        #expect(pattern.slots == [.word(["kill", "kills", "killed", "morte", "morto"]), .gap, .word(["him"])])
    }

    @Test("words are split, rebuilt from spaced or dotted letters, and read with digits as letters")
    func analysis() {
        let text = SafetyNormalizer().analyse("5 ducks k.i.l.l k1ll ki ll")
        #expect(text.words.map(\.raw) == ["5", "ducks", "k", "i", "l", "l", "k1ll", "ki", "ll"])
        #expect(text.words[0].forms == ["5"], "a number alone stays a number")
        #expect(text.words[6].forms.contains("kill"))
        #expect(text.hidden.contains { $0.word.raw == "kill" && $0.spelled })
        #expect(text.hidden.contains { $0.word.raw == "kill" && !$0.spelled }, "ki ll")
    }
}
