import StoryBot
import TelegramBotAPI

/// The bot's menu (`setMyCommands`): one entry per command the chat can use, naming its subcommands.
enum TelegramCommandMenu {
    static var commands: [TelegramBotCommand] {
        CommandCatalog.commandNames.compactMap { name in
            let entries = CommandCatalog.entries.filter { $0.command == name && !$0.webChatOnly }
            guard let first = entries.first else { return nil }
            let subcommands = entries.compactMap(\.subcommand)
            let description = subcommands.isEmpty ? first.summary : subcommands.joined(separator: ", ")
            return TelegramBotCommand(command: name, description: String(description.prefix(256)))
        }
    }
}
