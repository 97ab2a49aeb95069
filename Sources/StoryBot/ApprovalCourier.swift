import StoryDomain

/// How a platform shows a story held for approval to the family's grown-ups, privately: the web
/// chat's bubble only the room's grown-ups see, Discord's direct messages to the managers who
/// turned approval on.
public protocol ApprovalCourier: Sendable {
    /// The platform this courier serves.
    var platform: Platform { get }
    /// Shows `reply` to the grown-ups who answer `approval` (`approvers`: the settings' approvers,
    /// which a platform with rooms may replace with the room's grown-ups).
    /// - Returns: ``ApprovalDelivery/refused`` when nobody could be reached (Discord 50007).
    func showGrownUps(_ reply: ChatReply, approval: PendingApproval, approvers: [String]) async throws -> ApprovalDelivery
    /// The grown-ups answered (or time ran out): the bubble or message is replaced by `reply`.
    func answered(_ reply: ChatReply, approval: PendingApproval, approvers: [String]) async throws
    /// Tells the person the story was for, privately (a declined story).
    func tellRequester(_ reply: ChatReply, approval: PendingApproval) async throws
    /// The asker of `approval` was just told, at `address`, that it is on its way (Discord keeps
    /// their interaction for a private word later, ``tellRequester(_:approval:)``).
    func held(_ approval: PendingApproval, askedAt address: DeliveryAddress) async
    /// What it shows lives in this process's memory (the web chat's bubble): each process shows
    /// the stories still waiting again once, after a restart and on every process sharing the store.
    var showsFromMemory: Bool { get }
}

extension ApprovalCourier {
    public var showsFromMemory: Bool { false }
    public func held(_ approval: PendingApproval, askedAt address: DeliveryAddress) async {}
}

/// What came of showing a story to the grown-ups.
public enum ApprovalDelivery: Sendable, Equatable {
    case shown
    /// Nobody could be reached (every direct message refused, no grown-up to ask).
    case refused
}
