import StoryDomain

/// A stored picture shown with a reply (a cast member's portrait), with a caption that says who it is.
public struct ChatPicture: Sendable, Equatable {
    public var imageID: ImageID
    /// "Leo · a child of 5"; also the picture's description for screen readers.
    public var caption: String

    public init(imageID: ImageID, caption: String) {
        self.imageID = imageID
        self.caption = caption
    }
}
