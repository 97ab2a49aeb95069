import StoryDomain

extension FriendlyErrors {
    static func text(for error: ChapterVoteError) -> String {
        switch error {
        case .closed: "🗳️ That vote has closed — the next chapter is already on its way (or a grown-up closed it)."
        case .notFound: "🗳️ I couldn't find that vote any more. The next story's last page asks again."
        case .noSuchChoice: "🤔 That isn't one of the choices. Press one of the buttons under the question."
        case .noChoices: "🗳️ There's nothing to vote on for this story."
        }
    }
}
