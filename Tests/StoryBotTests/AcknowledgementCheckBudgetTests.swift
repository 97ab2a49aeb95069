import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

@Suite("CommandRouter: an adapter decides how long an acknowledgement waits for its privacy check")
struct AcknowledgementCheckBudgetTests {
    /// How the input was acknowledged when the adapter answers `decided` without the check (nil: it runs the check).
    func acknowledgedPrivately(_ input: ChatInput, decided: Bool?, in harness: RouterHarness) async throws -> Bool? {
        let responder = RecordingResponder()
        try await harness.router.acknowledge(input, context: harness.context(), responder: responder) { check in
            if let decided { decided } else { await check() }
        }
        return responder.acknowledgedPrivately
    }

    @Test("a command acknowledged without its check is public, refused or not; an always-private one is private without asking")
    func withoutTheCheck() async throws {
        let full = RouterHarness()
        try await full.useUpQuota()
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(), decided: false, in: full) == false,
                "refused, but not checked: the work's private answer replaces the public deferral")
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(pages: "12"), decided: false, in: full) == false)
        #expect(try await acknowledgedPrivately(.command(.help), decided: false, in: full) == true)
        #expect(try await acknowledgedPrivately(.command(.settingsShow), decided: false, in: full) == true)
    }

    @Test("the check the adapter runs decides as without an adapter")
    func withTheCheck() async throws {
        let full = RouterHarness()
        try await full.useUpQuota()
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(), decided: nil, in: full) == true, "no stories left today")
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(), decided: nil, in: RouterHarness()) == false)
    }
}
