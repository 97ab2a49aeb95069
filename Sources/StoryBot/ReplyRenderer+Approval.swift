import StoryDomain

extension ReplyRenderer {
    /// The asker's private answer when a grown-up says yes first.
    public func heldForApproval(_ story: Story, on platform: any ChatPlatform) -> ChatReply {
        .privateNote("✨ Your story about *\(quoted: story.request.theme)* is on its way! \(platform.familyManagerCapitalized) "
                     + "will have a look first, then it will appear here. 🌙")
    }
}
