import Foundation

/// Why a story could not be read aloud.
public enum ReadAloudError: Error, Sendable, Equatable {
    /// The story is not written yet, or failed.
    case storyNotReady
    /// The story has no such page.
    case noSuchPage(Int)
    /// The voice could not speak (the built-in voice is missing, or the provider failed); the
    /// detail is for the log.
    case voiceFailed(String)
    /// Reading aloud is not set up here.
    case notOffered
    /// What to read was neither a page number nor "whole".
    case unknownPart
}

/// Reads stories aloud: each page's (or the whole story's) narration is made once, by the
/// configured voice, kept with the story, and served from there afterwards.
///
/// Narration is slow work (seconds of CPU for the built-in voice, a model call for the others),
/// so at most ``NarrationService/init(stories:store:narrator:fallback:maxConcurrent:usage:clock:)``'s
/// `maxConcurrent` are made at once, and two requests for the same part wait for one making.
/// Calls to a model voice run under a ``ModelCallScope`` of kind `narration`, so they are
/// counted in the usage ledger and against the family's and the service's day budgets; when a
/// budget is spent, the fallback (built-in) voice reads instead.
public struct NarrationService: Sendable {
    private let stories: any StoryRepository
    private let store: any NarrationStore
    private let narrator: any Narrator
    private let fallback: (any Narrator)?
    private let limiter: ConcurrencyLimiter
    private let making: KeyedGate
    private let usage: (any UsageLedger)?
    private let clock: any WallClock

    /// - Parameters:
    ///   - narrator: the configured voice.
    ///   - fallback: reads when the configured voice's model budget is spent (the built-in voice).
    ///   - maxConcurrent: narrations made at once.
    ///   - usage: where a model voice's tokens are recorded.
    public init(stories: any StoryRepository, store: any NarrationStore, narrator: any Narrator, fallback: (any Narrator)? = nil,
                maxConcurrent: Int = 2, usage: (any UsageLedger)? = nil, clock: any WallClock) {
        self.stories = stories
        self.store = store
        self.narrator = narrator
        self.fallback = fallback
        limiter = ConcurrencyLimiter(limit: maxConcurrent)
        making = KeyedGate()
        self.usage = usage
        self.clock = clock
    }

    /// The configured voice's name.
    public var voiceName: String { narrator.name }

    /// The kept narration of `part`, without making one.
    public func stored(_ story: StoryID, part: NarrationPart) async throws -> StoredNarration? {
        try await store.narration(of: story, part: part)
    }

    /// `part`'s narration: the kept one, or one made now and kept; made for children (the voice
    /// is chosen by ``NarrationRequest/audience``) when `listeners` or the story is children's.
    public func narration(of story: Story, part: NarrationPart, for listeners: StoryAudience = .family) async throws -> StoredNarration {
        if let kept = try await store.narration(of: story.id, part: part) { return kept }
        guard story.isReadable else { throw ReadAloudError.storyNotReady }
        return try await making.run("\(story.id.rawValue):\(part.key)") {
            // Made by the request this one waited for?
            if let kept = try await store.narration(of: story.id, part: part) { return kept }
            var made = try await self.request(for: story, part: part)
            made.audience = story.request.isForChildren ? .children : listeners
            let request = made
            let audio = try await limiter.withPermit { try await speak(request, story: story) }
            if let used = audio.usage {
                try? await usage?.record(UsageEntry(family: story.family, storyID: story.id, usage: used, at: clock.now()))
            }
            return try await store.saveNarration(audio, of: story.id, part: part)
        }
    }

    /// What is read for `part`: a page's text, or the title and every page; wound down, the
    /// last page (alone or as the whole story's ending) becomes a ``WindDownReading``.
    func request(for story: Story, part: NarrationPart) async throws -> NarrationRequest {
        let pages = try await stories.pages(of: story.id).sorted { $0.number < $1.number }
        let clean = { (text: String) in SpokenText.clean(text, heroName: story.request.heroName) }
        let text: String
        switch part.base {
        case let .page(number):
            guard let page = pages.first(where: { $0.number == number }) else {
                throw number > story.pageCount || number < 1 ? ReadAloudError.noSuchPage(number) : ReadAloudError.storyNotReady
            }
            // Only the ending winds down.
            if part.windDown.isOn, number != story.pageCount { throw ReadAloudError.unknownPart }
            text = part.windDown.isOn ? "" : page.text
        default:
            guard !pages.isEmpty else { throw ReadAloudError.storyNotReady }
            let read = part.windDown.isOn ? pages.dropLast() : pages[...]
            let ending = part.windDown.isOn ? [] : [Self.ending(story.request.language)]
            text = ([story.displayTitle + "."] + read.map(\.text) + ending).joined(separator: "\n\n")
        }
        var request = NarrationRequest(text: clean(text), language: story.request.language, heroName: story.request.heroName)
        if part.windDown.isOn, let last = pages.last {
            var seeds = SeededGenerator(seed: 0, salt: story.id.rawValue)
            let spoken = pages.map { clean($0.text) }
            request.windDown = WindDownReading.make(
                lastPage: clean(last.text), refrain: StoryRefrain.find(in: spoken),
                ending: part.base == .whole ? Self.ending(story.request.language) : nil, windDown: part.windDown,
                theme: story.request.theme, seed: seeds.next())
        }
        return request
    }

    private func speak(_ request: NarrationRequest, story: Story) async throws -> SpokenAudio {
        let scope = ModelCallScope(family: story.family, storyID: story.id, kind: .narration)
        do {
            do {
                return try await ModelCallScope.$current.withValue(scope) { try await narrator.narrate(request) }
            } catch let spent as ModelBudgetExhausted {
                guard let fallback else { throw spent }
                return try await fallback.narrate(request)
            }
        } catch let error as ModelBudgetExhausted {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ReadAloudError.voiceFailed(String(describing: error))
        }
    }

    /// "The End", in the story's language.
    static func ending(_ language: StoryLanguage) -> String {
        switch language {
        case .english: "The End."
        case .spanish: "Fin."
        case .french: "Fin."
        case .german: "Ende."
        case .italian: "Fine."
        case .portuguese: "Fim."
        case .dutch: "Einde."
        case .polish: "Koniec."
        }
    }
}

/// Lets one caller per key through at a time; the others wait for it, in order.
actor KeyedGate {
    private var busy: Set<String> = []
    private var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    func run<T: Sendable>(_ key: String, _ body: @Sendable () async throws -> T) async throws -> T {
        if busy.contains(key) {
            await withCheckedContinuation { waiters[key, default: []].append($0) }
        } else {
            busy.insert(key)
        }
        defer { release(key) }
        return try await body()
    }

    private func release(_ key: String) {
        if var queue = waiters[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiters[key] = queue.isEmpty ? nil : queue
            next.resume()
        } else {
            busy.remove(key)
        }
    }
}
