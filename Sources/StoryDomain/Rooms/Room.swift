import Foundation

/// A web chat room: a family on the `web` platform, with members who joined by invitation.
public struct Room: Sendable, Equatable {
    public var name: RoomName
    public var createdAt: Date
    /// Members who have not been removed.
    public var memberCount: Int
    public var grownUpCount: Int

    public init(name: RoomName, createdAt: Date, memberCount: Int = 0, grownUpCount: Int = 0) {
        self.name = name
        self.createdAt = createdAt
        self.memberCount = memberCount
        self.grownUpCount = grownUpCount
    }

    /// The room's key (its family id).
    public var key: String { name.rawValue }
    public var family: FamilyRef { name.family }
}
