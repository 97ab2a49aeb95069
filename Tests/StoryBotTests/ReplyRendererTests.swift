import Foundation
import StoryBot
import StoryDomain
import Testing

@Suite("ReplyRenderer")
struct ReplyRendererTests {
    let renderer = ReplyRenderer()

    func snapshot(page: Int, of count: Int) -> PageSnapshot {
        let id = StoryID(rawValue: "story")!
        let story = Story(id: id, family: FamilyRef(platform: "web", externalID: "f"), requester: Requester(userID: "u", displayName: "U"),
                          request: StoryRequest(theme: "owls", heroName: "Mia", age: 5, pageCount: count, seed: 1),
                          title: "Owl Night", status: .ready, createdAt: Date())
        return PageSnapshot(story: story, page: StoryPage(storyID: id, number: page, text: "Text \(page).",
                                                           scene: PageScene(timeOfDay: .night, action: .sleeping), imagePrompt: "",
                                                           imageID: ImageID(rawValue: "img\(page)")))
    }

    @Test("the first page has ⏮ ◀ disabled and ▶ to page 2")
    func firstPage() throws {
        let reply = renderer.page(snapshot(page: 1, of: 5))
        let view = try #require(reply.page)
        #expect(view.footer == "page 1 of 5")
        #expect(view.imageID == ImageID(rawValue: "img1"))
        let row = reply.buttons[0]
        #expect(row.map(\.label) == ["⏮", "◀", "▶"])
        #expect(row.map(\.disabled) == [true, true, false])
        #expect(ComponentID(encoded: row[2].id) == .page(StoryID(rawValue: "story")!, 2))
        #expect(Set(row.map(\.id)).count == 3)
        // The second row reads the page aloud.
        #expect(reply.buttons.count == 2)
        #expect(reply.buttons[1].map { ComponentID(encoded: $0.id) } == [.listen(StoryID(rawValue: "story")!, 1)])
    }

    @Test("a picture read with the page goes with its view; none when the family turned pictures off")
    func pictureReadWithThePage() throws {
        var snapshot = snapshot(page: 2, of: 3)
        let picture = StoredImage(id: ImageID(rawValue: "img2"), contentType: "image/png", data: Data([1, 2, 3]), width: 4, height: 4)
        snapshot.picture = picture
        #expect(renderer.page(snapshot).page?.picture == picture)
        snapshot.story.request.illustrations = .off
        #expect(renderer.page(snapshot).page?.picture == nil)
        #expect(renderer.page(snapshot).page?.imageID == nil)
    }

    @Test("a page's picture comes with a sentence about its moment; none when the family turned pictures off")
    func pictureAltText() throws {
        var snapshot = snapshot(page: 3, of: 3)
        #expect(renderer.page(snapshot).page?.imageAlt == nil, "no sheet yet, nothing to describe")
        snapshot.story.sheet = CharacterSheet(
            hero: CharacterDesign(name: "Mia", kind: .child, bodyColor: RGB(1, 1, 1), accentColor: RGB(2, 2, 2), detailColor: RGB(3, 3, 3),
                                  looks: "a child", trait: "kind"),
            companion: nil, setting: .forest, settingDescription: "a wood", palette: Palette(sky: RGB(1, 1, 1), ground: RGB(1, 1, 1), accent: RGB(1, 1, 1)))
        #expect(renderer.page(snapshot).page?.imageAlt == "Mia sleeps soundly in the forest at night.")
        snapshot.story.request.illustrations = .textArt
        #expect(renderer.page(snapshot).page?.imageAlt == "Mia sleeps soundly in the forest at night.", "the text art's label too")
        snapshot.story.request.illustrations = .off
        #expect(renderer.page(snapshot).page?.imageAlt == nil)
    }

    @Test("button ids in a row are always distinct, on every page of every length")
    func distinctIDs() {
        for count in 3...12 {
            for page in 1...count {
                let reply = renderer.page(snapshot(page: page, of: count))
                let ids = reply.buttons.flatMap { $0 }.map(\.id)
                #expect(Set(ids).count == ids.count, "page \(page) of \(count)")
            }
        }
    }

    @Test("a middle page links to its neighbours and to page 1")
    func middlePage() {
        let row = renderer.page(snapshot(page: 3, of: 5)).buttons[0]
        let story = StoryID(rawValue: "story")!
        #expect(row.map { ComponentID(encoded: $0.id) } == [.firstPage(story), .page(story, 2), .page(story, 4)])
        #expect(row.allSatisfy { !$0.disabled })
    }

    @Test("the last page says The End and offers another story like this")
    func lastPage() throws {
        let reply = renderer.page(snapshot(page: 5, of: 5))
        #expect(try #require(reply.page).text.contains("The End"))
        #expect(reply.buttons[0][2].disabled)
        #expect(ComponentID(encoded: reply.buttons[1][0].id) == .another(StoryID(rawValue: "story")!))
        #expect(reply.buttons[1].dropFirst().map { ComponentID(encoded: $0.id) }
            == [.nextChapter(StoryID(rawValue: "story")!), .listen(StoryID(rawValue: "story")!, 5), .listenWhole(StoryID(rawValue: "story")!)])
    }

    @Test("refusals are private and say what to change")
    func friendlyErrors() {
        let reply = FriendlyErrors.reply(for: StoryRequestError.pagesAbovePlan(requested: 9, allowed: 5))
        #expect(reply.isPrivate)
        #expect(reply.text?.contains("up to 5 pages") == true)
        #expect(FriendlyErrors.text(for: CommandParseError.unknownCommand("dance")).contains("/help"))
        struct Boom: Error {}
        #expect(FriendlyErrors.text(for: Boom()).contains("try again"))
        #expect(!reply.offersPremium, "the plan is not what limits pages here")
    }

    @Test("a free user asking for more pages hears what premium allows, with the premium offer, like the quota refusal")
    func pagesNeedPremium() {
        let reply = FriendlyErrors.reply(for: StoryRequestError.pagesNeedPremium(requested: 9, allowed: 5, premium: 12))
        #expect(reply.isPrivate && reply.offersPremium)
        #expect(reply.text?.contains("up to 5 pages") == true && reply.text?.contains("with premium it could have up to 12") == true)
        let quota = FriendlyErrors.reply(for: QuotaExceeded(limit: 3, resetsAt: Date(), premiumLimit: 30))
        #expect(quota.offersPremium)
    }

    @Test("premium and server-id refusals are clear")
    func adminRefusals() {
        #expect(FriendlyErrors.text(for: CommandParseError.conflictingOptions("user", "server")).contains("either `user:` or `server:`, not both"))
        #expect(FriendlyErrors.text(for: CommandParseError.badValue(option: "server", hint: "a server id: digits only")).contains("digits only"))
    }

    @Test("an empty library suggests a first story; a full one pages with distinct buttons")
    func library() {
        #expect(renderer.library(LibraryPage(items: [], total: 0, offset: 0), pageNumber: 1).text?.contains("/story new") == true)
        let items = (0..<5).map {
            StorySummary(id: StoryID(rawValue: "s\($0)")!, title: "Story \($0)", status: .ready, pageCount: 5, heroName: "Mia",
                         requester: Requester(userID: "u", displayName: "U"), createdAt: Date())
        }
        let reply = renderer.library(LibraryPage(items: items, total: 12, offset: 0), pageNumber: 1)
        #expect(reply.text?.contains("page 1 of 3") == true)
        #expect(reply.buttons[0].count == 5)
        let nav = reply.buttons[1]
        #expect(nav[0].disabled && !nav[1].disabled)
        #expect(nav[0].id != nav[1].id)
    }
}
