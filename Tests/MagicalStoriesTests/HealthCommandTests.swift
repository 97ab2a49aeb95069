import Foundation
import Testing

/// The container's health check, run exactly as the image runs it: the Dockerfile's
/// `HEALTHCHECK … CMD <command>` string, given to `/bin/sh -c` — dash in the Debian image.
@Suite("Docker health check under dash", .serialized)
struct HealthCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shell command of the Dockerfile's HEALTHCHECK (the text after `CMD`).
    static func healthcheckCommand() throws -> String {
        let dockerfile = try String(contentsOf: root.appendingPathComponent("deploy/Dockerfile"), encoding: .utf8)
        let line = try #require(dockerfile.split(separator: "\n").first { $0.hasPrefix("HEALTHCHECK") })
        let command = try #require(line.range(of: " CMD ").map { String(line[$0.upperBound...]) })
        #expect(!command.hasPrefix("["), "the shell form: Docker runs it with /bin/sh -c")
        return command
    }

    /// What the health check's shell sees: the image's environment, the binary on PATH.
    static func imageEnvironment(for service: ServiceProcess, config: URL) -> [String: String] {
        var environment = service.environment
        environment["PATH"] = ServiceProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        environment["MAGICAL_STORIES_CONFIG"] = config.path
        return environment
    }

    /// A copy of the image's config file (config/ is copied to /etc/magical-stories).
    static func imageConfig(in directory: URL) throws -> URL {
        let copy = directory.appendingPathComponent("magical-stories.json")
        try FileManager.default.copyItem(at: root.appendingPathComponent("config/magical-stories.json"), to: copy)
        return copy
    }

    @Test("the HEALTHCHECK command passes under dash while the service runs (as in the image: all interfaces, operations port) and fails once it stops")
    func operationsPort() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/dash"), "install dash (scripts/setup.sh)")
        let command = try Self.healthcheckCommand()
        let service = try ServiceProcess(environment: ["HTTP_HOST": "0.0.0.0", "LOG_LEVEL": "error"])
        defer { service.cleanUp() }
        try await service.waitUntilHealthy()
        let environment = Self.imageEnvironment(for: service, config: try Self.imageConfig(in: service.directory))

        let healthy = try await ServiceProcess.run("/usr/bin/dash", ["-c", command], environment: environment, directory: service.directory)
        #expect(healthy.status == 0, "\(healthy.output)")
        #expect(healthy.output.contains("healthy: http://127.0.0.1:\(service.metricsPort)/health: 200 ok"), "\(healthy.output)")

        _ = await service.terminate(within: .seconds(30))
        let stopped = try await ServiceProcess.run("/usr/bin/dash", ["-c", command], environment: environment, directory: service.directory)
        #expect(stopped.status == 1, "\(stopped.output)")
        #expect(stopped.output.contains("unhealthy"), "\(stopped.output)")
    }

    @Test("with the operations listener off and TLS on, it asks the web chat's port over HTTPS")
    func webChatOverTLS() async throws {
        let command = try Self.healthcheckCommand()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-health-\(UUID().uuidString)")
        let certificate = try TestCertificate.make(in: directory.appendingPathComponent("tls"), name: "service")
        let service = try ServiceProcess(directory: directory, environment: [
            "HTTP_HOST": "0.0.0.0", "METRICS_ENABLED": "false", "LOG_LEVEL": "error",
            "TLS_CERT_FILE": certificate.certificateFile, "TLS_KEY_FILE": certificate.keyFile,
        ])
        defer { service.cleanUp() }
        let environment = Self.imageEnvironment(for: service, config: try Self.imageConfig(in: directory))
        try await Eventually.check("the health check passes over TLS", timeout: .seconds(60)) {
            guard service.isRunning else { throw ServiceProcessError.exited(service.log) }
            return try await ServiceProcess.run("/usr/bin/dash", ["-c", command], environment: environment, directory: directory).status == 0
        }
        let answer = try await ServiceProcess.run("/usr/bin/dash", ["-c", command], environment: environment, directory: directory)
        #expect(answer.output.contains("https://127.0.0.1:\(service.httpPort)/health: 200"), "\(answer.output)")
    }

    @Test("nothing to ask (operations off, web chat off): unhealthy, saying why")
    func nothingToAsk() async throws {
        let result = try await ServiceProcess.run(ServiceProcess.binary.path, ["health"], environment: [
            "METRICS_ENABLED": "false", "WEB_CHAT_ENABLED": "false", "PATH": "/usr/bin:/bin",
        ], directory: FileManager.default.temporaryDirectory)
        #expect(result.status == 1)
        #expect(result.output.contains("both off"), "\(result.output)")
    }
}
