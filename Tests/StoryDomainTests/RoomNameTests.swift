import StoryDomain
import Testing

@Suite("Room names")
struct RoomNameTests {
    @Test("a room's key lower-cases and keeps letters and digits of any script, - and _; the old ASCII keys are unchanged")
    func normalizing() {
        #expect(RoomName(normalizing: "Family")?.rawValue == "family")
        #expect(RoomName(normalizing: "Our Room!")?.rawValue == "ourroom")
        #expect(RoomName(normalizing: "💤") == nil)
        #expect(RoomName(normalizing: String(repeating: "a", count: 50))?.rawValue.count == 40)
        #expect(RoomName(normalizing: "Family")?.family == FamilyRef(platform: "web", externalID: "family"))
    }

    @Test("names in any script are kept as written; a name with no letter or digit is refused")
    func anyScript() throws {
        let family = try #require(RoomName(normalizing: "家族"))
        #expect(family.displayName == "家族" && family.rawValue == "家族")
        let emilie = try #require(RoomName(normalizing: " Émilie  et Léo "))
        #expect(emilie.displayName == "Émilie et Léo")
        #expect(emilie.rawValue == "émilieetléo")
        // The decomposed spelling is the same room.
        #expect(RoomName(normalizing: "E\u{301}milie et Le\u{301}o")?.rawValue == emilie.rawValue)
        #expect(RoomName(normalizing: "Les Dupont 🌙")?.displayName == "Les Dupont 🌙")
        for empty in ["!!!", "   ", "🌙✨", "\u{200B}\u{202E}", ""] {
            #expect(RoomName(normalizing: empty) == nil, "“\(empty)” has nothing to name a room with")
        }
    }

    @Test("an admin's room name may differ in case and spaces, never in anything its key would leave out")
    func exactly() {
        #expect(RoomName(exactly: " Family_2 ")?.rawValue == "family_2")
        #expect(RoomName(exactly: "our room")?.rawValue == "ourroom")
        #expect(RoomName(exactly: "café")?.rawValue == "café")
        #expect(RoomName(exactly: "家族")?.rawValue == "家族")
        #expect(RoomName(exactly: "Our Room!") == nil)
        #expect(RoomName(exactly: "") == nil)
        #expect(RoomName(exactly: String(repeating: "a", count: 41)) == nil)
    }
}
