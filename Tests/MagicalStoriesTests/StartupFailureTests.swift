import DiscordSimulator
import Foundation
import Testing

/// `magical-stories serve` that cannot start says so in one plain sentence naming what failed
/// (the address, file or value) and the setting to change, with no stray error lines (no
/// `CancellationError`, `errno` or `bind(descriptor:…)`), and exits non-zero. Runs the real
/// binary, as systemd or Docker would.
@Suite("Start-up failures", .serialized)
struct StartupFailureTests {
    /// What the service printed and how it ended.
    struct Outcome {
        var status: Int32
        var output: String

        /// The lines naming `setting`.
        func lines(naming setting: String) -> [Substring] {
            output.split(separator: "\n").filter { $0.contains(setting) }
        }

        /// Exit status 1, one line naming `setting` and `what`, and none of the raw errors.
        func expectOneSentence(naming setting: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(status == 1, "exit status; output:\n\(output)", sourceLocation: sourceLocation)
            let named = lines(naming: setting)
            #expect(named.count == 1, "one sentence names \(setting); output:\n\(output)", sourceLocation: sourceLocation)
            #expect(named.first?.contains(what) == true, "it names \(what); output:\n\(output)", sourceLocation: sourceLocation)
            for raw in ["CancellationError", "errno", "bind(descriptor", "Usage:", "Error:"] {
                #expect(!output.contains(raw), "no “\(raw)”; output:\n\(output)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Runs `magical-stories serve` in a fresh folder with free ports, `environment` over those,
    /// until it exits.
    func serve(_ environment: [String: String] = [:], in folder: URL? = nil) async throws -> Outcome {
        let folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("ms-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = ["DATABASE_PATH": folder.appendingPathComponent("stories.sqlite").path, "HTTP_PORT": "\(try LoopbackPort.free())",
                        "METRICS_PORT": "\(try LoopbackPort.free())", "LOG_LEVEL": "info", "PATH": "/usr/bin:/bin"]
        settings.merge(environment) { $1 }
        let (status, output) = try await ServiceProcess.run(ServiceProcess.binary.path, ["serve"], environment: settings, directory: folder)
        return Outcome(status: status, output: output)
    }

    @Test("the web chat's port already in use names the address and HTTP_PORT")
    func webPortInUse() async throws {
        let taken = try Blackhole()
        defer { taken.close() }
        try await serve(["HTTP_PORT": "\(taken.port)"]).expectOneSentence(naming: "HTTP_PORT", "127.0.0.1:\(taken.port)")
    }

    @Test("the metrics port already in use names the address and METRICS_PORT")
    func metricsPortInUse() async throws {
        let taken = try Blackhole()
        defer { taken.close() }
        try await serve(["METRICS_PORT": "\(taken.port)"]).expectOneSentence(naming: "METRICS_PORT", "127.0.0.1:\(taken.port)")
    }

    @Test("a database in a folder this user may not write names the path and DATABASE_PATH")
    func unwritableFolder() async throws {
        // Root writes anywhere a mode allows nothing; sysfs refuses new files even to root.
        let folder: String
        if geteuid() == 0 {
            folder = "/sys"
        } else {
            let readOnly = FileManager.default.temporaryDirectory.appendingPathComponent("ms-ro-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
            folder = readOnly.path
        }
        defer { if folder != "/sys" { try? FileManager.default.removeItem(atPath: folder) } }
        let path = folder + "/stories.sqlite"
        try await serve(["DATABASE_PATH": path]).expectOneSentence(naming: "DATABASE_PATH", path)
    }

    @Test("a database path under a file, not a folder, names the path and DATABASE_PATH")
    func folderIsAFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ms-file-\(UUID().uuidString)")
        try Data("not a folder".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let path = file.appendingPathComponent("stories.sqlite").path
        try await serve(["DATABASE_PATH": path]).expectOneSentence(naming: "DATABASE_PATH", path)
    }

    @Test("a database file that is not SQLite names the file and DATABASE_PATH")
    func notSQLite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ms-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("notes.sqlite").path
        try Data(String(repeating: "shopping list: milk, bread, honey\n", count: 200).utf8).write(to: URL(fileURLWithPath: path))
        let outcome = try await serve(["DATABASE_PATH": path], in: folder)
        outcome.expectOneSentence(naming: "DATABASE_PATH", path)
        #expect(outcome.output.contains("not a SQLite database"))
    }

    @Test("a database file this user cannot read names the file and DATABASE_PATH", .enabled(if: geteuid() != 0, "root reads every file"))
    func unreadableDatabase() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ms-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("stories.sqlite").path
        FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o000])
        try await serve(["DATABASE_PATH": path], in: folder).expectOneSentence(naming: "DATABASE_PATH", path)
    }

    @Test("a database another service already serves names the file and DATABASE_PATH")
    func databaseHeld() async throws {
        let running = try ServiceProcess(environment: ["WEB_CHAT_ENABLED": "false"])
        defer { running.cleanUp() }
        try await running.waitUntilHealthy()
        let path = try #require(running.environment["DATABASE_PATH"])
        try await serve(["DATABASE_PATH": path]).expectOneSentence(naming: "DATABASE_PATH", path)
    }

    @Test("a PostgreSQL that cannot be reached names the redacted URL and DATABASE_URL, never the password")
    func postgresUnreachable() async throws {
        let port = try LoopbackPort.free()
        let outcome = try await serve(["DATABASE_URL": "postgres://stories:hunter2secret@127.0.0.1:\(port)/stories",
                                       "DATABASE_CONNECT_WAIT_SECONDS": "0"])
        outcome.expectOneSentence(naming: "DATABASE_URL", "127.0.0.1:\(port)")
        #expect(!outcome.output.contains("hunter2secret"))
    }

    @Test("missing TLS files name the file and TLS_CERT_FILE")
    func missingTLSFiles() async throws {
        let certificate = "/nonexistent/magical-stories/cert.pem"
        try await serve(["TLS_CERT_FILE": certificate, "TLS_KEY_FILE": "/nonexistent/magical-stories/key.pem"])
            .expectOneSentence(naming: "TLS_CERT_FILE", certificate)
    }

    @Test("a Discord token that Discord rejects names DISCORD_TOKEN, never the token")
    func rejectedDiscordToken() async throws {
        let simulator = DiscordSimulator()
        try await simulator.start()
        let token = "wrong-token-4c5f0a"
        let outcome = try await serve(["DISCORD_TOKEN": token, "DISCORD_API_URL": simulator.apiURL, "WEB_CHAT_ENABLED": "false",
                                       "DISCORD_APPLICATION_ID": String(describing: simulator.configuration.applicationID)])
        await simulator.stop()
        outcome.expectOneSentence(naming: "DISCORD_TOKEN", "Discord")
        #expect(!outcome.output.contains(token))
    }

    @Test("an invalid value names the value and its setting, without the usage text")
    func invalidValue() async throws {
        try await serve(["HTTP_PORT": "eighty"]).expectOneSentence(naming: "HTTP_PORT", "eighty")
    }
}
