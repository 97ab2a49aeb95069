import Foundation
import MagicalStories
import Operations
import StoryBot
import StoryDomain
import Testing
import WebChat

/// A web-only install has an admin: the first grown-up by the setup link owns it and grants
/// premium and reads usage from the web chat; `magical-stories owner set` names another;
/// `ADMIN_USER_IDS` names admins by platform and stops the service at start when it cannot.
@Suite("Install owner end to end", .serialized)
struct OwnerEndToEndTests {
    /// Follows `link` over `POST /api/join` as a browser does.
    static func member(_ app: TestApp, link: String, name: String) async throws -> TestMember {
        let (status, body, headers) = try await app.postJoin(invite: link, name: name)
        guard status == 200, let setCookie = headers["set-cookie"] else {
            throw TestApp.JoinFailed(status: status, body: String(decoding: body, as: UTF8.self))
        }
        let answer = try JSONDecoder().decode(MemberAnswer.self, from: body)
        return TestMember(userID: answer.userId, name: answer.name, role: answer.role, room: answer.room,
                          cookie: String(setCookie.split(separator: ";")[0]), setCookie: setCookie)
    }

    @Test("the setup link's grown-up grants premium and reads usage in the web chat; another grown-up cannot until `owner set` names them")
    func ownerInTheWebChat() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let link = try #require(SetupLinkEndToEndTests.link(in: app.announcements.joined()))
        let anna = try await Self.member(app, link: link, name: "Anna")
        let url = "ws://127.0.0.1:\(app.port)/ws"
        let annaChat = try await ChatTestClient.connect(url: url, member: anna)
        try await annaChat.say("/premium grant days:30")
        let granted = try await annaChat.next("premium granted") { $0.message?.text?.contains("Premium granted") == true }
        #expect(granted.message?.text?.contains("“family”") == true, "\(granted.message?.text ?? "")")
        #expect(try await app.app.entitlements.status(of: .family(FamilyRef(platform: .web, externalID: "family")), in: nil).tier == .premium)
        try await annaChat.say("/premium usage days:3")
        let usage = try await annaChat.next("usage") { $0.message?.text?.contains("📊") == true }
        #expect(usage.message?.text?.contains("last 3 days") == true, "\(usage.message?.text ?? "")")

        let ben = try await app.join(room: "family", name: "Ben")
        let benChat = try await ChatTestClient.connect(url: url, member: ben)
        try await benChat.say("/premium usage")
        let refused = try await benChat.next("refusal") { $0.message?.text?.contains("🔒") == true }
        #expect(refused.message?.text == FriendlyErrors.text(for: CommandAccessError.notBotAdmin))

        // From the shell, while the service runs: Ben is named the owner.
        let environment = ["DATABASE_PATH": app.app.config.databasePath, "PATH": "/usr/bin:/bin"]
        let binary = ServiceProcess.binary.path
        let before = try await ServiceProcess.run(binary, ["owner", "show"], environment: environment, directory: app.directory)
        #expect(before.status == 0 && before.output.contains("Anna") && before.output.contains("setup link"), "\(before.output)")
        let named = try await ServiceProcess.run(binary, ["owner", "set", "--room", "family", "--member", "Ben"], environment: environment,
                                                 directory: app.directory)
        #expect(named.status == 0 && named.output.contains("Ben"), "\(named.output)")
        try await benChat.say("/premium usage")
        _ = try await benChat.next("usage for the new owner") { $0.message?.text?.contains("📊") == true }
        try await annaChat.say("/premium usage")
        _ = try await annaChat.next("the old owner refused") { $0.message?.text?.contains("🔒") == true }

        let child = try await app.join(room: "family", name: "Leo", role: .child)
        let notChild = try await ServiceProcess.run(binary, ["owner", "set", "--room", "family", "--member", child.userID],
                                                    environment: environment, directory: app.directory)
        #expect(notChild.status == 1 && notChild.output.contains("the owner is a grown-up"), "\(notChild.output)")
        await annaChat.close()
        await benChat.close()
        await app.stop()
    }

    @Test("ADMIN_USER_IDS takes discord:, web: and telegram: ids (a bare number is Discord's); a wrong entry stops serve, naming the variable")
    func adminIDs() async throws {
        let config = try await AppConfig.load(file: nil, environment: ["ADMIN_USER_IDS": "discord:1, web:w7k2m9q4x1zb,telegram:42,1400000000000000001"])
        #expect(config.admins.map(\.description) == ["discord:1", "web:w7k2m9q4x1zb", "telegram:42", "discord:1400000000000000001"])

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-admins-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ServiceProcess.run(ServiceProcess.binary.path, ["serve"], environment: [
            "DATABASE_PATH": directory.appendingPathComponent("stories.sqlite").path, "HTTP_PORT": "\(try LoopbackPort.free())",
            "METRICS_PORT": "\(try LoopbackPort.free())", "ADMIN_USER_IDS": "discord:1,slack:2", "PATH": "/usr/bin:/bin",
        ], directory: FileManager.default.temporaryDirectory)
        #expect(result.status != 0)
        #expect(result.output.contains("ADMIN_USER_IDS") && result.output.contains("slack:2"), "\(result.output)")
    }
}
