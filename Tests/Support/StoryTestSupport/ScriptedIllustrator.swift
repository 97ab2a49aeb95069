import Foundation
import StoryDomain
import Synchronization
import Testing

/// An illustrator that paints a small deterministic "picture" per page (its bytes name the
/// illustrator, the page and the story, so pictures can be told apart and traced back), fails
/// the pages it is told to, and records every request. A journal, shared with other fakes,
/// records `paint N` as each page's painting starts, for assertions on order.
public final class ScriptedIllustrator: Illustrator {
    public let name: String
    /// As an image model (true) or as the built-in illustrator, which paints from the sheet alone (false).
    public let usesPreviousPicture: Bool
    /// Every request, in the order painting started.
    public let requests = Recorder<IllustrationRequest>()
    /// Paintings in progress, and the most at once.
    public let probe = ConcurrencyProbe()
    private let failures: Mutex<[Int: any Error]>
    private let gate: AsyncGate?
    private let held: Set<Int>?
    private let journal: Recorder<String>?
    private let usage: ProviderUsage?
    private let allowed: Bool

    /// - Parameters:
    ///   - failing: pages whose painting throws, and what.
    ///   - gate: paintings wait for it to open (only the `holding` pages, when given).
    ///   - usage: attached to every picture.
    public init(name: String = "scripted", failing: [Int: any Error] = [:], gate: AsyncGate? = nil, holding: Set<Int>? = nil,
                journal: Recorder<String>? = nil, usage: ProviderUsage? = nil, usesPreviousPicture: Bool = true) {
        self.name = name
        self.usesPreviousPicture = usesPreviousPicture
        failures = Mutex(failing)
        self.gate = gate
        held = holding
        self.journal = journal
        self.usage = usage
        allowed = true
    }

    private init(unusedNamed name: String) {
        self.name = name
        usesPreviousPicture = true
        failures = Mutex([:])
        gate = nil
        held = nil
        journal = nil
        usage = nil
        allowed = false
    }

    /// An illustrator that must not be called (text-only stories, resumed stories with every picture).
    public static func unused(name: String = "unused") -> ScriptedIllustrator { ScriptedIllustrator(unusedNamed: name) }

    /// Makes the page fail from now on (`error`), or succeed again (nil).
    public func fail(page: Int, with error: (any Error)?) {
        failures.withLock { $0[page] = error }
    }

    /// The picture this illustrator paints for a request.
    public func picture(for request: IllustrationRequest) -> Illustration {
        Illustration(data: Self.bytes(illustrator: name, page: request.pageNumber, title: request.title, seed: request.seed),
                     contentType: "image/png", width: 8, height: 8, usage: usage)
    }

    public func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        guard allowed else {
            Issue.record("the illustrator \(name) was called for page \(request.pageNumber)")
            throw TestDoubleError.unexpectedCall("illustrate page \(request.pageNumber)")
        }
        probe.enter()
        defer { probe.leave() }
        journal?.append("paint \(request.pageNumber)")
        requests.append(request)
        if let gate, held?.contains(request.pageNumber) ?? true { await gate.wait() }
        if let error = failures.withLock({ $0[request.pageNumber] }) { throw error }
        return picture(for: request)
    }

    static func bytes(illustrator: String, page: Int, title: String, seed: UInt64) -> Data {
        Data("\(illustrator) painted page \(page) of \(title) (seed \(seed))".utf8)
    }
}
