import Testing
@testable import StoryDomain

@Suite("Member names: nobody speaks as the bot or as a grown-up")
struct MemberNameRuleTests {
    @Test("the bot's name and role words are reserved, however they are written", arguments: [
        "Magical Stories", "magicalstories", "MAGICAL  STORIES", "Mágical Stôries", "Magical Stories 2", "Magic4l St0ries",
        "Admin", "admin Leo", "Grown-up", "Grown Up", "GrownUp Anna", "bot", "B0T", "the owner", "Moderator", "ｂｏｔ", "Ad-min",
    ])
    func reserved(_ name: String) {
        #expect(MemberNameRule.isReserved(name), "\(name)")
    }

    @Test("ordinary names are free, in any script", arguments: ["Mia", "Grandpa Joe", "Abbott", "Bottom", "Léa", "家族のママ", "Modesty",
                                                                   "Robin", "Anna-Sophie", "Leo 2"])
    func free(_ name: String) {
        #expect(!MemberNameRule.isReserved(name), "\(name)")
    }

    @Test("names that look the same are one name: case, accents, spaces, look-alike letters, digits for letters")
    func sameNames() {
        #expect(MemberNameRule.isSameName("Anna", "anna"))
        #expect(MemberNameRule.isSameName("Anna", "ANNA "))
        #expect(MemberNameRule.isSameName("Anna", "Ann a"))
        #expect(MemberNameRule.isSameName("Anna", "\u{0410}nna"), "a Cyrillic А")
        #expect(MemberNameRule.isSameName("Léa", "Lea"))
        #expect(MemberNameRule.isSameName("Lila", "L1la"))
        #expect(MemberNameRule.isSameName("Anna", "An\u{200B}na"), "an invisible character")
        #expect(!MemberNameRule.isSameName("Anna", "Ben"))
        #expect(!MemberNameRule.isSameName("Anna", "Annabel"))
        #expect(!MemberNameRule.isSameName("家族", "家"))
    }
}
