import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Synchronization
import Testing

@Suite("CachedFamilySettingsStore: the acknowledgement's settings from memory, never stale after a save here")
struct CachedFamilySettingsStoreTests {
    static let family = FamilyRef(platform: "discord", externalID: "100")

    @Test("a family's settings are read once while fresh, and again once the lifetime has passed")
    func readsOncePerLifetime() async throws {
        let clock = ManualWallClock()
        let store = CountingSettingsStore()
        let cached = CachedFamilySettingsStore(store, clock: clock, lifetime: .seconds(1))
        for _ in 0..<5 { _ = try await cached.settings(for: Self.family) }
        #expect(store.reads == 1)
        clock.advance(by: 0.5)
        _ = try await cached.settings(for: Self.family)
        #expect(store.reads == 1)
        clock.advance(by: 0.6)
        _ = try await cached.settings(for: Self.family)
        #expect(store.reads == 2, "read again after the lifetime")
    }

    @Test("a save through the cache is seen by the next read at once; another process's save within the lifetime")
    func saveInvalidates() async throws {
        let clock = ManualWallClock()
        let store = CountingSettingsStore()
        let cached = CachedFamilySettingsStore(store, clock: clock, lifetime: .seconds(1))
        #expect(try await cached.settings(for: Self.family).maxPages == nil)
        try await cached.save(FamilySettings(maxPages: 4), for: Self.family, by: "manager")
        #expect(try await cached.settings(for: Self.family).maxPages == 4)

        // Another process writes the shared database directly: seen once the entry expires.
        store.set(FamilySettings(maxPages: 2), for: Self.family)
        #expect(try await cached.settings(for: Self.family).maxPages == 4)
        clock.advance(by: 1)
        #expect(try await cached.settings(for: Self.family).maxPages == 2)
    }

    @Test("a failed save drops the entry (the stored value is unknown)")
    func failedSaveInvalidates() async throws {
        let clock = ManualWallClock()
        let store = CountingSettingsStore()
        let cached = CachedFamilySettingsStore(store, clock: clock)
        _ = try await cached.settings(for: Self.family)
        store.failSaves = true
        await #expect(throws: TestDoubleError.self) {
            try await cached.save(FamilySettings(maxPages: 4), for: Self.family, by: "manager")
        }
        _ = try await cached.settings(for: Self.family)
        #expect(store.reads == 2)
    }

    @Test("at most `capacity` families are held; a clock set back re-reads")
    func bounded() async throws {
        let clock = ManualWallClock()
        let store = CountingSettingsStore()
        let cached = CachedFamilySettingsStore(store, clock: clock, capacity: 3)
        for id in 0..<10 { _ = try await cached.settings(for: FamilyRef(platform: "discord", externalID: "\(id)")) }
        #expect(cached.count == 3)
        #expect(store.reads == 10)
        let last = FamilyRef(platform: "discord", externalID: "9")
        _ = try await cached.settings(for: last)
        #expect(store.reads == 10, "the newest is kept")
        clock.advance(by: -60)
        _ = try await cached.settings(for: last)
        #expect(store.reads == 11)
    }

    @Test("privacy follows a settings change at once: after /settings set, a refused /story new is acknowledged privately")
    func routerPrivacyAfterChange() async throws {
        let services = FamilyServices()
        let settings = CachedFamilySettingsStore(services.store, clock: services.clock)
        let policy = FamilyPolicy(entitlements: services.policy.entitlements, settings: settings, quotas: services.policy.quotas)
        let router = CommandRouter(services: CommandRouter.Services(stories: services.stories, collections: services.collections,
                                                                    policy: policy, admins: [], familyData: services.store,
                                                                    platforms: RouterHarness.platforms),
                                   logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let asker = ChatContext(family: RouterHarness.family, channelID: "200", user: RouterHarness.parent, isManager: false, roleIDs: [])
        func acknowledgedPrivately() async throws -> Bool? {
            let responder = RecordingResponder()
            try await router.acknowledge(RouterHarness.storyNew(), context: asker, responder: responder)
            return responder.acknowledgedPrivately
        }
        #expect(try await acknowledgedPrivately() == false)

        let manager = ChatContext(family: RouterHarness.family, channelID: "200", user: Requester(userID: "m", displayName: "M"),
                                  isManager: true, roleIDs: [])
        let set = RecordingResponder()
        await router.handle(.command(.settingsSet(SettingsChange(requesters: "role", roleID: "42"))), context: manager, responder: set)
        #expect(try await settings.settings(for: RouterHarness.family).requesterRoleID == "42", "\(set.replies.last?.text ?? "")")
        // No time has passed: the cached settings were replaced by the save, not waited out.
        #expect(try await acknowledgedPrivately() == true, "not one of the requesters any more")
    }
}

/// A settings store that counts its reads and can be written behind the cache's back.
private final class CountingSettingsStore: FamilySettingsStore {
    private struct State {
        var settings: [FamilyRef: FamilySettings] = [:]
        var reads = 0
        var failSaves = false
    }

    private let state = Mutex(State())

    var reads: Int { state.withLock { $0.reads } }
    var failSaves: Bool {
        get { state.withLock { $0.failSaves } }
        set { state.withLock { $0.failSaves = newValue } }
    }

    func set(_ settings: FamilySettings, for family: FamilyRef) { state.withLock { $0.settings[family] = settings } }

    func settings(for family: FamilyRef) async throws -> FamilySettings {
        state.withLock { state in
            state.reads += 1
            return state.settings[family] ?? FamilySettings()
        }
    }

    func save(_ settings: FamilySettings, for family: FamilyRef, by userID: String) async throws {
        if failSaves { throw TestDoubleError.scripted("the disk is full") }
        set(settings, for: family)
    }
}
