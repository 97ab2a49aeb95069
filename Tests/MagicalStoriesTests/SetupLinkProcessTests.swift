import Foundation
import MagicalStories
import Operations
import StoryStore
import Testing

/// The binary as systemd or Docker runs it: standard output is not a terminal, the umask lets
/// everyone read new files. The setup link goes to `setup-link.txt` (0600) and nowhere else;
/// `magical-stories setup-link` prints a fresh one, and says plainly once a grown-up is in.
@Suite("Setup link from the real binary", .serialized)
struct SetupLinkProcessTests {
    @Test("stdout not a TTY, umask 000: the link is in setup-link.txt (0600), never in stdout or stderr; setup-link renews it, then retires; the database and a backup are 0600")
    func notATerminal() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-setup-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let httpPort = try LoopbackPort.free()
        let metricsPort = try LoopbackPort.free()
        let environment = ["DATABASE_PATH": directory.appendingPathComponent("data/stories.sqlite").path, "HTTP_PORT": "\(httpPort)",
                           "METRICS_PORT": "\(metricsPort)", "LOG_LEVEL": "trace", "PATH": "/usr/bin:/bin"]
        let stdout = directory.appendingPathComponent("stdout.log")
        let stderr = directory.appendingPathComponent("stderr.log")
        FileManager.default.createFile(atPath: stdout.path, contents: nil)
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask 000; exec \"$0\" serve", ServiceProcess.binary.path]
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        let file = directory.appendingPathComponent("data/setup-link.txt")
        try await Eventually.check("the service writes setup-link.txt", timeout: .seconds(60)) {
            guard process.isRunning else { throw ServiceProcessError.exited(try String(contentsOf: stderr, encoding: .utf8)) }
            return FileManager.default.fileExists(atPath: file.path)
        }
        #expect(PrivateFiles.mode(of: file.path) == 0o600, "0600 although the umask is 000")
        // The database, SQLite's own files and the new folder are private too (#30 "Files and headers").
        let database = directory.appendingPathComponent("data/stories.sqlite").path
        for suffix in ["", "-wal", "-shm"] {
            #expect(PrivateFiles.mode(of: database + suffix) == 0o600, "stories.sqlite\(suffix)")
        }
        #expect(PrivateFiles.mode(of: directory.appendingPathComponent("data").path) == 0o700)
        let backup = try await ServiceProcess.run("/bin/sh", ["-c", "umask 000; exec \"$0\" backup --out \"$1\"", ServiceProcess.binary.path,
                                                              directory.appendingPathComponent("backups/copy.sqlite").path],
                                                  environment: environment, directory: directory)
        #expect(backup.status == 0, "\(backup.output)")
        #expect(PrivateFiles.mode(of: directory.appendingPathComponent("backups/copy.sqlite").path) == 0o600)
        #expect(PrivateFiles.mode(of: directory.appendingPathComponent("backups").path) == 0o700)
        let link = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(link.hasPrefix("http://127.0.0.1:\(httpPort)/join#"))
        let code = SetupLinkEndToEndTests.code(of: link)

        // A fresh one from the shell: printed, the file renewed, the old one turned off.
        let binary = ServiceProcess.binary.path
        let renewed = try await ServiceProcess.run(binary, ["setup-link"], environment: environment, directory: directory)
        #expect(renewed.status == 0, "\(renewed.output)")
        let fresh = try #require(SetupLinkEndToEndTests.link(in: renewed.output))
        #expect(fresh != link)
        #expect(try String(contentsOf: file, encoding: .utf8) == fresh + "\n")
        #expect(try await join(fresh, port: httpPort, name: "Anna") == 200)
        #expect(try await join(link, port: httpPort, name: "Mallory") == 410)

        let retired = try await ServiceProcess.run(binary, ["setup-link"], environment: environment, directory: directory)
        #expect(retired.status == 1)
        #expect(retired.output.contains("already has a grown-up") && !retired.output.contains("/join#"))
        #expect(!FileManager.default.fileExists(atPath: file.path), "the file of a retired link is removed")

        kill(process.processIdentifier, SIGTERM)
        // Polled, not waited for: a blocking wait would hold one of the pool's two threads, which
        // every test in parallel shares, for the whole graceful stop.
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        let printed = try String(contentsOf: stdout, encoding: .utf8) + String(contentsOf: stderr, encoding: .utf8)
        #expect(printed.contains("setup-link.txt"), "the log says where the link is")
        for secret in [code, SetupLinkEndToEndTests.code(of: fresh)] {
            #expect(SecretsInLogsTests.leak(of: secret, in: printed) == nil)
        }
    }

    private func join(_ invite: String, port: Int, name: String) async throws -> Int {
        let body = try JSONEncoder().encode(["invite": invite, "name": name])
        return try await HTTPGet.send("POST", URL(string: "http://127.0.0.1:\(port)/api/join")!,
                                      headers: ["Content-Type": "application/json"], body: body).0
    }
}
