import Foundation
import GRDB
import Logging
import Synchronization
import MagicalStories
import Operations
import PostgresTestSupport
import StoryDomain
import StoryTestSupport
import StoryStore
import StoryStorePostgres
import Testing
import WebChat

@Suite("DATABASE_URL in the configuration")
struct DatabaseURLConfigTests {
    @Test("DATABASE_URL (or database.url in the file) selects PostgreSQL; the password never reaches the description")
    func selects() async throws {
        let config = try await AppConfig.load(file: nil, environment: ["DATABASE_URL": "postgres://stories:hunter2@db:5432/magical?sslmode=require"])
        #expect(config.databaseURL == PostgresURL(host: "db", user: "stories", password: "hunter2", database: "magical", tls: .require))
        #expect(config.description.contains("postgres://stories:***@db:5432/magical"))
        #expect(!config.description.contains("hunter2"))
        #expect(try await AppConfig.load(file: nil, environment: ["DATABASE_URL": "  "]).databaseURL == nil, "blank is absent")
        #expect(try await AppConfig.load(file: nil, environment: [:]).databaseConnectWaitSeconds == 60)
    }

    @Test("a bad DATABASE_URL stops the start with what is wrong, without the password")
    func invalid() async throws {
        let error = await #expect(throws: AppConfigError.self) {
            _ = try await AppConfig.load(file: nil, environment: ["DATABASE_URL": "postgres://stories:hunter2@db:notaport/magical"])
        }
        #expect(error?.description == "DATABASE_URL's port “notaport” is not a number from 1 to 65535.")
        #expect(error?.description.contains("hunter2") == false)
    }

    @Test("backup, restore and check refuse on PostgreSQL and say what to run instead, without the password")
    func fileToolsRefuse() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-pgtools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["DATABASE_URL": "postgres://stories:hunter2@127.0.0.1:1/magical", "PATH": "/usr/bin:/bin",
                           "DATABASE_PATH": directory.appendingPathComponent("unused.sqlite").path]
        for (arguments, tool) in [(["backup", "--out", "b.sqlite"], "pg_dump"), (["restore", "b.sqlite"], "pg_restore"),
                                  (["check"], "pg_amcheck")] {
            let run = try await ServiceProcess.run(ServiceProcess.binary.path, arguments, environment: environment, directory: directory)
            #expect(run.status == 1, "\(arguments): \(run.output)")
            #expect(run.output.contains("store is PostgreSQL") && run.output.contains(tool), "\(arguments): \(run.output)")
            #expect(run.output.contains("docs/postgresql.md") && !run.output.contains("hunter2"), "\(arguments): \(run.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("unused.sqlite").path),
                "no SQLite file was made")
    }
}

@Suite("The service on PostgreSQL; SQLite held by one service; copy-to", .serialized)
struct PostgresServiceTests {
    static func postgresURL() async throws -> PostgresURL {
        try PostgresURL(parsing: try await PostgresTestCluster.shared.makeDatabase())
    }

