/// Told when a page's picture is saved, so that messages showing that page without its
/// picture ("🎨 still being painted") can be filled in where they are.
public protocol PagePictureObserver: Sendable {
    func story(_ id: StoryID, didPaintPage number: Int) async
}
