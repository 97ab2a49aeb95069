import Foundation

/// The source of wall-clock time for everything that records or compares dates, and of the
/// waits measured in it. Injected so that tests drive time by hand instead of sleeping
/// (`ManualWallClock` in the StoryTestSupport target).
public protocol WallClock: Sendable {
    func now() -> Date
    /// Waits until `duration` of this clock's time has passed; throws `CancellationError` when
    /// the task is cancelled first.
    func sleep(for duration: Duration) async throws
}

extension WallClock {
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

/// The real clock.
public struct SystemWallClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}
