import StoryDomain

/// What a button does, encoded in its id so that it works hours later and after restarts:
/// the state is read from storage when it is pressed. Encoded ids stay under 100 characters.
public enum ComponentID: Sendable, Equatable, Hashable {
    /// Show page `page` of the story.
    case page(StoryID, Int)
    /// Show page 1 (⏮), distinct from `.page(id, 1)` so that ⏮ and ◀ never share an id.
    case firstPage(StoryID)
    /// Open a story at page 1 as a new message (from the library).
    case open(StoryID)
    /// Ask for another story like this one (new seed, same request).
    case another(StoryID)
    /// Show page `n` of the library.
    case library(Int)
    case confirmDelete(StoryID)
    case cancelDelete(StoryID)
    /// Show a Growth Collection (from the list).
    case collection(CollectionID)
    case confirmCollectionDelete(CollectionID)
    case cancelCollectionDelete(CollectionID)
    /// Delete all of the family's data (`/settings forget`): the family is where it is pressed.
    case confirmForgetFamily
    case cancelForgetFamily
    /// Read page `page` of the story aloud (🔊).
    case listen(StoryID, Int)
    /// Read the whole story aloud.
    case listenWhole(StoryID)
    /// Open the chapter after this story (from its last page), or write it when there is none yet.
    case nextChapter(StoryID)
    /// Replace the short help with all of it (`/help more`).
    case moreHelp
    /// A member's vote for choice `choice` (0-based) of a vote on what happens next.
    case vote(String, Int)
    /// A grown-up closes a vote on what happens next.
    case closeVote(String)

    public var encoded: String {
        switch self {
        case let .page(id, page): "ms:p:\(id.rawValue):\(page)"
        case let .firstPage(id): "ms:f:\(id.rawValue)"
        case let .open(id): "ms:o:\(id.rawValue)"
        case let .another(id): "ms:a:\(id.rawValue)"
        case let .library(page): "ms:l:\(page)"
        case let .confirmDelete(id): "ms:d:\(id.rawValue)"
        case let .cancelDelete(id): "ms:c:\(id.rawValue)"
        case let .collection(id): "ms:k:\(id.rawValue)"
        case let .confirmCollectionDelete(id): "ms:x:\(id.rawValue)"
        case let .cancelCollectionDelete(id): "ms:y:\(id.rawValue)"
        case .confirmForgetFamily: "ms:g:forget"
        case .cancelForgetFamily: "ms:g:keep"
        case let .listen(id, page): "ms:n:\(id.rawValue):\(page)"
        case let .listenWhole(id): "ms:w:\(id.rawValue)"
        case let .nextChapter(id): "ms:h:\(id.rawValue)"
        case .moreHelp: "ms:m:help"
        case let .vote(id, choice): "ms:v:\(id):\(choice)"
        case let .closeVote(id): "ms:e:\(id)"
        }
    }

    /// Nil for any id this bot did not make.
    public init?(encoded: String) {
        guard encoded.count <= 100 else { return nil }
        let parts = encoded.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts[0] == "ms" else { return nil }
        switch (parts[1], parts.count) {
        case ("p", 4):
            guard let id = StoryID(rawValue: parts[2]), let page = Int(parts[3]), (1...100).contains(page) else { return nil }
            self = .page(id, page)
        case ("n", 4):
            guard let id = StoryID(rawValue: parts[2]), let page = Int(parts[3]), (1...100).contains(page) else { return nil }
            self = .listen(id, page)
        case ("v", 4):
            guard let id = StoryID(rawValue: parts[2]), let choice = Int(parts[3]), (0...9).contains(choice) else { return nil }
            self = .vote(id.rawValue, choice)
        case ("l", 3):
            guard let page = Int(parts[2]), (1...1000).contains(page) else { return nil }
            self = .library(page)
        case ("m", 3):
            guard parts[2] == "help" else { return nil }
            self = .moreHelp
        case ("g", 3):
            switch parts[2] {
            case "forget": self = .confirmForgetFamily
            case "keep": self = .cancelForgetFamily
            default: return nil
            }
        case ("k", 3), ("x", 3), ("y", 3):
            guard let id = CollectionID(rawValue: parts[2]) else { return nil }
            self = parts[1] == "k" ? .collection(id) : parts[1] == "x" ? .confirmCollectionDelete(id) : .cancelCollectionDelete(id)
        case (let kind, 3):
            guard let id = StoryID(rawValue: parts[2]) else { return nil }
            switch kind {
            case "f": self = .firstPage(id)
            case "o": self = .open(id)
            case "a": self = .another(id)
            case "d": self = .confirmDelete(id)
            case "c": self = .cancelDelete(id)
            case "w": self = .listenWhole(id)
            case "h": self = .nextChapter(id)
            case "e": self = .closeVote(id.rawValue)
            default: return nil
            }
        default:
            return nil
        }
    }
}

extension ComponentID {
    /// Whether answering the press takes long work (reading a story aloud): adapters run it
    /// with commands, never in the lane that turns pages.
    public var runsLong: Bool {
        switch self {
        case .listen, .listenWhole: true
        default: false
        }
    }

    /// ``runsLong`` for a raw `custom_id` (false for ids this bot did not make).
    public static func runsLong(_ encoded: String) -> Bool {
        ComponentID(encoded: encoded)?.runsLong ?? false
    }
}
