import Foundation
import StoryDomain
import Synchronization

/// Records every progress report with the address it was delivered to, and answers as scripted:
/// by default every report is shown where it was sent (`.shown(movedTo: nil)`). A journal,
/// shared with other fakes, records each report's name (`writing`, `firstPage`, …).
public final class RecordingProgressListener: StoryProgressListener {
    public struct Call: Sendable, Equatable {
        public var story: StoryID
        public var progress: StoryProgress
        public var delivery: DeliveryAddress
    }

    /// What the listener answers to one report.
    public enum Response: Sendable {
        case outcome(DeliveryOutcome)
        case fail(any Error)
    }

    public let calls = Recorder<Call>()
    private let script = Mutex<[(progress: StoryProgress, responses: [Response])]>([])
    private let journal: Recorder<String>?

    public init(journal: Recorder<String>? = nil) {
        self.journal = journal
    }

    /// The next reports of `progress` get these answers, in order; later ones the default.
    public func respond(to progress: StoryProgress, with responses: Response...) {
        script.withLock { $0.append((progress, responses)) }
    }

    /// The progress reported so far, in order.
    public var progress: [StoryProgress] { calls.all.map(\.progress) }

    /// How many times `progress` was reported.
    public func count(of progress: StoryProgress) -> Int { calls.all.filter { $0.progress == progress }.count }

    public func story(_ story: Story, didProgress progress: StoryProgress, delivery: DeliveryAddress) async throws -> DeliveryOutcome {
        calls.append(Call(story: story.id, progress: progress, delivery: delivery))
        journal?.append(Self.name(of: progress))
        let response = script.withLock { script -> Response? in
            guard let index = script.firstIndex(where: { $0.progress == progress && !$0.responses.isEmpty }) else { return nil }
            return script[index].responses.removeFirst()
        }
        switch response {
        case let .outcome(outcome): return outcome
        case let .fail(error): throw error
        case nil: return .shown(movedTo: nil)
        }
    }

    static func name(of progress: StoryProgress) -> String {
        switch progress {
        case .writing: "writing"
        case let .painting(page, total): "painting \(page) of \(total)"
        case .firstPage: "firstPage"
        case .ready: "ready"
        case let .failed(reason): "failed \(reason.rawValue)"
        }
    }
}

/// Records each page whose picture was saved.
public final class RecordingPictureObserver: PagePictureObserver {
    public struct Painted: Sendable, Equatable {
        public var story: StoryID
        public var page: Int
    }

    public let painted = Recorder<Painted>()

    public init() {}

    public func story(_ id: StoryID, didPaintPage number: Int) async {
        painted.append(Painted(story: id, page: number))
    }
}
