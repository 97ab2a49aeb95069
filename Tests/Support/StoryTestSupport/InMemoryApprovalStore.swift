import Foundation
import StoryDomain

/// Stories held for a grown-up's yes, in memory, with the same conditional changes as the databases.
public actor InMemoryApprovalStore: ApprovalStore {
    private var approvals: [String: PendingApproval] = [:]

    public init() {}

    private var oldestFirst: [PendingApproval] {
        approvals.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// An id kept already: the databases refuse it (their primary key).
    public struct DuplicateID: Error {}

    public func add(_ approval: PendingApproval, limit: Int) async throws -> Bool {
        guard approvals[approval.id] == nil else { throw DuplicateID() }
        guard approvals.values.filter({ $0.family == approval.family && $0.state.isOpen }).count < limit else { return false }
        approvals[approval.id] = approval
        return true
    }

    public func approval(_ id: String, family: FamilyRef) async throws -> PendingApproval? {
        approvals[id].flatMap { $0.family == family ? $0 : nil }
    }

    public func open(of family: FamilyRef) async throws -> [PendingApproval] {
        oldestFirst.filter { $0.family == family && $0.state.isOpen }
    }

    public func inPlay() async throws -> [PendingApproval] {
        oldestFirst.filter { $0.state.isOpen || ([.declined, .expired].contains($0.state) && $0.toldAt == nil) }
    }

    public func markSent(_ id: String, story: StoryID, at date: Date) async throws -> Bool {
        guard let approval = approvals[id], approval.storyID == story, approval.sentAt == nil, approval.state == .waiting else { return false }
        approvals[id]?.sentAt = date
        return true
    }

    public func replaceStory(_ id: String, with story: StoryID) async throws -> Bool {
        guard approvals[id]?.state == .waiting else { return false }
        approvals[id]?.storyID = story
        approvals[id]?.sentAt = nil
        return true
    }

    public func transition(_ id: String, from: Set<PendingApproval.State>, to: PendingApproval.State, by: String?,
                           at date: Date) async throws -> Bool {
        guard let approval = approvals[id], from.contains(approval.state) else { return false }
        approvals[id]?.state = to
        approvals[id]?.decidedAt = date
        approvals[id]?.decidedBy = by
        return true
    }

    public func markTold(_ id: String, at date: Date) async throws {
        if approvals[id]?.toldAt == nil { approvals[id]?.toldAt = date }
    }

    /// Forgets a family's approvals, as forgetting its data does on the databases.
    public func forget(_ family: FamilyRef) {
        approvals = approvals.filter { $0.value.family != family }
    }
}
