import ArgumentParser
import MagicalStories
import Operations
import StoryStore

/// `magical-stories check`: SQLite's integrity check of the database, and what to do when it fails.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the database's integrity (read-only; safe while the service runs); exit 1 with the restore steps when damaged.")

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let config = try await options.load()
        if let url = config.databaseURL {
            print("✗ " + PostgresToolsAdvice.refusal("check", url: url))
            throw ExitCode(1)
        }
        let report: DatabaseIntegrity.Report
        do {
            report = try BackupTool.check(databasePath: config.databasePath)
        } catch {
            print("Cannot check \(config.databasePath): \(error)")
            throw ExitCode(1)
        }
        if report.isSound {
            print("Database \(config.databasePath) is sound (integrity check: ok).")
            return
        }
        print("Database \(config.databasePath) is damaged. SQLite's integrity check found:")
        for problem in report.problems { print("  ✗ \(problem)") }
        print("")
        print(RestoreAdvice.text(for: config))
        throw ExitCode(1)
    }
}
