import ArgumentParser
import MagicalStories
import Operations

/// `magical-stories owner show|set`: the install's owner, who may grant premium and read usage
/// from the web chat.
struct OwnerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "owner", abstract: "The install's owner: who may grant premium and read usage from the web chat.",
        subcommands: [Show.self, SetOwner.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Who the owner is and how they became it.")
        @OptionGroup var options: ConfigOptions

        func run() async throws {
            try await withDatabaseConsole(options, make: { OwnerConsole(store: $1) }) { try await $0.show() }
        }
    }

    struct SetOwner: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Name the owner: a grown-up of a web chat room (instead of the setup link's first grown-up).")
        @OptionGroup var options: ConfigOptions
        @Option(help: "The room's name.") var room: String
        @Option(help: "The grown-up: their number or id from `room members`, or their name.") var member: String

        func run() async throws {
            try await withDatabaseConsole(options, make: { OwnerConsole(store: $1) }) { try await $0.set(room: room, member: member) }
        }
    }
}