    @Test("a web chat story on PostgreSQL: delivered, its picture served, found by a second service on the same database")
    func storyOnPostgres() async throws {
        let url = try await Self.postgresURL()
        let app = try await TestApp.start { $0.databaseURL = url }
        defer { app.removeFiles() }
        #expect(app.app.database == nil)
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("welcome") { $0.type == "welcome" }
        try await anna.say(#"/story new theme:"a sleepy dragon" name:Mia age:5"#)
        let page1 = try await anna.next("page 1") { $0.message?.fromBot == true && $0.message?.page != nil }
        let view = try #require(page1.message?.page)
        let imageURL = try #require(view.imageUrl)
        let (status, body, headers) = try await app.get(imageURL, as: anna.member)
        #expect(status == 200 && headers["content-type"] == "image/png" && body.count > 1_000)
        let family = FamilyRef(platform: "web", externalID: "family")
        try await waitUntilReady(app.app.stories, id: view.storyId, family: family)
        await anna.close()

        // Two services on one PostgreSQL: no lock refuses the second, and it sees the story.
        let second = try await TestApp.start { $0.databaseURL = url }
        defer { second.removeFiles() }
        let library = try await second.app.stories.library(of: family, offset: 0, limit: 10)
        #expect(library.items.map(\.id.rawValue) == [view.storyId])
        #expect(library.items.first?.status == .ready)
        await second.stop()
        await app.stop()
    }

    @Test("a family's browsers on two processes see the same pages: what one process stores or withdraws reaches the other's sockets")
    func fanOutAcrossProcesses() async throws {
        let url = try await Self.postgresURL()
        let first = try await TestApp.start { $0.databaseURL = url }
        defer { first.removeFiles() }
        let second = try await TestApp.start { $0.databaseURL = url }
        defer { second.removeFiles() }
        let anna = try await ChatTestClient.join(first, room: "family", name: "Anna")
        _ = try await anna.next("welcome") { $0.type == "welcome" }
        let ben = try await ChatTestClient.join(second, room: "family", name: "Ben")
        _ = try await ben.next("welcome") { $0.type == "welcome" }

        // A chat message typed on the first process, then a story the first process makes.
        try await anna.say("Goodnight, Ben!")
        _ = try await ben.next("Anna's message, from the other process", timeout: .seconds(30)) {
            $0.message?.text?.contains("Goodnight, Ben!") == true
        }
        try await anna.say(#"/story new theme:"a sleepy owl" name:Mia age:5"#)
        let page = try await ben.next("page 1, made on the other process", timeout: .seconds(60)) {
            $0.message?.fromBot == true && $0.message?.page != nil
        }
        #expect(page.message?.page?.pageNumber == 1)

        // A message withdrawn by a process (an "on its way" refused after all, in the quota race
        // between processes) leaves the browsers of every process, and the room's history.
        let withdrawn = try #require(page.message?.id)
        let database = try await PostgresDatabase.connect(to: url, logger: Logger(label: "third"), maximumConnections: 1)
        #expect(try await PostgresChatTranscript(database: database, origin: "a third process").delete(id: withdrawn))
        await database.close()
        for (browser, name) in [(anna, "Anna"), (ben, "Ben")] {
            _ = try await browser.next("the story's message withdrawn for \(name)", timeout: .seconds(30)) {
                $0.type == "withdrawn" && $0.messageId == withdrawn
            }
        }
        let carl = try await ChatTestClient.join(second, room: "family", name: "Carl")
        let history = try await carl.next("history") { $0.type == "history" }
        #expect(history.messages?.contains { $0.id == withdrawn } == false)
        #expect(history.messages?.contains { $0.text?.contains("Goodnight, Ben!") == true } == true)
        await carl.close()
        await anna.close()
        await ben.close()
        await second.stop()
        await first.stop()
    }

    @Test("a second service on one SQLite file refuses, pointing to PostgreSQL; migrate says so or waits; read and copy commands work beside it")
    func sqliteHeldByOneService() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        var config = app.app.config
        config.operations.metricsEnabled = false
        let refusal = #expect(throws: ServiceLockError.self) {
            _ = try MagicalStoriesApp(config: config, logger: Logger(label: "second"))
        }
        #expect(refusal?.description.contains("Another Magical Stories service holds this database") == true)
        #expect(refusal?.description.contains("use PostgreSQL to run several") == true)

        let said = Said()
        await #expect(throws: ServiceLockError.self) {
            _ = try await DatabaseMigrator.migrate(config, logger: Logger(label: "migrate"))
        }
        // Beside the running service: backup, usage and copy-to work.
        let backup = app.directory.appendingPathComponent("beside.sqlite").path
        _ = try BackupTool.backup(databasePath: config.databasePath, to: backup)
        #expect(FileManager.default.fileExists(atPath: backup))
        let usage = try await AdminConsole(config: config, database: try AppDatabase.open(path: config.databasePath)).usageReport(days: 1)
        #expect(usage.contains("No provider use"))
        let target = try await PostgresDatabase.connect(to: try await Self.postgresURL(), logger: Logger(label: "copy"))
        let report = try await PostgresCopy(from: try AppDatabase.open(path: config.databasePath), to: target).run()
        #expect(report.tables.contains { $0.table == "family" })
        await target.close()

