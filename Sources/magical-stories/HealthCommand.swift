import ArgumentParser
import MagicalStories

/// `magical-stories health`: exit 0 when the running service's `/health` answers 200, else 1.
/// For container health checks (`HEALTHCHECK CMD magical-stories health`) and supervisors.
struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Ask the running service's /health (as configured: operations port, else the web chat's); exit 0 when healthy.")

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let config = try await options.load()
        let (healthy, message) = await HealthCheck.probe(config)
        print(healthy ? "healthy: \(message)" : "unhealthy: \(message)")
        if !healthy { throw ExitCode(1) }
    }
}
