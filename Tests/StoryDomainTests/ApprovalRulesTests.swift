import Foundation
import StoryDomain
import Testing

@Suite("A grown-up says yes first: the deadlines")
struct ApprovalRulesTests {
    let rules = ApprovalRules()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let family = FamilyRef(platform: "web", externalID: "room")
    let mia = Requester(userID: "u-mia", displayName: "Mia")
    let story = StoryID(rawValue: "story1")!

    @Test("a request waits 2 hours: a yes within them shares at once, after them it is too late and it expires")
    func request() {
        let approval = rules.request(story: story, family: family, channelID: "room", requester: mia, now: now)
        #expect(approval.state == .waiting && approval.deadline == now.addingTimeInterval(7_200) && approval.shareAt == nil)
        #expect(rules.approve(approval, now: now.addingTimeInterval(60)) == .shareNow)
        #expect(rules.approve(approval, now: now.addingTimeInterval(7_200)) == .shareNow)
        #expect(rules.approve(approval, now: now.addingTimeInterval(7_201)) == .tooLate)
        #expect(!rules.hasExpired(approval, now: now.addingTimeInterval(7_200)))
        #expect(rules.hasExpired(approval, now: now.addingTimeInterval(7_201)))
    }

    @Test("a bedtime story: approved before bedtime is posted at bedtime, within 20 minutes after on approval, later never")
    func bedtime() {
        let bedtime = now.addingTimeInterval(rules.bedtimeLead)
        var approval = rules.bedtime(story: story, family: family, channelID: "room", owner: mia, bedtime: bedtime, now: now)
        #expect(approval.deadline == bedtime.addingTimeInterval(1_200))
        #expect(rules.approve(approval, now: now.addingTimeInterval(60)) == .shareAt(bedtime))
        #expect(rules.approve(approval, now: bedtime) == .shareNow)
        #expect(rules.approve(approval, now: bedtime.addingTimeInterval(1_200)) == .shareNow)
        #expect(rules.approve(approval, now: bedtime.addingTimeInterval(1_201)) == .tooLate)
        #expect(rules.hasExpired(approval, now: bedtime.addingTimeInterval(1_201)))
        approval.state = .approved
        #expect(!rules.isDue(approval, now: bedtime.addingTimeInterval(-1)))
        #expect(rules.isDue(approval, now: bedtime))
        #expect(!rules.hasExpired(approval, now: bedtime.addingTimeInterval(9_999)), "an approved one waits for its time, it does not expire")
    }

    @Test("the setting: off by default, on and off for grown-ups; who turned it on is asked")
    func setting() throws {
        var settings = FamilySettings()
        #expect(!settings.approvalInForce)
        settings = try SettingsChange(approval: "on").apply(to: settings)
        settings.addApprover("u-mum")
        settings.addApprover("u-dad")
        settings.addApprover("u-mum")
        #expect(settings.approvalInForce && settings.approverIDs == ["u-dad", "u-mum"])
        #expect(throws: SettingsError.badApproval) { try SettingsChange(approval: "maybe").apply(to: settings) }
        settings = try SettingsChange(approval: "off").apply(to: settings)
        #expect(!settings.approvalInForce && settings.approverIDs == nil)
        let old = try JSONDecoder().decode(FamilySettings.self, from: Data(#"{"avoidList":[],"illustrations":"pictures"}"#.utf8))
        #expect(!old.approvalInForce, "settings saved before approval existed read as off")
    }
}
