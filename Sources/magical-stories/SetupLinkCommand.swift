import ArgumentParser
import MagicalStories
import Operations

/// `magical-stories setup-link`: prints a fresh setup link while the install has no grown-up.
struct SetupLinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup-link", abstract: "Print a fresh setup link (only while no room has a grown-up).",
        discussion: """
            The link makes whoever opens it the first grown-up of the room “Family”; earlier setup links stop working. \
            Once any room has a grown-up it says so and exits with 1: invite people with `magical-stories invite` instead.
            """)
    @OptionGroup var options: ConfigOptions

    func run() async throws {
        try await withDatabaseConsole(options, make: { SetupLinkConsole(config: $0, store: $1) }) { try await $0.fresh() }
    }
}
