import ArgumentParser
import Foundation
import MagicalStories
import Operations
import StoryStore

/// `magical-stories backup --out FILE` (or `--dir DIR [--keep N]`): a consistent copy of the
/// database, made while the service runs, checked by opening it.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Copy the database safely, even while the service runs.",
        discussion: """
            The copy holds every story and picture saved when it began. It is checked (opened, \
            SQLite's checks, this service's schema) before it gets its name. Restore it with \
            `magical-stories restore FILE` while the service is stopped.
            """)

    @OptionGroup var options: ConfigOptions
    @Option(help: "The file to write (it must not exist yet).") var out: String?
    @Option(help: "A folder: write a time-named backup there and keep only the newest --keep.") var dir: String?
    @Option(help: "With --dir, how many backups to keep.") var keep = 7

    func validate() throws {
        guard (out == nil) != (dir == nil) else { throw ValidationError("Give exactly one of --out FILE or --dir FOLDER.") }
        guard keep >= 1 else { throw ValidationError("--keep must be at least 1.") }
    }

    func run() async throws {
        let config = try await options.load()
        if let url = config.databaseURL {
            print("✗ " + PostgresToolsAdvice.refusal("backup", url: url))
            throw ExitCode(1)
        }
        do {
            if let out {
                let summary = try BackupTool.backup(databasePath: config.databasePath, to: out)
                print("✓ Backed up \(config.databasePath) to \(summary.path): \(Self.describe(summary)).")
            } else if let dir {
                let (summary, removed) = try BackupTool.backup(databasePath: config.databasePath, into: dir, keep: keep)
                print("✓ Backed up \(config.databasePath) to \(summary.path): \(Self.describe(summary)).")
                if !removed.isEmpty { print("  Removed \(removed.count) older backup\(removed.count == 1 ? "" : "s"), keeping \(keep).") }
            }
        } catch {
            print("✗ \(error)")
            throw ExitCode(1)
        }
    }

    static func describe(_ summary: BackupSummary) -> String { BackupTool.describe(summary) }
}

/// `magical-stories restore FILE`: puts a backup in place of the database, with the service stopped.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Replace the database with a backup (stop the service first).",
        discussion: """
            The backup is checked first; a file that is not a whole backup of Magical Stories is \
            refused and nothing changes. The database it replaces is kept beside it as \
            <database>.before-restore-<time>.
            """)

    @OptionGroup var options: ConfigOptions
    @Argument(help: "The backup file.") var file: String

    func run() async throws {
        let config = try await options.load()
        if let url = config.databaseURL {
            print("✗ " + PostgresToolsAdvice.refusal("restore", url: url))
            throw ExitCode(1)
        }
        do {
            let restored = try BackupTool.restore(file, databasePath: config.databasePath)
            print("✓ Restored \(file) to \(config.databasePath): \(BackupCommand.describe(restored.summary)).")
            if let previous = restored.previous { print("  The database it replaced is kept at \(previous).") }
            print("  Start the service again (systemctl start magical-stories).")
        } catch {
            print("✗ \(error)")
            throw ExitCode(1)
        }
    }
}
