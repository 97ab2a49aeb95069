import ArgumentParser
import Foundation
import Logging
import MagicalStories
import Operations
import StoryStorePostgres

/// `magical-stories copy-to postgres://…`: copies the SQLite install into PostgreSQL.
struct CopyToCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy-to", abstract: "Copy this SQLite install (every table) into a PostgreSQL database.",
        discussion: """
            Reads one snapshot of DATABASE_PATH (the service may keep running; stop it first to copy everything), \\
            migrates the PostgreSQL database, copies every table, skipping rows it already holds (safe to run twice), \\
            prints the counts and checks every picture's SHA-256. Then set DATABASE_URL to the same URL. \\
            Give the URL's password percent-encoded, or leave it out and set PGPASSWORD.
            """)

    @OptionGroup var options: ConfigOptions
    @Argument(help: "postgres://user:password@host:5432/database?sslmode=require") var url: String

    func run() async throws {
        let config = try await options.load()
        let target: PostgresURL
        do {
            target = try PostgresURL(parsing: url, passwordFallback: ProcessInfo.processInfo.environment["PGPASSWORD"])
        } catch {
            throw ValidationError(error.description)
        }
        let logger = makeLogger(level: .warning)
        do {
            let report = try await PostgresCopy.copy(databasePath: config.databasePath, to: target, logger: logger) { print($0) }
            print(report.description)
            print("Done. To serve from PostgreSQL, set DATABASE_URL to this URL (the SQLite file is left as it was).")
        } catch {
            print("Copy failed: \(error)")
            throw ExitCode(1)
        }
    }
}
