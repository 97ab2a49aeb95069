import StoryDomain

extension FriendlyErrors {
    static func text(for error: ReadAloudError, on platform: any ChatPlatform) -> String {
        switch error {
        case .storyNotReady:
            "⏳ That story is still being written — I can read it aloud as soon as its pages are ready."
        case let .noSuchPage(number):
            "🔎 That story has no page \(number). Try `page:1`, or `page:whole` for the whole story."
        case .voiceFailed:
            "😴 My reading voice isn't working just now, so I couldn't read that aloud. Please try again in a little while."
        case .unknownPart:
            "🔢 Tell me which page to read — a number like `page:2` — or `page:whole` for the whole story."
        case .notOffered:
            "🔇 Reading stories aloud isn't set up here yet — \(platform.installRunner) can turn it on."
        }
    }
}
