import ArgumentParser
import MagicalStories
import Operations

/// `magical-stories room create|list|members|remove`: the web chat's rooms and who is in them.
struct RoomCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "room", abstract: "Web chat rooms: make one, list them, see and remove members.",
        subcommands: [Create.self, List.self, Members.self, Remove.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Make a room and print a grown-up's invite link to it.",
            discussion: "Names may use any script and are kept as written (magical-stories room create 家族).")
        @OptionGroup var options: ConfigOptions
        @Argument(help: "The room's name.") var name: String

        func run() async throws {
            try await withRoomConsole(options) { try await $0.create(name) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Every room, with its members and grown-ups.")
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            try await withRoomConsole(options) { try await $0.list() }
        }
    }

    struct Members: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "members", abstract: "Who is in a room (their sessions).")
        @OptionGroup var options: ConfigOptions
        @Argument(help: "The room's name.") var room: String

        func run() async throws {
            try await withRoomConsole(options) { try await $0.members(room: room) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a member and end their session (signed out within half a minute).")
        @OptionGroup var options: ConfigOptions
        @Option(help: "The room's name.") var room: String
        @Argument(help: "The member: their number or id from `room members`, or their name.") var member: String

        func run() async throws {
            try await withRoomConsole(options) { try await $0.remove(member: member, room: room) }
        }
    }
}

/// `magical-stories invite [create] --room NAME --role grown-up|child [--expires 7d] [--uses N]`,
/// `invite list --room NAME`, `invite revoke ID`.
struct InviteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite", abstract: "Invite links to web chat rooms: make, list, revoke.",
        subcommands: [Create.self, List.self, Revoke.self], defaultSubcommand: Create.self)

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Print a new invite link.")
        @OptionGroup var options: ConfigOptions
        @Option(help: "The room's name.") var room: String
        @Option(help: "grown-up or child.") var role: String
        @Option(help: "How long it works: 30m, 12h, 7d, 2w (default 7d).") var expires: String?
        @Option(help: "How many people may use it, 1–100 (default 1).") var uses: String?

        func run() async throws {
            try await withRoomConsole(options) { try await $0.invite(room: room, role: role, expires: expires, uses: uses) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "A room's invites, newest first.")
        @OptionGroup var options: ConfigOptions
        @Option(help: "The room's name.") var room: String

        func run() async throws {
            try await withRoomConsole(options) { try await $0.invites(room: room) }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Stop an invite link working.")
        @OptionGroup var options: ConfigOptions
        @Option(help: "The room's name (optional).") var room: String?
        @Argument(help: "The invite's number from `invite list`.") var id: Int64

        func run() async throws {
            try await withRoomConsole(options) { try await $0.revokeInvite(id, room: room) }
        }
    }
}

/// Opens the database, runs one room action and prints its answer; refusals exit with 1.
func withRoomConsole(_ options: ConfigOptions, _ action: (RoomConsole) async throws -> String) async throws {
    try await withDatabaseConsole(options, make: { RoomConsole(config: $0, store: $1) }, action)
}
