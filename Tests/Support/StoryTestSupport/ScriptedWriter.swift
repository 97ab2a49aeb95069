import Foundation
import StoryDomain
import Synchronization
import Testing

/// A writer that follows a script: each call takes the next step (a draft, a draft fitting the
/// request, or a failure). Past the script it repeats `thenRepeat`, or, without one, records an
/// issue and throws: a writer called more often than the test planned fails the test.
public final class ScriptedWriter: StoryWriter {
    public enum Step: Sendable {
        case draft(WrittenStory)
        /// A gentle text with the request's page count (``StoryFixtures/written(for:usage:)``).
        case fitting
        case fail(any Error)
    }

    public let name: String
    public let supportedLanguages: Set<StoryLanguage>
    /// Every request, in order.
    public let requests = Recorder<StoryRequest>()
    /// Writes in progress, and the most at once.
    public let probe = ConcurrencyProbe()
    private let script: Mutex<[Step]>
    private let thenRepeat: Step?
    private let gate: AsyncGate?
    private let usage: ProviderUsage?

    /// - Parameters:
    ///   - gate: when given, every write waits for it to open (after being recorded).
    ///   - usage: attached to `.fitting` drafts.
    public init(_ steps: [Step] = [], thenRepeat: Step? = nil, name: String = "scripted",
                supportedLanguages: Set<StoryLanguage> = Set(StoryLanguage.allCases), gate: AsyncGate? = nil,
                usage: ProviderUsage? = nil) {
        script = Mutex(steps)
        self.thenRepeat = thenRepeat
        self.name = name
        self.supportedLanguages = supportedLanguages
        self.gate = gate
        self.usage = usage
    }

    /// A writer that writes a fitting text every time.
    public static func fitting(gate: AsyncGate? = nil, usage: ProviderUsage? = nil) -> ScriptedWriter {
        ScriptedWriter(thenRepeat: .fitting, gate: gate, usage: usage)
    }

    /// A writer that must not be called.
    public static func unused() -> ScriptedWriter { ScriptedWriter() }

    public func write(_ request: StoryRequest) async throws -> WrittenStory {
        probe.enter()
        defer { probe.leave() }
        requests.append(request)
        await gate?.wait()
        let step = script.withLock { steps in steps.isEmpty ? thenRepeat : steps.removeFirst() }
        switch step {
        case let .draft(draft): return draft
        case .fitting: return StoryFixtures.written(for: request, usage: usage)
        case let .fail(error): throw error
        case nil:
            Issue.record("the writer was called more often than the test planned")
            throw TestDoubleError.unexpectedCall("write")
        }
    }
}
