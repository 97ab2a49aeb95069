import Foundation
import StoryDomain

/// Reads typed commands such as `/story new theme:"a sleepy dragon" name:Mia age:5`.
///
/// Options are `name:value`; a value runs until the next known option, so quotes are only
/// needed around values containing `word:` (straight and curly double quotes both work).
/// Text before the first option fills the subcommand's positional option (`/story read Moon`).
public struct CommandParser: Sendable {
    public var maxLength = 2_000

    public init() {}

    /// Whether the text is meant as a command (starts with `/`).
    public static func isCommand(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("/")
    }

    public func parse(_ text: String) throws(CommandParseError) -> ChatCommand {
        guard text.count <= maxLength else { throw .tooLong(limit: maxLength) }
        var tokens = try tokenize(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !tokens.isEmpty, !tokens[0].text.isEmpty else { throw .empty }
        let command = tokens.removeFirst().text.trimmingPrefix("/").lowercased()
        guard CommandCatalog.commandNames.contains(command) else { throw .unknownCommand(String(command.prefix(32))) }

        let subcommands = CommandCatalog.subcommands(of: command)
        var subcommand: String?
        if !subcommands.isEmpty {
            let given = tokens.first.flatMap { $0.quoted ? nil : CommandCatalog.subcommand($0.text.lowercased(), of: command) }
            guard let given, subcommands.contains(given) else {
                throw .unknownSubcommand(command: command, given: given.map { String($0.prefix(32)) }, expected: subcommands)
            }
            subcommand = given
            tokens.removeFirst()
        }
        guard let entry = CommandCatalog.entry(command: command, subcommand: subcommand) else {
            throw .unknownCommand(command)
        }
        return try CommandBuilder.build(entry, options: try options(from: tokens, entry: entry))
    }

    /// Groups tokens into option values.
    private func options(from tokens: [Token], entry: CommandCatalog.Entry) throws(CommandParseError) -> [String: String] {
        let known = Set(entry.options.map(\.name))
        let label = [entry.command, entry.subcommand].compactMap { $0 }.joined(separator: " ")
        var values: [String: String] = [:]
        var current = entry.positional
        var currentWords: [String] = []

        func flush() throws(CommandParseError) {
            guard !currentWords.isEmpty else { return }
            guard let name = current else { throw .unexpectedText(String(currentWords.joined(separator: " ").prefix(40))) }
            guard values[name] == nil else { throw .duplicateOption(name) }
            values[name] = currentWords.joined(separator: " ")
            currentWords = []
        }

        for token in tokens {
            if !token.quoted, let colon = token.text.firstIndex(of: ":") {
                let key = token.text[..<colon].lowercased()
                if known.contains(key) {
                    try flush()
                    current = key
                    let rest = token.text[token.text.index(after: colon)...]
                    if !rest.isEmpty || token.valueQuoted { currentWords.append(String(rest)) }
                    if token.valueQuoted, rest.isEmpty { values[key] = ""; current = nil; currentWords = [] }
                    continue
                }
                if !key.isEmpty, key.count <= 20, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) {
                    throw .unknownOption(command: label, option: key, expected: entry.options.map(\.name))
                }
            }
            currentWords.append(token.text)
        }
        try flush()
        if let name = current, values[name] == nil, tokens.last.map({ $0.text.hasSuffix(":") }) == true {
            throw .missingValue(option: name)
        }
        return values
    }

    struct Token {
        var text: String
        /// The whole token was quoted (`"a sleepy dragon"`).
        var quoted: Bool
        /// The value part after `key:` was quoted (`theme:"…"`).
        var valueQuoted: Bool
    }

    private static let openingQuotes: [Character: Character] = ["\"": "\"", "“": "”", "„": "“", "«": "»", "”": "”"]

    /// Splits on white space, keeping quoted runs together, anywhere in a token.
    func tokenize(_ text: String) throws(CommandParseError) -> [Token] {
        var tokens: [Token] = []
        var buffer = ""
        var quoted = false
        var valueQuoted = false
        var closing: Character?
        var hasToken = false

        for character in text {
            if let close = closing {
                if character == close || (close == "”" && character == "\"") {
                    closing = nil
                } else {
                    buffer.append(character)
                }
                continue
            }
            if character.isWhitespace {
                if hasToken { tokens.append(Token(text: buffer, quoted: quoted, valueQuoted: valueQuoted)) }
                buffer = ""; quoted = false; valueQuoted = false; hasToken = false
                continue
            }
            if let close = Self.openingQuotes[character] {
                closing = close
                if !hasToken { quoted = true } else if buffer.hasSuffix(":") { valueQuoted = true }
                hasToken = true
                continue
            }
            buffer.append(character)
            hasToken = true
        }
        guard closing == nil else { throw .unbalancedQuote }
        if hasToken { tokens.append(Token(text: buffer, quoted: quoted, valueQuoted: valueQuoted)) }
        return tokens
    }
}
