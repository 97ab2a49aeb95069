import Testing

/// Waits for `condition` to hold, checking it every few milliseconds of real time: for what a
/// test cannot be told of as an event (a row another process wrote, a task another part of the
/// system started). The deadline is generous on purpose: a test running beside a thousand others
/// on two cores is slow, and a condition that holds early ends the wait early, so only a failing
/// test pays it. On the deadline it records an issue naming `what` and throws.
///
/// This is the one polling loop of the tests: prefer an event (an AsyncStream, `confirmation`,
/// a manual clock's `waitForSleepers`) where the code under test offers one.
public func eventually(_ what: String = "the condition", timeout: Duration = .seconds(30),
                       isolation: isolated (any Actor)? = #isolation,
                       _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("\(what): not within \(timeout)")
            throw EventuallyTimedOut(what: what, timeout: timeout)
        }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// ``eventually(_:timeout:isolation:_:)`` waited in vain.
public struct EventuallyTimedOut: Error, CustomStringConvertible {
    public let what: String
    public let timeout: Duration
    public var description: String { "\(what): not within \(timeout)" }
}
