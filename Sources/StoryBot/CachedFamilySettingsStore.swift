import Foundation
import StoryDomain
import Synchronization

/// A read-through cache over a ``FamilySettingsStore``: a family's settings are read from the
/// store at most once per ``lifetime`` while nothing changes them, so the read-only check before
/// every acknowledgement (``CommandRouter/acknowledge(_:context:responder:)``) does not queue a
/// database read behind the writers of a burst (docs/benchmarks.md, "The burst").
///
/// **Staleness.** Saves made through this store (every save of this process: the router's
/// `/settings set`) drop the family's entry at once, and a read that a save overtook is not kept.
/// A save made by *another* process sharing the database (PostgreSQL) is seen here within
/// ``lifetime`` (1 s): a request arriving in that second is treated as if it had arrived just
/// before the change — the same race two people pressing at once already have. `/settings forget`
/// (another port) is likewise seen within ``lifetime``.
///
/// **Privacy.** A stale read can only make the acknowledgement's guess wrong, never an answer's
/// visibility: a public deferral followed by a private answer is deleted before the answer is
/// sent privately (`DiscordResponder`), so what is private stays private.
///
/// Bounded: at most ``capacity`` families; expired entries go first, then the oldest.
public final class CachedFamilySettingsStore: FamilySettingsStore {
    public static let defaultLifetime: Duration = .seconds(1)
    public static let defaultCapacity = 1_024

    /// How long a read is reused.
    public let lifetime: Duration
    /// The most families kept at once.
    public let capacity: Int

    private struct Entry {
        var settings: FamilySettings
        var readAt: Date
    }

    private struct State {
        var entries: [FamilyRef: Entry] = [:]
        /// Counts saves, so that a read that started before one is not kept after it.
        var saves: UInt64 = 0
    }

    private let store: any FamilySettingsStore
    private let clock: any WallClock
    private let state = Mutex(State())
    private let lifetimeSeconds: TimeInterval

    public init(_ store: any FamilySettingsStore, clock: any WallClock, lifetime: Duration = defaultLifetime,
                capacity: Int = defaultCapacity) {
        self.store = store
        self.clock = clock
        self.lifetime = lifetime
        lifetimeSeconds = Double(lifetime.components.seconds) + Double(lifetime.components.attoseconds) / 1e18
        self.capacity = max(1, capacity)
    }

    /// Families held now (for tests).
    public var count: Int { state.withLock { $0.entries.count } }

    public func settings(for family: FamilyRef) async throws -> FamilySettings {
        let now = clock.now()
        let (cached, saves) = state.withLock { state -> (FamilySettings?, UInt64) in
            guard let entry = state.entries[family], isFresh(entry, at: now) else { return (nil, state.saves) }
            return (entry.settings, state.saves)
        }
        if let cached { return cached }
        let settings = try await store.settings(for: family)
        state.withLock { state in
            guard state.saves == saves else { return }
            if state.entries[family] == nil, state.entries.count >= capacity { makeRoom(in: &state, at: now) }
            state.entries[family] = Entry(settings: settings, readAt: now)
        }
        return settings
    }

    public func save(_ settings: FamilySettings, for family: FamilyRef, by userID: String) async throws {
        // Dropped whether or not the save went through: after a failure the stored value is unknown.
        defer {
            state.withLock { state in
                state.saves &+= 1
                state.entries[family] = nil
            }
        }
        try await store.save(settings, for: family, by: userID)
    }

    /// A clock set back makes every entry stale rather than young.
    private func isFresh(_ entry: Entry, at now: Date) -> Bool {
        let age = now.timeIntervalSince(entry.readAt)
        return age >= 0 && age < lifetimeSeconds
    }

    /// Drops the expired entries, else the oldest.
    private func makeRoom(in state: inout State, at now: Date) {
        state.entries = state.entries.filter { isFresh($0.value, at: now) }
        if state.entries.count >= capacity, let oldest = state.entries.min(by: { $0.value.readAt < $1.value.readAt })?.key {
            state.entries[oldest] = nil
        }
    }
}
