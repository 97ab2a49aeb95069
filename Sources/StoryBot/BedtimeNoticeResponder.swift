import Foundation
import StoryDomain
import Synchronization

/// Carries "last night's bedtime was not posted" to the grown-ups: the first plain private answer
/// given through it (Discord: ephemeral; the web chat: only the asker sees it) gets the notice as
/// its last lines. Public answers, pages and audio go through untouched, so children never see
/// it. The notice is asked for once, lazily, so answers that are not private cost nothing.
struct BedtimeNoticeResponder<Base: ChatResponder>: ChatResponder {
    let base: Base
    /// The notice for this asker, taken (marked told) when called; nil when there is none.
    let takeNotice: @Sendable () async -> String?
    private let asked = Once()

    init(base: Base, takeNotice: @escaping @Sendable () async -> String?) {
        self.base = base
        self.takeNotice = takeNotice
    }

    func reply(_ reply: ChatReply) async throws {
        try await base.reply(await withNotice(reply))
    }

    func update(_ reply: ChatReply) async throws {
        try await base.update(await withNotice(reply))
    }

    private func withNotice(_ reply: ChatReply) async -> ChatReply {
        guard reply.isPrivate, reply.page == nil, reply.audio == nil, reply.book == nil, reply.invite == nil else { return reply }
        guard asked.first(), let notice = await takeNotice() else { return reply }
        var told = reply
        told.text = (reply.text.map { $0 + "\n\n" } ?? "") + notice
        return told
    }

    var deliveryAddress: DeliveryAddress { base.deliveryAddress }
    var updatedMessageAddress: DeliveryAddress? { base.updatedMessageAddress }
    var inviteLinkWarning: String? { base.inviteLinkWarning }
    var sendsPictures: Bool { base.sendsPictures }
    func acknowledge(privately: Bool) async throws { try await base.acknowledge(privately: privately) }
    func inviteLink(for code: AccessSecret) -> String? { base.inviteLink(for: code) }
    func storiesDeleted(_ ids: [StoryID]) async { await base.storiesDeleted(ids) }
    func withdrawReply() async { await base.withdrawReply() }

    /// True the first time it is asked, false after.
    private final class Once: Sendable {
        private let done = Mutex(false)

        func first() -> Bool {
            done.withLock { done in
                defer { done = true }
                return !done
            }
        }
    }
}
