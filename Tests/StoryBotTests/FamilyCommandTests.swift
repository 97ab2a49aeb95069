import StoryBot
import StoryDomain
import Testing

@Suite("/family commands")
struct FamilyCommandTests {
    let parser = CommandParser()

    @Test("invite, members, invites, revoke and remove parse; the role defaults to a child")
    func parsing() throws {
        #expect(try parser.parse("/family invite") == .familyInvite(role: .child, expires: nil, uses: nil))
        #expect(try parser.parse("/family invite grown-up expires:2d uses:3") == .familyInvite(role: .grownUp, expires: "2d", uses: "3"))
        #expect(try parser.parse("/family invite role:Child") == .familyInvite(role: .child, expires: nil, uses: nil))
        #expect(try parser.parse("/family members") == .familyMembers)
        #expect(try parser.parse("/family invites") == .familyInvites)
        #expect(try parser.parse("/family revoke 7") == .familyRevoke(invite: 7))
        #expect(try parser.parse("/family revoke #7") == .familyRevoke(invite: 7))
        #expect(try parser.parse("/family remove Grandpa Joe") == .familyRemove(member: "Grandpa Joe"))
        #expect(try parser.parse("/family signout") == .familySignOut)
        #expect(throws: CommandParseError.self) { try parser.parse("/family invite dragon") }
        #expect(throws: CommandParseError.self) { try parser.parse("/family revoke seven") }
        #expect(throws: CommandParseError.self) { try parser.parse("/family remove") }
    }

    @Test("the commands are for web chat grown-ups, answered privately, and never registered on Discord's side")
    func catalog() {
        let family = CommandCatalog.entries.filter { $0.command == "family" }
        #expect(family.count == 6 && family.allSatisfy(\.webChatOnly))
        #expect(family.allSatisfy { $0.access == ($0.subcommand == "signout" ? .everyone : .managers) }, "anyone may sign themselves out")
        #expect(ChatCommand.familySignOut.answersPrivately)
        #expect(ChatCommand.familyInvite(role: .child, expires: nil, uses: nil).answersPrivately)
        #expect(ChatCommand.familyMembers.answersPrivately)
    }

    @Test("invite terms: durations in minutes, hours, days and weeks within 10 minutes … 90 days; 1 … 100 uses")
    func terms() throws {
        #expect(try InviteTerms(expires: nil, uses: nil) == .standard)
        #expect(try InviteTerms(expires: "30m", uses: "100").lifetime == 1_800)
        #expect(try InviteTerms(expires: "12h", uses: nil).lifetime == 43_200)
        #expect(try InviteTerms(expires: "2w", uses: nil).lifetime == 1_209_600)
        #expect(try InviteTerms(expires: "3", uses: nil).lifetime == 259_200)
        for bad in ["5m", "91d", "soon", "-1d", "1e400d"] {
            #expect(throws: RoomAccessError.badLifetime, "\(bad)") { try InviteTerms(expires: bad, uses: nil) }
        }
        for bad in ["0", "101", "many"] {
            #expect(throws: RoomAccessError.badUses, "\(bad)") { try InviteTerms(expires: nil, uses: bad) }
        }
        #expect(InviteTerms.describe(7 * 86_400) == "7 days" && InviteTerms.describe(3_600) == "1 hour")
    }

    @Test("an invite link gives its code back however it was pasted")
    func links() {
        let code = AccessSecret.random(bytes: AccessSecret.inviteBytes)
        #expect(code.rawValue.count == 22)
        for pasted in ["https://stories.example.org/join#\(code.rawValue)", " \(code.rawValue) ", "http://[::1]:8080/join/\(code.rawValue)/",
                       "https://x/join?code=\(code.rawValue)"] {
            #expect(AccessSecret(link: pasted) == code, "\(pasted)")
        }
        #expect(AccessSecret(link: "https://stories.example.org/join") == nil)
        #expect(AccessSecret(link: "short") == nil)
        #expect(!"\(code)".contains(code.rawValue), "a secret never prints itself")
        #expect(AccessSecret.random(bytes: 32).rawValue.count == 43)
    }
}
