/// Why tonight's chapter (`/story continue`) cannot be made; each is answered kindly.
public enum ChapterError: Error, Equatable, Sendable {
    /// The family has no finished story to continue yet.
    case noStoryYet
    /// The chosen story is still being made (or could not be finished): nothing to continue yet.
    case notReadable(title: String)
    /// The chain's next chapter is already being written.
    case chapterOnItsWay(title: String, number: Int)
}
