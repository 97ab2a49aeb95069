import Foundation
import Logging
import MagicalStories
import Operations
import StoryDomain
import StoryStore
import Testing

/// The setup link retires through the real `POST /api/join`: it opens the door only while the
/// install has no grown-up at all, from any door, across restarts; it is shown on a terminal,
/// else written to a private file, and no log line carries it.
@Suite("Setup link end to end", .serialized)
struct SetupLinkEndToEndTests {
    static func link(in text: String) -> String? {
        text.split(whereSeparator: \.isWhitespace).first { $0.contains("/join#") }.map(String.init)
    }

    static func code(of link: String) -> String { String(link.split(separator: "#").last ?? "") }

    @Test("the first grown-up came in by a shell invite: the printed setup link is refused with a kind reason, also after a restart")
    func shellInviteRetiresIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-setup-retire-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await TestApp.start(directory: directory)
        let link = try #require(Self.link(in: first.announcements.joined()))
        let shell = try await first.app.rooms.invite(to: "family", role: .grownUp, by: "cli")
        #expect(try await first.postJoin(invite: shell.code.rawValue, name: "Anna").0 == 200)

        let (status, body, _) = try await first.postJoin(invite: link, name: "Mallory")
        #expect(status == 410)
        #expect(String(decoding: body, as: UTF8.self).contains("setup link no longer works"))
        await first.stop()

        let second = try await TestApp.start(directory: directory)
        #expect(second.announcements.isEmpty, "no new setup link once the install has a grown-up")
        #expect(try await second.postJoin(invite: link, name: "Mallory").0 == 410)
        #expect(try await second.app.rooms.members(of: "family").map(\.name) == ["Anna"], "the stranger never got in")
        await second.stop()
    }

    @Test("off a terminal the link goes to setup-link.txt (0600, one line), the log carries no piece of it at trace level, and the file goes once a grown-up is in")
    func fileAndLogs() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-setup-file-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = SetupLinkFile(url: directory.appendingPathComponent(SetupLinkFile.name))
        var logConfig = AppConfig()
        logConfig.logLevel = .trace
        logConfig.operations.logFormat = .json
        let lines = JSONLogTests.Lines()
        let first = try await TestApp.start(directory: directory, logger: ServiceLogging.logger(for: logConfig, sink: lines.sink),
                                            setupLink: .file(file))
        #expect(first.announcements.isEmpty)
        let written = try String(contentsOf: file.url, encoding: .utf8)
        #expect(written.hasSuffix("\n") && written.filter { $0 == "\n" }.count == 1)
        let link = written.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(link.hasPrefix("http://127.0.0.1:\(first.port)/join#"))
        #expect(PrivateFiles.mode(of: file.url.path) == 0o600)
        #expect(lines.all.contains { $0.contains(SetupLinkFile.name) }, "the log says where the link is")

        #expect(try await first.postJoin(invite: link, name: "Anna").0 == 200)
        #expect(try await first.postJoin(invite: link, name: "Mallory").0 == 410)
        await first.stop()
        let code = Self.code(of: link)
        #expect(code.count >= 22)
        for line in lines.all {
            #expect(SecretsInLogsTests.leak(of: code, in: line) == nil, "\(line)")
        }

        let second = try await TestApp.start(directory: directory, setupLink: .file(file))
        #expect(!file.exists, "its link no longer works: the file is removed")
        await second.stop()
    }
}
