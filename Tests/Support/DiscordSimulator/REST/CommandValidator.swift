import DiscordModels

/// Checks a bulk command overwrite against Discord's naming and size rules.
struct CommandValidator {
    private static let maxOptions = 25
    private static let maxChoices = 25

    /// - Parameter guildScoped: a server's commands, which cannot be used in the bot's DM.
    func validate(_ commands: [ApplicationCommand], guildScoped: Bool = false) throws(DiscordAPIError) {
        var seen = Set<String>()
        for (index, command) in commands.enumerated() {
            let path = [String(index)]
            if guildScoped, command.contexts?.contains(1) == true {
                throw .invalidFormBody(at: path + ["contexts"], code: "APPLICATION_COMMAND_INVALID_CONTEXTS",
                                       message: "Guild commands cannot be used in the bot's DM")
            }
            let isChatInput = command.type == 1
            try validateName(command.name, at: path, lowercase: isChatInput)
            if isChatInput { try validateDescription(command.description, at: path) }
            guard seen.insert("\(command.type):\(command.name)").inserted else {
                throw .invalidFormBody(at: path + ["name"], code: "APPLICATION_COMMANDS_DUPLICATE_NAME",
                                       message: "Application command names must be unique")
            }
            try validateOptions(command.options ?? [], at: path + ["options"])
        }
    }

    private func validateOptions(_ options: [ApplicationCommand.Option], at path: [String]) throws(DiscordAPIError) {
        if options.count > Self.maxOptions {
            throw .invalidFormBody(at: path, code: "BASE_TYPE_MAX_LENGTH", message: "Must be 25 or fewer in length.")
        }
        var optionalSeen = false
        for (index, option) in options.enumerated() {
            let optionPath = path + [String(index)]
            try validateName(option.name, at: optionPath, lowercase: true)
            try validateDescription(option.description, at: optionPath)
            if option.required == true && optionalSeen {
                throw .invalidFormBody(at: optionPath + ["required"], code: "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                                       message: "Required options must be placed before non-required options")
            }
            optionalSeen = optionalSeen || option.required != true && option.type > 2
            if (option.choices?.count ?? 0) > Self.maxChoices {
                throw .invalidFormBody(at: optionPath + ["choices"], code: "BASE_TYPE_MAX_LENGTH", message: "Must be 25 or fewer in length.")
            }
            try validateOptions(option.options ?? [], at: optionPath + ["options"])
        }
    }

    private func validateName(_ name: String, at path: [String], lowercase: Bool) throws(DiscordAPIError) {
        let valid = (1...32).contains(name.count)
            && (!lowercase || name.allSatisfy { $0.isLetter || $0.isNumber || "-_'".contains($0) } && name == name.lowercased())
        if !valid {
            throw .invalidFormBody(at: path + ["name"], code: "APPLICATION_COMMAND_INVALID_NAME",
                                   message: "Command name is invalid")
        }
    }

    private func validateDescription(_ description: String, at path: [String]) throws(DiscordAPIError) {
        if !(1...100).contains(description.count) {
            throw .invalidFormBody(at: path + ["description"], code: "BASE_TYPE_BAD_LENGTH",
                                   message: "Must be between 1 and 100 in length.")
        }
    }
}
