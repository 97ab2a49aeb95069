/// Why typed text could not be read as a command; each case says what to fix.
public enum CommandParseError: Error, Equatable, Sendable {
    case empty
    case unknownCommand(String)
    case unknownSubcommand(command: String, given: String?, expected: [String])
    case unknownOption(command: String, option: String, expected: [String])
    case unbalancedQuote
    case missingValue(option: String)
    case duplicateOption(String)
    case unexpectedText(String)
    case tooLong(limit: Int)
    /// A value of the wrong form; `hint` says what is expected.
    case badValue(option: String, hint: String)
    /// Two options that cannot be given together.
    case conflictingOptions(String, String)
}
