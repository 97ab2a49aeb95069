import Foundation
import NIOWebSocket
import Synchronization
import WSCore

/// One connection's outgoing frames: a bounded queue that the room only ever adds to (never
/// waiting for a socket), drained by the connection's own task. A connection whose queue fills
/// up, or whose socket takes longer than ``writeTimeout`` to take one frame, is dropped (closed
/// with 1008) while everyone else in the room carries on.
final class WebChatOutbox: Sendable {
    /// Why the server closes a connection.
    enum Closing: Sendable, Equatable {
        /// It did not read what it was sent.
        case tooSlow
        /// Its member was removed.
        case signedOut

        /// The close frame's reason (the page reads it).
        var reason: String {
            switch self {
            case .tooSlow: "too slow"
            case .signedOut: WebChatRoomHub.signedOutReason
            }
        }
    }

    private struct State {
        var closing: Closing?
        /// When the frame being written started (nil between writes).
        var writingSince: ContinuousClock.Instant?
    }

    let writeTimeout: Duration
    private let frames: AsyncStream<String>
    private let queue: AsyncStream<String>.Continuation
    private let state = Mutex(State())

    init(capacity: Int, writeTimeout: Duration) {
        (frames, queue) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingOldest(max(1, capacity)))
        self.writeTimeout = writeTimeout
    }

    /// Queues a frame without waiting. A full queue drops the connection; false when the frame
    /// will not be sent.
    @discardableResult
    func offer(_ text: String) -> Bool {
        guard closing == nil else { return false }
        switch queue.yield(text) {
        case .enqueued: return true
        case .dropped:
            close(.tooSlow)
            return false
        case .terminated: return false
        @unknown default: return false
        }
    }

    /// Closes the connection: frames still queued are dropped and the close frame is sent.
    func close(_ reason: Closing) {
        let first = state.withLock { state in
            guard state.closing == nil else { return false }
            state.closing = reason
            return true
        }
        if first { queue.finish() }
    }

    /// Why the server is closing the connection (nil while it is open).
    var closing: Closing? { state.withLock { $0.closing } }

    /// The connection ended: nothing more is sent.
    func finish() { queue.finish() }

    /// Writes the queued frames in order until the connection ends; when the server closes it,
    /// sends the close frame (1008) instead of what is left.
    func drain(to outbound: WebSocketOutboundWriter) async {
        for await text in frames {
            guard closing == nil else { break }
            guard await timed({ try await outbound.write(.text(text)) }) else { return }
        }
        if let closing {
            _ = await timed { try await outbound.close(.policyViolation, reason: closing.reason) }
        }
    }

    /// Watches the writes: once one takes longer than ``writeTimeout``, drops the connection and
    /// calls `forceClose` (closing the socket under the stuck write). Returns when cancelled.
    func watch(forceClose: @Sendable () -> Void) async {
        let tick = max(writeTimeout / 4, .milliseconds(20))
        while true {
            do { try await Task.sleep(for: tick) } catch { return }
            if isStalled(at: .now) {
                close(.tooSlow)
                forceClose()
                return
            }
        }
    }

    /// Whether the frame being written has taken longer than ``writeTimeout`` by `now`.
    func isStalled(at now: ContinuousClock.Instant) -> Bool {
        state.withLock { $0.writingSince.map { now - $0 > writeTimeout } ?? false }
    }

    /// Runs one write, marked for ``watch(forceClose:)``; false when it failed.
    private func timed(_ write: () async throws -> Void) async -> Bool {
        state.withLock { $0.writingSince = .now }
        defer { state.withLock { $0.writingSince = nil } }
        do {
            try await write()
            return true
        } catch {
            return false
        }
    }
}
