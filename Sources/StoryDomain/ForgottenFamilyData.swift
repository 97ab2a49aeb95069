/// What forgetting a family deleted, for the manager's confirmation.
public struct ForgottenFamilyData: Sendable, Equatable {
    public var stories: Int
    public var pictures: Int
    public var collections: Int
    /// Web chat messages of the room (Discord keeps its own messages).
    public var chatMessages: Int
    /// The stories deleted (chats that keep their messages take them off every screen).
    public var storyIDs: [StoryID]

    public init(stories: Int = 0, pictures: Int = 0, collections: Int = 0, chatMessages: Int = 0, storyIDs: [StoryID] = []) {
        self.storyIDs = storyIDs
        self.stories = stories
        self.pictures = pictures
        self.collections = collections
        self.chatMessages = chatMessages
    }
}
