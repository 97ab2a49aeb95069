import StoryDomain
import Testing

@Suite("Room names")
struct RoomNameTests {
    @Test("the web chat lower-cases and keeps letters, digits, - and _")
    func normalizing() {
        #expect(RoomName(normalizing: "Family")?.rawValue == "family")
        #expect(RoomName(normalizing: "Our Room!")?.rawValue == "ourroom")
        #expect(RoomName(normalizing: "💤") == nil)
        #expect(RoomName(normalizing: String(repeating: "a", count: 50))?.rawValue.count == 40)
        #expect(RoomName(normalizing: "Family")?.family == FamilyRef(platform: "web", externalID: "family"))
    }

    @Test("an admin's room name is lower-cased but never silently changed otherwise")
    func exactly() {
        #expect(RoomName(exactly: " Family_2 ")?.rawValue == "family_2")
        #expect(RoomName(exactly: "our room") == nil)
        #expect(RoomName(exactly: "café") == nil)
        #expect(RoomName(exactly: "") == nil)
        #expect(RoomName(exactly: String(repeating: "a", count: 41)) == nil)
    }
}
