import ArgumentParser
import MagicalStories
import Operations
import PictureBook

/// `magical-stories story book STORY --out FILE [--paper universal|a4|letter]`.
struct StoryBookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book", abstract: "Write a stored story's picture book (PDF) to a file.",
        discussion: "STORY is the story's id or words of its title, as /story read takes them (the newest match wins).")

    @OptionGroup var options: ConfigOptions
    @Argument(help: "The story: its id or words of its title.") var story: [String]
    @Option(help: "The file to write: a PDF, or an EPUB 3 edition when it ends in .epub.") var out: String
    @Option(help: "Paper: universal (prints on A4 and Letter alike), a4 or letter.") var paper = PaperSize.universal.name

    func run() async throws {
        try await withDatabaseConsole(options, make: { _, store in BookConsole(store: store) }) { console in
            try await console.write(story: story.joined(separator: " "), to: out, paper: paper)
        }
    }
}
