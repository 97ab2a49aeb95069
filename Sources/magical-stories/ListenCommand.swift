import ArgumentParser
import Foundation
import MagicalStories
import Operations
import StoryDomain

/// `magical-stories story listen STORY --out FILE.ogg`: a story read aloud, as Ogg/Opus.
struct ListenStory: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen", abstract: "Write a story's narration (Ogg/Opus) to a file, made once and kept with the story.")

    @OptionGroup var options: ConfigOptions
    @Argument(help: "The story: its id or words of its title.") var story: String
    @Option(help: "Only this page (default: the whole story).") var page: Int?
    @Option(help: "The file to write, e.g. story.ogg.") var out: String

    func run() async throws {
        let config = try await options.load()
        let started = ContinuousClock.now
        do {
            let tool = ReadAloudTool(config: config, store: try await AppStore.open(config, logger: makeLogger(level: config.logLevel)))
            let (story, narration) = try await tool.narrate(story, page: page, logger: makeLogger(level: config.logLevel))
            try narration.audio.data.write(to: URL(fileURLWithPath: out))
            let elapsed = ContinuousClock.now - started
            print("🔊 “\(story.displayTitle)” — \(narration.part), \(String(format: "%.1f", narration.audio.duration)) s "
                  + "(\(narration.audio.voice)), \(narration.audio.data.count) bytes, in \(elapsed.formatted(.units(allowed: [.milliseconds])))")
            print("   \(out)")
        } catch let refusal as ReadAloudTool.Refusal {
            print(refusal.description)
            throw ExitCode(1)
        }
    }
}
