import StoryDomain

/// Whom an admin command is about: a user, a server by id, or (neither given) this server.
public struct PremiumTargetInput: Sendable, Equatable {
    public var userID: String?
    public var serverID: String?

    public init(userID: String? = nil, serverID: String? = nil) {
        self.userID = userID
        self.serverID = serverID
    }
}