        // migrate --wait: waits for the service to stop, then migrates.
        async let migrated = DatabaseMigrator.migrate(config, logger: Logger(label: "migrate"), wait: .seconds(60)) { said.add($0) }
        try await said.waitForLine()
        #expect(said.lines.first?.contains("Waiting up to 60 s") == true)
        await app.stop()
        let outcome = try await migrated
        #expect(outcome.applied.count >= 8 && outcome.location.hasPrefix("SQLite "))
    }

    @Test("copy-to copies every table, checks every picture, and is safe to run twice")
    func copyTo() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-copy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sqlite = try AppDatabase.open(path: directory.appendingPathComponent("s.sqlite").path)
        let clock = SystemWallClock()
        let source = AppStore(sqlite: sqlite, clock: clock)
        let family = FamilyRef(platform: "web", externalID: "family")
        let mia = Requester(userID: "u-mia", displayName: "Mia's mum")
        var ids: [StoryID] = []
        for index in 0..<3 {
            let id = StoryID(rawValue: "copy\(index)")!
            ids.append(id)
            let story = Story(id: id, family: family, requester: mia,
                              request: StoryRequest(theme: "owls \(index)", heroName: "Mia", age: 5, companion: nil, pageCount: 3, seed: 7),
                              createdAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))
            _ = try await source.stories.createStory(story, delivery: .background, quota: DailyQuota(storiesPerDay: 10))
            let sheet = CharacterSheet(
                hero: CharacterDesign(name: "Mia", kind: .child, bodyColor: RGB(240, 200, 170), accentColor: RGB(250, 200, 40),
                                      detailColor: RGB(90, 60, 30), looks: "a child", trait: "curious"),
                companion: nil, setting: .forest, settingDescription: "a forest",
                palette: Palette(sky: RGB(100, 150, 220), ground: RGB(60, 120, 60), accent: RGB(250, 200, 40)))
            try await source.stories.saveText(WrittenStory(title: "Owls \(index)", sheet: sheet, pages: (1...3).map {
                WrittenPage(text: "Page \($0).", scene: PageScene(timeOfDay: .dusk, action: .walking), imagePrompt: "p\($0)")
            }), for: id)
            for page in 1...3 {
                // Page 1 is the same picture in every story (stored once).
                let bytes = Data([0x89, 0x50, 0x4E, 0x47, UInt8(page == 1 ? 0 : index * 3 + page)]) + Data(repeating: 7, count: 2_000)
                // Page 2 with its chat form (a WebP kept beside it), the others as saved before v21.
                let form: ChatForm? = page == 2 ? .copy(contentType: "image/webp", data: Data("RIFF\(index)".utf8)) : nil
                _ = try await source.stories.saveIllustration(Illustration(data: bytes, contentType: "image/png", width: 768, height: 512),
                                                              chatForm: form, for: id, page: page)
            }
        }
        try await source.stories.markFailed(ids[2], reason: "writerFailed", refundingQuota: true)
        _ = try await source.entitlements.grant(.family(family), by: "7", at: Date(), until: nil, reason: "gift")
        try await source.transcript.upsert(TranscriptEntry(id: "m1", room: "family", payload: Data("{}".utf8), createdAt: Date(),
                                                           updatedAt: Date()))
        try await source.keyValues.setValue("resume-me", for: "gateway.session")
        _ = try await RoomAccess(directory: source.rooms, clock: clock).createRoom(named: "family")
        // The family's cast, one member with a portrait (a picture of its own).
        try await source.cast.addMember(CastMember(name: "Leo", kind: .child, age: 5, look: "a red jumper", createdBy: "u-mia",
                                                   createdAt: Date(timeIntervalSince1970: 1_800_000_000)), to: family, limit: 12)
        try await source.cast.addMember(CastMember(name: "Max", kind: .creature(.dog), look: "a grey dog", createdBy: "u-mia",
                                                   createdAt: Date(timeIntervalSince1970: 1_800_000_001)), to: family, limit: 12)
        _ = try await source.cast.keepPortrait(Illustration(data: Data([0x89, 0x50, 0x4E, 0x47, 99]) + Data(repeating: 3, count: 500),
                                                            contentType: "image/png", width: 64, height: 64), forMember: "Leo", in: family)
        // The spend ledgers, and a collection entry made again (a table SQLite keys by rowid alone).
        _ = try await source.modelCalls.begin(ModelCall(provider: "gemini", model: "m", kind: .text, family: family, storyID: ids[0],
                                                        at: Date()), budget: ModelBudget(familyDailyCalls: 9, serviceDailyCalls: 9),
                                              since: .distantPast)
        try await source.refusedRequests.recordRefusal(by: mia, on: .web, at: Date())
        let growth = GrowthCollection(id: CollectionID(rawValue: "coll1")!, family: family, requester: mia, goal: .kindness,
                                      heroName: "Mia", age: 5, companion: nil, language: .english, storyCount: 3, seed: 1, createdAt: Date())
        func entry(_ id: String) -> Story {
            Story(id: StoryID(rawValue: id)!, family: family, requester: mia,
                  request: StoryRequest(theme: "kindness", heroName: "Mia", age: 5, companion: nil, pageCount: 3, seed: 1), createdAt: Date())
        }
        _ = try await source.collections.createCollection(growth, firstStory: entry("c1"), delivery: .background, quota: nil)
        _ = try await source.collections.addStory(entry("c2"), to: growth.id, position: 2, delivery: .background)
        try await source.stories.markFailed(StoryID(rawValue: "c2")!, reason: "writerFailed", refundingQuota: true)
        _ = try await source.collections.addStory(entry("c2b"), to: growth.id, position: 2, delivery: .background)

        let url = try await Self.postgresURL()
        let target = try await PostgresDatabase.connect(to: url, logger: Logger(label: "copy"))
        let first = try await PostgresCopy(from: sqlite, to: target).run()
        let counts = Dictionary(uniqueKeysWithValues: first.tables.map { ($0.table, $0) })
        #expect(counts["story"] == PostgresCopy.TableCount(table: "story", source: 5, copied: 5, target: 5), "3 stories and 2 of a collection")
        #expect(counts["chat_picture"]?.copied == 3, "the chat forms kept beside pictures")
        #expect(counts["image"]?.copied == 8 && counts["page"]?.copied == 9 && counts["cast_member"]?.copied == 2 && counts["quota_use"]?.copied == 3)
        #expect(counts["premium_grant"]?.copied == 1 && counts["premium_audit"]?.copied == 1 && counts["chat_message"]?.copied == 1)
        #expect(counts["web_room"]?.copied == 1 && counts["bot_state"]?.copied == 1)
        #expect(counts["model_call"]?.copied == 1 && counts["refused_request"]?.copied == 1
                && counts["collection_remake"]?.copied == 1)
        #expect(first.picturesChecked == 8)
        #expect(Set(first.tables.map(\.table)) == Set(PostgresDatabase.copyOrder), "every table")

        let again = try await PostgresCopy(from: sqlite, to: target).run()
        #expect(again.tables.allSatisfy { $0.copied == 0 && $0.target == $0.source }, "a second run copies nothing new")
        #expect(again.picturesChecked == 8)

        // The copy serves as the original did: same stories, pages, pictures, quota, plans.
        let copied = AppStore(postgres: target, clock: clock)
        for id in ids {
            #expect(try await copied.stories.story(id) == (try await source.stories.story(id)))
            #expect(try await copied.stories.pages(of: id) == (try await source.stories.pages(of: id)))
            for page in try await source.stories.pages(of: id) {
                let imageID = try #require(page.imageID)
                #expect(try await copied.stories.image(imageID) == (try await source.stories.image(imageID)))
                #expect(try await copied.stories.chatPicture(imageID) == (try await source.stories.chatPicture(imageID)))
            }
        }
        #expect(try await copied.stories.storiesStarted(by: mia, on: "web", since: .distantPast) == 2, "the failed story stays refunded")
        #expect(try await copied.keyValues.value(for: "gateway.session") == "resume-me")
        #expect(try await copied.cast.cast(of: family) == (try await source.cast.cast(of: family)))
        #expect(try await copied.cast.cast(of: family).first?.portrait != nil)
        #expect(try await copied.collections.remakes(of: growth.id, position: 2, since: .distantPast) == 1)
        #expect(try await copied.modelCalls.callsBegun(by: family, since: .distantPast) == ModelCallCount(family: 1, service: 1))
        #expect(try await copied.refusedRequests.refusals(by: mia, on: .web, since: .distantPast) == 1)
        // Identity sequences moved past the copied ids: a new grant gets a new id.
        let grant = try await copied.entitlements.grant(.user(platform: "discord", userID: "9"), by: "7", at: Date(), until: nil, reason: nil)
        #expect(grant.id > 1)
        await target.close()
    }
}

/// Lines a command printed, for a test to wait on.
final class Said: Sendable {
    private let stored = Mutex<[String]>([])
    var lines: [String] { stored.withLock { $0 } }
    func add(_ line: String) { stored.withLock { $0.append(line) } }

    /// Waits (generously) until a line was said.
    func waitForLine(timeout: Duration = .seconds(30)) async throws {
        try await eventually("a line said", timeout: timeout) { !lines.isEmpty }
    }
}
