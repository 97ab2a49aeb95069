import Operations
import StoryDomain

extension MagicalStoriesApp {
    /// The family's votes on what happens next, on the app's store: a chapter follows its
    /// chain's winner, and making it closes the vote.
    static func chapterVoting(store: AppStore, clock: any WallClock) -> ChapterVoting {
        ChapterVoting(store: store.chapterVotes, clock: clock)
    }
}
