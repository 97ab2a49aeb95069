import DiscordModels

/// Checks a modal (callback type 9) as Discord does: `custom_id` 1–100, `title` 1–45, 1–5
/// top-level components, each a Label (18) holding one modal input, a Text Display (10), or a
/// legacy action row holding one Text Input with its own label; every input's own limits;
/// `custom_id`s unique in the form.
struct ModalValidator {
    private static let labelChildren: Set<Int> = [3, 4, 5, 6, 7, 8, 19, 21, 22, 23]
    private static let selectTypes: Set<Int> = [3, 5, 6, 7, 8]

    func validate(_ modal: ModalPayload?) throws(DiscordAPIError) {
        let path = ["data"]
        guard let modal else { throw error(path, "BASE_TYPE_REQUIRED", "This field is required") }
        try length(modal.customID, 1...PayloadLimits.customID, at: path + ["custom_id"])
        try length(modal.title, 1...ModalPayload.maxTitle, at: path + ["title"])
        guard (1...ModalPayload.maxComponents).contains(modal.components.count) else {
            throw error(path + ["components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
        }
        var customIDs = Set<String>()
        for (index, component) in modal.components.enumerated() {
            let at = path + ["components", String(index)]
            let input: Component
            switch component.type {
            case Component.ModalType.label:
                try length(component.label ?? "", 1...45, at: at + ["label"])
                try length(component.description ?? "", 0...100, at: at + ["description"])
                guard let child = component.child, component.components == nil else {
                    throw error(at + ["component"], "BASE_TYPE_REQUIRED", "A label holds exactly one component.")
                }
                guard Self.labelChildren.contains(child.type) else {
                    throw error(at + ["component", "type"], "COMPONENT_TYPE_INVALID", "This component is not allowed in a label.")
                }
                if child.type == Component.ModalType.textInput, child.label != nil {
                    throw error(at + ["component", "label"], "COMPONENT_LABEL_NOT_ALLOWED",
                                "A text input inside a label has no label of its own.")
                }
                input = child
                try validateInput(child, at: at + ["component"])
            case Component.ModalType.textDisplay:
                continue
            case Component.ModalType.actionRow:
                guard let children = component.components, children.count == 1, children[0].type == Component.ModalType.textInput else {
                    throw error(at + ["components"], "COMPONENT_LAYOUT_INVALID", "A modal's action row holds exactly one text input.")
                }
                try length(children[0].label ?? "", 1...45, at: at + ["components", "0", "label"])
                input = children[0]
                try validateInput(input, at: at + ["components", "0"])
            default:
                throw error(at + ["type"], "COMPONENT_TYPE_INVALID", "This component is not allowed in a modal.")
            }
            if let id = input.customID, !customIDs.insert(id).inserted {
                throw error(at + ["custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
            }
        }
    }

    private func validateInput(_ input: Component, at path: [String]) throws(DiscordAPIError) {
        try length(input.customID ?? "", 1...PayloadLimits.customID, at: path + ["custom_id"])
        if input.disabled != nil {
            throw error(path + ["disabled"], "COMPONENT_DISABLED_NOT_ALLOWED", "Components in modals cannot be disabled.")
        }
        let options = input.options ?? []
        switch input.type {
        case Component.ModalType.textInput:
            guard input.style == 1 || input.style == 2 else {
                throw error(path + ["style"], "BASE_TYPE_CHOICES", "Value must be one of (1, 2).")
            }
            try range(input.minLength, 0...4_000, at: path + ["min_length"])
            try range(input.maxLength, 1...4_000, at: path + ["max_length"])
            if let min = input.minLength, let max = input.maxLength, min > max {
                throw error(path + ["min_length"], "BASE_TYPE_BAD_LENGTH", "min_length must not exceed max_length.")
            }
            try length(input.value ?? "", 0...4_000, at: path + ["value"])
            try length(input.placeholder ?? "", 0...100, at: path + ["placeholder"])
        case let type where Self.selectTypes.contains(type):
            if type == Component.ModalType.stringSelect {
                try validateOptions(options, count: 1...25, at: path)
            }
            try range(input.minValues, 0...25, at: path + ["min_values"])
            try range(input.maxValues, 1...25, at: path + ["max_values"])
            try length(input.placeholder ?? "", 0...150, at: path + ["placeholder"])
        case Component.ModalType.radioGroup:
            try validateOptions(options, count: 2...10, at: path)
            if options.filter({ $0.isDefault == true }).count > 1 {
                throw error(path + ["options"], "RADIO_GROUP_DEFAULT_INVALID", "Only one option can be chosen by default.")
            }
        case Component.ModalType.checkboxGroup:
            try validateOptions(options, count: 1...10, at: path)
            try range(input.minValues, 0...10, at: path + ["min_values"])
            try range(input.maxValues, 1...10, at: path + ["max_values"])
            if let max = input.maxValues, max > options.count {
                throw error(path + ["max_values"], "BASE_TYPE_MAX", "max_values must not exceed the number of options.")
            }
            if input.minValues == 0, input.required != false {
                throw error(path + ["required"], "CHECKBOX_GROUP_REQUIRED_INVALID", "min_values 0 needs required false.")
            }
        case Component.ModalType.fileUpload:
            try range(input.minValues, 0...10, at: path + ["min_values"])
            try range(input.maxValues, 1...10, at: path + ["max_values"])
            if let min = input.minValues, let max = input.maxValues, min > max {
                throw error(path + ["min_values"], "BASE_TYPE_BAD_LENGTH", "min_values must not exceed max_values.")
            }
        default:
            break
        }
    }

    private func validateOptions(_ options: [ComponentOption], count: ClosedRange<Int>, at path: [String]) throws(DiscordAPIError) {
        guard count.contains(options.count) else {
            throw error(path + ["options"], "BASE_TYPE_BAD_LENGTH",
                        "Must be between \(count.lowerBound) and \(count.upperBound) in length.")
        }
        var values = Set<String>()
        for (index, option) in options.enumerated() {
            let at = path + ["options", String(index)]
            try length(option.label, 1...100, at: at + ["label"])
            try length(option.value, 1...100, at: at + ["value"])
            try length(option.description ?? "", 0...100, at: at + ["description"])
            if !values.insert(option.value).inserted {
                throw error(at + ["value"], "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Option values must be unique.")
            }
        }
    }

    private func length(_ text: String, _ bounds: ClosedRange<Int>, at path: [String]) throws(DiscordAPIError) {
        guard bounds.contains(text.codePointCount) else {
            throw error(path, "BASE_TYPE_BAD_LENGTH", "Must be between \(bounds.lowerBound) and \(bounds.upperBound) in length.")
        }
    }

    private func range(_ value: Int?, _ bounds: ClosedRange<Int>, at path: [String]) throws(DiscordAPIError) {
        guard let value else { return }
        guard bounds.contains(value) else {
            throw error(path, "NUMBER_TYPE_OUT_OF_RANGE", "Must be between \(bounds.lowerBound) and \(bounds.upperBound).")
        }
    }

    private func error(_ path: [String], _ code: String, _ message: String) -> DiscordAPIError {
        .invalidFormBody(at: path, code: code, message: message)
    }
}
