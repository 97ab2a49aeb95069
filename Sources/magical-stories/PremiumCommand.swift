import ArgumentParser
import Foundation
import Logging
import MagicalStories
import Operations
import StoryDomain

/// `magical-stories premium grant|revoke|status|log`: the bot admins' premium tools.
struct PremiumCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "premium", abstract: "Grant, revoke and inspect premium (bot admins).",
        subcommands: [Grant.self, Revoke.self, Status.self, Log.self])

    /// Whom the command is about.
    struct Target: ParsableArguments {
        @Option(help: "A user id (Discord by default; see --platform).") var user: String?
        @Option(help: "A Discord server id: the whole server (family plan); for status, with --user, the member's server.")
        var server: String?
        @Option(help: "A web chat room name: the whole room; for status, with --user, the member's room.") var room: String?
        @Option(help: "The platform of --user: discord (default) or web.") var platform: String?

        /// Exactly one of --user, --server or --room (grant and revoke).
        func resolve() throws -> PremiumTarget {
            do {
                return try AdminConsole.target(user: user, server: server, room: room, platform: platform.map(Platform.init(rawValue:)))
            } catch {
                throw ValidationError("\(error)")
            }
        }

        /// A server or room, or a user with the server or room they belong to (status).
        func resolveForStatus() throws -> (target: PremiumTarget, family: FamilyRef?) {
            do {
                return try AdminConsole.statusTarget(user: user, server: server, room: room, platform: platform.map(Platform.init(rawValue:)))
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    struct Grant: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "grant", abstract: "Give premium to a user, server or room.")
        @OptionGroup var options: ConfigOptions
        @OptionGroup var target: Target
        @Option(name: .customLong("as"), help: "Your admin id (one of ADMIN_USER_IDS).") var admin: String
        @Option(help: "For how many days (default: until revoked).") var days: Int?
        @Option(help: "Why, for the audit log.") var reason: String?

        func run() async throws {
            let target = try target.resolve()
            try await withConsole(options) { try await $0.grant(target, as: admin, days: days, reason: reason) }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "End a user's, server's or room's premium now.")
        @OptionGroup var options: ConfigOptions
        @OptionGroup var target: Target
        @Option(name: .customLong("as"), help: "Your admin id (one of ADMIN_USER_IDS).") var admin: String
        @Option(help: "Why, for the audit log.") var reason: String?

        func run() async throws {
            let target = try target.resolve()
            try await withConsole(options) { try await $0.revoke(target, as: admin, reason: reason) }
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Show the plan of a user, server or room and where it comes from.",
            discussion: "With --user and --server (or --room), the user's plan in that server or room: its family plan counts too.")
        @OptionGroup var options: ConfigOptions
        @OptionGroup var target: Target

        func run() async throws {
            let (target, family) = try target.resolveForStatus()
            try await withConsole(options) { try await $0.status(target, in: family) }
        }
    }

    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "log", abstract: "Print the premium audit log, newest first.")
        @OptionGroup var options: ConfigOptions
        @Option(help: "How many entries.") var limit = 50

        func run() async throws {
            try await withConsole(options) { try await $0.auditLog(limit: limit) }
        }
    }
}

/// Opens the database, runs one console action and prints its answer; refusals exit with 1.
func withConsole(_ options: ConfigOptions, _ action: (AdminConsole) async throws -> String) async throws {
    try await withDatabaseConsole(options, make: { AdminConsole(config: $0, store: $1) }, action)
}

/// Opens the database, makes a console on it, runs one action and prints its answer; refusals
/// (and any failure) print a line and exit with 1.
func withDatabaseConsole<Console>(_ options: ConfigOptions, make: (AppConfig, AppStore) throws -> Console,
                                  _ action: (Console) async throws -> String) async throws {
    let config = try await options.load()
    do {
        let store = try await AppStore.open(config, logger: makeLogger(level: .warning))
        let answer: Result<String, any Error>
        do {
            answer = .success(try await action(try make(config, store)))
        } catch {
            answer = .failure(error)
        }
        await store.close()
        print(try answer.get())
    } catch let refusal as AdminConsole.Refusal {
        print(refusal.description)
        throw ExitCode(1)
    } catch {
        print("Failed: \(error)")
        throw ExitCode(1)
    }
}
