import Foundation

/// Stories held for a grown-up's yes (`story_approval`). Every change of state is a conditional
/// update that one caller wins, so two grown-ups pressing ✅ at once (or two processes) share a
/// story once.
public protocol ApprovalStore: Sendable {
    /// Keeps a new approval unless the family already has `limit` open ones (counted in the same
    /// transaction). Returns false when full.
    func add(_ approval: PendingApproval, limit: Int) async throws -> Bool
    /// The approval by id within its family; nil when unknown.
    func approval(_ id: String, family: FamilyRef) async throws -> PendingApproval?
    /// The family's open approvals (waiting or approved), oldest first.
    func open(of family: FamilyRef) async throws -> [PendingApproval]
    /// Every family's open approvals, and the closed ones whose grown-ups were not told yet
    /// (the runner's round), oldest first.
    func inPlay() async throws -> [PendingApproval]
    /// Notes that the grown-ups were sent the current story; false when it was already noted
    /// (or the story was replaced meanwhile).
    func markSent(_ id: String, story: StoryID, at date: Date) async throws -> Bool
    /// Replaces the story of a waiting approval (🌙 Gentler, 🔄 Another): the grown-ups are sent
    /// the new one when it is made. False when it is no longer waiting.
    func replaceStory(_ id: String, with story: StoryID) async throws -> Bool
    /// Moves the approval from one of `from` to `to`: true for exactly one caller.
    func transition(_ id: String, from: Set<PendingApproval.State>, to: PendingApproval.State, by: String?, at date: Date) async throws -> Bool
    /// Notes that the grown-ups were told how a closed approval ended.
    func markTold(_ id: String, at date: Date) async throws
}
