import DiscordModels
import Foundation

/// What a person puts into one input of a form the bot opened.
public enum ModalAnswer: Sendable, Equatable {
    /// Typed into a Text Input.
    case text(String)
    /// Chosen in a Radio Group.
    case choice(String)
    /// Chosen in a String Select or ticked in a Checkbox Group.
    case choices([String])
    /// Uploaded into a File Upload.
    case files([ModalUpload])
}

/// A file uploaded through a modal's File Upload.
public struct ModalUpload: Sendable, Equatable {
    public var filename: String
    public var contentType: String
    public var data: Data

    public init(filename: String, contentType: String, data: Data) {
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}

/// Why the simulated person could not submit a form (Discord's client would not let them).
public struct ModalSubmitError: Error, CustomStringConvertible, Equatable {
    public let description: String
}

extension DiscordSimulator {
    /// The modal the bot opened in answer to `interactionID`, if it opened one Discord accepted.
    public func openedModal(interactionID: Snowflake) -> ModalPayload? {
        interactionCallbacks(interactionID: interactionID).first { $0.isAccepted && $0.response.type == .modal }?.response.data?.modal
    }

    /// The MODAL_SUBMIT Discord sends when the person who ran `opened` fills in the modal the bot
    /// opened for it with `answers` (by input `custom_id`) and presses Submit: the form's echo
    /// (each Label's input with its `value` or `values`, Text Displays as `{type, id}`) and the
    /// uploads in `data.resolved.attachments`, downloadable at their `url` from this simulator.
    /// Throws what Discord's client refuses: no such modal, an unknown input, a required input
    /// left empty, a choice that is not an option, too many or too few choices or files.
    public func makeModalSubmit(answering opened: Interaction, answers: [String: ModalAnswer]) throws(ModalSubmitError) -> Interaction {
        guard let modal = openedModal(interactionID: opened.id) else {
            throw ModalSubmitError(description: "the bot opened no modal for interaction \(opened.id)")
        }
        var resolved: [String: ResolvedAttachment] = [:]
        var answered = Set<String>()
        var echo: [Component] = []
        for (index, component) in modal.components.enumerated() {
            let id = 2 * index + 1
            guard component.type == Component.ModalType.label, let input = component.child, let customID = input.customID else {
                echo.append(Self.echoed(type: component.type, id: id))
                continue
            }
            var child = Self.echoed(type: input.type, id: id + 1)
            child.customID = customID
            let answer = answers[customID]
            answered.insert(customID)
            try Self.check(answer, against: input)
            switch answer {
            case let .text(text)?: child.value = text
            case let .choice(value)?: child.value = value
            case let .choices(values)?: child.values = values
            case let .files(uploads)?:
                child.values = uploads.map { upload in
                    let attachment = storeUpload(upload)
                    resolved[attachment.id.description] = attachment
                    return attachment.id.description
                }
            case nil:
                switch input.type {
                case Component.ModalType.textInput: child.value = ""
                case Component.ModalType.radioGroup: child.value = nil
                default: child.values = []
                }
            }
            var label = Self.echoed(type: component.type, id: id)
            label.component = .component(child)
            echo.append(label)
        }
        if let unknown = Set(answers.keys).subtracting(answered).sorted().first {
            throw ModalSubmitError(description: "the modal has no input \(unknown)")
        }
        var data = Interaction.Data(customID: modal.customID)
        data.components = echo
        if !resolved.isEmpty { data.resolved = ResolvedData(attachments: resolved) }
        var submit = opened
        submit.id = identifiers.snowflake()
        submit.token = identifiers.token()
        submit.type = .modalSubmit
        submit.data = data
        return submit
    }

    /// An echoed component (Discord also sends each one's numeric `id`, which this bot does not read).
    private static func echoed(type: Int, id: Int) -> Component { Component(type: type) }

    /// Keeps an upload where its CDN `url` serves it, as Discord does for a modal's files.
    private func storeUpload(_ upload: ModalUpload) -> ResolvedAttachment {
        let id = identifiers.snowflake()
        store.update { $0.modalUploads[id] = upload }
        return ResolvedAttachment(id: id, filename: upload.filename, size: upload.data.count,
                                  url: "http://127.0.0.1:\(port)\(ModalUploadEndpoint.path(id: id, filename: upload.filename))",
                                  contentType: upload.contentType)
    }

    /// What Discord's client enforces before Submit can be pressed.
    private static func check(_ answer: ModalAnswer?, against input: Component) throws(ModalSubmitError) {
        let id = input.customID ?? "?"
        let required = input.required ?? true
        let offered = Set((input.options ?? []).map(\.value))
        switch (input.type, answer) {
        case (Component.ModalType.textInput, let .text(text)?):
            if required && text.isEmpty { throw ModalSubmitError(description: "\(id) is required") }
        case (Component.ModalType.textInput, nil):
            if required { throw ModalSubmitError(description: "\(id) is required") }
        case (Component.ModalType.radioGroup, let .choice(value)?):
            guard offered.contains(value) else { throw ModalSubmitError(description: "\(value) is not an option of \(id)") }
        case (Component.ModalType.stringSelect, let .choices(values)?), (Component.ModalType.checkboxGroup, let .choices(values)?):
            guard Set(values).isSubset(of: offered) else { throw ModalSubmitError(description: "\(values) are not all options of \(id)") }
            try count(values.count, input: input, id: id)
        case (Component.ModalType.fileUpload, let .files(uploads)?):
            try count(uploads.count, input: input, id: id)
        case (_, nil):
            if required { throw ModalSubmitError(description: "\(id) is required") }
        default:
            throw ModalSubmitError(description: "\(id) (type \(input.type)) cannot take \(String(describing: answer))")
        }
    }

    private static func count(_ count: Int, input: Component, id: String) throws(ModalSubmitError) {
        let least = input.minValues ?? 1
        let most = input.maxValues ?? (input.type == Component.ModalType.checkboxGroup ? (input.options ?? []).count : 1)
        guard (least...max(least, most)).contains(count) else {
            throw ModalSubmitError(description: "\(id) takes \(least) to \(most), not \(count)")
        }
    }
}
