import ArgumentParser
import MagicalStories
import Operations

/// `magical-stories usage`: what the model providers were asked for, per family.
struct UsageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "usage", abstract: "Print the usage ledger per family: provider calls (failed ones included), tokens, images.")
    @OptionGroup var options: ConfigOptions
    @Option(help: "How many days back.") var days = 30

    func run() async throws {
        try await withConsole(options) { try await $0.usageReport(days: days) }
    }
}
