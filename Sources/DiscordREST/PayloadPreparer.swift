import DiscordModels

/// Checks outgoing payloads and files against Discord's limits and links files to `attachments`.
struct PayloadPreparer: Sendable {
    let maxFileSize: Int

    /// `message` with an `attachments` entry for each file, validated.
    func message(_ message: MessagePayload, files: [FileUpload]) throws(DiscordRESTError) -> MessagePayload {
        try check(files)
        var message = message
        if !files.isEmpty {
            let placeholders = Set(files.indices.map(String.init))
            let kept = (message.attachments ?? []).filter { !placeholders.contains($0.id) }
            let uploads = files.enumerated().map { index, file in
                AttachmentReference(id: String(index), filename: file.filename, description: file.description,
                                    durationSecs: file.durationSecs, waveform: file.waveform)
            }
            message.attachments = kept + uploads
        }
        do {
            try message.validate()
        } catch {
            throw .invalidPayload(error)
        }
        return message
    }

    /// `response` with its message (if any) prepared like ``message(_:files:)`` and its choices checked.
    func interactionResponse(_ response: InteractionResponse,
                             files: [FileUpload]) throws(DiscordRESTError) -> InteractionResponse {
        var response = response
        if let message = response.data?.message {
            response.data?.message = try self.message(message, files: files)
        } else if !files.isEmpty {
            throw .invalidPayload(PayloadLimitError(field: "files (response without a message)", limit: 0,
                                                    actual: files.count))
        }
        let choices = response.data?.choices ?? []
        try limit("choices", choices.count, PayloadLimits.autocompleteChoices)
        for (index, choice) in choices.enumerated() {
            try limit("choices[\(index)].name", choice.name.codePointCount, PayloadLimits.choiceName)
            try limit("choices[\(index)].value", choice.value.codePointCount, PayloadLimits.choiceValue)
        }
        return response
    }

    private func check(_ files: [FileUpload]) throws(DiscordRESTError) {
        try limit("files", files.count, PayloadLimits.attachments)
        for (index, file) in files.enumerated() {
            try limit("files[\(index)] bytes", file.data.count, maxFileSize)
        }
    }

    private func limit(_ field: String, _ actual: Int, _ limit: Int) throws(DiscordRESTError) {
        if actual > limit { throw .invalidPayload(PayloadLimitError(field: field, limit: limit, actual: actual)) }
    }
}
